(** * No barrier divergence: the induction over phases

    [aligned] is a statement about one phase: two threads run to their
    next barrier from related continuations stop alike, with related
    continuations.  This file does the induction over the phases of a run
    that papers/proofs.md argued in prose.  [psteps] is a prefix of a
    parallel run: whole phases in which every thread stopped at a barrier.
    [no_divergence]: for a kernel typed with the uniform rules ([styping]),
    in every state such a prefix reaches, any two threads that run their
    phase stop alike (both finish, or both stop at the same barrier in the
    same barrier-loop iterations).  [no_divergence_step]: whenever every
    thread can run its phase, one of the two rules of the parallel
    judgement applies ([PS_Done] or [PS_Sync]), so a run never gets stuck
    on a barrier; only termination of each thread's phase is assumed
    ([RunExists] discharges it from the protocol). *)

From Coq Require Import List String.
From Mapcheck Require Import ListUtil Arith Syntax Maps Semantics Typing Env
  SyncSemantics Aligned.
Import ListNotations.

Section NoDivergence.
Context {A : Arith}.
Variable mem0 : cell -> val.
Variable T : list val.

(** [psteps H ks H' ks']: from continuations [ks] over history [H], the
    threads [T] run zero or more whole phases, each ending with every
    thread at a barrier, and reach [H'] with continuations [ks']. *)
Inductive psteps : history -> (val -> list frame) ->
                   history -> (val -> list frame) -> Prop :=
| PSt_Refl H ks : psteps H ks H ks
| PSt_Sync H ks (f : val -> rw) ks' H'' ks'' :
    (forall i, In i T -> rtb mem0 H i rw0 (ks i) (Paused (f i) (ks' i))) ->
    psteps (mkphase T f :: H) ks' H'' ks'' ->
    psteps H ks H'' ks''.

(** A prefix followed by a run is a run. *)
Lemma psteps_psync : forall H ks H' ks' I,
  psteps H ks H' ks' -> psync mem0 T H' ks' I -> psync mem0 T H ks I.
Proof.
  induction 1; auto; intros Hps; econstructor; eauto.
Qed.

(** The threads' continuations are pairwise related. *)
Definition related (ks : val -> list frame) : Prop :=
  forall i i', In i T -> In i' T -> Forall2 usim (ks i) (ks i').

Lemma related_init : forall V s p q,
  styping V p q -> related (fun i => [FRun (upd s tid i) p]).
Proof. intros V s p q Ht i i' _ _; eapply aligned_init; eauto. Qed.

Lemma psteps_related : forall H ks H' ks',
  psteps H ks H' ks' -> related ks -> related ks'.
Proof.
  induction 1 as [| H ks f ks' H'' ks'' Hall Hst IH]; auto.
  intros Hrel; apply IH; intros i i' Hi Hi'.
  exact (aligned _ _ _ _ _ _ (Hall i Hi) _ _ _ _ _ _ (Hall i' Hi')
           (Hrel i i' Hi Hi')).
Qed.

(** No divergence, pairwise: in any state a run of a well-typed kernel
    reaches, two threads' phases stop alike. *)
Theorem no_divergence : forall V s p q H0 H ks,
  styping V p q ->
  psteps H0 (fun i => [FRun (upd s tid i) p]) H ks ->
  forall i i' r r', In i T -> In i' T ->
  rtb mem0 H i rw0 (ks i) r -> rtb mem0 H i' rw0 (ks i') r' ->
  same_stop r r'.
Proof.
  intros V s p q H0 H ks Ht Hst i i' r r' Hi Hi' Hr Hr'.
  apply (aligned _ _ _ _ _ _ Hr _ _ _ _ _ _ Hr').
  apply (psteps_related _ _ _ _ Hst (related_init V s p q Ht)); auto.
Qed.

(** No divergence, as progress: when every thread of a reached state can
    run its phase, either all finish (rule [PS_Done] ends the run) or all
    stop at a barrier, and the continuations are again related (rule
    [PS_Sync] extends the prefix, and the argument repeats). *)
Theorem no_divergence_step : forall V s p q H0 H ks,
  styping V p q ->
  psteps H0 (fun i => [FRun (upd s tid i) p]) H ks ->
  (forall i, In i T -> exists r, rtb mem0 H i rw0 (ks i) r) ->
  (exists f, forall i, In i T -> rtb mem0 H i rw0 (ks i) (Done (f i))) \/
  (exists f ks', (forall i, In i T ->
                    rtb mem0 H i rw0 (ks i) (Paused (f i) (ks' i))) /\
                 psteps H0 (fun i => [FRun (upd s tid i) p])
                   (mkphase T f :: H) ks').
Proof.
  intros V s p q H0 H ks Ht Hst Hex.
  destruct (choose_list val_eq_dec (Done rw0) _ T Hex) as [rf Hrf].
  set (f := fun i => match rf i with Done a => a | Paused a _ => a end).
  set (ks' := fun i => match rf i with Done _ => [] | Paused _ k => k end).
  assert (Hcase : T = [] \/ exists i0, In i0 T)
    by (destruct T as [| i0 T']; [left | right; exists i0; left]; auto).
  destruct Hcase as [ET | [i0 Hi0]].
  - left; exists f; rewrite ET; intros i [].
  - assert (Hsame : forall i, In i T -> same_stop (rf i0) (rf i)).
    { intros i Hi; apply (no_divergence V s p q H0 H ks Ht Hst i0 i); auto. }
    destruct (rf i0) as [a0 | a0 k0] eqn:E0.
    + left; exists f; intros i Hi; specialize (Hsame i Hi).
      specialize (Hrf i Hi); unfold f.
      destruct (rf i); simpl in Hsame; [auto | contradiction].
    + right; exists f, ks'; split.
      * intros i Hi; specialize (Hsame i Hi); specialize (Hrf i Hi);
          unfold f, ks'.
        destruct (rf i); simpl in Hsame; [contradiction | auto].
      * assert (Hp : forall i, In i T ->
                  rtb mem0 H i rw0 (ks i) (Paused (f i) (ks' i))).
        { intros i Hi; specialize (Hsame i Hi); specialize (Hrf i Hi);
            unfold f, ks'.
          destruct (rf i); simpl in Hsame; [contradiction | auto]. }
        clear -Hst Hp.
        induction Hst as [H ks | H ks f1 ks1 H'' ks'' Hall Hst IH].
        -- eapply PSt_Sync; eauto; constructor.
        -- eapply PSt_Sync; eauto.
Qed.

End NoDivergence.
