(** * Synchronised protocols run to their end, in [int] and in [bv32]

    [RunExists] takes the existence of each thread's protocol phases
    ([mphases]) from the protocol's verdict being defined.  For the tool's
    arithmetics it is a theorem: [mphases_exist_Z], [mphases_exist_bv32].
    The measure [wks] counts the steps of the run-to-barrier machine still
    ahead of a continuation (a barrier loop from [lo] to [hi] iterates
    [dist lo hi] times); every step of [mrtb] decreases it, and so does
    every phase.  The proof is generic in an arithmetic whose loops count
    down a distance on some set of [good] values that evaluation
    preserves: all values in [int], 32-bit values in [bv32].  With
    [Uniform.run_exists_sync] this gives [run_exists_sync_int] and
    [run_exists_sync_bv32]: a kernel typed with the uniform rules always has
    a run. *)

From Coq Require Import List String ZArith Lia.
From Mapcheck Require Import ListUtil Arith Syntax Maps Typing SyncSemantics
  SyncProtocol RunExists Uniform.
Import ListNotations.

Section SyncTerm.
Context {A : Arith}.
Variable good : val -> Prop.
Variable dist : val -> val -> nat.
Hypothesis eval_good : forall s e, (forall x, good (s x)) -> good (eval s e).
Hypothesis step_good : forall lo hi, good lo -> good hi ->
  val_ltb lo hi = true -> good (succ lo) /\ dist lo hi = S (dist (succ lo) hi).

Definition good_env (s : env) : Prop := forall x, good (s x).

(** [f lo + f (succ lo) + ... ] over [k] values, one more per value. *)
Fixpoint wsum (k : nat) (lo : val) (f : val -> nat) : nat :=
  match k with
  | O => 0
  | S k => 1 + f lo + wsum k (succ lo) f
  end.

Fixpoint wp (s : env) (q : sproto) : nat :=
  match q with
  | MU _ | MSync => 1
  | MSeq p1 p2 => 1 + wp s p1 + wp s p2
  | MFor x n m _ p =>
      2 + wsum (dist (eval s n) (eval s m)) (eval s n)
              (fun k => wp (upd s x k) p)
  | MIf c p1 p2 => 1 + (if evalc s c then wp s p1 else wp s p2)
  | MLet x e p => 1 + wp (upd s x (eval s e)) p
  end.

Definition wf (f : mframe) : nat :=
  match f with
  | MFRun s q => wp s q
  | MFLoop s x _ lo hi p =>
      1 + wsum (dist lo hi) lo (fun k => wp (upd s x k) p)
  end.

Definition wks (ks : list mframe) : nat := fold_right (fun f n => wf f + n) 0 ks.

Definition good_frame (f : mframe) : Prop :=
  match f with
  | MFRun s q => good_env s /\ sunit q
  | MFLoop s _ vs lo hi p =>
      good_env s /\ good lo /\ good hi /\ vs = VStep Lt Add (of_nat 1) /\ sunit p
  end.

Definition mres_lt (ks : list mframe) (r : mresult) : Prop :=
  match r with
  | MDone _ => True
  | MPaused _ ks' => wks ks' < wks ks /\ Forall good_frame ks'
  end.

Lemma good_upd : forall s x v, good_env s -> good v -> good_env (upd s x v).
Proof. intros s x v Hs Hv y; unfold upd; destruct (string_dec y x); auto. Qed.

Lemma mrtb_exists : forall n ks, wks ks < n -> Forall good_frame ks ->
  exists r, mrtb ks r /\ mres_lt ks r.
Proof.
  induction n as [| n IH]; intros ks Hn Hg; [lia |].
  destruct ks as [| [s q | s x vs lo hi p] ks].
  - exists (MDone []); split; [constructor | exact I].
  - inversion Hg as [| f0 ks0 Hf Hks]; subst; simpl in Hf.
    destruct Hf as [Hf Hq].
    destruct q as [u | | p1 p2 | x n' m st p | c p1 p2 | x e p]; simpl in Hq.
    + destruct (IH ks) as [r [Hr Hlt]]; [simpl in *; lia | auto |].
      exists (madd (s, u) r); split; [constructor; auto |].
      destruct r; simpl in *; auto; split; [lia | tauto].
    + exists (MPaused [] ks); split; [constructor | simpl; split; auto; lia].
    + destruct (IH (MFRun s p1 :: MFRun s p2 :: ks)) as [r [Hr Hlt]];
        [simpl in *; lia | repeat constructor; tauto |].
      exists r; split; [constructor; auto |].
      destruct r; simpl in *; auto; split; [lia | tauto].
    + destruct Hq as [-> Hq].
      destruct (IH (MFLoop s x (evstep s unit_step) (eval s n') (eval s m) p
                    :: ks)) as [r [Hr Hlt]];
        [simpl in *; lia | constructor; auto; simpl; auto 7 |].
      exists r; split; [constructor; auto |].
      destruct r; simpl in *; auto; split; [lia | tauto].
    + destruct (evalc s c) eqn:E.
      * destruct (IH (MFRun s p1 :: ks)) as [r [Hr Hlt]];
          [simpl in *; rewrite E in Hn; lia | constructor; simpl; tauto |].
        exists r; split; [apply MR_IfT; auto |].
        destruct r; simpl in *; auto; rewrite E; split; [lia | tauto].
      * destruct (IH (MFRun s p2 :: ks)) as [r [Hr Hlt]];
          [simpl in *; rewrite E in Hn; lia | constructor; simpl; tauto |].
        exists r; split; [apply MR_IfF; auto |].
        destruct r; simpl in *; auto; rewrite E; split; [lia | tauto].
    + destruct (IH (MFRun (upd s x (eval s e)) p :: ks)) as [r [Hr Hlt]];
        [simpl in *; lia | constructor; auto; simpl; split; auto;
                           apply good_upd; auto |].
      exists r; split; [constructor; auto |].
      destruct r; simpl in *; auto; split; [lia | tauto].
  - inversion Hg as [| f0 ks0 Hf Hks]; subst; simpl in Hf.
    destruct Hf as [Hs [Hlo [Hhi [-> Hp]]]].
    destruct (val_ltb lo hi) eqn:E.
    + destruct (step_good lo hi Hlo Hhi E) as [Hsucc Hk].
      destruct (IH (MFRun (upd s x lo) p
                    :: MFLoop s x (VStep Lt Add (of_nat 1)) (succ lo) hi p :: ks))
        as [r [Hr Hlt]].
      * simpl in *; rewrite Hk in Hn; simpl in Hn; lia.
      * constructor; [simpl; split; auto; apply good_upd; auto |].
        constructor; auto; simpl; auto.
      * exists r; split; [apply MR_LoopT; auto |].
        destruct r; simpl in *; auto; rewrite Hk; simpl; split; [lia | tauto].
    + destruct (IH ks) as [r [Hr Hlt]]; [simpl in *; lia | auto |].
      exists r; split; [apply MR_LoopF; auto |].
      destruct r; simpl in *; auto; split; [lia | tauto].
Qed.

Lemma mph_exists : forall n ks, wks ks < n -> Forall good_frame ks ->
  exists gs, mph ks gs.
Proof.
  induction n as [| n IH]; intros ks Hn Hg; [lia |].
  destruct (mrtb_exists (S (wks ks)) ks) as [[g | g ks'] [Hr Hlt]];
    [lia | auto | |].
  - exists [g]; constructor; auto.
  - destruct Hlt as [Hlt Hg'].
    destruct (IH ks') as [gs Hgs]; [lia | auto |].
    exists (g :: gs); econstructor; eauto.
Qed.

Theorem mphases_exist : forall s q, good_env s -> sunit q ->
  exists gs, mphases s q gs.
Proof.
  intros s q Hs Hq; apply (mph_exists (S (wks [MFRun s q]))); [lia |].
  constructor; simpl; auto.
Qed.

End SyncTerm.

(** ** In unbounded integers *)

Section Z.
#[local] Existing Instance Z_arith.

Theorem mphases_exist_Z : forall s q, sunit q -> exists gs, mphases s q gs.
Proof.
  intros s q Hq.
  apply (@mphases_exist Z_arith (fun _ => True)
           (fun lo hi : Z => Z.to_nat (hi - lo))); auto.
  - intros lo hi _ _ Hlt; split; auto.
    simpl in *; apply Z.ltb_lt in Hlt; lia.
  - intros x; exact I.
Qed.

(** A kernel typed with the uniform rules always has a run in [int]: no
    divergence, no non-termination, whatever the parameters, thread set,
    history and initial memory. *)
Theorem run_exists_sync_int : forall mem0 V s T H p q,
  styping V p q -> sunit q -> exists I, psync_run mem0 s T H p I.
Proof.
  intros mem0 V s T H p q Ht Hq.
  apply (run_exists_sync mem0 V s T H p q Ht).
  - intros i _; apply mphases_exist_Z; auto.
  - intros i _; apply sterm_Z; auto.
Qed.

End Z.

(** ** In 32-bit words, from 32-bit values *)

Section BV32.
#[local] Existing Instance bv32_arith.

Theorem mphases_exist_bv32 : forall s q, canon_env s -> sunit q ->
  exists gs, mphases s q gs.
Proof.
  intros s q Hs Hq.
  apply (@mphases_exist bv32_arith canon (fun lo hi : Z => Z.to_nat (hi - lo))); auto.
  - intros s' e Hs'; apply canon_eval; auto.
  - intros lo hi Hlo Hhi Hlt.
    rewrite (succ_bv32 lo hi) by auto.
    apply Z.ltb_lt in Hlt; unfold canon, modulus in *; split; [lia |].
    lia.
Qed.

(** The same in [bv32], for 32-bit parameters and thread ids. *)
Theorem run_exists_sync_bv32 : forall mem0 V s T H p q,
  canon_env s -> (forall i, In i T -> canon i) ->
  styping V p q -> sunit q -> exists I, psync_run mem0 s T H p I.
Proof.
  intros mem0 V s T H p q Hs HT Ht Hq.
  apply (run_exists_sync mem0 V s T H p q Ht).
  - intros i Hi; apply mphases_exist_bv32; auto; apply canon_upd; auto.
  - intros i Hi; apply sterm_bv32; auto; apply canon_upd; auto.
Qed.

End BV32.

(** ** In signed words ([sw_arith]: the tool's [--arith bv32] and
    [bv64]), from values of the width *)

Section SW.
Variable width : Z.
Hypothesis width_2 : (2 <= width)%Z.
#[local] Instance sw_inst' : Arith := sw_arith width.

Theorem mphases_exist_sw : forall s q, scanon_env width s -> sunit q ->
  exists gs, mphases s q gs.
Proof.
  intros s q Hs Hq.
  apply (@mphases_exist sw_inst' (scanon width)
           (fun lo hi : Z => Z.to_nat (hi - lo))); auto.
  - intros s' e Hs'; apply scanon_eval; auto.
  - apply step_sw; auto.
Qed.

Theorem run_exists_sync_sw : forall mem0 V s T H p q,
  scanon_env width s -> (forall i, In i T -> scanon width i) ->
  styping V p q -> sunit q -> exists I, psync_run mem0 s T H p I.
Proof.
  intros mem0 V s T H p q Hs HT Ht Hq.
  apply (run_exists_sync mem0 V s T H p q Ht).
  - intros i Hi; apply mphases_exist_sw; auto; apply scanon_upd; auto.
  - intros i Hi; apply sterm_sw; auto; apply scanon_upd; auto.
Qed.

End SW.

Definition mphases_exist_bv32s := mphases_exist_sw 32 ltac:(lia).
Definition run_exists_sync_bv32s := run_exists_sync_sw 32 ltac:(lia).
Definition mphases_exist_bv64 := mphases_exist_sw 64 ltac:(lia).
Definition run_exists_sync_bv64 := run_exists_sync_sw 64 ltac:(lia).
