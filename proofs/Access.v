(** * The access-set lemma for one thread (unsynchronised fragment)

    For a well-typed [b ▶ u], a run of [b] from the pair [a] ends in a pair
    whose accesses are exactly those of [a] plus those of [u], evaluated in
    an environment that agrees with the program's on [V].  This is the
    per-thread core of the paper's proof sketch ("α ∈ P iff α ∈ Λ").

    Note what is *not* assumed: nothing about [H], [mem0] or the values
    the reads return.  The program environment binds read variables to
    whatever [lastwrite] gives, the protocol environment does not bind them
    at all, and typing guarantees that this difference is never observed
    by an index, a condition or a loop bound. *)

From Coq Require Import List String.
From Mapcheck Require Import Arith Syntax Maps Semantics Protocol Typing Env.
Import ListNotations.

Section Access.
Context {A : Arith}.
Variable mem0 : cell -> val.
Variable H : history.
Variable i : val.

Lemma exec_access :
  (forall s1 a b a', exec mem0 H i s1 a b a' ->
     forall V u s2, typing V b u -> agree V s1 s2 ->
     forall o j, acc a' o j <-> acc a o j \/ macc s2 u o j) /\
  (forall s1 a x vs lo hi b a', loop mem0 H i s1 a x vs lo hi b a' ->
     forall V u s2, typing (x :: V) b u -> agree V s1 s2 ->
     forall o j, acc a' o j <->
       acc a o j \/ exists k, in_range vs lo hi k /\ macc (upd s2 x k) u o j).
Proof.
  apply exec_loop_ind.
  - (* write *)
    intros s a ar n m V u s2 Ht Hag o j; inversion Ht; subst; simpl.
    rewrite acc_addW, (evali_agree V s s2 n); auto; tauto.
  - (* read *)
    intros s a x ar n b a' j Hex IH V u s2 Ht Hag o j'; inversion Ht; subst.
    simpl; rewrite (IH V u0 s2); auto.
    + rewrite acc_addR; unfold j; rewrite (evali_agree V s s2 n); auto.
      tauto.
    + apply agree_upd_left; auto.
  - (* seq *)
    intros s a b1 b2 a1 a2 Hex1 IH1 Hex2 IH2 V u s2 Ht Hag o j;
      inversion Ht; subst; simpl.
    rewrite (IH2 V u2 s2), (IH1 V u1 s2); auto; tauto.
  - (* if true *)
    intros s a c b1 b2 a' Hc Hex IH V u s2 Ht Hag o j; inversion Ht; subst;
      simpl.
    rewrite <- (evalc_agree V s s2 c), Hc by auto; apply (IH V u1 s2); auto.
  - (* if false *)
    intros s a c b1 b2 a' Hc Hex IH V u s2 Ht Hag o j; inversion Ht; subst;
      simpl.
    rewrite <- (evalc_agree V s s2 c), Hc by auto; apply (IH V u2 s2); auto.
  - (* for *)
    intros s a x n m st b a' Hl IH V u s2 Ht Hag o j; inversion Ht; subst; simpl.
    rewrite <- (eval_agree V s s2 n), <- (eval_agree V s s2 m),
      <- (evstep_agree V s s2 st) by auto.
    apply (IH V u0 s2); auto.
  - (* skip *)
    intros s a V u s2 Ht Hag o j; inversion Ht; subst; simpl; tauto.
  - (* let: bound on both sides when data-free, else on the program side *)
    intros s a x e b a' Hex IH V u s2 Ht Hag o j; inversion Ht; subst; simpl.
    + rewrite (IH (x :: V) u0 (upd s2 x (eval s2 e))); auto; [tauto |].
      rewrite (eval_agree V s s2 e); auto; apply agree_upd_both; auto.
    + rewrite (IH V u0 s2); auto; [tauto |]; apply agree_upd_left; auto.
  - (* atomic: like a read, whatever value it returns *)
    intros s a x ar n b a' v Hex IH V u s2 Ht Hag o j; inversion Ht; subst.
    simpl; rewrite (IH V u0 s2); auto.
    + rewrite acc_addA, (evali_agree V s s2 n); auto; tauto.
    + apply agree_upd_left; auto.
  - (* havoc: like a let of data *)
    intros s a x b a' v Hex IH V u s2 Ht Hag o j; inversion Ht; subst; simpl.
    rewrite (IH V u0 s2); auto; [tauto |]; apply agree_upd_left; auto.
  - (* assume: no access *)
    intros s a c Hc V u s2 Ht Hag o j; inversion Ht; subst; simpl; tauto.
  - (* loop exit *)
    intros s a x vs lo hi b Hlt V u s2 Ht Hag o j; split; auto.
    intros [H1 | [k [Hr _]]]; auto.
    apply in_range_lt in Hr; congruence.
  - (* loop iteration *)
    intros s a x vs lo hi b a1 a2 Hlt Hex IHb Hl IHl V u s2 Ht Hag o j.
    rewrite (IHl V u s2 Ht Hag), (IHb (x :: V) u (upd s2 x lo)); auto.
    + split.
      * intros [[H1 | H1] | [k [Hr Hm]]]; auto.
        -- right; exists lo; split; auto; apply IR_Here; auto.
        -- right; exists k; split; auto; apply IR_Next; auto.
      * intros [H1 | [k [Hr Hm]]]; auto.
        apply in_range_inv in Hr; destruct Hr as [_ [-> | Hr]]; auto.
        right; exists k; auto.
    + apply agree_upd_both; auto.
Qed.

(** The form used by Theorem 1: a thread starting from the empty pair
    performs exactly the accesses of its protocol. *)
Lemma thread_access : forall V b u s a,
  typing V b u -> exec mem0 H i s rw0 b a ->
  forall o j, acc a o j <-> macc s u o j.
Proof.
  intros V b u s a Ht Hex o j.
  rewrite (proj1 exec_access s rw0 b a Hex V u s Ht (agree_refl V s)).
  simpl; destruct o; simpl; split; intuition; firstorder.
Qed.

End Access.
