(** * Specification of the type checker: [infer V b = Some u] iff
    [V ⊢ b ▶ u], and likewise for the synchronised fragment; the boolean
    "is typable" reflects the existence of a derivation. *)

From Coq Require Import List String Bool.
From Mapcheck Require Import Arith Syntax Typing Infer Infer_sound Infer_func.
Import ListNotations.

Section InferSpec.
Context {A : Arith}.

Lemma subb_incl : forall xs V, incl xs V -> subb xs V = true.
Proof. intros xs V H; apply subb_spec; auto. Qed.

Lemma memb_notin : forall x V, ~ In x V -> memb x V = false.
Proof. intros x V H; apply memb_false; auto. Qed.

Lemma subb_notincl : forall xs V, ~ incl xs V -> subb xs V = false.
Proof.
  intros xs V H; destruct (subb xs V) eqn:E; auto.
  apply subb_spec in E; contradiction.
Qed.

Theorem infer_complete : forall V b u, typing V b u -> infer V b = Some u.
Proof.
  induction 1; simpl; unfold uniformc;
    repeat match goal with
           | H : incl _ _ |- _ => rewrite (subb_incl _ _ H); clear H
           | H : ~ incl _ _ |- _ => rewrite (subb_notincl _ _ H); clear H
           | H : ~ In _ _ |- _ => rewrite (memb_notin _ _ H); clear H
           | H : infer _ _ = Some _ |- _ => rewrite H; clear H
           end; reflexivity.
Qed.

Theorem sinfer_complete : forall V s p, styping V s p -> sinfer V s = Some p.
Proof.
  induction 1; simpl; unfold uniform, uniformc;
    repeat match goal with
           | H : typing _ _ _ |- _ => rewrite (infer_complete _ _ _ H); clear H
           | H : incl _ _ |- _ => rewrite (subb_incl _ _ H); clear H
           | H : ~ incl _ _ |- _ => rewrite (subb_notincl _ _ H); clear H
           | H : ~ In _ _ |- _ => rewrite (memb_notin _ _ H); clear H
           | H : sinfer _ _ = Some _ |- _ => rewrite H; clear H
           end; reflexivity.
Qed.

Theorem sinfer_relaxed_complete : forall V s p,
  rstyping V s p -> sinfer_relaxed V s = Some p.
Proof.
  induction 1; simpl;
    repeat match goal with
           | H : typing _ _ _ |- _ => rewrite (infer_complete _ _ _ H); clear H
           | H : incl _ _ |- _ => rewrite (subb_incl _ _ H); clear H
           | H : ~ incl _ _ |- _ => rewrite (subb_notincl _ _ H); clear H
           | H : ~ In _ _ |- _ => rewrite (memb_notin _ _ H); clear H
           | H : sinfer_relaxed _ _ = Some _ |- _ => rewrite H; clear H
           end; reflexivity.
Qed.

Theorem infer_spec : forall V b u, infer V b = Some u <-> typing V b u.
Proof. split; [apply infer_sound | apply infer_complete]. Qed.

Theorem sinfer_spec : forall V s p, sinfer V s = Some p <-> styping V s p.
Proof. split; [apply sinfer_sound | apply sinfer_complete]. Qed.

Theorem sinfer_relaxed_spec : forall V s p,
  sinfer_relaxed V s = Some p <-> rstyping V s p.
Proof. split; [apply sinfer_relaxed_sound | apply sinfer_relaxed_complete]. Qed.

(** The relaxed checker accepts everything the uniform one does, with the
    same protocol. *)
Corollary sinfer_relaxed_extends : forall V s p,
  sinfer V s = Some p -> sinfer_relaxed V s = Some p.
Proof.
  intros V s p Hi; apply sinfer_relaxed_complete, styping_relaxed,
    sinfer_sound; auto.
Qed.

Theorem infer_none : forall V b, infer V b = None <-> forall u, ~ typing V b u.
Proof.
  intros V b; split.
  - intros Hn u Ht; apply infer_complete in Ht; congruence.
  - intros Hn; destruct (infer V b) as [u |] eqn:E; auto.
    exfalso; apply (Hn u), infer_sound; auto.
Qed.

Theorem sinfer_none : forall V s,
  sinfer V s = None <-> forall p, ~ styping V s p.
Proof.
  intros V s; split.
  - intros Hn p Ht; apply sinfer_complete in Ht; congruence.
  - intros Hn; destruct (sinfer V s) as [p |] eqn:E; auto.
    exfalso; apply (Hn p), sinfer_sound; auto.
Qed.

(** Reflect style: the decision "is [b] exact (typable) under [V]". *)
Definition typable (V : vars) (b : stmt) : bool :=
  match infer V b with Some _ => true | None => false end.

Theorem typable_reflect : forall V b,
  reflect (exists u, typing V b u) (typable V b).
Proof.
  intros V b; unfold typable; destruct (infer V b) as [u |] eqn:E;
    constructor.
  - exists u; apply infer_sound; auto.
  - intros [u Ht]; apply infer_complete in Ht; congruence.
Qed.

Definition stypable (V : vars) (s : sprog) : bool :=
  match sinfer V s with Some _ => true | None => false end.

Theorem stypable_reflect : forall V s,
  reflect (exists p, styping V s p) (stypable V s).
Proof.
  intros V s; unfold stypable; destruct (sinfer V s) as [p |] eqn:E;
    constructor.
  - exists p; apply sinfer_sound; auto.
  - intros [p Ht]; apply sinfer_complete in Ht; congruence.
Qed.

(** Uniqueness of the protocol, re-stated against the checker. *)
Corollary infer_func : forall V b u u',
  infer V b = Some u -> typing V b u' -> u = u'.
Proof.
  intros V b u u' Hi Ht; apply (typing_func V b); auto; apply infer_sound; auto.
Qed.

Corollary sinfer_func : forall V s p p',
  sinfer V s = Some p -> styping V s p' -> p = p'.
Proof.
  intros V s p p' Hi Ht; apply (styping_func V s); auto;
    apply sinfer_sound; auto.
Qed.

End InferSpec.
