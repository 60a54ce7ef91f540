(** * The phase-split lemma: the synchronised fragment reduces to the
    unsynchronised one

    Program continuations and protocol continuations are related frame by
    frame ([fsim]): the same piece of code with its protocol under some
    [V] (by the relaxed rules [rstyping], which include the uniform ones:
    nothing here needs the [tid] premises), in environments that agree on [V] — the invariant of [Access]
    lifted to continuations.  [phase_split] shows that running a thread to
    its next barrier and running its protocol to its next barrier stop at
    the same time (both finish or both pause, with related continuations)
    and that the accesses of that phase are exactly the segment's; each
    unsynchronised block is handled by the unsynchronised lemma
    [exec_access].  [psync_split] then lifts this to all threads and all
    phases of a run. *)

From Coq Require Import List.
From Mapcheck Require Import Arith Syntax Maps Semantics Protocol Typing Env
  Access SyncSemantics SyncProtocol.
Import ListNotations.

Section PhaseSplit.
Context {A : Arith}.

Inductive fsim : frame -> mframe -> Prop :=
| FS_Run V s1 s2 p q :
    rstyping V p q -> agree V s1 s2 -> fsim (FRun s1 p) (MFRun s2 q)
| FS_Loop V s1 s2 x vs lo hi p q :
    rstyping (x :: V) p q -> agree V s1 s2 ->
    fsim (FLoop s1 x vs lo hi p) (MFLoop s2 x vs lo hi q).

(** The accesses of [a'] are those of [a] plus those of segment [g]. *)
Definition rw_seg (a a' : rw) (g : seg) : Prop :=
  forall o j, acc a' o j <-> acc a o j \/ seg_acc g o j.

Definition res_sim (a : rw) (r : result) (mr : mresult) : Prop :=
  match r, mr with
  | Done a', MDone g => rw_seg a a' g
  | Paused a' ks, MPaused g mks => rw_seg a a' g /\ Forall2 fsim ks mks
  | _, _ => False
  end.

Lemma seg_acc_cons : forall s u g o j,
  seg_acc ((s, u) :: g) o j <-> macc s u o j \/ seg_acc g o j.
Proof.
  intros s u g o j; unfold seg_acc; split.
  - intros (s' & u' & [E | Hin] & Hm); [inversion E; subst; auto |].
    right; eauto.
  - intros [Hm | (s' & u' & Hin & Hm)]; [exists s, u; simpl; auto |].
    exists s', u'; simpl; auto.
Qed.

Lemma seg_acc_nil : forall o j, ~ seg_acc [] o j.
Proof. intros o j (s & u & [] & _). Qed.

Lemma res_sim_madd : forall a a1 r mr s u,
  res_sim a1 r mr ->
  (forall o j, acc a1 o j <-> acc a o j \/ macc s u o j) ->
  res_sim a r (madd (s, u) mr).
Proof.
  intros a a1 [a' | a' ks] [g | g mks] s u Hr Ha; simpl in *;
    unfold rw_seg in *; try contradiction.
  - intros o j; rewrite Hr, Ha, seg_acc_cons; tauto.
  - destruct Hr as [Hr Hk]; split; auto.
    intros o j; rewrite Hr, Ha, seg_acc_cons; tauto.
Qed.

Section Thread.
Variable mem0 : cell -> val.
Variable H : history.
Variable i : val.

Lemma phase_split : forall a ks r,
  rtb mem0 H i a ks r ->
  forall mks, Forall2 fsim ks mks ->
  exists mr, mrtb mks mr /\ res_sim a r mr.
Proof.
  induction 1 as
    [a | a s b a1 ks r Hex Hr IH | a s ks | a s p1 p2 ks r Hr IH
    | a s x ar n p ks r j Hr IH | a s x n m st p ks r Hr IH
    | a s x vs lo hi p ks r Hlt Hr IH | a s x vs lo hi p ks r Hlt Hr IH
    | a s c p1 p2 ks r Hc Hr IH | a s c p1 p2 ks r Hc Hr IH
    | a s x e p ks r Hr IH | a s x ar n p ks r v Hr IH | a s x p ks r v Hr IH];
    intros mks Hsim.
  - (* end of the program *)
    inversion Hsim; subst; exists (MDone []); split; [constructor |].
    intros o j; pose proof (seg_acc_nil o j); tauto.
  - (* unsynchronised block: the unsynchronised lemma *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
    inversion Ht as [V' b' u Hu | | | | | | | | |]; subst.
    destruct (IH mks' Hks) as [mr [Hm Hrs]].
    exists (madd (s2, u) mr); split; [constructor; auto |].
    apply res_sim_madd with a1; auto.
    intros o j; apply (proj1 (exec_access mem0 H i) s a b a1 Hex V u s2);
      auto.
  - (* barrier *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
    inversion Ht; subst.
    exists (MPaused [] mks'); split; [constructor |]; split; auto.
    intros o j; pose proof (seg_acc_nil o j); tauto.
  - (* sequence *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p q Ht Hag |]; subst.
    inversion Ht as [| | V' s1' s2' q1 q2 Ht1 Ht2 | | | | | | |]; subst.
    destruct (IH (MFRun s2 q1 :: MFRun s2 q2 :: mks')) as [mr [Hm Hrs]].
    + repeat constructor; auto; econstructor; eauto.
    + exists mr; split; auto; constructor; auto.
  - (* read spanning barriers: the read belongs to the current phase *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | V' x' ar' n' p'' q' Hn Hx Htp | | | | | |]; subst.
    destruct (IH (MFRun s2 q' :: mks')) as [mr [Hm Hrs]].
    + constructor; auto; econstructor; eauto; apply agree_upd_left; auto.
    + exists (madd (s2, UAcc Rd ar n) mr); split.
      * constructor; constructor; auto.
      * apply res_sim_madd with (addR j a); auto.
        intros o j'; rewrite acc_addR; simpl; unfold j;
          rewrite (evali_agree V s s2 n); auto; tauto.
  - (* barrier loop: evaluate the bounds *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | V' x' n' m' st' p'' q' Hn Hm Hk Htp | | | | |]; subst.
    destruct (IH (MFLoop s2 x (evstep s st) (eval s n) (eval s m) q' :: mks'))
      as [mr [Hmr Hrs]].
    + constructor; auto; econstructor; eauto.
    + exists mr; split; auto; constructor.
      rewrite <- (eval_agree V s s2 n), <- (eval_agree V s s2 m),
        <- (evstep_agree V s s2 st); auto.
  - (* loop iteration *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [| V s1 s2 x' vs' lo' hi' p' q Ht Hag]; subst.
    destruct (IH (MFRun (upd s2 x lo) q :: MFLoop s2 x vs (vnext vs lo) hi q :: mks'))
      as [mr [Hmr Hrs]].
    + constructor; [| constructor; auto].
      * econstructor; eauto; apply agree_upd_both; auto.
      * econstructor; eauto.
    + exists mr; split; auto; constructor; auto.
  - (* loop exit *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [| V s1 s2 x' vs' lo' hi' p' q Ht Hag]; subst.
    destruct (IH mks' Hks) as [mr [Hmr Hrs]].
    exists mr; split; auto; apply MR_LoopF; auto.
  - (* barrier conditional, then-branch *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | V' c' p1' p2' q1 q2 Hcv Ht1 Ht2 | | | |]; subst.
    destruct (IH (MFRun s2 q1 :: mks')) as [mr [Hm Hrs]].
    + constructor; auto; econstructor; eauto.
    + exists mr; split; auto; apply MR_IfT; auto.
      rewrite <- (evalc_agree V s s2 c); auto.
  - (* barrier conditional, else-branch *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | V' c' p1' p2' q1 q2 Hcv Ht1 Ht2 | | | |]; subst.
    destruct (IH (MFRun s2 q2 :: mks')) as [mr [Hm Hrs]].
    + constructor; auto; econstructor; eauto.
    + exists mr; split; auto; apply MR_IfF; auto.
      rewrite <- (evalc_agree V s s2 c); auto.
  - (* let: bound on both sides, or (data) on the program side only *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | | V' x' e' p'' q' He Htp
                    | V' x' e' p'' q' He Hx Htp | |]; subst.
    + destruct (IH (MFRun (upd s2 x (eval s2 e)) q' :: mks')) as [mr [Hm Hrs]].
      * constructor; auto; econstructor; eauto.
        rewrite (eval_agree V s s2 e); auto; apply agree_upd_both; auto.
      * exists mr; split; auto; constructor; auto.
    + destruct (IH (MFRun s2 q' :: mks')) as [mr [Hm Hrs]].
      * constructor; auto; econstructor; eauto; apply agree_upd_left; auto.
      * exists (madd (s2, USkip) mr); split; [repeat constructor; auto |].
        apply res_sim_madd with a; auto; simpl; tauto.
  - (* atomic spanning barriers: its access belongs to the current phase *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | | | | V' x' ar' n' p'' q' Hn Hx Htp |]; subst.
    destruct (IH (MFRun s2 q' :: mks')) as [mr [Hm Hrs]].
    + constructor; auto; econstructor; eauto; apply agree_upd_left; auto.
    + exists (madd (s2, UAcc At ar n) mr); split.
      * constructor; constructor; auto.
      * apply res_sim_madd with (addA (ar, evali s n) a); auto.
        intros o j'; rewrite acc_addA; simpl;
          rewrite (evali_agree V s s2 n); auto; tauto.
  - (* havoc: on the program side only, like a let of data *)
    inversion Hsim as [| f mf ks' mks' Hf Hks]; subst.
    inversion Hf as [V s1 s2 p' q Ht Hag |]; subst.
    inversion Ht as [| | | | | | | | | V' x' p'' q' Hx Htp]; subst.
    destruct (IH (MFRun s2 q' :: mks')) as [mr [Hm Hrs]].
    + constructor; auto; econstructor; eauto; apply agree_upd_left; auto.
    + exists (madd (s2, USkip) mr); split; [repeat constructor; auto |].
      apply res_sim_madd with a; auto; simpl; tauto.
Qed.

End Thread.

Lemma acc_rw0 : forall o j, ~ acc rw0 o j.
Proof. intros [| |] j; simpl; [tauto | intros [k []] | tauto]. Qed.

(** The accesses of thread [i] in phase [P] are those of segment [g]. *)
Definition thread_match (i : val) (P : phase) (g : seg) : Prop :=
  forall o j, in_phase P (i, o, j) <-> seg_acc g o j.

Section Parallel.
Variable mem0 : cell -> val.
Variable T : list val.

Lemma psync_split : forall H ks I,
  psync mem0 T H ks I ->
  exists Hn, I = Hn ++ H /\
    (forall P, In P Hn -> forall i o j, in_phase P (i, o, j) -> In i T) /\
    (forall i, In i T -> forall mks, Forall2 fsim (ks i) mks ->
       exists gs, mph mks gs /\ Forall2 (thread_match i) (rev Hn) gs).
Proof.
  induction 1 as [H ks f Hall | H ks f ks' I Hall Hps IH].
  - exists [mkphase T f]; split; [reflexivity | split].
    + intros P [<- | []] i o j Hin; apply in_mkphase in Hin; tauto.
    + intros i Hi mks Hsim.
      destruct (phase_split mem0 H i rw0 (ks i) (Done (f i)) (Hall i Hi)
                  mks Hsim) as [[g | g mks'] [Hm Hrs]]; simpl in Hrs;
        [| contradiction].
      exists [g]; split; [constructor; auto | constructor; [| constructor]].
      unfold thread_match, rw_seg in *; intros o j; rewrite in_mkphase, Hrs.
      pose proof (acc_rw0 o j); tauto.
  - destruct IH as [Hn [-> [HT Hth]]].
    exists (Hn ++ [mkphase T f]); split; [rewrite <- app_assoc; auto | split].
    + intros P HP i o j Hin; apply in_app_or in HP; destruct HP as [HP | HP].
      * eapply HT; eauto.
      * destruct HP as [<- | []]; apply in_mkphase in Hin; tauto.
    + intros i Hi mks Hsim.
      destruct (phase_split mem0 H i rw0 (ks i) (Paused (f i) (ks' i))
                  (Hall i Hi) mks Hsim) as [[g | g mks'] [Hm Hrs]];
        simpl in Hrs; [contradiction |].
      destruct Hrs as [Hrs Hsim'].
      destruct (Hth i Hi mks' Hsim') as [gs [Hmph Hf2]].
      exists (g :: gs); split; [econstructor; eauto |].
      rewrite rev_app_distr; simpl; constructor; auto.
      unfold thread_match, rw_seg in *; intros o j; rewrite in_mkphase, Hrs.
      pose proof (acc_rw0 o j); tauto.
Qed.

End Parallel.

End PhaseSplit.
