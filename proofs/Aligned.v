(** * Barrier alignment of well-typed synchronised programs

    [theorem1_sync] assumes a run, and the parallel semantics only has
    runs in which all threads stop at a barrier together or finish
    together.  This file shows that the uniformity premise of [TS_For]
    makes that automatic: two threads of a well-typed kernel, each run to
    its next barrier, either both finish or both stop at the *same*
    barrier in the same barrier-loop iterations, and their continuations
    are again related, so the argument repeats phase after phase.

    Two threads' environments differ on [tid] (and on variables bound by
    reads, which are not in [V]); they agree on the rest of [V]
    ([agree_u]).  Barrier-loop bounds avoid [tid], so both threads compute
    the same bounds.  Unsynchronised blocks may do anything, as long as
    they terminate: they contain no barrier. *)

From Coq Require Import List String.
From Mapcheck Require Import Arith Syntax Maps Semantics Typing Env
  SyncSemantics.
Import ListNotations.

Section Aligned.
Context {A : Arith}.

(** Agreement on the uniform variables of [V]: all but [tid]. *)
Definition agree_u (V : vars) (s1 s2 : env) : Prop :=
  forall y, In y V -> y <> tid -> s1 y = s2 y.

Lemma eval_uniform : forall V s1 s2 e,
  incl (fv e) V -> ~ In tid (fv e) -> agree_u V s1 s2 ->
  eval s1 e = eval s2 e.
Proof.
  intros V s1 s2 e Hincl Htid Hag.
  apply (eval_agree (fv e)); [intros y; auto |].
  intros y Hy; apply Hag; auto; intros ->; contradiction.
Qed.

Lemma evalc_uniform : forall V s1 s2 c,
  incl (fvc c) V -> ~ In tid (fvc c) -> agree_u V s1 s2 ->
  evalc s1 c = evalc s2 c.
Proof.
  intros V s1 s2 c Hincl Htid Hag.
  apply (evalc_agree (fvc c)); [intros y; auto |].
  intros y Hy; apply Hag; auto; intros ->; contradiction.
Qed.

Lemma agree_u_upd_both : forall V s1 s2 x v,
  agree_u V s1 s2 -> agree_u (x :: V) (upd s1 x v) (upd s2 x v).
Proof.
  intros V s1 s2 x v Hag y Hy Hne; unfold upd; destruct (string_dec y x); auto.
  destruct Hy as [Hy | Hy]; [congruence | auto].
Qed.

Lemma agree_u_upd_notin : forall V s1 s2 x v1 v2,
  ~ In x V -> agree_u V s1 s2 -> agree_u V (upd s1 x v1) (upd s2 x v2).
Proof.
  intros V s1 s2 x v1 v2 Hx Hag y Hy Hne; unfold upd;
    destruct (string_dec y x); subst; [contradiction | auto].
Qed.

Lemma evstep_uniform : forall V s1 s2 st,
  incl (fv (step_amount st)) V -> ~ In tid (fv (step_amount st)) ->
  agree_u V s1 s2 -> evstep s1 st = evstep s2 st.
Proof.
  intros V s1 s2 [g o k] Hincl Htid Hag; simpl in *.
  rewrite (eval_uniform V s1 s2 k); auto.
Qed.

(** Two threads' continuations: the same code, in environments agreeing
    on the uniform variables, and for loops the same iteration. *)
Inductive usim : frame -> frame -> Prop :=
| US_Run V s1 s2 p q :
    styping V p q -> agree_u V s1 s2 -> usim (FRun s1 p) (FRun s2 p)
| US_Loop V s1 s2 x vs lo hi p q :
    styping (x :: V) p q -> agree_u V s1 s2 ->
    usim (FLoop s1 x vs lo hi p) (FLoop s2 x vs lo hi p).

Definition same_stop (r1 r2 : result) : Prop :=
  match r1, r2 with
  | Done _, Done _ => True
  | Paused _ k1, Paused _ k2 => Forall2 usim k1 k2
  | _, _ => False
  end.

Theorem aligned : forall mem0 H i a ks r,
  rtb mem0 H i a ks r ->
  forall mem0' H' i' a' ks' r',
  rtb mem0' H' i' a' ks' r' ->
  Forall2 usim ks ks' ->
  same_stop r r'.
Proof.
  induction 1 as
    [a | a s b a1 ks r Hex Hr IH | a s ks | a s p1 p2 ks r Hr IH
    | a s x ar n p ks r j Hr IH | a s x n m st p ks r Hr IH
    | a s x vs lo hi p ks r Hlt Hr IH | a s x vs lo hi p ks r Hlt Hr IH
    | a s c p1 p2 ks r Hc Hr IH | a s c p1 p2 ks r Hc Hr IH
    | a s x e p ks r Hr IH | a s x ar n p ks r v Hr IH | a s x p ks r v Hr IH];
    intros mem0' H' i' a' ks' r' Hr' Hsim;
    inversion Hsim as [| f1 f2 k1 k2 Hf Hks]; subst.
  - (* end *)
    inversion Hr'; subst; simpl; auto.
  - (* block *)
    inversion Hf; subst; inversion Hr'; subst; eauto.
  - (* barrier *)
    inversion Hf; subst; inversion Hr'; subst; simpl; auto.
  - (* sequence *)
    inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
    inversion Ht; subst; inversion Hr'; subst.
    eapply IH; eauto; repeat constructor; auto; econstructor; eauto.
  - (* read: its variable is not uniform, and not in V *)
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | V' x' ar' n' p'' q' Hn Hx Htp | | | | | |]; subst.
    inversion Hr'; subst.
    eapply IH; eauto; constructor; auto.
    econstructor; eauto.
    intros y Hy Hne; unfold upd; destruct (string_dec y x); subst;
      [contradiction | auto].
  - (* barrier loop: uniform bounds *)
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | V' x' n' m' st' p'' q' Hn Hm Hk Htn Htm Htk Htp
                    | | | | |]; subst.
    inversion Hr'; subst.
    rewrite (eval_uniform V s2 s n), (eval_uniform V s2 s m),
      (evstep_uniform V s2 s st) in *;
      try (intros y Hy Hne; symmetry; apply Hag; auto); auto.
    eapply IH; eauto; constructor; auto; econstructor; eauto.
  - (* loop iteration: both iterate *)
    inversion Hf as [| V s1 s2 x' vs' lo' hi' p' q Ht Hag]; subst.
    inversion Hr'; subst; [| congruence].
    eapply IH; eauto.
    constructor; [| constructor; auto; econstructor; eauto].
    econstructor; eauto.
    intros y Hy Hne; unfold upd; destruct (string_dec y x); auto.
    destruct Hy as [Hy | Hy]; [congruence | auto].
  - (* loop exit: both exit *)
    inversion Hf as [| V s1 s2 x' vs' lo' hi' p' q Ht Hag]; subst.
    inversion Hr'; subst; [congruence |].
    eapply IH; eauto.
  - (* barrier conditional: both take the then-branch *)
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | V' c' p1' p2' q1 q2 Hcv Hct Ht1 Ht2 | | | |]; subst.
    inversion Hr'; subst.
    + eapply IH; eauto; constructor; auto; econstructor; eauto.
    + assert (E : evalc s c = evalc s2 c)
        by (apply (evalc_uniform V); auto).
      congruence.
  - (* barrier conditional: both take the else-branch *)
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | V' c' p1' p2' q1 q2 Hcv Hct Ht1 Ht2 | | | |]; subst.
    inversion Hr'; subst.
    + assert (E : evalc s c = evalc s2 c)
        by (apply (evalc_uniform V); auto).
      congruence.
    + eapply IH; eauto; constructor; auto; econstructor; eauto.
  - (* let: a uniform value, or data (not in V) *)
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | | V' x' e' p'' q' He Hte Htp
                    | V' x' e' p'' q' He Hx Htp | |]; subst;
      inversion Hr'; subst.
    + rewrite (eval_uniform V s2 s e) in *;
        try (intros y Hy Hne; symmetry; apply Hag; auto); auto.
      eapply IH; eauto; constructor; auto; econstructor; eauto.
      apply agree_u_upd_both; auto.
    + eapply IH; eauto; constructor; auto; econstructor; eauto.
      apply agree_u_upd_notin; auto.
  - (* atomic: its variable is not uniform, and not in V *)
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | | | | V' x' ar' n' p'' q' Hn Hx Htp |]; subst.
    inversion Hr'; subst.
    eapply IH; eauto; constructor; auto.
    econstructor; eauto; apply agree_u_upd_notin; auto.
  - (* havoc: not uniform, not in V *)
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | | | | | V' x' p'' q' Hx Htp]; subst.
    inversion Hr'; subst.
    eapply IH; eauto; constructor; auto.
    econstructor; eauto; apply agree_u_upd_notin; auto.
Qed.

(** Any two threads of a well-typed kernel start related. *)
Lemma aligned_init : forall V s p q i i',
  styping V p q ->
  Forall2 usim [FRun (upd s tid i) p] [FRun (upd s tid i') p].
Proof.
  intros V s p q i i' Ht; constructor; [| constructor].
  econstructor; eauto.
  intros y _ Hne; unfold upd; destruct (string_dec y tid); congruence.
Qed.

End Aligned.
