(** * The uniform rules fix the number of barriers, on the protocol side

    [aligned] shows that two threads of a kernel typed with the uniform
    rules stop alike, on programs.  This file shows the same of their
    protocols: [maligned] per phase, and [uniform_phase_count]: any two
    threads' protocols have the same number of phases.  So for such a
    kernel the protocol's verdict ([msync_sem]) is defined as soon as each
    thread's protocol runs ([msync_sem_exists]), and a run exists as soon as
    each thread's protocol terminates ([run_exists_sync]): no assumption
    about barrier alignment is left. *)

From Coq Require Import List String.
From Mapcheck Require Import ListUtil Arith Syntax Maps Typing Env
  SyncSemantics SyncProtocol PhaseSplit Aligned RunExists.
Import ListNotations.

Section Uniform.
Context {A : Arith}.

(** What the uniform rules ask of a protocol: barrier-loop bounds and
    conditions around barriers over [V] and free of [tid]. *)
Inductive suniform : vars -> sproto -> Prop :=
| SU_U V u : suniform V (MU u)
| SU_Sync V : suniform V MSync
| SU_Seq V p1 p2 : suniform V p1 -> suniform V p2 -> suniform V (MSeq p1 p2)
| SU_For V x n m st p :
    incl (fv n) V -> incl (fv m) V -> incl (fv (step_amount st)) V ->
    ~ In tid (fv n) -> ~ In tid (fv m) -> ~ In tid (fv (step_amount st)) ->
    suniform (x :: V) p -> suniform V (MFor x n m st p)
| SU_If V c p1 p2 :
    incl (fvc c) V -> ~ In tid (fvc c) ->
    suniform V p1 -> suniform V p2 -> suniform V (MIf c p1 p2)
| SU_Let V x e p :
    incl (fv e) V -> ~ In tid (fv e) ->
    suniform (x :: V) p -> suniform V (MLet x e p).

Lemma styping_suniform : forall V s p, styping V s p -> suniform V p.
Proof. induction 1; repeat constructor; auto. Qed.

Inductive musim : mframe -> mframe -> Prop :=
| MUS_Run V s1 s2 q :
    suniform V q -> agree_u V s1 s2 -> musim (MFRun s1 q) (MFRun s2 q)
| MUS_Loop V s1 s2 x vs lo hi q :
    suniform (x :: V) q -> agree_u V s1 s2 ->
    musim (MFLoop s1 x vs lo hi q) (MFLoop s2 x vs lo hi q).

Definition same_mstop (r1 r2 : mresult) : Prop :=
  match r1, r2 with
  | MDone _, MDone _ => True
  | MPaused _ k1, MPaused _ k2 => Forall2 musim k1 k2
  | _, _ => False
  end.

Lemma same_mstop_madd : forall c1 c2 r1 r2,
  same_mstop r1 r2 -> same_mstop (madd c1 r1) (madd c2 r2).
Proof. intros c1 c2 [] []; simpl; auto. Qed.

Theorem maligned : forall ks r, mrtb ks r ->
  forall ks' r', mrtb ks' r' -> Forall2 musim ks ks' -> same_mstop r r'.
Proof.
  induction 1 as
    [| s u ks r Hr IH | s ks | s p1 p2 ks r Hr IH | s x n m st p ks r Hr IH
    | s x vs lo hi p ks r Hlt Hr IH | s x vs lo hi p ks r Hlt Hr IH
    | s c p1 p2 ks r Hc Hr IH | s c p1 p2 ks r Hc Hr IH
    | s x e p ks r Hr IH];
    intros ks' r' Hr' Hsim;
    inversion Hsim as [| f1 f2 k1 k2 Hf Hks]; subst.
  - inversion Hr'; subst; simpl; auto.
  - inversion Hf; subst; inversion Hr'; subst.
    apply same_mstop_madd; eauto.
  - inversion Hf; subst; inversion Hr'; subst; simpl; auto.
  - inversion Hf as [V s1 s2 q Hu Hag |]; subst.
    inversion Hu; subst; inversion Hr'; subst.
    eapply IH; eauto; repeat constructor; auto; econstructor; eauto.
  - inversion Hf as [V s1 s2 q Hu Hag |]; subst.
    inversion Hu as [| | | V' x' n' m' st' p' Hn Hm Hk Htn Htm Htk Hp | |];
      subst.
    inversion Hr'; subst.
    rewrite (eval_uniform V s2 s n), (eval_uniform V s2 s m),
      (evstep_uniform V s2 s st) in *;
      try (intros y Hy Hne; symmetry; apply Hag; auto); auto.
    eapply IH; eauto; constructor; auto; econstructor; eauto.
  - inversion Hf as [| V s1 s2 x' vs' lo' hi' q Hu Hag]; subst.
    inversion Hr'; subst; [| congruence].
    eapply IH; eauto.
    constructor; [| constructor; auto; econstructor; eauto].
    econstructor; eauto.
    intros y Hy Hne; unfold upd; destruct (string_dec y x); auto.
    destruct Hy as [Hy | Hy]; [congruence | auto].
  - inversion Hf as [| V s1 s2 x' vs' lo' hi' q Hu Hag]; subst.
    inversion Hr'; subst; [congruence |].
    eapply IH; eauto.
  - inversion Hf as [V s1 s2 q Hu Hag |]; subst.
    inversion Hu as [| | | | V' c' p1' p2' Hcv Hct Hu1 Hu2 |]; subst.
    inversion Hr'; subst.
    + eapply IH; eauto; constructor; auto; econstructor; eauto.
    + assert (E : evalc s c = evalc s2 c)
        by (apply (evalc_uniform V); auto).
      congruence.
  - inversion Hf as [V s1 s2 q Hu Hag |]; subst.
    inversion Hu as [| | | | V' c' p1' p2' Hcv Hct Hu1 Hu2 |]; subst.
    inversion Hr'; subst.
    + assert (E : evalc s c = evalc s2 c)
        by (apply (evalc_uniform V); auto).
      congruence.
    + eapply IH; eauto; constructor; auto; econstructor; eauto.
  - inversion Hf as [V s1 s2 q Hu Hag |]; subst.
    inversion Hu as [| | | | | V' x' e' p' He Hte Hp]; subst.
    inversion Hr'; subst.
    rewrite (eval_uniform V s2 s e) in *;
      try (intros y Hy Hne; symmetry; apply Hag; auto); auto.
    eapply IH; eauto; constructor; auto; econstructor; eauto.
    apply agree_u_upd_both; auto.
Qed.

Lemma mph_aligned : forall ks gs, mph ks gs ->
  forall ks' gs', mph ks' gs' -> Forall2 musim ks ks' ->
  List.length gs = List.length gs'.
Proof.
  induction 1 as [ks g Hr | ks g ks1 gs Hr Hm IH]; intros ks' gs' Hm' Hsim;
    inversion Hm' as [k0 g0 Hr' | k0 g0 ks1' gs1 Hr' Hm1]; subst;
    pose proof (maligned _ _ Hr _ _ Hr' Hsim) as Hs; simpl in Hs;
    try contradiction; auto.
  simpl; f_equal; eauto.
Qed.

(** No divergence on the protocol side: any two threads' protocols have
    the same number of phases. *)
Theorem uniform_phase_count : forall V s p q i i' gs gs',
  styping V p q ->
  mphases (upd s tid i) q gs -> mphases (upd s tid i') q gs' ->
  List.length gs = List.length gs'.
Proof.
  intros V s p q i i' gs gs' Ht Hm Hm'.
  apply (mph_aligned _ _ Hm _ _ Hm'); constructor; [| constructor].
  econstructor; [eapply styping_suniform; eauto |].
  intros y _ Hne; unfold upd; destruct (string_dec y tid); congruence.
Qed.

(** Hence the protocol's verdict is defined as soon as each thread's
    protocol runs. *)
Theorem msync_sem_exists : forall V s T p q,
  styping V p q ->
  (forall i, In i T -> exists gs, mphases (upd s tid i) q gs) ->
  exists Ls, msync_sem T s q Ls.
Proof.
  intros V s T p q Ht Hex.
  assert (Hcase : T = [] \/ exists i0, In i0 T)
    by (destruct T as [| i0 T']; [left | right; exists i0; left]; auto).
  destruct Hcase as [-> | [i0 Hi0]].
  - exists []; split; [intros i [] |].
    intros k L HL; destruct k; discriminate.
  - destruct (Hex i0 Hi0) as [gs0 Hm0].
    exists (map (mphase_at T s q) (seq 0 (List.length gs0))); split.
    + intros i Hi; destruct (Hex i Hi) as [gs Hm].
      exists gs; split; auto.
      rewrite map_length, seq_length.
      apply (uniform_phase_count V s p q i i0); auto.
    + intros k L HL a.
      rewrite nth_error_map in HL.
      destruct (nth_error (seq 0 (List.length gs0)) k) as [k' |] eqn:E;
        inversion HL; subst.
      assert (Hk : k < List.length (seq 0 (List.length gs0))).
      { apply nth_error_Some; congruence. }
      apply (nth_error_nth _ _ 0) in E.
      rewrite seq_nth in E; [| rewrite seq_length in Hk; auto].
      simpl in E; subst; tauto.
Qed.

(** Run existence, uniform rules: a kernel whose threads' protocols each
    run and terminate has a run; no alignment is assumed. *)
Theorem run_exists_sync : forall mem0 V s T H p q,
  styping V p q ->
  (forall i, In i T -> exists gs, mphases (upd s tid i) q gs) ->
  (forall i, In i T -> sterm (upd s tid i) q) ->
  exists I, psync_run mem0 s T H p I.
Proof.
  intros mem0 V s T H p q Ht Hex Hterm.
  destruct (msync_sem_exists V s T p q Ht Hex) as [Ls Hsem].
  apply (run_exists_sync_relaxed mem0 V s T H p q Ls); auto.
  apply styping_relaxed; auto.
Qed.

End Uniform.
