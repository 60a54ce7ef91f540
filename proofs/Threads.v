(** * Threads with any environments: the thread-id components

    Rule PAR gives thread [i] the environment [σ[tid ↦ i]].  The tool's
    threads have more per-thread built-ins: the components [tid.x],
    [tid.y], [tid.z] of the thread id (SPEC section 3), each a variable of
    [V] whose value differs between threads.  Theorem 1 for the
    unsynchronised fragment and for the relaxed synchronised rules, run
    existence and the true-alarm direction are all per thread: they hold
    for threads with *any* environments [r i] ([tenv]), which is what this
    file states ([theorem1_unsync_env], [theorem1_sync_relaxed_env],
    [true_alarm_unsync_env], [true_alarm_sync_relaxed_env]).  The paper's
    threads are the instance [tid_env σ] ([par_tid], [msem_tid],
    [psync_run_tid], [msync_sem_tid]); a kernel reading [tid.x] is the
    instance binding the components too.  The uniform rules ([styping]) are
    not generalised: they treat every variable but [tid] as uniform. *)

From Coq Require Import String List.
From Mapcheck Require Import ListUtil Arith Syntax Maps Semantics Protocol
  Drf Typing Env Access SyncSemantics SyncProtocol PhaseSplit RunExists.
Import ListNotations.

Section Threads.
Context {A : Arith}.

(** Thread [i]'s environment. *)
Definition tenv := val -> env.

Definition tid_env (s : env) : tenv := fun i => upd s tid i.

Definition par_env (mem0 : cell -> val) (r : tenv) (T : list val) (H : history)
    (b : stmt) (I : history) : Prop :=
  exists f : val -> rw,
    I = mkphase T f :: H /\
    forall i, In i T -> exec mem0 H i (r i) rw0 b (f i).

Definition map_sem_env (T : list val) (r : tenv) (u : proto) (a : access) : Prop :=
  let '(i, o, j) := a in In i T /\ macc (r i) u o j.

Definition msem_env (T : list val) (r : tenv) (u : proto)
    (L : access -> Prop) : Prop :=
  forall a, L a <-> map_sem_env T r u a.

Definition psync_run_env (mem0 : cell -> val) (r : tenv) (T : list val)
    (H : history) (p : sprog) (I : history) : Prop :=
  psync mem0 T H (fun i => [FRun (r i) p]) I.

Definition mphase_at_env (T : list val) (r : tenv) (p : sproto) (k : nat)
    (a : access) : Prop :=
  let '(i, o, j) := a in
  In i T /\
  exists gs g, mphases (r i) p gs /\ nth_error gs k = Some g /\ seg_acc g o j.

Definition msync_sem_env (T : list val) (r : tenv) (p : sproto)
    (Ls : list (access -> Prop)) : Prop :=
  (forall i, In i T ->
     exists gs, mphases (r i) p gs /\ length gs = length Ls) /\
  (forall k L, nth_error Ls k = Some L ->
     forall a, L a <-> mphase_at_env T r p k a).

(** ** The paper's threads are an instance *)

Lemma par_tid : forall mem0 s T H b I,
  par mem0 s T H b I <-> par_env mem0 (tid_env s) T H b I.
Proof. reflexivity. Qed.

Lemma msem_tid : forall T s u L, msem T s u L <-> msem_env T (tid_env s) u L.
Proof. reflexivity. Qed.

Lemma psync_run_tid : forall mem0 s T H p I,
  psync_run mem0 s T H p I <-> psync_run_env mem0 (tid_env s) T H p I.
Proof. reflexivity. Qed.

Lemma msync_sem_tid : forall T s p Ls,
  msync_sem T s p Ls <-> msync_sem_env T (tid_env s) p Ls.
Proof. reflexivity. Qed.

(** ** Theorem 1, unsynchronised *)

Lemma access_set_unsync_env : forall mem0 V r T H b u I,
  typing V b u ->
  par_env mem0 r T H b I ->
  exists P, I = P :: H /\ forall a, in_phase P a <-> map_sem_env T r u a.
Proof.
  intros mem0 V r T H b u I Ht [f [-> Hex]].
  exists (mkphase T f); split; auto.
  intros [[i o] j]; rewrite in_mkphase; simpl.
  split; intros [Hin Hacc]; split; auto.
  - rewrite <- (thread_access mem0 H i V b u (r i) (f i)); auto.
  - rewrite (thread_access mem0 H i V b u (r i) (f i)); auto.
Qed.

Theorem theorem1_unsync_env : forall mem0 V r T H b u I L,
  typing V b u ->
  drf_hist H ->
  par_env mem0 r T H b I ->
  msem_env T r u L ->
  (drf_hist I <-> drf_set L).
Proof.
  intros mem0 V r T H b u I L Ht Hdrf Hpar Hsem.
  destruct (access_set_unsync_env mem0 V r T H b u I Ht Hpar) as [P [-> Heq]].
  rewrite drf_hist_cons; unfold drf_phase.
  rewrite (drf_set_ext (in_phase P) L); [tauto |].
  intros a; rewrite Heq; symmetry; apply Hsem.
Qed.

(** ** Theorem 1, synchronised, relaxed rules *)

Lemma phases_sync_env : forall mem0 V r T H p q I,
  rstyping V p q ->
  psync_run_env mem0 r T H p I ->
  exists Hn, I = Hn ++ H /\
    (forall P, In P Hn -> forall i o j, in_phase P (i, o, j) -> In i T) /\
    (forall i, In i T ->
       exists gs, mphases (r i) q gs /\ Forall2 (thread_match i) (rev Hn) gs).
Proof.
  intros mem0 V r T H p q I Ht Hrun.
  destruct (psync_split mem0 T H _ I Hrun) as [Hn [-> [HT Hth]]].
  exists Hn; repeat split; auto.
  intros i Hi; apply (Hth i Hi [MFRun (r i) q]).
  constructor; [econstructor; eauto; apply agree_refl | constructor].
Qed.

Lemma access_sets_sync_env : forall mem0 V r T H p q I Ls,
  T <> [] ->
  rstyping V p q ->
  psync_run_env mem0 r T H p I ->
  msync_sem_env T r q Ls ->
  exists Hn, I = Hn ++ H /\
    Forall2 (fun P L => forall a, in_phase P a <-> L a) (rev Hn) Ls.
Proof.
  intros mem0 V r T H p q I Ls HT0 Ht Hrun [Hlen Hpt].
  destruct (phases_sync_env mem0 V r T H p q I Ht Hrun) as [Hn [-> [HT Hth]]].
  exists Hn; split; auto.
  apply Forall2_from_nth.
  - destruct T as [| i0 T']; [contradiction |].
    destruct (Hth i0 (or_introl eq_refl)) as [gs0 [Hm0 F0]].
    destruct (Hlen i0 (or_introl eq_refl)) as [gs1 [Hm1 L1]].
    rewrite (Forall2_length F0), <- L1, (mphases_det _ _ _ _ Hm0 Hm1).
    reflexivity.
  - intros k P L HP HL [[i o] j]; rewrite (Hpt k L HL); simpl; split.
    + intros Hin.
      assert (Hi : In i T).
      { apply (HT P) with o j; auto.
        apply nth_error_In in HP; rewrite in_rev; auto. }
      split; auto.
      destruct (Hth i Hi) as [gs [Hm F2]].
      destruct (Forall2_nth_error _ _ _ _ _ F2 HP) as [g [Hg Hmatch]].
      exists gs, g; repeat split; auto; apply Hmatch; auto.
    + intros [Hi [gs' [g [Hm' [Hk Hacc]]]]].
      destruct (Hth i Hi) as [gs [Hm F2]].
      rewrite (mphases_det _ _ _ _ Hm' Hm) in Hk.
      destruct (Forall2_nth_error _ _ _ _ _ F2 HP) as [g' [Hg Hmatch]].
      rewrite Hk in Hg; inversion Hg; subst; apply Hmatch; auto.
Qed.

Theorem theorem1_sync_relaxed_env : forall mem0 V r T H p q I Ls,
  T <> [] ->
  rstyping V p q ->
  drf_hist H ->
  psync_run_env mem0 r T H p I ->
  msync_sem_env T r q Ls ->
  (drf_hist I <-> Forall drf_set Ls).
Proof.
  intros mem0 V r T H p q I Ls HT0 Ht Hdrf Hrun Hsem.
  destruct (access_sets_sync_env mem0 V r T H p q I Ls HT0 Ht Hrun Hsem)
    as [Hn [-> F2]].
  rewrite drf_hist_app, <- (drf_forall2 _ _ F2), drf_hist_rev; tauto.
Qed.

(** ** Run existence and the true-alarm direction *)

Theorem par_exists_env : forall mem0 V r T H b u,
  typing V b u ->
  (forall i, In i T -> uterm (r i) u) ->
  exists I, par_env mem0 r T H b I.
Proof.
  intros mem0 V r T H b u Ht Hterm.
  destruct (choose_list val_eq_dec rw0
              (fun i a => exec mem0 H i (r i) rw0 b a) T) as [f Hf].
  - intros i Hi.
    apply (proj1 (exec_exists mem0 H i) _ _ (Hterm i Hi) V b); auto.
    apply agree_refl.
  - exists (mkphase T f :: H), f; auto.
Qed.

Theorem run_exists_sync_relaxed_env : forall mem0 V r T H p q Ls,
  rstyping V p q ->
  msync_sem_env T r q Ls ->
  (forall i, In i T -> sterm (r i) q) ->
  exists I, psync_run_env mem0 r T H p I.
Proof.
  intros mem0 V r T H p q Ls Ht [Hlen _] Hterm.
  destruct (List.length Ls) as [| n] eqn:EL.
  - exists (mkphase T (fun _ => rw0) :: H); constructor.
    intros i Hi; destruct (Hlen i Hi) as [gs [Hm Hl]].
    exfalso; apply (mph_nonempty _ _ Hm); destruct gs; auto; discriminate.
  - apply (psync_exists mem0 T n H _ (fun i => [MFRun (r i) q])).
    intros i Hi; split.
    + repeat constructor; econstructor; eauto; apply agree_refl.
    + destruct (Hlen i Hi) as [gs [Hm Hl]].
      exists gs; repeat split; auto; apply (Hterm i Hi); auto.
Qed.

Theorem true_alarm_unsync_env : forall mem0 V r T H b u L,
  typing V b u ->
  (forall i, In i T -> uterm (r i) u) ->
  msem_env T r u L ->
  racy_set L ->
  exists P, par_env mem0 r T H b (P :: H) /\ ~ drf_phase P.
Proof.
  intros mem0 V r T H b u L Ht Hterm Hsem Hracy.
  destruct (par_exists_env mem0 V r T H b u Ht Hterm) as [I Hpar].
  destruct (access_set_unsync_env mem0 V r T H b u I Ht Hpar) as [P [-> Heq]].
  exists P; split; auto.
  intros Hdrf; apply Hdrf.
  apply (racy_set_ext L); auto.
  intros a; rewrite Heq; apply Hsem.
Qed.

Theorem true_alarm_sync_relaxed_env : forall mem0 V r T H p q Ls,
  T <> [] ->
  rstyping V p q ->
  msync_sem_env T r q Ls ->
  (forall i, In i T -> sterm (r i) q) ->
  ~ Forall drf_set Ls ->
  exists Hn, psync_run_env mem0 r T H p (Hn ++ H) /\ ~ drf_hist Hn.
Proof.
  intros mem0 V r T H p q Ls HT0 Ht Hsem Hterm Hracy.
  destruct (run_exists_sync_relaxed_env mem0 V r T H p q Ls Ht Hsem Hterm)
    as [I Hrun].
  destruct (access_sets_sync_env mem0 V r T H p q I Ls HT0 Ht Hrun Hsem)
    as [Hn [-> F2]].
  exists Hn; split; auto.
  rewrite <- drf_hist_rev, (drf_forall2 _ _ F2); auto.
Qed.

End Threads.

(** The threads of a two-dimensional block [ntid.x × ntid.y]: [tid.x] and
    [tid.y] are bound per thread with [tid], as SPEC section 3 defines
    them ([tid = tid.x + ntid.x * tid.y]); [nx] is [ntid.x].  A kernel
    reading the components is typed with them in [V]; the theorems above
    apply with [r := block2_env σ nx]. *)
Definition block2_env {A : Arith} (s : env) (nx : val) : tenv :=
  fun i => upd (upd (upd s tid i) "tid.x"%string (eval_binop Mod i nx))
               "tid.y"%string (eval_binop Div i nx).
