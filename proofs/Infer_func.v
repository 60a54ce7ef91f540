(** * The typing relations are functional: a program has at most one
    protocol under a given [V].  (WasmCert's [_func] lemmas.)  This is
    what lets the Rust checker return one MAP per kernel. *)

From Coq Require Import List.
From Mapcheck Require Import Arith Syntax Typing.

Section InferFunc.
Context {A : Arith}.

Theorem typing_func : forall V b u1,
  typing V b u1 -> forall u2, typing V b u2 -> u1 = u2.
Proof.
  induction 1; intros u' Ht; inversion Ht; subst; try contradiction;
    f_equal; eauto.
Qed.

Theorem styping_func : forall V s p1,
  styping V s p1 -> forall p2, styping V s p2 -> p1 = p2.
Proof.
  induction 1; intros p' Ht; inversion Ht; subst; try contradiction;
    f_equal; eauto.
  f_equal; eapply typing_func; eauto.
Qed.

End InferFunc.
