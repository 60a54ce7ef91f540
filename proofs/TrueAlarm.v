(** * The true-alarm direction: a racy protocol has a racy run

    Theorem 1 says that every run of a well-typed program is DRF iff its
    protocol is.  What a [proven] alarm claims is the converse reading:
    when the protocol races, some run of the program races.  That needs a
    run to exist ([RunExists]); given one, the access-set lemmas of
    [Theorem1] carry the protocol's race to the run's history.  Unlike
    Theorem 1 these need no DRF hypothesis on the input history: the race
    is found in the phases the program adds. *)

From Coq Require Import List ZArith Lia.
From Mapcheck Require Import ListUtil Arith Syntax Maps Semantics Protocol
  Drf Typing SyncSemantics SyncProtocol Theorem1 RunExists.
Import ListNotations.

Section TrueAlarm.
Context {A : Arith}.

(** Unsynchronised fragment: when every thread's protocol terminates and
    the protocol's phase is racy, some run's new phase is racy, whatever
    the initial memory and input history. *)
Theorem true_alarm_unsync : forall mem0 V s T H b u L,
  typing V b u ->
  (forall i, In i T -> uterm (upd s tid i) u) ->
  msem T s u L ->
  racy_set L ->
  exists P, par mem0 s T H b (P :: H) /\ ~ drf_phase P.
Proof.
  intros mem0 V s T H b u L Ht Hterm Hsem Hracy.
  destruct (par_exists mem0 V s T H b u Ht Hterm) as [I Hpar].
  destruct (access_set_unsync mem0 V s T H b u I Ht Hpar) as [P [-> Heq]].
  exists P; split; auto.
  intros Hdrf; apply Hdrf.
  apply (racy_set_ext L); auto.
  intros a; rewrite Heq; apply Hsem.
Qed.

(** Synchronised fragment, relaxed rules (barriers may sit under
    [tid]-dependent control): when the protocol's phases are defined
    ([msync_sem]: the threads agree on the number of barriers), every
    segment terminates and some phase is racy, some run of the program
    adds a history that is not DRF. *)
Theorem true_alarm_sync_relaxed : forall mem0 V s T H p q Ls,
  T <> [] ->
  rstyping V p q ->
  msync_sem T s q Ls ->
  (forall i, In i T -> sterm (upd s tid i) q) ->
  ~ Forall drf_set Ls ->
  exists Hn, psync_run mem0 s T H p (Hn ++ H) /\ ~ drf_hist Hn.
Proof.
  intros mem0 V s T H p q Ls HT0 Ht Hsem Hterm Hracy.
  destruct (run_exists_sync_relaxed mem0 V s T H p q Ls Ht Hsem Hterm)
    as [I Hrun].
  destruct (access_sets_sync mem0 V s T H p q I Ls HT0 Ht Hrun Hsem)
    as [Hn [-> F2]].
  exists Hn; split; auto.
  rewrite <- drf_hist_rev, (drf_forall2 _ _ F2); auto.
Qed.

(** The same for the uniform rules. *)
Corollary true_alarm_sync : forall mem0 V s T H p q Ls,
  T <> [] ->
  styping V p q ->
  msync_sem T s q Ls ->
  (forall i, In i T -> sterm (upd s tid i) q) ->
  ~ Forall drf_set Ls ->
  exists Hn, psync_run mem0 s T H p (Hn ++ H) /\ ~ drf_hist Hn.
Proof.
  intros mem0 V s T H p q Ls HT0 Ht.
  apply (true_alarm_sync_relaxed mem0 V); auto; apply styping_relaxed; auto.
Qed.

End TrueAlarm.

(** In unbounded integers ([--arith int]) every stride-1 protocol
    terminates: a racy one always has a racy run.  (A strided loop may
    not terminate, [step +0]; for those [true_alarm_unsync] applies with
    its termination hypothesis.) *)
Section Int.
#[local] Existing Instance Z_arith.

Corollary true_alarm_unsync_int : forall mem0 V s T H b u L,
  typing V b u ->
  uunit u ->
  msem T s u L ->
  racy_set L ->
  exists P, par mem0 s T H b (P :: H) /\ ~ drf_phase P.
Proof.
  intros; eapply true_alarm_unsync; eauto; intros; apply uterm_Z; auto.
Qed.

(** Synchronised, in unbounded integers: the hypotheses are only those
    under which the protocol's verdict is defined. *)
Corollary true_alarm_sync_relaxed_int : forall mem0 V s T H p q Ls,
  T <> [] ->
  rstyping V p q ->
  sunit q ->
  msync_sem T s q Ls ->
  ~ Forall drf_set Ls ->
  exists Hn, psync_run mem0 s T H p (Hn ++ H) /\ ~ drf_hist Hn.
Proof.
  intros; eapply true_alarm_sync_relaxed; eauto; intros; apply sterm_Z; auto.
Qed.

End Int.

(** In 32-bit words ([--arith bv32]), with 32-bit parameters and thread
    ids, as the tool has them. *)
Section BV32.
#[local] Existing Instance bv32_arith.

Corollary true_alarm_unsync_bv32 : forall mem0 V s T H b u L,
  canon_env s -> (forall i, In i T -> canon i) ->
  typing V b u ->
  uunit u ->
  msem T s u L ->
  racy_set L ->
  exists P, par mem0 s T H b (P :: H) /\ ~ drf_phase P.
Proof.
  intros mem0 V s T H b u L Hs HT Ht Hu; intros.
  eapply true_alarm_unsync; eauto.
  intros i Hi; apply uterm_bv32; auto; apply canon_upd; auto.
Qed.

Corollary true_alarm_sync_relaxed_bv32 : forall mem0 V s T H p q Ls,
  canon_env s -> (forall i, In i T -> canon i) ->
  T <> [] ->
  rstyping V p q ->
  sunit q ->
  msync_sem T s q Ls ->
  ~ Forall drf_set Ls ->
  exists Hn, psync_run mem0 s T H p (Hn ++ H) /\ ~ drf_hist Hn.
Proof.
  intros mem0 V s T H p q Ls Hs HT HT0 Ht Hq; intros.
  eapply true_alarm_sync_relaxed; eauto.
  intros i Hi; apply sterm_bv32; auto; apply canon_upd; auto.
Qed.

End BV32.

(** In signed words ([sw_arith]: the tool's [--arith bv32] and [bv64]),
    with parameters and thread ids of the width. *)
Section SW.
Variable width : Z.
Hypothesis width_2 : (2 <= width)%Z.
#[local] Instance sw_inst'' : Arith := sw_arith width.

Corollary true_alarm_unsync_sw : forall mem0 V s T H b u L,
  scanon_env width s -> (forall i, In i T -> scanon width i) ->
  typing V b u ->
  uunit u ->
  msem T s u L ->
  racy_set L ->
  exists P, par mem0 s T H b (P :: H) /\ ~ drf_phase P.
Proof.
  intros mem0 V s T H b u L Hs HT Ht Hu; intros.
  eapply true_alarm_unsync; eauto.
  intros i Hi; apply uterm_sw; auto; apply scanon_upd; auto.
Qed.

Corollary true_alarm_sync_relaxed_sw : forall mem0 V s T H p q Ls,
  scanon_env width s -> (forall i, In i T -> scanon width i) ->
  T <> [] ->
  rstyping V p q ->
  sunit q ->
  msync_sem T s q Ls ->
  ~ Forall drf_set Ls ->
  exists Hn, psync_run mem0 s T H p (Hn ++ H) /\ ~ drf_hist Hn.
Proof.
  intros mem0 V s T H p q Ls Hs HT HT0 Ht Hq; intros.
  eapply true_alarm_sync_relaxed; eauto.
  intros i Hi; apply sterm_sw; auto; apply scanon_upd; auto.
Qed.

End SW.

Definition true_alarm_unsync_bv32s := true_alarm_unsync_sw 32 ltac:(lia).
Definition true_alarm_sync_relaxed_bv32s := true_alarm_sync_relaxed_sw 32 ltac:(lia).
Definition true_alarm_unsync_bv64 := true_alarm_unsync_sw 64 ltac:(lia).
Definition true_alarm_sync_relaxed_bv64 := true_alarm_sync_relaxed_sw 64 ltac:(lia).
