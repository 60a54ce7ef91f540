(** * Two facts about [Forall2] and [nth_error]

    Used to line up the program's phases with the protocol's phases one
    index at a time. *)

From Coq Require Import List.
Import ListNotations.

Lemma Forall2_nth_error : forall {X Y} (R : X -> Y -> Prop) l1 l2 k x,
  Forall2 R l1 l2 -> nth_error l1 k = Some x ->
  exists y, nth_error l2 k = Some y /\ R x y.
Proof.
  intros X Y R l1 l2 k x Hf; revert k;
    induction Hf as [| x1 y1 l1 l2 Hr Hf IH]; intros k Hk.
  - destruct k; discriminate.
  - destruct k as [| k]; simpl in *.
    + inversion Hk; subst; eauto.
    + apply IH; auto.
Qed.

Lemma Forall2_from_nth : forall {X Y} (R : X -> Y -> Prop) l1 l2,
  length l1 = length l2 ->
  (forall k x y, nth_error l1 k = Some x -> nth_error l2 k = Some y -> R x y) ->
  Forall2 R l1 l2.
Proof.
  intros X Y R l1; induction l1 as [| x l1 IH]; intros [| y l2] Hlen Hnth;
    try discriminate; constructor.
  - apply (Hnth 0); reflexivity.
  - apply IH; [simpl in Hlen; congruence |].
    intros k x' y' H1 H2; apply (Hnth (S k)); auto.
Qed.

Lemma Forall2_length : forall {X Y} {R : X -> Y -> Prop} {l1 l2},
  Forall2 R l1 l2 -> length l1 = length l2.
Proof. intros X Y R l1 l2 Hf; induction Hf; simpl; auto. Qed.
