(** * In unbounded integers, every synchronised protocol runs to its end

    [RunExists] takes the existence of each thread's protocol phases
    ([mphases]) from the protocol's verdict being defined.  In [int] it is
    a theorem: [mphases_exist_Z].  The measure [wf] counts the steps of the
    run-to-barrier machine still ahead of a continuation (barrier loops
    iterate [hi - lo] times); every step of [mrtb] decreases it, and so does
    every phase.  With [Uniform.run_exists_sync] this gives
    [run_exists_sync_int]: a kernel typed with the uniform rules always has
    a run in [int], with no hypothesis at all. *)

From Coq Require Import List String ZArith Lia Wf_nat.
From Mapcheck Require Import ListUtil Arith Syntax Maps Typing SyncSemantics
  SyncProtocol RunExists Uniform.
Import ListNotations.

Section SyncTerm.
#[local] Existing Instance Z_arith.

(** [f lo + f (lo+1) + ... ] over [k] values, one more per value. *)
Fixpoint wsum (k : nat) (lo : Z) (f : Z -> nat) : nat :=
  match k with
  | O => 0
  | S k => 1 + f lo + wsum k (lo + 1)%Z f
  end.

Fixpoint wp (s : env) (q : sproto) : nat :=
  match q with
  | MU _ | MSync => 1
  | MSeq p1 p2 => 1 + wp s p1 + wp s p2
  | MFor x n m p =>
      2 + wsum (Z.to_nat (eval s m - eval s n)) (eval s n)
              (fun k => wp (upd s x k) p)
  | MIf c p1 p2 => 1 + (if evalc s c then wp s p1 else wp s p2)
  end.

Definition wf (f : mframe) : nat :=
  match f with
  | MFRun s q => wp s q
  | MFLoop s x lo hi p =>
      1 + wsum (Z.to_nat (hi - lo)) lo (fun k => wp (upd s x k) p)
  end.

Definition wks (ks : list mframe) : nat := fold_right (fun f n => wf f + n) 0 ks.

Definition mres_lt (ks : list mframe) (r : mresult) : Prop :=
  match r with MDone _ => True | MPaused _ ks' => wks ks' < wks ks end.

Lemma mrtb_exists_Z : forall n ks, wks ks < n ->
  exists r, mrtb ks r /\ mres_lt ks r.
Proof.
  induction n as [| n IH]; intros ks Hn; [lia |].
  destruct ks as [| [s q | s x lo hi p] ks].
  - exists (MDone []); split; [constructor | exact I].
  - destruct q as [u | | p1 p2 | x n' m p | c p1 p2].
    + destruct (IH ks) as [r [Hr Hlt]]; [simpl in *; lia |].
      exists (madd (s, u) r); split; [constructor; auto |].
      destruct r; simpl in *; auto; lia.
    + exists (MPaused [] ks); split; [constructor | simpl; lia].
    + destruct (IH (MFRun s p1 :: MFRun s p2 :: ks)) as [r [Hr Hlt]];
        [simpl in *; lia |].
      exists r; split; [constructor; auto |].
      destruct r; simpl in *; auto; lia.
    + destruct (IH (MFLoop s x (eval s n') (eval s m) p :: ks))
        as [r [Hr Hlt]]; [simpl in *; lia |].
      exists r; split; [constructor; auto |].
      destruct r; simpl in *; auto; lia.
    + destruct (evalc s c) eqn:E.
      * destruct (IH (MFRun s p1 :: ks)) as [r [Hr Hlt]];
          [simpl in *; rewrite E in Hn; lia |].
        exists r; split; [apply MR_IfT; auto |].
        destruct r; simpl in *; auto; rewrite E; lia.
      * destruct (IH (MFRun s p2 :: ks)) as [r [Hr Hlt]];
          [simpl in *; rewrite E in Hn; lia |].
        exists r; split; [apply MR_IfF; auto |].
        destruct r; simpl in *; auto; rewrite E; lia.
  - destruct (Z.ltb lo hi) eqn:E.
    + assert (Hk : Z.to_nat (hi - lo) = S (Z.to_nat (hi - (lo + 1))))
        by (apply Z.ltb_lt in E; lia).
      destruct (IH (MFRun (upd s x lo) p :: MFLoop s x (lo + 1)%Z hi p :: ks))
        as [r [Hr Hlt]];
        [simpl in *; rewrite Hk in Hn; simpl in Hn; lia |].
      exists r; split; [apply MR_LoopT; auto |].
      destruct r; simpl in *; auto; rewrite Hk; simpl; lia.
    + destruct (IH ks) as [r [Hr Hlt]]; [simpl in *; lia |].
      exists r; split; [apply MR_LoopF; auto |].
      destruct r; simpl in *; auto; lia.
Qed.

Lemma mph_exists_Z : forall n ks, wks ks < n -> exists gs, mph ks gs.
Proof.
  induction n as [| n IH]; intros ks Hn; [lia |].
  destruct (mrtb_exists_Z (S (wks ks)) ks) as [[g | g ks'] [Hr Hlt]]; [lia | |].
  - exists [g]; constructor; auto.
  - destruct (IH ks') as [gs Hgs]; [simpl in Hlt; lia |].
    exists (g :: gs); econstructor; eauto.
Qed.

Theorem mphases_exist_Z : forall s q, exists gs, mphases s q gs.
Proof.
  intros s q; apply (mph_exists_Z (S (wks [MFRun s q]))); lia.
Qed.

(** A kernel typed with the uniform rules always has a run in [int]: no
    divergence, no non-termination, whatever the parameters, thread set,
    history and initial memory. *)
Theorem run_exists_sync_int : forall mem0 V s T H p q,
  styping V p q -> exists I, psync_run mem0 s T H p I.
Proof.
  intros mem0 V s T H p q Ht.
  apply (run_exists_sync mem0 V s T H p q Ht).
  - intros i _; apply mphases_exist_Z.
  - intros i _; apply sterm_Z.
Qed.

End SyncTerm.
