(** * Run existence for terminating programs

    Theorem 1 is about runs that exist.  The direction a [proven] alarm
    needs, a racy protocol implies some run races ([TrueAlarm]), needs a
    run to exist.  A well-typed program's control never depends on values
    read, so whether it terminates is a property of its protocol alone:
    [uterm s u] says that every loop the protocol [u] meets in [s] stops.
    [exec_exists]: a well-typed thread whose protocol terminates has a run,
    whatever the history and the initial memory; [par_exists] lifts it to
    rule PAR.  In unbounded integers every protocol terminates
    ([uterm_Z]); in 32-bit words every protocol does whose parameters and
    thread ids are 32-bit values ([uterm_bv32]).

    The synchronised fragment: [phase_exists] is the converse of
    [phase_split], read from the protocol's run of a phase to the
    program's; [psync_exists] chains the phases when all threads have the
    same number of protocol phases (which [msync_sem] asserts, and which
    the uniform rules guarantee: [uniform_phase_count]). *)

From Coq Require Import List String ZArith Lia.
From Mapcheck Require Import ListUtil Arith Syntax Maps Semantics Protocol
  Typing Env SyncSemantics SyncProtocol PhaseSplit.
Import ListNotations.

Section RunExists.
Context {A : Arith}.

(** ** Termination of a protocol *)

Inductive uterm : env -> proto -> Prop :=
| UT_Skip s : uterm s USkip
| UT_Acc s o a n : uterm s (UAcc o a n)
| UT_Seq s u1 u2 : uterm s u1 -> uterm s u2 -> uterm s (USeq u1 u2)
| UT_IfT s c u1 u2 : evalc s c = true -> uterm s u1 -> uterm s (UIf c u1 u2)
| UT_IfF s c u1 u2 : evalc s c = false -> uterm s u2 -> uterm s (UIf c u1 u2)
| UT_For s x n m st u :
    lterm s x (evstep s st) (eval s n) (eval s m) u ->
    uterm s (UFor x n m st u)
| UT_Let s x e u : uterm (upd s x (eval s e)) u -> uterm s (ULet x e u)
| UT_Assume s c : evalc s c = true -> uterm s (UAssume c)
with lterm : env -> var -> vstep -> val -> val -> proto -> Prop :=
| LT_Stop s x vs lo hi u : vguard vs lo hi = false -> lterm s x vs lo hi u
| LT_Step s x vs lo hi u :
    vguard vs lo hi = true -> uterm (upd s x lo) u ->
    lterm s x vs (vnext vs lo) hi u -> lterm s x vs lo hi u.

Scheme uterm_ind2 := Induction for uterm Sort Prop
  with lterm_ind2 := Induction for lterm Sort Prop.
Combined Scheme uterm_lterm_ind from uterm_ind2, lterm_ind2.

Section Thread.
Variable mem0 : cell -> val.
Variable H : history.
Variable i : val.

Lemma exec_exists :
  (forall s2 u, uterm s2 u ->
     forall V b s1 a, typing V b u -> agree V s1 s2 ->
     exists a', exec mem0 H i s1 a b a') /\
  (forall s2 x vs lo hi u, lterm s2 x vs lo hi u ->
     forall V b s1 a, typing (x :: V) b u -> agree V s1 s2 ->
     exists a', loop mem0 H i s1 a x vs lo hi b a').
Proof.
  apply uterm_lterm_ind.
  - (* skip *)
    intros s V b s1 a Ht Hag; inversion Ht; subst; eexists; constructor.
  - (* access: only a write stands alone *)
    intros s o ar n V b s1 a Ht Hag; inversion Ht; subst; eexists; constructor.
  - (* sequence, or a read and its body *)
    intros s u1 u2 Hu1 IH1 Hu2 IH2 V b s1 a Ht Hag; inversion Ht; subst.
    + destruct (IH2 V b0 (upd s1 x (lastwrite mem0 (a0, evali s1 n)
                                      ([(i, a)] :: H)))
                  (addR (a0, evali s1 n) a)) as [a' Ha']; auto.
      * apply agree_upd_left; auto.
      * exists a'; econstructor; eauto.
    + destruct (IH1 V b1 s1 a) as [a1 Ha1]; auto.
      destruct (IH2 V b2 s1 a1) as [a2 Ha2]; auto.
      exists a2; econstructor; eauto.
    + (* a let of data: [skip; u] *)
      destruct (IH2 V b0 (upd s1 x (eval s1 e)) a) as [a' Ha']; auto.
      * apply agree_upd_left; auto.
      * exists a'; constructor; auto.
    + (* an atomic: any value will do *)
      destruct (IH2 V b0 (upd s1 x (s1 x)) (addA (a0, evali s1 n) a))
        as [a' Ha']; auto.
      * apply agree_upd_left; auto.
      * exists a'; eapply E_Atomic; eauto.
    + (* a havoc: [skip; u], any value will do *)
      destruct (IH2 V b0 (upd s1 x (s1 x)) a) as [a' Ha']; auto.
      * apply agree_upd_left; auto.
      * exists a'; eapply E_Havoc; eauto.
  - (* if, then-branch *)
    intros s c u1 u2 Hc Hu IH V b s1 a Ht Hag; inversion Ht; subst.
    destruct (IH V b1 s1 a) as [a' Ha']; auto.
    exists a'; apply E_IfT; auto; rewrite (evalc_agree V s1 s c); auto.
  - (* if, else-branch *)
    intros s c u1 u2 Hc Hu IH V b s1 a Ht Hag; inversion Ht; subst.
    destruct (IH V b2 s1 a) as [a' Ha']; auto.
    exists a'; apply E_IfF; auto; rewrite (evalc_agree V s1 s c); auto.
  - (* loop *)
    intros s x n m st u Hl IH V b s1 a Ht Hag; inversion Ht; subst.
    destruct (IH V b0 s1 a) as [a' Ha']; auto.
    exists a'; constructor.
    rewrite (eval_agree V s1 s n), (eval_agree V s1 s m),
      (evstep_agree V s1 s st); auto.
  - (* let of a data-free value *)
    intros s x e u Hu IH V b s1 a Ht Hag; inversion Ht; subst.
    destruct (IH (x :: V) b0 (upd s1 x (eval s1 e)) a) as [a' Ha'].
    + auto.
    + rewrite (eval_agree V s1 s e); auto; apply agree_upd_both; auto.
    + exists a'; constructor; auto.
  - (* assume: it holds *)
    intros s c Hc V b s1 a Ht Hag; inversion Ht; subst.
    exists a; constructor; rewrite (evalc_agree V s1 s c); auto.
  - (* loop exit *)
    intros s x vs lo hi u Hlt V b s1 a Ht Hag; eexists; apply L_Stop; auto.
  - (* loop iteration *)
    intros s x vs lo hi u Hlt Hu IHu Hl IHl V b s1 a Ht Hag.
    destruct (IHu (x :: V) b (upd s1 x lo) a) as [a1 Ha1]; auto.
    + apply agree_upd_both; auto.
    + destruct (IHl V b s1 a1) as [a2 Ha2]; auto.
      exists a2; eapply L_Step; eauto.
Qed.

End Thread.

(** Rule PAR has a derivation when every thread's protocol terminates. *)
Theorem par_exists : forall mem0 V s T H b u,
  typing V b u ->
  (forall i, In i T -> uterm (upd s tid i) u) ->
  exists I, par mem0 s T H b I.
Proof.
  intros mem0 V s T H b u Ht Hterm.
  destruct (choose_list val_eq_dec rw0
              (fun i a => exec mem0 H i (upd s tid i) rw0 b a) T)
    as [f Hf].
  - intros i Hi.
    apply (proj1 (exec_exists mem0 H i) _ _ (Hterm i Hi) V b); auto.
    apply agree_refl.
  - exists (mkphase T f :: H), f; auto.
Qed.

(** ** Stride-1 protocols

    A loop with any step may run forever ([step +0], or a wrapping step in
    [bv32]); termination is proved below for the paper's loops, those with
    [unit_step].  [uunit u] and [sunit p] say that every loop of a
    protocol has that step. *)
Fixpoint uunit (u : proto) : Prop :=
  match u with
  | USkip | UAcc _ _ _ => True
  | USeq u1 u2 | UIf _ u1 u2 => uunit u1 /\ uunit u2
  | UFor _ _ _ st u => st = unit_step /\ uunit u
  | ULet _ _ u => uunit u
  | UAssume _ => False
  end.

Fixpoint sunit (p : sproto) : Prop :=
  match p with
  | MU u => uunit u
  | MSync => True
  | MSeq p1 p2 | MIf _ p1 p2 => sunit p1 /\ sunit p2
  | MFor _ _ _ st p => st = unit_step /\ sunit p
  | MLet _ _ p => sunit p
  end.

End RunExists.

(** ** Every stride-1 protocol terminates in unbounded integers *)

Section Z.
#[local] Existing Instance Z_arith.

Lemma lterm_Z : forall (u : proto) x,
  (forall s, uterm s u) ->
  forall (k : nat) s s0 (lo hi : Z), Z.to_nat (hi - lo) = k ->
  lterm s x (evstep s0 unit_step) lo hi u.
Proof.
  intros u x Hu k; induction k as [| k IH]; intros s s0 lo hi Hk.
  - apply LT_Stop; simpl; apply Z.ltb_ge; lia.
  - destruct (Z.ltb lo hi) eqn:E.
    + apply LT_Step; auto.
      apply IH; simpl; lia.
    + apply LT_Stop; auto.
Qed.

Theorem uterm_Z : forall (s : env) u, uunit u -> uterm s u.
Proof.
  intros s u; revert s; induction u as [| o ar n | u1 IH1 u2 IH2 | c u1 IH1 u2 IH2
                                      | x n m st u IH | x e u IH | c]; intros s Hu;
    simpl in Hu.
  - constructor.
  - constructor.
  - constructor; [apply IH1 | apply IH2]; tauto.
  - destruct (evalc s c) eqn:E;
      [apply UT_IfT; [| apply IH1] | apply UT_IfF; [| apply IH2]]; tauto.
  - destruct Hu as [-> Hu]; constructor; eapply lterm_Z; eauto.
  - constructor; auto.
  - contradiction.
Qed.

End Z.

(** ** The synchronised fragment *)

Section SyncRunExists.
Context {A : Arith}.

(** Every unsynchronised protocol of a segment terminates. *)
Definition seg_term (g : seg) : Prop :=
  Forall (fun c => uterm (fst c) (snd c)) g.

Definition mres_term (r : mresult) : Prop :=
  match r with MDone g | MPaused g _ => seg_term g end.

(** Every phase of a thread's protocol terminates: the hypothesis of run
    existence for the synchronised fragment. *)
Definition sterm (s : env) (q : sproto) : Prop :=
  forall gs, mphases s q gs -> Forall seg_term gs.

(** Continuations related frame by frame, as [Forall2 fsim], plus one
    more shape: a read spanning barriers ([PRead], protocol
    [MSeq (MU rd[n]) q]) whose protocol has been split by [MR_Seq] and not
    yet reached its access. *)
Inductive ksim : list frame -> list mframe -> Prop :=
| KS_Nil : ksim [] []
| KS_Cons f mf ks mks : fsim f mf -> ksim ks mks -> ksim (f :: ks) (mf :: mks)
| KS_Read V s1 s2 x ar n p q ks mks :
    incl (fvi n) V -> ~ In x V -> rstyping V p q -> agree V s1 s2 ->
    ksim ks mks ->
    ksim (FRun s1 (PRead x ar n p) :: ks)
         (MFRun s2 (MU (UAcc Rd ar n)) :: MFRun s2 q :: mks)
| KS_LetD V s1 s2 x e p q ks mks :
    ~ incl (fv e) V -> ~ In x V -> rstyping V p q -> agree V s1 s2 ->
    ksim ks mks ->
    ksim (FRun s1 (PLet x e p) :: ks)
         (MFRun s2 (MU USkip) :: MFRun s2 q :: mks)
| KS_Atomic V s1 s2 x ar n p q ks mks :
    incl (fvi n) V -> ~ In x V -> rstyping V p q -> agree V s1 s2 ->
    ksim ks mks ->
    ksim (FRun s1 (PAtomic x ar n p) :: ks)
         (MFRun s2 (MU (UAcc At ar n)) :: MFRun s2 q :: mks)
| KS_Havoc V s1 s2 x p q ks mks :
    ~ In x V -> rstyping V p q -> agree V s1 s2 ->
    ksim ks mks ->
    ksim (FRun s1 (PHavoc x p) :: ks)
         (MFRun s2 (MU USkip) :: MFRun s2 q :: mks).

Lemma ksim_of_fsim : forall ks mks, Forall2 fsim ks mks -> ksim ks mks.
Proof. induction 1; constructor; auto. Qed.

Definition same_shape (r : result) (mr : mresult) : Prop :=
  match r, mr with
  | Done _, MDone _ => True
  | Paused _ ks, MPaused _ mks => ksim ks mks
  | _, _ => False
  end.

Lemma same_shape_madd : forall r c mr,
  same_shape r (madd c mr) <-> same_shape r mr.
Proof. intros [] c []; simpl; tauto. Qed.

Lemma mres_term_madd : forall c mr,
  mres_term (madd c mr) -> uterm (fst c) (snd c) /\ mres_term mr.
Proof.
  intros c [g | g ks]; simpl; unfold seg_term; intros Hf; inversion Hf;
    auto.
Qed.

Section Thread.
Variable mem0 : cell -> val.
Variable H : history.
Variable i : val.

(** The converse of [phase_split]: when the protocol's phase terminates,
    the program's phase has a run, and it stops as the protocol does. *)
Lemma phase_exists : forall mks mr, mrtb mks mr ->
  forall ks, ksim ks mks -> mres_term mr ->
  forall a, exists r, rtb mem0 H i a ks r /\ same_shape r mr.
Proof.
  induction 1 as
    [| s u mks r Hr IH | s mks | s q1 q2 mks r Hr IH | s x n m st q mks r Hr IH
    | s x vs lo hi q mks r Hlt Hr IH | s x vs lo hi q mks r Hlt Hr IH
    | s c q1 q2 mks r Hc Hr IH | s c q1 q2 mks r Hc Hr IH
    | s x e q mks r Hr IH];
    intros ks Hk Hterm a.
  - (* end *)
    inversion Hk; subst; exists (Done a); split; [constructor | exact I].
  - (* unsynchronised block, or the access of a read spanning barriers *)
    apply mres_term_madd in Hterm; destruct Hterm as [Hu Hterm]; simpl in Hu.
    inversion Hk as [| f mf ks' mks' Hf Hks | V s1 s2 x ar n p q ks' mks'' Hn Hx
                       Hp Hag Hks | V s1 s2 x e p q ks' mks'' He Hx Hp Hag Hks
                   | V s1 s2 x ar n p q ks' mks'' Hn Hx Hp Hag Hks
                   | V s1 s2 x p q ks' mks'' Hx Hp Hag Hks];
      subst.
    + inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
      inversion Ht as [V' b u' Hb | | | | | | | | |]; subst.
      destruct (proj1 (exec_exists mem0 H i) s u Hu V b s1 a Hb Hag)
        as [a1 Ha1].
      destruct (IH ks' Hks Hterm a1) as [r' [Hr' Hs]].
      exists r'; split; [econstructor; eauto | apply same_shape_madd; auto].
    + destruct (IH (FRun (upd s1 x (lastwrite mem0 (ar, evali s1 n)
                                      ([(i, a)] :: H))) p :: ks'))
        with (a := addR (ar, evali s1 n) a) as [r' [Hr' Hs]]; auto.
      * constructor; auto; econstructor; eauto; apply agree_upd_left; auto.
      * exists r'; split; [constructor; auto | apply same_shape_madd; auto].
    + (* the [skip] of a let of data spanning barriers *)
      destruct (IH (FRun (upd s1 x (eval s1 e)) p :: ks')) with (a := a)
        as [r' [Hr' Hs]]; auto.
      * constructor; auto; econstructor; eauto; apply agree_upd_left; auto.
      * exists r'; split; [constructor; auto | apply same_shape_madd; auto].
    + (* the access of an atomic spanning barriers: any value will do *)
      destruct (IH (FRun (upd s1 x (s1 x)) p :: ks'))
        with (a := addA (ar, evali s1 n) a) as [r' [Hr' Hs]]; auto.
      * constructor; auto; econstructor; eauto; apply agree_upd_left; auto.
      * exists r'; split; [eapply R_Atomic; eauto | apply same_shape_madd; auto].
    + (* the [skip] of a havoc spanning barriers: any value will do *)
      destruct (IH (FRun (upd s1 x (s1 x)) p :: ks')) with (a := a)
        as [r' [Hr' Hs]]; auto.
      * constructor; auto; econstructor; eauto; apply agree_upd_left; auto.
      * exists r'; split; [eapply R_Havoc; eauto | apply same_shape_madd; auto].
  - (* barrier *)
    inversion Hk as [| f mf ks' mks' Hf Hks | | | |]; subst.
    inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
    inversion Ht; subst.
    exists (Paused a ks'); split; [constructor | exact Hks].
  - (* sequence, or a read spanning barriers *)
    inversion Hk as [| f mf ks' mks' Hf Hks | | | |]; subst.
    inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
    inversion Ht as [| | V' p1 p2 q1' q2' Ht1 Ht2 | V' x ar n p' q' Hn Hx Htp
                    | | | | V' x e p' q' He Hx Htp | V' x ar n p' q' Hn Hx Htp
                    | V' x p' q' Hx Htp];
      subst.
    + destruct (IH (FRun s1 p1 :: FRun s1 p2 :: ks')) with (a := a)
        as [r' [Hr' Hs]]; auto.
      * repeat constructor; auto; econstructor; eauto.
      * exists r'; split; auto; constructor; auto.
    + apply (IH (FRun s1 (PRead x ar n p') :: ks')); auto.
      eapply KS_Read; eauto.
    + apply (IH (FRun s1 (PLet x e p') :: ks')); auto.
      eapply KS_LetD; eauto.
    + apply (IH (FRun s1 (PAtomic x ar n p') :: ks')); auto.
      eapply KS_Atomic; eauto.
    + apply (IH (FRun s1 (PHavoc x p') :: ks')); auto.
      eapply KS_Havoc; eauto.
  - (* barrier loop *)
    inversion Hk as [| f mf ks' mks' Hf Hks | | | |]; subst.
    inversion Hf as [V s1 s2 p q' Ht Hag |]; subst.
    inversion Ht as [| | | | V' x' n' m' st' p' q'' Hn Hm Hk' Htp | | | | |]; subst.
    destruct (IH (FLoop s1 x (evstep s st) (eval s n) (eval s m) p' :: ks'))
      with (a := a)
      as [r' [Hr' Hs]]; auto.
    + constructor; auto; econstructor; eauto.
    + exists r'; split; auto; constructor.
      rewrite (eval_agree V s1 s n), (eval_agree V s1 s m),
        (evstep_agree V s1 s st); auto.
  - (* loop iteration *)
    inversion Hk as [| f mf ks' mks' Hf Hks | | | |]; subst.
    inversion Hf as [| V s1 s2 x' vs' lo' hi' p q' Ht Hag]; subst.
    destruct (IH (FRun (upd s1 x lo) p :: FLoop s1 x vs (vnext vs lo) hi p :: ks'))
      with (a := a) as [r' [Hr' Hs]]; auto.
    + constructor; [| constructor; auto].
      * econstructor; eauto; apply agree_upd_both; auto.
      * econstructor; eauto.
    + exists r'; split; auto; constructor; auto.
  - (* loop exit *)
    inversion Hk as [| f mf ks' mks' Hf Hks | | | |]; subst.
    inversion Hf as [| V s1 s2 x' vs' lo' hi' p q' Ht Hag]; subst.
    destruct (IH ks' Hks Hterm a) as [r' [Hr' Hs]].
    exists r'; split; auto; apply R_LoopF; auto.
  - (* conditional, then-branch *)
    inversion Hk as [| f mf ks' mks' Hf Hks | | | |]; subst.
    inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
    inversion Ht as [| | | | | V' c' p1 p2 q1' q2' Hcv Ht1 Ht2 | | | |]; subst.
    destruct (IH (FRun s1 p1 :: ks')) with (a := a) as [r' [Hr' Hs]]; auto.
    + constructor; auto; econstructor; eauto.
    + exists r'; split; auto; apply R_IfT; auto.
      rewrite (evalc_agree V s1 s c); auto.
  - (* conditional, else-branch *)
    inversion Hk as [| f mf ks' mks' Hf Hks | | | |]; subst.
    inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
    inversion Ht as [| | | | | V' c' p1 p2 q1' q2' Hcv Ht1 Ht2 | | | |]; subst.
    destruct (IH (FRun s1 p2 :: ks')) with (a := a) as [r' [Hr' Hs]]; auto.
    + constructor; auto; econstructor; eauto.
    + exists r'; split; auto; apply R_IfF; auto.
      rewrite (evalc_agree V s1 s c); auto.
  - (* let of a data-free value *)
    inversion Hk as [| f mf ks' mks' Hf Hks | | | |]; subst.
    inversion Hf as [V s1 s2 p q' Ht Hag |]; subst.
    inversion Ht as [| | | | | | V' x' e' p' q'' He Htp | | |]; subst.
    destruct (IH (FRun (upd s1 x (eval s1 e)) p' :: ks')) with (a := a)
      as [r' [Hr' Hs]]; auto.
    + constructor; auto; econstructor; eauto.
      rewrite (eval_agree V s1 s e); auto; apply agree_upd_both; auto.
    + exists r'; split; auto; constructor; auto.
Qed.

End Thread.

Lemma mph_nonempty : forall mks gs, mph mks gs -> gs <> [].
Proof. intros mks gs Hm; inversion Hm; discriminate. Qed.

(** The phases chain: threads whose protocols all have [S n] terminating
    phases from related continuations have a run. *)
Lemma psync_exists : forall mem0 T n H ks mks,
  (forall i, In i T -> ksim (ks i) (mks i) /\
     exists gs, mph (mks i) gs /\ List.length gs = S n /\ Forall seg_term gs) ->
  exists I, psync mem0 T H ks I.
Proof.
  intros mem0 T n; induction n as [| n IH]; intros H ks mks Hall.
  - destruct (choose_list val_eq_dec rw0
                (fun i a => rtb mem0 H i rw0 (ks i) (Done a)) T) as [f Hf].
    + intros i Hi; destruct (Hall i Hi) as [Hk [gs [Hm [Hl Ht]]]].
      destruct gs as [| g [| g' gs]]; try discriminate.
      inversion Hm as [ks0 g0 Hr | ks0 g0 ks' gs' Hr Hm']; subst.
      * destruct (phase_exists mem0 H i _ _ Hr (ks i) Hk) with (a := rw0)
          as [[a | a k] [Hr' Hs]]; [inversion Ht; auto | | ].
        -- exists a; auto.
        -- contradiction.
      * exfalso; apply (mph_nonempty _ _ Hm'); auto.
    + exists (mkphase T f :: H); constructor; auto.
  - destruct (choose_list val_eq_dec (rw0, [], [])
                (fun i c => rtb mem0 H i rw0 (ks i)
                              (Paused (fst (fst c)) (snd (fst c))) /\
                            ksim (snd (fst c)) (snd c) /\
                            exists gs, mph (snd c) gs /\ List.length gs = S n /\
                                       Forall seg_term gs) T) as [c Hc].
    + intros i Hi; destruct (Hall i Hi) as [Hk [gs [Hm [Hl Ht]]]].
      destruct gs as [| g gs]; try discriminate.
      inversion Hm as [ks0 g0 Hr | ks0 g0 mks' gs' Hr Hm']; subst.
      * simpl in Hl; discriminate.
      * inversion Ht as [| g0 gs0 Hg Hgs]; subst.
        destruct (phase_exists mem0 H i _ _ Hr (ks i) Hk Hg rw0)
          as [[a | a k] [Hr' Hs]]; [contradiction |].
        exists (a, k, mks'); simpl; repeat split; auto.
        eexists; split; [eassumption | split; [simpl in Hl; congruence |]];
          assumption.
    + destruct (IH (mkphase T (fun i => fst (fst (c i))) :: H)
                  (fun i => snd (fst (c i))) (fun i => snd (c i)))
        as [I HI].
      * intros i Hi; destruct (Hc i Hi) as [_ [Hk Hgs]]; auto.
      * exists I; eapply PS_Sync; eauto.
        intros i Hi; apply (Hc i Hi).
Qed.

(** Run existence, relaxed rules: a kernel whose protocol's phases are
    defined ([msync_sem]: every thread has the same number of phases) and
    terminate has a run, from any history and initial memory. *)
Theorem run_exists_sync_relaxed : forall mem0 V s T H p q Ls,
  rstyping V p q ->
  msync_sem T s q Ls ->
  (forall i, In i T -> sterm (upd s tid i) q) ->
  exists I, psync_run mem0 s T H p I.
Proof.
  intros mem0 V s T H p q Ls Ht [Hlen _] Hterm.
  destruct (List.length Ls) as [| n] eqn:EL.
  - exists (mkphase T (fun _ => rw0) :: H); constructor.
    intros i Hi; destruct (Hlen i Hi) as [gs [Hm Hl]].
    exfalso; apply (mph_nonempty _ _ Hm); destruct gs; auto; discriminate.
  - apply (psync_exists mem0 T n H _ (fun i => [MFRun (upd s tid i) q])).
    intros i Hi; split.
    + repeat constructor; econstructor; eauto; apply agree_refl.
    + destruct (Hlen i Hi) as [gs [Hm Hl]].
      exists gs; repeat split; auto; apply (Hterm i Hi); auto.
Qed.

(** The segments of a stride-1 protocol are stride-1. *)
Definition unit_mframe (f : mframe) : Prop :=
  match f with
  | MFRun _ q => sunit q
  | MFLoop _ _ _ _ _ q => sunit q
  end.

Definition unit_seg (g : seg) : Prop := Forall (fun c => uunit (snd c)) g.

Definition unit_mres (r : mresult) : Prop :=
  match r with
  | MDone g => unit_seg g
  | MPaused g ks => unit_seg g /\ Forall unit_mframe ks
  end.

Lemma mrtb_unit : forall ks r, mrtb ks r ->
  Forall unit_mframe ks -> unit_mres r.
Proof.
  induction 1 as
    [| s u ks r Hr IH | s ks | s p1 p2 ks r Hr IH | s x n m st p ks r Hr IH
    | s x vs lo hi p ks r Hlt Hr IH | s x vs lo hi p ks r Hlt Hr IH
    | s c p1 p2 ks r Hc Hr IH | s c p1 p2 ks r Hc Hr IH
    | s x e p ks r Hr IH];
    intros Hks; try (inversion Hks as [| f0 ks0 Hf Hks']; subst; simpl in Hf).
  - simpl; constructor.
  - specialize (IH Hks'); destruct r as [g | g k]; simpl in *.
    + constructor; auto.
    + destruct IH; split; auto; constructor; auto.
  - simpl; split; auto; constructor.
  - apply IH; repeat constructor; tauto.
  - apply IH; constructor; auto; simpl; tauto.
  - apply IH; repeat constructor; auto.
  - apply IH; auto.
  - apply IH; constructor; simpl; tauto.
  - apply IH; constructor; simpl; tauto.
  - apply IH; constructor; auto.
Qed.

Lemma mph_unit : forall ks gs, mph ks gs ->
  Forall unit_mframe ks -> Forall unit_seg gs.
Proof.
  induction 1 as [ks g Hr | ks g ks' gs Hr Hm IH]; intros Hks;
    pose proof (mrtb_unit _ _ Hr Hks) as Hc; simpl in Hc.
  - repeat constructor; auto.
  - destruct Hc; constructor; auto.
Qed.

(** Termination of a stride-1 protocol's segments from that of its
    unsynchronised parts. *)
Lemma sterm_of_uterm : forall (P : env -> Prop) s q,
  (forall s' u, P s' -> uunit u -> uterm s' u) ->
  (forall gs, mphases s q gs -> Forall (Forall (fun c => P (fst c))) gs) ->
  sunit q -> sterm s q.
Proof.
  intros P s q Hu HP Hq gs Hm.
  assert (Hc : Forall unit_seg gs)
    by (apply (mph_unit _ _ Hm); constructor; [exact Hq | constructor]).
  specialize (HP gs Hm).
  apply Forall_forall; intros g Hg.
  rewrite Forall_forall in Hc, HP; specialize (Hc g Hg); specialize (HP g Hg).
  unfold unit_seg in Hc; unfold seg_term; rewrite Forall_forall in *.
  intros c Hc'; apply Hu; auto.
Qed.

End SyncRunExists.

Section ZSync.
#[local] Existing Instance Z_arith.

(** In unbounded integers every segment of a stride-1 protocol
    terminates. *)
Lemma sterm_Z : forall s q, sunit q -> sterm s q.
Proof.
  intros s q; apply (sterm_of_uterm (fun _ => True)).
  - intros s' u _; apply uterm_Z.
  - intros gs _; apply Forall_forall; intros g _; apply Forall_forall; auto.
Qed.

End ZSync.

(** ** In 32-bit words, every protocol over 32-bit values terminates

    A loop's successor wraps around, so [for x in 0..N] with a parameter
    [N >= 2^32] would not terminate in [bv32_arith]; the tool's parameters
    and thread ids are 32-bit values, and with those every loop stops:
    its variable counts up from a 32-bit value to a 32-bit bound without
    wrapping. *)

Section BV32.
#[local] Existing Instance bv32_arith.

Definition canon (v : Z) : Prop := (0 <= v < modulus)%Z.

Definition canon_env (s : env) : Prop := forall x, canon (s x).

Lemma canon_wrap : forall z, canon (wrap z).
Proof. intros z; unfold canon, wrap, modulus; apply Z.mod_pos_bound; lia. Qed.

Lemma canon_eval : forall s e, canon_env s -> canon (eval s e).
Proof.
  intros s e Hs;
    induction e as [n | x | o e1 IH1 e2 IH2 | c a IHa b IHb e1 IH1 e2 IH2]; simpl.
  - apply canon_wrap.
  - apply Hs.
  - unfold bv32_binop; apply canon_wrap.
  - destruct (eval_cmpop c (eval s a) (eval s b)); auto.
Qed.

Lemma canon_upd : forall s x v, canon_env s -> canon v -> canon_env (upd s x v).
Proof. intros s x v Hs Hv y; unfold upd; destruct (string_dec y x); auto. Qed.

Lemma succ_bv32 : forall lo hi, canon lo -> canon hi -> Z.ltb lo hi = true ->
  succ lo = (lo + 1)%Z.
Proof.
  intros lo hi Hlo Hhi Hlt; apply Z.ltb_lt in Hlt; unfold canon, modulus in *.
  simpl; unfold bv32_binop, wrap, modulus.
  rewrite (Z.mod_small (Z.of_nat 1)) by lia; simpl.
  apply Z.mod_small; lia.
Qed.

Lemma lterm_bv32 : forall (u : proto) x,
  (forall s, canon_env s -> uterm s u) ->
  forall (k : nat) s s0 (lo hi : Z), canon_env s -> canon lo -> canon hi ->
  Z.to_nat (hi - lo) = k -> lterm s x (evstep s0 unit_step) lo hi u.
Proof.
  intros u x Hu k; induction k as [| k IH]; intros s s0 lo hi Hs Hlo Hhi Hk.
  - apply LT_Stop; simpl; apply Z.ltb_ge; lia.
  - destruct (Z.ltb lo hi) eqn:E.
    + apply LT_Step; auto.
      * apply Hu, canon_upd; auto.
      * change (vnext (evstep s0 unit_step) lo) with (succ lo).
        rewrite (succ_bv32 lo hi) by auto.
        apply Z.ltb_lt in E; unfold canon in *.
        apply IH; auto; lia.
    + apply LT_Stop; auto.
Qed.

Theorem uterm_bv32 : forall (s : env) u, canon_env s -> uunit u -> uterm s u.
Proof.
  intros s u; revert s; induction u as [| o ar n | u1 IH1 u2 IH2 | c u1 IH1 u2 IH2
                                      | x n m st u IH | x e u IH | c]; intros s Hs Hu;
    simpl in Hu.
  - constructor.
  - constructor.
  - constructor; [apply IH1 | apply IH2]; tauto.
  - destruct (evalc s c) eqn:E;
      [apply UT_IfT; [| apply IH1] | apply UT_IfF; [| apply IH2]]; tauto.
  - destruct Hu as [-> Hu].
    constructor; eapply lterm_bv32; eauto; apply canon_eval; auto.
  - constructor; apply IH; auto; apply canon_upd; auto; apply canon_eval; auto.
  - contradiction.
Qed.

(** The environments of a protocol's frames and segments stay 32-bit. *)
Definition canon_mframe (f : mframe) : Prop :=
  match f with
  | MFRun s _ => canon_env s
  | MFLoop s _ _ lo _ _ => canon_env s /\ canon lo
  end.

Definition canon_seg (g : seg) : Prop := Forall (fun c => canon_env (fst c)) g.

Definition canon_mres (r : mresult) : Prop :=
  match r with
  | MDone g => canon_seg g
  | MPaused g ks => canon_seg g /\ Forall canon_mframe ks
  end.

Lemma mrtb_canon : forall ks r, mrtb ks r ->
  Forall canon_mframe ks -> canon_mres r.
Proof.
  induction 1 as
    [| s u ks r Hr IH | s ks | s p1 p2 ks r Hr IH | s x n m st p ks r Hr IH
    | s x vs lo hi p ks r Hlt Hr IH | s x vs lo hi p ks r Hlt Hr IH
    | s c p1 p2 ks r Hc Hr IH | s c p1 p2 ks r Hc Hr IH
    | s x e p ks r Hr IH];
    intros Hks; try (inversion Hks as [| f0 ks0 Hf Hks']; subst; simpl in Hf).
  - simpl; constructor.
  - specialize (IH Hks'); destruct r as [g | g k]; simpl in *.
    + constructor; auto.
    + destruct IH; split; auto; constructor; auto.
  - simpl; split; auto; constructor.
  - apply IH; constructor; [| constructor]; auto.
  - apply IH; constructor; auto; simpl; split; auto; apply canon_eval; auto.
  - destruct Hf as [Hs Hlo]; apply IH.
    constructor; [apply canon_upd; auto | constructor; auto].
    simpl; split; auto.
    destruct vs; simpl; unfold bv32_binop; apply canon_wrap.
  - apply IH; auto.
  - apply IH; constructor; auto.
  - apply IH; constructor; auto.
  - apply IH; constructor; auto; simpl; apply canon_upd; auto;
      apply canon_eval; auto.
Qed.

Lemma mph_canon : forall ks gs, mph ks gs ->
  Forall canon_mframe ks -> Forall canon_seg gs.
Proof.
  induction 1 as [ks g Hr | ks g ks' gs Hr Hm IH]; intros Hks;
    pose proof (mrtb_canon _ _ Hr Hks) as Hc; simpl in Hc.
  - repeat constructor; auto.
  - destruct Hc; constructor; auto.
Qed.

Theorem sterm_bv32 : forall s q, canon_env s -> sunit q -> sterm s q.
Proof.
  intros s q Hs; apply (sterm_of_uterm canon_env).
  - intros s' u Hs' Hu; apply uterm_bv32; auto.
  - intros gs Hm; apply (mph_canon _ _ Hm); constructor; [exact Hs | constructor].
Qed.

End BV32.

(** ** Termination from an invariant on values, for any arithmetic

    The arguments for [int] and unsigned [bv32] above, once for every
    arithmetic whose stride-1 loops count down a distance [dist] on a set
    of [good] values that evaluation preserves.  The signed instance
    ([bv32s_arith], the tool's [--arith bv32]) uses it below. *)

Section GoodTerm.
Context {A : Arith}.
Variable good : val -> Prop.
Variable dist : val -> val -> nat.
Hypothesis eval_good : forall s e, (forall x, good (s x)) -> good (eval s e).
Hypothesis step_good : forall lo hi, good lo -> good hi ->
  val_ltb lo hi = true -> good (succ lo) /\ dist lo hi = S (dist (succ lo) hi).

Definition genv (s : env) : Prop := forall x, good (s x).

Lemma genv_upd : forall s x v, genv s -> good v -> genv (upd s x v).
Proof. intros s x v Hs Hv y; unfold upd; destruct (string_dec y x); auto. Qed.

Lemma lterm_good : forall (u : proto) x,
  (forall s, genv s -> uterm s u) ->
  forall k s s0 lo hi, genv s -> good lo -> good hi -> dist lo hi = k ->
  lterm s x (evstep s0 unit_step) lo hi u.
Proof.
  intros u x Hu k; induction k as [| k IH]; intros s s0 lo hi Hs Hlo Hhi Hk.
  - apply LT_Stop; change (val_ltb lo hi = false).
    destruct (val_ltb lo hi) eqn:E; auto.
    destruct (step_good lo hi Hlo Hhi E) as [_ Hd]; congruence.
  - destruct (val_ltb lo hi) eqn:E.
    + destruct (step_good lo hi Hlo Hhi E) as [Hg Hd].
      apply LT_Step; auto.
      * apply Hu, genv_upd; auto.
      * change (vnext (evstep s0 unit_step) lo) with (succ lo).
        apply IH; auto; congruence.
    + apply LT_Stop; auto.
Qed.

Theorem uterm_good : forall (s : env) u, genv s -> uunit u -> uterm s u.
Proof.
  intros s u; revert s; induction u as [| o ar n | u1 IH1 u2 IH2 | c u1 IH1 u2 IH2
                                      | x n m st u IH | x e u IH | c]; intros s Hs Hu;
    simpl in Hu.
  - constructor.
  - constructor.
  - constructor; [apply IH1 | apply IH2]; tauto.
  - destruct (evalc s c) eqn:E;
      [apply UT_IfT; [| apply IH1] | apply UT_IfF; [| apply IH2]]; tauto.
  - destruct Hu as [-> Hu].
    constructor; eapply lterm_good; eauto.
  - constructor; apply IH; auto; apply genv_upd; auto.
  - contradiction.
Qed.

Definition good_mframe (f : mframe) : Prop :=
  match f with
  | MFRun s q => genv s /\ sunit q
  | MFLoop s _ vs lo hi p =>
      genv s /\ good lo /\ good hi /\ vs = VStep Lt Add (of_nat 1) /\ sunit p
  end.

Definition good_seg (g : seg) : Prop := Forall (fun c => genv (fst c)) g.

Definition good_mres (r : mresult) : Prop :=
  match r with
  | MDone g => good_seg g
  | MPaused g ks => good_seg g /\ Forall good_mframe ks
  end.

Lemma mrtb_good : forall ks r, mrtb ks r ->
  Forall good_mframe ks -> good_mres r.
Proof.
  induction 1 as
    [| s u ks r Hr IH | s ks | s p1 p2 ks r Hr IH | s x n m st p ks r Hr IH
    | s x vs lo hi p ks r Hlt Hr IH | s x vs lo hi p ks r Hlt Hr IH
    | s c p1 p2 ks r Hc Hr IH | s c p1 p2 ks r Hc Hr IH
    | s x e p ks r Hr IH];
    intros Hks; try (inversion Hks as [| f0 ks0 Hf Hks']; subst; simpl in Hf).
  - simpl; constructor.
  - specialize (IH Hks'); destruct r as [g | g k]; simpl in *.
    + constructor; simpl; tauto.
    + destruct IH; split; auto; constructor; simpl; tauto.
  - simpl; split; auto; constructor.
  - apply IH; repeat constructor; simpl; tauto.
  - destruct Hf as [Hs [-> Hp]].
    apply IH; constructor; auto; simpl; repeat split; auto.
  - destruct Hf as [Hs [Hlo [Hhi [-> Hp]]]].
    destruct (step_good lo hi Hlo Hhi Hlt) as [Hg _].
    apply IH; constructor; [simpl; split; auto; apply genv_upd; auto |].
    constructor; auto; simpl; repeat split; auto.
  - apply IH; auto.
  - apply IH; constructor; simpl; tauto.
  - apply IH; constructor; simpl; tauto.
  - apply IH; constructor; auto; simpl; split; [| tauto].
    apply genv_upd; [tauto | apply eval_good; tauto].
Qed.

Lemma mph_good : forall ks gs, mph ks gs ->
  Forall good_mframe ks -> Forall good_seg gs.
Proof.
  induction 1 as [ks g Hr | ks g ks' gs Hr Hm IH]; intros Hks;
    pose proof (mrtb_good _ _ Hr Hks) as Hc; simpl in Hc.
  - repeat constructor; auto.
  - destruct Hc; constructor; auto.
Qed.

Theorem sterm_good : forall s q, genv s -> sunit q -> sterm s q.
Proof.
  intros s q Hs Hq; apply (sterm_of_uterm genv); auto.
  - intros s' u Hs' Hu; apply uterm_good; auto.
  - intros gs Hm; apply (mph_good _ _ Hm); repeat constructor; auto.
Qed.

End GoodTerm.

(** ** In signed words of any width [>= 2] ([sw_arith]: the tool's
    [--arith bv32] and [bv64])

    A word is a value in [[-2^(w-1), 2^(w-1))]; every operation lands there
    ([swrapw]), and a stride-1 loop between two such values counts up
    without wrapping. *)

Section SW.
Variable width : Z.
Hypothesis width_2 : (2 <= width)%Z.
#[local] Instance sw_inst : Arith := sw_arith width.

Definition scanon (v : Z) : Prop := (- whalf width <= v < whalf width)%Z.

Definition scanon_env (s : env) : Prop := forall x, scanon (s x).

Lemma whalf_2 : (2 <= whalf width)%Z /\ wmod width = (2 * whalf width)%Z.
Proof.
  unfold whalf, wmod; split.
  - replace 2%Z with (2 ^ 1)%Z at 1 by reflexivity.
    apply Z.pow_le_mono_r; lia.
  - replace width with (width - 1 + 1)%Z at 1 by lia.
    rewrite Z.pow_add_r by lia; lia.
Qed.

Lemma scanon_swrap : forall z, scanon (swrapw width z).
Proof.
  intros z; unfold scanon, swrapw; destruct whalf_2 as [H2 Hm]; rewrite Hm.
  pose proof (Z.mod_pos_bound (z + whalf width) (2 * whalf width)); lia.
Qed.

Lemma scanon_eval : forall s e, scanon_env s -> scanon (eval s e).
Proof.
  intros s e Hs;
    induction e as [n | x | o e1 IH1 e2 IH2 | c a IHa b IHb e1 IH1 e2 IH2]; simpl.
  - apply scanon_swrap.
  - apply Hs.
  - unfold sw_binop; apply scanon_swrap.
  - destruct (eval_cmpop c (eval s a) (eval s b)); auto.
Qed.

Lemma scanon_upd : forall s x v, scanon_env s -> scanon v ->
  scanon_env (upd s x v).
Proof. intros s x v Hs Hv y; unfold upd; destruct (string_dec y x); auto. Qed.

Lemma succ_sw : forall lo hi, scanon lo -> scanon hi -> Z.ltb lo hi = true ->
  succ lo = (lo + 1)%Z.
Proof.
  intros lo hi Hlo Hhi Hlt; apply Z.ltb_lt in Hlt; unfold scanon in *.
  destruct whalf_2 as [H2 Hm].
  simpl; unfold sw_binop, swrapw in *; rewrite Hm.
  rewrite (Z.mod_small (Z.of_nat 1 + whalf width)) by lia.
  replace (Z.of_nat 1 + whalf width - whalf width)%Z with 1%Z by lia.
  rewrite Z.mod_small by lia; lia.
Qed.

Lemma step_sw : forall lo hi, scanon lo -> scanon hi ->
  val_ltb lo hi = true ->
  scanon (succ lo) /\ Z.to_nat (hi - lo) = S (Z.to_nat (hi - succ lo)).
Proof.
  intros lo hi Hlo Hhi Hlt; rewrite (succ_sw lo hi) by auto.
  apply Z.ltb_lt in Hlt; unfold scanon in *; split; lia.
Qed.

Theorem uterm_sw : forall (s : env) u, scanon_env s -> uunit u -> uterm s u.
Proof.
  intros s u Hs Hu.
  apply (@uterm_good sw_inst scanon (fun lo hi => Z.to_nat (hi - lo))); auto.
  - intros s' e Hs'; apply scanon_eval; auto.
  - apply step_sw.
Qed.

Theorem sterm_sw : forall s q, scanon_env s -> sunit q -> sterm s q.
Proof.
  intros s q Hs Hq.
  apply (@sterm_good sw_inst scanon (fun lo hi => Z.to_nat (hi - lo))); auto.
  - intros s' e Hs'; apply scanon_eval; auto.
  - apply step_sw.
Qed.

End SW.

(** The tool's two widths. *)
Definition uterm_bv32s := uterm_sw 32 ltac:(lia).
Definition sterm_bv32s := sterm_sw 32 ltac:(lia).
Definition uterm_bv64 := uterm_sw 64 ltac:(lia).
Definition sterm_bv64 := sterm_sw 64 ltac:(lia).
