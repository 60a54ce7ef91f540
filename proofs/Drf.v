(** * Data-race freedom (paper, Definition 1)

    A set of access values is racy when two distinct threads access the
    same index and one of the accesses is a write.  The same definition
    serves for a phase of a run (through [in_phase]) and for a phase [Λ] of
    a protocol, which is what makes Theorem 1 a statement about equal sets.
    A history is DRF when each of its phases is. *)

From Coq Require Import List.
From Mapcheck Require Import Arith Syntax Maps.
Import ListNotations.

Section Drf.
Context {A : Arith}.

(** Two accesses to one cell conflict unless both are reads or both are
    atomics (SPEC section 4: atomic against atomic never races).  Without
    atomics this is "one of them is a write", the paper's Definition 1. *)
Definition conflict (o1 o2 : mode) : Prop :=
  match o1, o2 with
  | Rd, Rd | At, At => False
  | _, _ => True
  end.

Definition racy_set (S : access -> Prop) : Prop :=
  exists i1 i2 j o1 o2,
    i1 <> i2 /\ S (i1, o1, j) /\ S (i2, o2, j) /\ conflict o1 o2.

(** Without atomics, the paper's form. *)
Lemma racy_set_write : forall S : access -> Prop,
  (forall i j, ~ S (i, At, j)) ->
  (racy_set S <-> exists i1 i2 j o, i1 <> i2 /\ S (i1, Wr, j) /\ S (i2, o, j)).
Proof.
  intros S HA; split.
  - intros (i1 & i2 & j & [| |] & [| |] & Hne & H1 & H2 & Hc); simpl in Hc;
      try contradiction; try (exfalso; eapply HA; eauto; fail).
    + exists i2, i1, j, Rd; auto.
    + exists i1, i2, j, Rd; auto.
    + exists i1, i2, j, Wr; auto.
  - intros (i1 & i2 & j & o & Hne & H1 & H2).
    exists i1, i2, j, Wr, o; repeat split; auto; destruct o; simpl; auto.
Qed.

Definition drf_set (S : access -> Prop) : Prop := ~ racy_set S.

Definition drf_phase (p : phase) : Prop := drf_set (in_phase p).

Definition drf_hist (h : history) : Prop := Forall drf_phase h.

Lemma racy_set_ext : forall S1 S2 : access -> Prop,
  (forall a, S1 a <-> S2 a) -> racy_set S1 <-> racy_set S2.
Proof.
  intros S1 S2 Heq; unfold racy_set; split;
    intros (i1 & i2 & j & o1 & o2 & Hne & H1 & H2 & Hc);
    exists i1, i2, j, o1, o2; repeat split; auto; apply Heq; auto.
Qed.

Lemma drf_set_ext : forall S1 S2 : access -> Prop,
  (forall a, S1 a <-> S2 a) -> drf_set S1 <-> drf_set S2.
Proof.
  intros S1 S2 Heq; unfold drf_set; rewrite (racy_set_ext S1 S2 Heq);
    tauto.
Qed.

Lemma drf_hist_cons : forall p h,
  drf_hist (p :: h) <-> drf_phase p /\ drf_hist h.
Proof.
  intros p h; unfold drf_hist; split.
  - intros Hf; inversion Hf; auto.
  - intros [Hp Hh]; constructor; auto.
Qed.

Lemma drf_hist_app : forall h1 h2,
  drf_hist (h1 ++ h2) <-> drf_hist h1 /\ drf_hist h2.
Proof.
  intros h1 h2; unfold drf_hist; rewrite Forall_app; tauto.
Qed.

Lemma drf_hist_rev : forall h, drf_hist (rev h) <-> drf_hist h.
Proof.
  intros h; unfold drf_hist; rewrite !Forall_forall; split;
    intros Hf p Hp; apply Hf; [rewrite <- in_rev | rewrite in_rev]; auto.
Qed.

(** Two lists of phases that agree pointwise, phase by phase, are DRF
    together.  This is how the access-set lemma becomes an iff on DRF. *)
Lemma drf_forall2 : forall (ps : list phase) (Ls : list (access -> Prop)),
  Forall2 (fun p L => forall a, in_phase p a <-> L a) ps Ls ->
  (drf_hist ps <-> Forall drf_set Ls).
Proof.
  intros ps Ls Hf; induction Hf as [| p L ps Ls HpL Hf IH].
  - split; constructor.
  - rewrite drf_hist_cons; split.
    + intros [Hp Hps]; constructor.
      * apply (drf_set_ext _ _ HpL); auto.
      * apply IH; auto.
    + intros HF; inversion HF; subst; split.
      * apply (drf_set_ext _ _ HpL); auto.
      * apply IH; auto.
Qed.

End Drf.
