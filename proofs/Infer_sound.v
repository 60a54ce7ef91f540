(** * Soundness of the type checker: what [infer] returns is a typing
    derivation's protocol. *)

From Coq Require Import List String Bool.
From Mapcheck Require Import Arith Syntax Typing Infer.
Import ListNotations.

Section InferSound.
Context {A : Arith}.

Theorem infer_sound : forall V b u, infer V b = Some u -> typing V b u.
Proof.
  intros V b; revert V;
    induction b as [ar n m | x ar n b IH | b1 IH1 b2 IH2 | c b1 IH1 b2 IH2
                   | x n m st b IH | | x e b IH | x ar n b IH | x b IH | c]; intros V u Hi; simpl in Hi.
  - destruct (subb (fvi n) V) eqn:E; inversion Hi; subst.
    constructor; apply subb_spec; auto.
  - destruct (subb (fvi n) V) eqn:E1, (memb x V) eqn:E2; simpl in Hi;
      try discriminate.
    destruct (infer V b) eqn:E3; inversion Hi; subst.
    constructor; auto; [apply subb_spec | apply memb_false]; auto.
  - destruct (infer V b1) eqn:E1, (infer V b2) eqn:E2; inversion Hi; subst.
    constructor; auto.
  - destruct (subb (fvc c) V) eqn:E; try discriminate.
    destruct (infer V b1) eqn:E1, (infer V b2) eqn:E2; inversion Hi; subst.
    constructor; auto; apply subb_spec; auto.
  - destruct (subb (fv n) V) eqn:E1, (subb (fv m) V) eqn:E2,
      (subb (fv (step_amount st)) V) eqn:E4; simpl in Hi; try discriminate.
    destruct (infer (x :: V) b) eqn:E3; inversion Hi; subst.
    constructor; auto; apply subb_spec; auto.
  - inversion Hi; constructor.
  - destruct (subb (fv e) V) eqn:E1.
    + destruct (infer (x :: V) b) eqn:E2; inversion Hi; subst.
      constructor; auto; apply subb_spec; auto.
    + destruct (memb x V) eqn:E2; try discriminate.
      destruct (infer V b) eqn:E3; inversion Hi; subst.
      apply T_LetD; auto; [| apply memb_false; auto].
      intros Hc; apply subb_spec in Hc; congruence.
  - destruct (subb (fvi n) V) eqn:E1, (memb x V) eqn:E2; simpl in Hi;
      try discriminate.
    destruct (infer V b) eqn:E3; inversion Hi; subst.
    constructor; auto; [apply subb_spec | apply memb_false]; auto.
  - destruct (memb x V) eqn:E1; try discriminate.
    destruct (infer V b) eqn:E3; inversion Hi; subst.
    constructor; auto; apply memb_false; auto.
  - unfold uniformc in Hi.
    destruct (subb (fvc c) V) eqn:E1, (memb tid (fvc c)) eqn:E2; simpl in Hi;
      try discriminate.
    inversion Hi; subst; constructor; [apply subb_spec | apply memb_false]; auto.
Qed.

Theorem sinfer_sound : forall V s p, sinfer V s = Some p -> styping V s p.
Proof.
  intros V s; revert V;
    induction s as [b | | s1 IH1 s2 IH2 | x ar n s IH | x n m st s IH
                   | c s1 IH1 s2 IH2 | x e s IH | x ar n s IH | x s IH];
    intros V p Hi; simpl in Hi.
  - destruct (infer V b) eqn:E; inversion Hi; subst.
    constructor; apply infer_sound; auto.
  - inversion Hi; constructor.
  - destruct (sinfer V s1) eqn:E1, (sinfer V s2) eqn:E2; inversion Hi; subst.
    constructor; auto.
  - destruct (subb (fvi n) V) eqn:E1, (memb x V) eqn:E2; simpl in Hi;
      try discriminate.
    destruct (sinfer V s) eqn:E3; inversion Hi; subst.
    constructor; auto; [apply subb_spec | apply memb_false]; auto.
  - unfold uniform in Hi.
    destruct (subb (fv n) V) eqn:E1, (memb tid (fv n)) eqn:E2,
      (subb (fv m) V) eqn:E3, (memb tid (fv m)) eqn:E4,
      (subb (fv (step_amount st)) V) eqn:E6,
      (memb tid (fv (step_amount st))) eqn:E7; simpl in Hi;
      try discriminate.
    destruct (sinfer (x :: V) s) eqn:E5; inversion Hi; subst.
    constructor; auto; try (apply subb_spec; auto); apply memb_false; auto.
  - unfold uniformc in Hi.
    destruct (subb (fvc c) V) eqn:E1, (memb tid (fvc c)) eqn:E2; simpl in Hi;
      try discriminate.
    destruct (sinfer V s1) eqn:E3, (sinfer V s2) eqn:E4; inversion Hi; subst.
    constructor; auto; [apply subb_spec | apply memb_false]; auto.
  - destruct (uniform V e) eqn:EU.
    + unfold uniform in EU; apply andb_true_iff in EU; destruct EU as [E1 E2].
      destruct (sinfer (x :: V) s) eqn:E3; inversion Hi; subst.
      apply negb_true_iff in E2.
      constructor; auto; [apply subb_spec | apply memb_false]; auto.
    + destruct (subb (fv e) V) eqn:E1, (memb x V) eqn:E2; simpl in Hi;
        try discriminate.
      destruct (sinfer V s) eqn:E3; inversion Hi; subst.
      apply TS_LetD; auto; [| apply memb_false; auto].
      intros Hc; apply subb_spec in Hc; congruence.
  - destruct (subb (fvi n) V) eqn:E1, (memb x V) eqn:E2; simpl in Hi;
      try discriminate.
    destruct (sinfer V s) eqn:E3; inversion Hi; subst.
    constructor; auto; [apply subb_spec | apply memb_false]; auto.
  - destruct (memb x V) eqn:E1; try discriminate.
    destruct (sinfer V s) eqn:E3; inversion Hi; subst.
    constructor; auto; apply memb_false; auto.
Qed.

Theorem sinfer_relaxed_sound : forall V s p,
  sinfer_relaxed V s = Some p -> rstyping V s p.
Proof.
  intros V s; revert V;
    induction s as [b | | s1 IH1 s2 IH2 | x ar n s IH | x n m st s IH
                   | c s1 IH1 s2 IH2 | x e s IH | x ar n s IH | x s IH];
    intros V p Hi; simpl in Hi.
  - destruct (infer V b) eqn:E; inversion Hi; subst.
    constructor; apply infer_sound; auto.
  - inversion Hi; constructor.
  - destruct (sinfer_relaxed V s1) eqn:E1, (sinfer_relaxed V s2) eqn:E2;
      inversion Hi; subst.
    constructor; auto.
  - destruct (subb (fvi n) V) eqn:E1, (memb x V) eqn:E2; simpl in Hi;
      try discriminate.
    destruct (sinfer_relaxed V s) eqn:E3; inversion Hi; subst.
    constructor; auto; [apply subb_spec | apply memb_false]; auto.
  - destruct (subb (fv n) V) eqn:E1, (subb (fv m) V) eqn:E2,
      (subb (fv (step_amount st)) V) eqn:E4; simpl in Hi; try discriminate.
    destruct (sinfer_relaxed (x :: V) s) eqn:E5; inversion Hi; subst.
    constructor; auto; apply subb_spec; auto.
  - destruct (subb (fvc c) V) eqn:E1; try discriminate.
    destruct (sinfer_relaxed V s1) eqn:E3, (sinfer_relaxed V s2) eqn:E4;
      inversion Hi; subst.
    constructor; auto; apply subb_spec; auto.
  - destruct (subb (fv e) V) eqn:E1.
    + destruct (sinfer_relaxed (x :: V) s) eqn:E2; inversion Hi; subst.
      constructor; auto; apply subb_spec; auto.
    + destruct (memb x V) eqn:E2; try discriminate.
      destruct (sinfer_relaxed V s) eqn:E3; inversion Hi; subst.
      apply RS_LetD; auto; [| apply memb_false; auto].
      intros Hc; apply subb_spec in Hc; congruence.
  - destruct (subb (fvi n) V) eqn:E1, (memb x V) eqn:E2; simpl in Hi;
      try discriminate.
    destruct (sinfer_relaxed V s) eqn:E3; inversion Hi; subst.
    constructor; auto; [apply subb_spec | apply memb_false]; auto.
  - destruct (memb x V) eqn:E1; try discriminate.
    destruct (sinfer_relaxed V s) eqn:E3; inversion Hi; subst.
    constructor; auto; apply memb_false; auto.
Qed.

End InferSound.
