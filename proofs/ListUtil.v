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

(** Finite choice: a property that every element of a list has some
    witness for is met by one function.  No axiom is needed, since the
    list is finite and its elements have decidable equality; this is how
    per-thread runs become the function [f] of rule PAR. *)
Lemma choose_list : forall {X Y} (eq_dec : forall x y : X, {x = y} + {x <> y})
    (d : Y) (P : X -> Y -> Prop) (l : list X),
  (forall x, In x l -> exists y, P x y) ->
  exists f : X -> Y, forall x, In x l -> P x (f x).
Proof.
  intros X Y eq_dec d P l; induction l as [| x l IH]; intros Hex.
  - exists (fun _ => d); intros x [].
  - destruct (Hex x (or_introl eq_refl)) as [y Hy].
    destruct IH as [f Hf]; [intros z Hz; apply Hex; right; auto |].
    exists (fun z => if eq_dec z x then y else f z).
    intros z Hz; destruct (eq_dec z x) as [-> | Hne]; auto.
    destruct Hz as [-> | Hz]; [congruence | auto].
Qed.
