(** * The two arithmetic instances, and the paper's examples

    Every theorem is generic in the arithmetic; here it is instantiated at
    unbounded integers and at 32-bit words, and the type checker is run on
    the paper's Figures 3 and 4 and on its ill-typed example (2). *)

From Coq Require Import List String ZArith.
From Mapcheck Require Import Arith Syntax Maps Semantics Protocol Drf
  Typing Infer Theorem1 TrueAlarm.
Import ListNotations.
Open Scope string_scope.

(** ** Both instances instantiate the headline theorems. *)
Definition theorem1_unsync_int := @theorem1_unsync Z_arith.
Definition theorem1_unsync_bv32 := @theorem1_unsync bv32_arith.
Definition theorem1_sync_int := @theorem1_sync Z_arith.
Definition theorem1_sync_bv32 := @theorem1_sync bv32_arith.
Definition theorem1_sync_relaxed_int := @theorem1_sync_relaxed Z_arith.
Definition theorem1_sync_relaxed_bv32 := @theorem1_sync_relaxed bv32_arith.
(** The tool's [--arith bv32]: signed words. *)
Definition theorem1_unsync_bv32s := @theorem1_unsync bv32s_arith.
Definition theorem1_sync_bv32s := @theorem1_sync bv32s_arith.
Definition theorem1_sync_relaxed_bv32s := @theorem1_sync_relaxed bv32s_arith.
(** [--arith bv64]: signed 64-bit words. *)
Definition theorem1_unsync_bv64 := @theorem1_unsync bv64_arith.
Definition theorem1_sync_bv64 := @theorem1_sync bv64_arith.
Definition theorem1_sync_relaxed_bv64 := @theorem1_sync_relaxed bv64_arith.

Section Examples.
#[local] Existing Instance Z_arith.

(** Figure 3: [for x in 0..M { let y = A[x] in A[x] := y + 1 }]. *)
Definition fig3 : stmt :=
  SFor "x" (ELit 0) (EVar "M") unit_step
    (SRead "y" "A" [(EVar "x")] (SWrite "A" [(EVar "x")] (EBin Add (EVar "y") (ELit 1)))).

Example fig3_type :
  infer ["M"; tid] fig3 =
  Some (UFor "x" (ELit 0) (EVar "M") unit_step
          (USeq (UAcc Rd "A" [(EVar "x")]) (UAcc Wr "A" [(EVar "x")]))).
Proof. reflexivity. Qed.

(** Figure 4: [if tid = 0 { A[0] := tid } else { skip }]. *)
Definition fig4 : stmt :=
  SIf (CCmp Eq (EVar tid) (ELit 0)) (SWrite "A" [(ELit 0)] (EVar tid)) SSkip.

Example fig4_type :
  infer [tid] fig4 =
  Some (UIf (CCmp Eq (EVar tid) (ELit 0)) (UAcc Wr "A" [(ELit 0)]) USkip).
Proof. reflexivity. Qed.

(** Example (2): the index of the last write was read from the array, so
    the program has no type. *)
Definition ex2 : stmt :=
  SSeq (SWrite "A" [(EVar tid)] (EVar tid))
       (SRead "x" "A" [(EVar tid)] (SWrite "A" [(EVar "x")] (ELit 9))).

Example ex2_untyped : infer [tid] ex2 = None.
Proof. reflexivity. Qed.

(** A descending strided loop, the tree reduction's
    [for s = n / 2 downto 0 step /2]: [Step Gt Div (ELit 2)].  The step
    amount is checked like a bound; one read from the array is rejected. *)
Definition halving (k : expr) : stmt :=
  SFor "s" (EBin Div (EVar "n") (ELit 2)) (ELit 0) (Step Gt Div k)
    (SIf (CCmp Lt (EVar tid) (EVar "s"))
       (SRead "y" "A" [(EBin Add (EVar tid) (EVar "s"))]
          (SWrite "A" [(EVar tid)] (EVar "y"))) SSkip).

Example halving_type :
  infer ["n"; tid] (halving (ELit 2)) =
  Some (UFor "s" (EBin Div (EVar "n") (ELit 2)) (ELit 0) (Step Gt Div (ELit 2))
          (UIf (CCmp Lt (EVar tid) (EVar "s"))
             (USeq (UAcc Rd "A" [(EBin Add (EVar tid) (EVar "s"))])
                   (UAcc Wr "A" [(EVar tid)])) USkip)).
Proof. reflexivity. Qed.

Example halving_data_step :
  infer ["n"; tid] (SRead "d" "B" [(ELit 0)] (halving (EVar "d"))) = None.
Proof. reflexivity. Qed.

(** The loop visits [s = 4, 2, 1] for [n = 8] (in [int]): the step and the
    guard [s > 0] are the semantics of [in_range]. *)
Example halving_range : forall k,
  in_range (VStep Gt Div 2%Z) 4%Z 0%Z k <-> k = 4%Z \/ k = 2%Z \/ k = 1%Z.
Proof.
  intros k; split.
  - intros H1.
    apply in_range_inv in H1; destruct H1 as [_ [-> | H1]]; auto.
    apply in_range_inv in H1; destruct H1 as [_ [-> | H1]]; auto.
    apply in_range_inv in H1; destruct H1 as [_ [-> | H1]]; auto.
    apply in_range_lt in H1; discriminate.
  - intros [-> | [-> | ->]].
    + apply IR_Here; reflexivity.
    + apply IR_Next; [reflexivity |]; apply IR_Here; reflexivity.
    + apply IR_Next; [reflexivity |]; apply IR_Next; [reflexivity |].
      apply IR_Here; reflexivity.
Qed.

(** [let x = e]: a data-free value joins [V] and the protocol binds it
    ([T_Let]); a value computed from a read does not ([T_LetD]), so it may
    flow into a payload but not into an index. *)
Definition let_ex : stmt :=
  SLet "j" (EBin Add (EVar tid) (ELit 1))
    (SRead "y" "A" [(EVar "j")]
       (SLet "z" (EBin Mul (EVar "y") (ELit 2)) (SWrite "A" [(EVar "j")] (EVar "z")))).

Example let_ex_type :
  infer [tid] let_ex =
  Some (ULet "j" (EBin Add (EVar tid) (ELit 1))
          (USeq (UAcc Rd "A" [(EVar "j")]) (USeq USkip (UAcc Wr "A" [(EVar "j")])))).
Proof. reflexivity. Qed.

Example let_data_index :
  infer [tid] (SRead "y" "A" [(EVar tid)]
                 (SLet "z" (EVar "y") (SWrite "A" [(EVar "z")] (ELit 0)))) = None.
Proof. reflexivity. Qed.

(** Across barriers, the uniform rules take a [let] of a uniform value
    ([TS_Let]) or of data ([TS_LetD]); one of a [tid]-dependent value only
    the relaxed rules take ([RS_Let]): it is not uniform. *)
Definition let_sync (e : expr) : sprog :=
  PLet "k" e (PSeq (PU (SWrite "A" [(EBin Add (EVar tid) (EVar "k"))] (ELit 1))) PSync).

Example let_sync_uniform :
  sinfer ["M"; tid] (let_sync (EVar "M")) =
  Some (MLet "k" (EVar "M")
          (MSeq (MU (UAcc Wr "A" [(EBin Add (EVar tid) (EVar "k"))])) MSync)).
Proof. reflexivity. Qed.

Example let_sync_tid : sinfer ["M"; tid] (let_sync (EVar tid)) = None.
Proof. reflexivity. Qed.

Example let_sync_tid_relaxed :
  sinfer_relaxed ["M"; tid] (let_sync (EVar tid)) =
  Some (MLet "k" (EVar tid)
          (MSeq (MU (UAcc Wr "A" [(EBin Add (EVar tid) (EVar "k"))])) MSync)).
Proof. reflexivity. Qed.

(** A barrier loop with uniform bounds types; one whose bound mentions
    [tid] does not. *)
Definition sync_loop (bound : expr) : sprog :=
  PFor "k" (ELit 0) bound unit_step
    (PSeq (PU (SWrite "A" [(EBin Add (EVar tid) (EVar "k"))] (ELit 1))) PSync).

Example sync_loop_uniform :
  sinfer ["M"; tid] (sync_loop (EVar "M")) =
  Some (MFor "k" (ELit 0) (EVar "M") unit_step
          (MSeq (MU (UAcc Wr "A" [(EBin Add (EVar tid) (EVar "k"))])) MSync)).
Proof. reflexivity. Qed.

Example sync_loop_divergent : sinfer ["M"; tid] (sync_loop (EVar tid)) = None.
Proof. reflexivity. Qed.

(** The relaxed checker, like the Rust one, accepts it. *)
Example sync_loop_relaxed :
  sinfer_relaxed ["M"; tid] (sync_loop (EVar tid)) =
  Some (MFor "k" (ELit 0) (EVar tid) unit_step
          (MSeq (MU (UAcc Wr "A" [(EBin Add (EVar tid) (EVar "k"))])) MSync)).
Proof. reflexivity. Qed.

(** A barrier under a conditional: allowed when the condition is uniform
    ([M > 0]), rejected when it depends on [tid]. *)
Definition sync_if (c : cond) : sprog :=
  PIf c (PSeq (PU (SWrite "A" [(EVar tid)] (ELit 0))) PSync) (PU SSkip).

Example sync_if_uniform :
  sinfer ["M"; tid] (sync_if (CCmp Gt (EVar "M") (ELit 0))) =
  Some (MIf (CCmp Gt (EVar "M") (ELit 0))
          (MSeq (MU (UAcc Wr "A" [(EVar tid)])) MSync) (MU USkip)).
Proof. reflexivity. Qed.

Example sync_if_divergent :
  sinfer ["M"; tid] (sync_if (CCmp Eq (EVar tid) (ELit 0))) = None.
Proof. reflexivity. Qed.

Example sync_if_relaxed :
  sinfer_relaxed ["M"; tid] (sync_if (CCmp Eq (EVar tid) (ELit 0))) =
  Some (MIf (CCmp Eq (EVar tid) (ELit 0))
          (MSeq (MU (UAcc Wr "A" [(EVar tid)])) MSync) (MU USkip)).
Proof. reflexivity. Qed.

(** Data-dependent control around a barrier is rejected by both. *)
Example sync_if_data :
  sinfer_relaxed ["M"; tid]
    (PRead "d" "A" [(EVar tid)] (sync_if (CCmp Eq (EVar "d") (ELit 0)))) = None.
Proof. reflexivity. Qed.

(** The semantics is not vacuous: Figure 4 runs on two threads, and its
    single phase is DRF, as is its protocol's. *)
Definition params : env := fun _ => 0%Z.
Definition mem0 : cell -> val := fun _ => 0%Z.

Definition fig4_result (i : val) : rw :=
  if Z.eqb i 0 then ([], [(("A", [0%Z]), 0%Z)]) else rw0.

Example fig4_runs :
  par mem0 params [0%Z; 1%Z] [] fig4 [mkphase [0%Z; 1%Z] fig4_result].
Proof.
  exists fig4_result; split; [reflexivity |].
  intros i [<- | [<- | []]].
  - apply E_IfT; [reflexivity |]; apply (E_Write mem0 [] 0%Z).
  - apply E_IfF; [reflexivity |]; apply (E_Skip mem0 [] 1%Z).
Qed.

Example fig4_drf : drf_hist [mkphase [0%Z; 1%Z] fig4_result].
Proof.
  constructor; [| constructor].
  intros (i1 & i2 & j & o1 & o2 & Hne & H1 & H2 & Hc).
  apply in_mkphase in H1; apply in_mkphase in H2.
  (* Only thread 0 accesses anything. *)
  assert (Hz : forall i o j, In i [0%Z; 1%Z] -> acc (fig4_result i) o j ->
                             i = 0%Z).
  { intros i o j' [<- | [<- | []]] Ha; auto.
    destruct o; simpl in Ha; [destruct Ha | destruct Ha as [k []] | destruct Ha]. }
  apply Hne; rewrite (Hz i1 o1 j), (Hz i2 o2 j); tauto.
Qed.

(** The true-alarm direction is not vacuous: [A[0] := tid] on threads 0
    and 1 has a racy protocol, so some run of it races, whatever the
    initial memory and the input history. *)
Definition racy_write : stmt := SWrite "A" [(ELit 0)] (EVar tid).

Example racy_write_races : forall H,
  exists P, par mem0 params [0%Z; 1%Z] H racy_write (P :: H) /\ ~ drf_phase P.
Proof.
  intros H.
  apply (true_alarm_unsync_int mem0 [tid] params [0%Z; 1%Z] H racy_write
           (UAcc Wr "A" [(ELit 0)]) (@map_sem Z_arith [0%Z; 1%Z] params (UAcc Wr "A" [(ELit 0)]))).
  - apply T_Write; intros x [].
  - exact I.
  - intros a; reflexivity.
  - exists 0%Z, 1%Z, ("A", [0%Z]), Wr, Wr; repeat split; simpl; auto; discriminate.
Qed.

(** Races are per array: threads 0 and 1 write cell 0, but of two
    different arrays, so the protocol's phase is DRF. *)
Definition two_arrays : stmt :=
  SIf (CCmp Eq (EVar tid) (ELit 0))
    (SWrite "A" [(ELit 0)] (ELit 1)) (SWrite "B" [(ELit 0)] (ELit 1)).

Example two_arrays_type :
  infer [tid] two_arrays =
  Some (UIf (CCmp Eq (EVar tid) (ELit 0))
          (UAcc Wr "A" [(ELit 0)]) (UAcc Wr "B" [(ELit 0)])).
Proof. reflexivity. Qed.

Example two_arrays_drf :
  drf_set (map_sem [0%Z; 1%Z] params
             (UIf (CCmp Eq (EVar tid) (ELit 0))
                (UAcc Wr "A" [(ELit 0)]) (UAcc Wr "B" [(ELit 0)]))).
Proof.
  intros (i1 & i2 & j & o1 & o2 & Hne & [Hi1 H1] & [Hi2 H2] & Hc).
  destruct Hi1 as [<- | [<- | []]]; destruct Hi2 as [<- | [<- | []]];
    try congruence; simpl in H1, H2; destruct H1 as [_ ->];
    destruct H2 as [_ E]; discriminate.
Qed.

(** [let x = ?]: any value, chosen per thread; like a read's variable it
    may flow into a payload but not into an index. *)
Example havoc_payload :
  infer [tid] (SHavoc "h" (SWrite "A" [(EVar tid)] (EVar "h"))) =
  Some (USeq USkip (UAcc Wr "A" [(EVar tid)])).
Proof. reflexivity. Qed.

Example havoc_index :
  infer [tid] (SHavoc "h" (SWrite "A" [(EVar "h")] (ELit 0))) = None.
Proof. reflexivity. Qed.

(** [assume c]: a uniform precondition, no access; one that mentions
    [tid] is not typed (its decision would hold only for some threads). *)
Example assume_type :
  infer ["n"; tid] (SSeq (SAssume (CCmp Gt (EVar "n") (ELit 0)))
                         (SWrite "A" [(EVar tid)] (ELit 0))) =
  Some (USeq (UAssume (CCmp Gt (EVar "n") (ELit 0))) (UAcc Wr "A" [(EVar tid)])).
Proof. reflexivity. Qed.

Example assume_tid :
  infer ["n"; tid] (SAssume (CCmp Lt (EVar tid) (EVar "n"))) = None.
Proof. reflexivity. Qed.

(** Indices of several dimensions: [A[tid][0]] is the cell
    [("A", [tid; 0])]. *)
Example two_dims_type :
  infer [tid] (SWrite "A" [EVar tid; ELit 0] (ELit 1)) =
  Some (UAcc Wr "A" [EVar tid; ELit 0]).
Proof. reflexivity. Qed.

Example two_dims_drf :
  drf_set (map_sem [0%Z; 1%Z] params (UAcc Wr "A" [EVar tid; ELit 0])).
Proof.
  intros (i1 & i2 & j & o1 & o2 & Hne & [_ [_ H1]] & [_ [_ H2]] & Hc).
  simpl in H1, H2; subst j; inversion H2; subst.
  unfold upd in *; simpl in *; congruence.
Qed.

(** Atomics: two threads' atomic increments of one cell do not race; an
    atomic and a plain read of it do (Definition 1 with [conflict]). *)
Definition atomic_count : stmt :=
  SAtomic "old" "C" [(ELit 0)] SSkip.

Example atomic_count_type :
  infer [tid] atomic_count = Some (USeq (UAcc At "C" [(ELit 0)]) USkip).
Proof. reflexivity. Qed.

Example atomic_count_drf :
  drf_set (map_sem [0%Z; 1%Z] params (USeq (UAcc At "C" [(ELit 0)]) USkip)).
Proof.
  intros (i1 & i2 & j & o1 & o2 & Hne & [_ H1] & [_ H2] & Hc).
  simpl in H1, H2.
  destruct H1 as [[-> _] | []]; destruct H2 as [[-> _] | []]; exact Hc.
Qed.

Example atomic_vs_read_racy :
  racy_set (map_sem [0%Z; 1%Z] params
              (UIf (CCmp Eq (EVar tid) (ELit 0))
                 (UAcc At "C" [(ELit 0)]) (UAcc Rd "C" [(ELit 0)]))).
Proof.
  exists 0%Z, 1%Z, ("C", [0%Z]), At, Rd; simpl; repeat split; auto;
    discriminate.
Qed.

End Examples.

(** The signed instance computes as the tool's [--arith bv32]
    (core/src/arith.rs): Euclidean [/] and [%], arithmetic [>>], wrapping
    [+]. *)
Section Signed.
#[local] Existing Instance bv32s_arith.

Definition sparams : @env bv32s_arith := fun _ => 0%Z.

Example bv32s_div : eval sparams (EBin Div (EBin Sub (ELit 0) (ELit 7)) (ELit 2))
                    = (-4)%Z.
Proof. reflexivity. Qed.

Example bv32s_mod : eval sparams (EBin Mod (EBin Sub (ELit 0) (ELit 7)) (ELit 2))
                    = 1%Z.
Proof. reflexivity. Qed.

Example bv32s_shr : eval sparams (EBin Shr (EBin Sub (ELit 0) (ELit 8)) (ELit 1))
                    = (-4)%Z.
Proof. reflexivity. Qed.

Example bv32s_wrap : eval sparams (EBin Shl (ELit 1) (ELit 31)) = (-2147483648)%Z.
Proof. reflexivity. Qed.

Example bv32s_wrap_add :
  eval sparams (EBin Add (EBin Sub (EBin Shl (ELit 1) (ELit 31)) (ELit 1)) (ELit 1))
  = (-2147483648)%Z.
Proof. reflexivity. Qed.

Example bv32s_udiv : eval sparams (EBin UDiv (EBin Sub (ELit 0) (ELit 1)) (ELit 2))
                    = 2147483647%Z.
Proof. reflexivity. Qed.

Example bv32s_ushr : eval sparams (EBin UShr (EBin Sub (ELit 0) (ELit 1)) (ELit 28))
                    = 15%Z.
Proof. reflexivity. Qed.

Example bv32s_ult : evalc sparams (CCmp ULt (EBin Sub (ELit 0) (ELit 1)) (ELit 0))
                    = false.
Proof. reflexivity. Qed.

Example bv32s_lt : evalc sparams (CCmp Lt (EBin Sub (ELit 0) (ELit 1)) (ELit 0))
                   = true.
Proof. reflexivity. Qed.

Definition lparams : @env bv64_arith := fun _ => 0%Z.

Example bv64_wrap : eval lparams (EBin Shl (ELit 1) (ELit 63)) = (-9223372036854775808)%Z.
Proof. reflexivity. Qed.

Example bv64_no_wrap_at_32 :
  eval lparams (EBin Shl (ELit 1) (ELit 31)) = 2147483648%Z.
Proof. reflexivity. Qed.

End Signed.
