(** * Theorem 1 (Correctness), mechanised

    For a well-typed program and a DRF input history, the history the
    program produces is DRF if and only if the protocol's phases are DRF.
    This is the paper's Theorem 1, where "P is DRF" means the protocol's
    phase [Λ] is DRF (the paper reuses the letter P).

    Both theorems go through the access-set lemma of the paper's proof
    sketch: every access value of a program phase is in the matching
    protocol phase, and vice versa.  Neither needs the DRF hypothesis on
    [H] for that lemma (values read never matter); it is used only to
    split [DRF(P :: H)] into [DRF(P)]. *)

From Coq Require Import List.
From Mapcheck Require Import ListUtil Arith Syntax Maps Semantics Protocol
  Drf Typing Env Access SyncSemantics SyncProtocol PhaseSplit.
Import ListNotations.

Section Theorem1.
Context {A : Arith}.

(** ** Unsynchronised fragment *)

(** Access-set lemma: [α ∈ P ⇔ α ∈ Λ]. *)
Lemma access_set_unsync : forall mem0 V s T H b u I,
  typing V b u ->
  par mem0 s T H b I ->
  exists P, I = P :: H /\ forall a, in_phase P a <-> map_sem T s u a.
Proof.
  intros mem0 V s T H b u I Ht [f [-> Hex]].
  exists (mkphase T f); split; auto.
  intros [[i o] j]; rewrite in_mkphase; simpl.
  split; intros [Hin Hacc]; split; auto.
  - rewrite <- (thread_access mem0 H i V b u (upd s tid i) (f i)); auto.
  - rewrite (thread_access mem0 H i V b u (upd s tid i) (f i)); auto.
Qed.

(** Theorem 1, unsynchronised fragment.  [V] is any typing context (the
    paper's [{tid}], or the parameters and built-ins); [s] gives the
    parameters, [T] is the thread set, [mem0] the initial memory. *)
Theorem theorem1_unsync : forall mem0 V s T H b u I L,
  typing V b u ->
  drf_hist H ->
  par mem0 s T H b I ->
  msem T s u L ->
  (drf_hist I <-> drf_set L).
Proof.
  intros mem0 V s T H b u I L Ht Hdrf Hpar Hsem.
  destruct (access_set_unsync mem0 V s T H b u I Ht Hpar) as [P [-> Heq]].
  rewrite drf_hist_cons; unfold drf_phase.
  rewrite (drf_set_ext (in_phase P) L); [tauto |].
  intros a; rewrite Heq; symmetry; apply Hsem.
Qed.

(** ** Synchronised fragment *)

(** Every phase a run produces is the merge of one segment per thread:
    the phase-split lemma applied to the kernel's initial frames.  Stated
    for the relaxed rules, which include the uniform ones
    ([styping_relaxed]). *)
Lemma phases_sync : forall mem0 V s T H p q I,
  rstyping V p q ->
  psync_run mem0 s T H p I ->
  exists Hn, I = Hn ++ H /\
    (forall P, In P Hn -> forall i o j, in_phase P (i, o, j) -> In i T) /\
    (forall i, In i T ->
       exists gs, mphases (upd s tid i) q gs /\
                  Forall2 (thread_match i) (rev Hn) gs).
Proof.
  intros mem0 V s T H p q I Ht Hrun.
  destruct (psync_split mem0 T H _ I Hrun) as [Hn [-> [HT Hth]]].
  exists Hn; repeat split; auto.
  intros i Hi; apply (Hth i Hi [MFRun (upd s tid i) q]).
  constructor; [econstructor; eauto; apply agree_refl | constructor].
Qed.

(** Access-set lemma, synchronised: the [k]-th phase of the run (oldest
    first) and the protocol's [k]-th phase contain the same access values,
    and there are as many of each.  [T <> []] rules out the degenerate
    empty block, whose protocol phases could be counted arbitrarily. *)
Lemma access_sets_sync : forall mem0 V s T H p q I Ls,
  T <> [] ->
  rstyping V p q ->
  psync_run mem0 s T H p I ->
  msync_sem T s q Ls ->
  exists Hn, I = Hn ++ H /\
    Forall2 (fun P L => forall a, in_phase P a <-> L a) (rev Hn) Ls.
Proof.
  intros mem0 V s T H p q I Ls HT0 Ht Hrun [Hlen Hpt].
  destruct (phases_sync mem0 V s T H p q I Ht Hrun) as [Hn [-> [HT Hth]]].
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

(** Theorem 1, synchronised fragment, relaxed rules: barriers may sit
    under [tid]-dependent (never data-dependent) control, as the Rust
    checker accepts them.  For such a kernel, a DRF input history and an
    aligned run (one that has a derivation: every thread reaches its [k]-th
    barrier in phase [k], which is what the tool's divergence query
    establishes), the output history is DRF iff every phase of the
    protocol is DRF. *)
Theorem theorem1_sync_relaxed : forall mem0 V s T H p q I Ls,
  T <> [] ->
  rstyping V p q ->
  drf_hist H ->
  psync_run mem0 s T H p I ->
  msync_sem T s q Ls ->
  (drf_hist I <-> Forall drf_set Ls).
Proof.
  intros mem0 V s T H p q I Ls HT0 Ht Hdrf Hrun Hsem.
  destruct (access_sets_sync mem0 V s T H p q I Ls HT0 Ht Hrun Hsem)
    as [Hn [-> F2]].
  rewrite drf_hist_app, <- (drf_forall2 _ _ F2), drf_hist_rev; tauto.
Qed.

(** Theorem 1, synchronised fragment: for a well-typed kernel, a DRF
    input history and an aligned run (one that has a derivation), the
    output history is DRF iff every phase of the protocol is DRF.  For the
    uniform rules the run's alignment is automatic ([no_divergence]). *)
Theorem theorem1_sync : forall mem0 V s T H p q I Ls,
  T <> [] ->
  styping V p q ->
  drf_hist H ->
  psync_run mem0 s T H p I ->
  msync_sem T s q Ls ->
  (drf_hist I <-> Forall drf_set Ls).
Proof.
  intros mem0 V s T H p q I Ls HT0 Ht.
  apply (theorem1_sync_relaxed mem0 V); auto; apply styping_relaxed; auto.
Qed.

(** The protocol side of [theorem1_sync_relaxed] is never vacuous:
    whenever the program runs, its protocol has phases. *)
Theorem map_phases_exist_relaxed : forall mem0 V s T H p q I,
  rstyping V p q ->
  psync_run mem0 s T H p I ->
  exists Ls, msync_sem T s q Ls.
Proof.
  intros mem0 V s T H p q I Ht Hrun.
  destruct (phases_sync mem0 V s T H p q I Ht Hrun) as [Hn [-> [HT Hth]]].
  exists (map (mphase_at T s q) (seq 0 (length Hn))); split.
  - intros i Hi; destruct (Hth i Hi) as [gs [Hm F2]].
    exists gs; split; auto.
    rewrite map_length, seq_length, <- (Forall2_length F2), rev_length.
    reflexivity.
  - intros k L HL a.
    rewrite nth_error_map in HL.
    destruct (nth_error (seq 0 (length Hn)) k) as [k' |] eqn:E;
      inversion HL; subst.
    assert (Hk : k < length (seq 0 (length Hn))).
    { apply nth_error_Some; congruence. }
    apply (nth_error_nth _ _ 0) in E.
    rewrite seq_nth in E; [| rewrite seq_length in Hk; auto].
    simpl in E; subst; tauto.
Qed.

Theorem map_phases_exist : forall mem0 V s T H p q I,
  styping V p q ->
  psync_run mem0 s T H p I ->
  exists Ls, msync_sem T s q Ls.
Proof.
  intros mem0 V s T H p q I Ht.
  apply (map_phases_exist_relaxed mem0 V); apply styping_relaxed; auto.
Qed.

End Theorem1.
