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
| UT_Acc s o n : uterm s (UAcc o n)
| UT_Seq s u1 u2 : uterm s u1 -> uterm s u2 -> uterm s (USeq u1 u2)
| UT_IfT s c u1 u2 : evalc s c = true -> uterm s u1 -> uterm s (UIf c u1 u2)
| UT_IfF s c u1 u2 : evalc s c = false -> uterm s u2 -> uterm s (UIf c u1 u2)
| UT_For s x n m u :
    lterm s x (eval s n) (eval s m) u -> uterm s (UFor x n m u)
with lterm : env -> var -> val -> val -> proto -> Prop :=
| LT_Stop s x lo hi u : val_ltb lo hi = false -> lterm s x lo hi u
| LT_Step s x lo hi u :
    val_ltb lo hi = true -> uterm (upd s x lo) u ->
    lterm s x (succ lo) hi u -> lterm s x lo hi u.

Scheme uterm_ind2 := Induction for uterm Sort Prop
  with lterm_ind2 := Induction for lterm Sort Prop.
Combined Scheme uterm_lterm_ind from uterm_ind2, lterm_ind2.

Section Thread.
Variable mem0 : val -> val.
Variable H : history.
Variable i : val.

Lemma exec_exists :
  (forall s2 u, uterm s2 u ->
     forall V b s1 a, typing V b u -> agree V s1 s2 ->
     exists a', exec mem0 H i s1 a b a') /\
  (forall s2 x lo hi u, lterm s2 x lo hi u ->
     forall V b s1 a, typing (x :: V) b u -> agree V s1 s2 ->
     exists a', loop mem0 H i s1 a x lo hi b a').
Proof.
  apply uterm_lterm_ind.
  - (* skip *)
    intros s V b s1 a Ht Hag; inversion Ht; subst; eexists; constructor.
  - (* access: only a write stands alone *)
    intros s o n V b s1 a Ht Hag; inversion Ht; subst; eexists; constructor.
  - (* sequence, or a read and its body *)
    intros s u1 u2 Hu1 IH1 Hu2 IH2 V b s1 a Ht Hag; inversion Ht; subst.
    + destruct (IH2 V b0 (upd s1 x (lastwrite mem0 (eval s1 n)
                                      ([(i, a)] :: H)))
                  (addR (eval s1 n) a)) as [a' Ha']; auto.
      * apply agree_upd_left; auto.
      * exists a'; econstructor; eauto.
    + destruct (IH1 V b1 s1 a) as [a1 Ha1]; auto.
      destruct (IH2 V b2 s1 a1) as [a2 Ha2]; auto.
      exists a2; econstructor; eauto.
  - (* if, then-branch *)
    intros s c u1 u2 Hc Hu IH V b s1 a Ht Hag; inversion Ht; subst.
    destruct (IH V b1 s1 a) as [a' Ha']; auto.
    exists a'; apply E_IfT; auto; rewrite (evalc_agree V s1 s c); auto.
  - (* if, else-branch *)
    intros s c u1 u2 Hc Hu IH V b s1 a Ht Hag; inversion Ht; subst.
    destruct (IH V b2 s1 a) as [a' Ha']; auto.
    exists a'; apply E_IfF; auto; rewrite (evalc_agree V s1 s c); auto.
  - (* loop *)
    intros s x n m u Hl IH V b s1 a Ht Hag; inversion Ht; subst.
    destruct (IH V b0 s1 a) as [a' Ha']; auto.
    exists a'; constructor.
    rewrite (eval_agree V s1 s n), (eval_agree V s1 s m); auto.
  - (* loop exit *)
    intros s x lo hi u Hlt V b s1 a Ht Hag; eexists; apply L_Stop; auto.
  - (* loop iteration *)
    intros s x lo hi u Hlt Hu IHu Hl IHl V b s1 a Ht Hag.
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

End RunExists.

(** ** Every protocol terminates in unbounded integers *)

Section Z.
#[local] Existing Instance Z_arith.

Lemma lterm_Z : forall (u : proto) x,
  (forall s, uterm s u) ->
  forall (k : nat) s (lo hi : Z), Z.to_nat (hi - lo) = k -> lterm s x lo hi u.
Proof.
  intros u x Hu k; induction k as [| k IH]; intros s lo hi Hk.
  - apply LT_Stop; simpl; apply Z.ltb_ge; lia.
  - destruct (Z.ltb lo hi) eqn:E.
    + apply LT_Step; auto.
      apply IH; simpl; lia.
    + apply LT_Stop; auto.
Qed.

Theorem uterm_Z : forall (s : env) u, uterm s u.
Proof.
  intros s u; revert s; induction u as [| o n | u1 IH1 u2 IH2 | c u1 IH1 u2 IH2
                                      | x n m u IH]; intros s.
  - constructor.
  - constructor.
  - constructor; auto.
  - destruct (evalc s c) eqn:E; [apply UT_IfT | apply UT_IfF]; auto.
  - constructor; eapply lterm_Z; eauto.
Qed.

End Z.
