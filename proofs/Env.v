(** * Environments that agree on a set of variables

    The key invariant of the access-set lemma: the program and its protocol
    are evaluated in environments that agree on [V].  They differ only on
    variables bound by reads, which the protocol never mentions; so indices,
    conditions and loop bounds of a well-typed program evaluate alike on
    both sides, whatever values the reads returned. *)

From Coq Require Import List String.
From Mapcheck Require Import Arith Syntax.
Import ListNotations.

Section Env.
Context {A : Arith}.

Definition agree (V : vars) (s1 s2 : env) : Prop :=
  forall x, In x V -> s1 x = s2 x.

Lemma agree_refl : forall V s, agree V s s.
Proof. unfold agree; auto. Qed.

Lemma eval_agree : forall V s1 s2 e,
  incl (fv e) V -> agree V s1 s2 -> eval s1 e = eval s2 e.
Proof.
  intros V s1 s2 e Hincl Hag;
    induction e as [n | x | o e1 IH1 e2 IH2 | c a IHa b IHb e1 IH1 e2 IH2];
    simpl in *.
  - reflexivity.
  - apply Hag, Hincl; left; reflexivity.
  - rewrite IH1, IH2; auto;
      intros y Hy; apply Hincl, in_or_app; auto.
  - repeat (apply incl_app_inv in Hincl; destruct Hincl as [? Hincl]).
    rewrite IHa, IHb, IH1, IH2; auto.
Qed.

Lemma evali_agree : forall V s1 s2 n,
  incl (fvi n) V -> agree V s1 s2 -> evali s1 n = evali s2 n.
Proof.
  intros V s1 s2 n Hincl Hag; induction n as [| e n IH]; simpl in *; auto.
  apply incl_app_inv in Hincl; destruct Hincl.
  rewrite (eval_agree V s1 s2 e), IH; auto.
Qed.

Lemma evalc_agree : forall V s1 s2 c,
  incl (fvc c) V -> agree V s1 s2 -> evalc s1 c = evalc s2 c.
Proof.
  intros V s1 s2 c Hincl Hag;
    induction c as [| | o e1 e2 | c IH | c1 IH1 c2 IH2 | c1 IH1 c2 IH2];
    simpl in *; auto.
  - rewrite (eval_agree V s1 s2 e1), (eval_agree V s1 s2 e2); auto;
      intros y Hy; apply Hincl, in_or_app; auto.
  - rewrite IH; auto.
  - rewrite IH1, IH2; auto; intros y Hy; apply Hincl, in_or_app; auto.
  - rewrite IH1, IH2; auto; intros y Hy; apply Hincl, in_or_app; auto.
Qed.

Lemma evstep_agree : forall V s1 s2 st,
  incl (fv (step_amount st)) V -> agree V s1 s2 ->
  evstep s1 st = evstep s2 st.
Proof.
  intros V s1 s2 [g o k] Hincl Hag; simpl in *.
  rewrite (eval_agree V s1 s2 k); auto.
Qed.

(** Loops bind their variable on both sides. *)
Lemma agree_upd_both : forall V s1 s2 x v,
  agree V s1 s2 -> agree (x :: V) (upd s1 x v) (upd s2 x v).
Proof.
  intros V s1 s2 x v Hag y [Hy | Hy]; unfold upd;
    destruct (string_dec y x); auto.
  subst; congruence.
Qed.

(** Reads bind their variable on the program side only; it is not in
    [V] (rule T-READ), so agreement survives. *)
Lemma agree_upd_left : forall V s1 s2 x v,
  ~ In x V -> agree V s1 s2 -> agree V (upd s1 x v) s2.
Proof.
  intros V s1 s2 x v Hx Hag y Hy; unfold upd;
    destruct (string_dec y x); subst; [contradiction | auto].
Qed.

End Env.
