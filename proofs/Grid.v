(** * Several blocks: grid-level races (SPEC sections 4 and 6)

    Blocks do not synchronise with each other: each block runs the kernel
    alone, from the initial memory and an empty history, its threads with
    environments [r b] (binding [bid := b] besides the thread ids).  At
    grid level the whole kernel is one phase: two threads of different
    blocks race when they access the same cell of a global array ([G]),
    with conflicting modes, anywhere in the kernel ([grid_racy]).
    [grid_theorem1]: for a kernel typed by the relaxed rules, the grid-level
    races of a run are those of its protocol, whose per-block access sets
    are all its phases ([proto_acc]).  It is the per-block access-set lemma
    ([access_sets_sync_env]) lifted to the union of a block's phases. *)

From Coq Require Import String List.
From Mapcheck Require Import ListUtil Arith Syntax Maps Semantics Protocol
  Drf Typing SyncSemantics SyncProtocol PhaseSplit RunExists Threads.
Import ListNotations.

Section Grid.
Context {A : Arith}.

(** The global arrays. *)
Variable G : list arr.

(** The threads of block [b]: [bid := b], then [tid := i] (and, with
    [Threads.block2_env]-like bindings, the components). *)
Definition block_env (s : env) (b : val) : tenv :=
  fun i => upd (upd s "bid"%string b) tid i.

(** A run of the grid: every block [b] of [B] runs the kernel alone, from
    the empty history, ending with history [Is b]. *)
Definition grid_run (mem0 : cell -> val) (r : val -> tenv) (T B : list val)
    (p : sprog) (Is : val -> history) : Prop :=
  forall b, In b B -> psync_run_env mem0 (r b) T [] p (Is b).

(** The accesses of a history, in any of its phases; of a protocol, in
    any of its phases. *)
Definition hist_acc (h : history) (a : access) : Prop :=
  exists P, In P h /\ in_phase P a.

Definition proto_acc (Ls : list (access -> Prop)) (a : access) : Prop :=
  exists L, In L Ls /\ L a.

(** Two threads of different blocks access one cell of a global array,
    with conflicting modes. *)
Definition grid_racy (B : list val) (S : val -> access -> Prop) : Prop :=
  exists b1 b2 i1 i2 o1 o2 ar n,
    b1 <> b2 /\ In b1 B /\ In b2 B /\ In ar G /\
    S b1 (i1, o1, (ar, n)) /\ S b2 (i2, o2, (ar, n)) /\ conflict o1 o2.

Lemma forall2_union : forall (ps : list phase) (Ls : list (access -> Prop)),
  Forall2 (fun P L => forall a, in_phase P a <-> L a) ps Ls ->
  forall a, (exists P, In P ps /\ in_phase P a) <-> proto_acc Ls a.
Proof.
  intros ps Ls Hf; induction Hf as [| P L ps Ls HPL Hf IH]; intros a.
  - split; [intros (P & [] & _) | intros (L & [] & _)].
  - unfold proto_acc in *; split.
    + intros (P' & [<- | HP] & Ha).
      * exists L; split; [left | apply HPL]; auto.
      * destruct (proj1 (IH a) (ex_intro _ P' (conj HP Ha))) as (L' & HL & Ha').
        exists L'; split; [right |]; auto.
    + intros (L' & [<- | HL] & Ha).
      * exists P; split; [left | apply HPL]; auto.
      * destruct (proj2 (IH a) (ex_intro _ L' (conj HL Ha))) as (P' & HP & Ha').
        exists P'; split; [right |]; auto.
Qed.

Lemma grid_racy_ext : forall B (S1 S2 : val -> access -> Prop),
  (forall b, In b B -> forall a, S1 b a <-> S2 b a) ->
  grid_racy B S1 <-> grid_racy B S2.
Proof.
  intros B S1 S2 Heq; unfold grid_racy; split;
    intros (b1 & b2 & i1 & i2 & o1 & o2 & ar & n & Hne & Hb1 & Hb2 & HG & H1 & H2 & Hc);
    exists b1, b2, i1, i2, o1, o2, ar, n; repeat split; auto;
    (apply Heq; auto) || (apply <- Heq; auto).
Qed.

(** Theorem 1 at grid level: a run of a well-typed kernel has a grid-level
    race iff its protocol has one. *)
Theorem grid_theorem1 : forall mem0 V r T B p q Is Lss,
  T <> [] ->
  rstyping V p q ->
  grid_run mem0 r T B p Is ->
  (forall b, In b B -> msync_sem_env T (r b) q (Lss b)) ->
  (grid_racy B (fun b => hist_acc (Is b)) <->
   grid_racy B (fun b => proto_acc (Lss b))).
Proof.
  intros mem0 V r T B p q Is Lss HT0 Ht Hrun Hsem.
  apply grid_racy_ext; intros b Hb a.
  destruct (access_sets_sync_env mem0 V (r b) T [] p q (Is b) (Lss b) HT0 Ht
              (Hrun b Hb) (Hsem b Hb)) as [Hn [E F2]].
  rewrite app_nil_r in E; rewrite E.
  unfold hist_acc; rewrite <- (forall2_union _ _ F2 a).
  split; intros (P & HP & Ha); exists P; split; auto;
    [rewrite <- in_rev | rewrite in_rev]; auto.
Qed.

(** The true-alarm direction at grid level: when every block's protocol
    has its phases and they terminate, a grid-level race of the protocol
    is one of some run. *)
Theorem grid_true_alarm : forall mem0 V r T B p q Lss,
  T <> [] ->
  rstyping V p q ->
  (forall b, In b B -> msync_sem_env T (r b) q (Lss b)) ->
  (forall b, In b B -> forall i, In i T -> RunExists.sterm (r b i) q) ->
  grid_racy B (fun b => proto_acc (Lss b)) ->
  exists Is, grid_run mem0 r T B p Is /\ grid_racy B (fun b => hist_acc (Is b)).
Proof.
  intros mem0 V r T B p q Lss HT0 Ht Hsem Hterm Hracy.
  destruct (choose_list val_eq_dec []
              (fun b I => psync_run_env mem0 (r b) T [] p I) B) as [Is HIs].
  - intros b Hb.
    apply (run_exists_sync_relaxed_env mem0 V (r b) T [] p q (Lss b)); auto.
  - exists Is; split; auto.
    apply (grid_theorem1 mem0 V r T B p q Is Lss); auto.
Qed.

End Grid.
