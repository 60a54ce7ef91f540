(* Print the assumptions of the headline theorems; make -C proofs checks
   that each says "Closed under the global context". *)
From Mapcheck Require Import All.

Locate theorem1_unsync.
Print Assumptions theorem1_unsync.
Locate theorem1_sync.
Print Assumptions theorem1_sync.
Locate theorem1_sync_relaxed.
Print Assumptions theorem1_sync_relaxed.
Locate aligned.
Print Assumptions aligned.
Locate no_divergence.
Print Assumptions no_divergence.
Locate no_divergence_step.
Print Assumptions no_divergence_step.
Locate par_exists.
Print Assumptions par_exists.
Locate true_alarm_unsync.
Print Assumptions true_alarm_unsync.
Locate true_alarm_unsync_int.
Print Assumptions true_alarm_unsync_int.
Locate uniform_phase_count.
Print Assumptions uniform_phase_count.
Locate msync_sem_exists.
Print Assumptions msync_sem_exists.
Locate run_exists_sync.
Print Assumptions run_exists_sync.
Locate mphases_exist_Z.
Print Assumptions mphases_exist_Z.
Locate run_exists_sync_int.
Print Assumptions run_exists_sync_int.
Locate mphases_exist_bv32.
Print Assumptions mphases_exist_bv32.
Locate run_exists_sync_bv32.
Print Assumptions run_exists_sync_bv32.
Locate run_exists_sync_relaxed.
Print Assumptions run_exists_sync_relaxed.
Locate true_alarm_sync_relaxed.
Print Assumptions true_alarm_sync_relaxed.
Locate true_alarm_sync.
Print Assumptions true_alarm_sync.
Locate true_alarm_sync_relaxed_int.
Print Assumptions true_alarm_sync_relaxed_int.
Locate true_alarm_unsync_bv32.
Print Assumptions true_alarm_unsync_bv32.
Locate true_alarm_sync_relaxed_bv32.
Print Assumptions true_alarm_sync_relaxed_bv32.
Locate map_phases_exist.
Print Assumptions map_phases_exist.

Locate racy_set_write.
Print Assumptions racy_set_write.
Locate uterm_bv32s.
Print Assumptions uterm_bv32s.
Locate sterm_bv32s.
Print Assumptions sterm_bv32s.
Locate mphases_exist_bv32s.
Print Assumptions mphases_exist_bv32s.
Locate run_exists_sync_bv32s.
Print Assumptions run_exists_sync_bv32s.
Locate true_alarm_unsync_bv32s.
Print Assumptions true_alarm_unsync_bv32s.
Locate true_alarm_sync_relaxed_bv32s.
Print Assumptions true_alarm_sync_relaxed_bv32s.
Locate uterm_sw.
Print Assumptions uterm_sw.
Locate sterm_sw.
Print Assumptions sterm_sw.
Locate run_exists_sync_sw.
Print Assumptions run_exists_sync_sw.
Locate true_alarm_unsync_sw.
Print Assumptions true_alarm_unsync_sw.
Locate true_alarm_sync_relaxed_sw.
Print Assumptions true_alarm_sync_relaxed_sw.
Locate true_alarm_unsync_bv64.
Print Assumptions true_alarm_unsync_bv64.
Locate true_alarm_sync_relaxed_bv64.
Print Assumptions true_alarm_sync_relaxed_bv64.
Locate run_exists_sync_bv64.
Print Assumptions run_exists_sync_bv64.
Locate theorem1_sync_relaxed_bv64.
Print Assumptions theorem1_sync_relaxed_bv64.
Locate theorem1_unsync_bv32s.
Print Assumptions theorem1_unsync_bv32s.
Locate theorem1_sync_relaxed_bv32s.
Print Assumptions theorem1_sync_relaxed_bv32s.

Locate theorem1_unsync_env.
Print Assumptions theorem1_unsync_env.
Locate theorem1_sync_relaxed_env.
Print Assumptions theorem1_sync_relaxed_env.
Locate true_alarm_unsync_env.
Print Assumptions true_alarm_unsync_env.
Locate true_alarm_sync_relaxed_env.
Print Assumptions true_alarm_sync_relaxed_env.

Locate grid_theorem1.
Print Assumptions grid_theorem1.
Locate grid_true_alarm.
Print Assumptions grid_true_alarm.

Locate infer_spec.
Print Assumptions infer_spec.
Locate sinfer_spec.
Print Assumptions sinfer_spec.
Locate sinfer_relaxed_spec.
Print Assumptions sinfer_relaxed_spec.
