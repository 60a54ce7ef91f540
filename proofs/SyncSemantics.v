(** * Semantics of the synchronised fragment

    A thread's state between barriers is a continuation: a stack of frames,
    each a piece of synchronised program with the environment it runs in
    ([FRun]) or the rest of a barrier loop ([FLoop]: the loop variable, the
    next value and the bound, both already evaluated).

    [rtb mem0 H i a ks r] runs the thread "to the next barrier": starting
    from the pair [a] of the current phase, it either finishes
    ([Done a']) or stops at a [sync] with continuation [ks']
    ([Paused a' ks']).  Unsynchronised blocks [PU b] are run with the
    unsynchronised judgement [exec] of [Semantics].

    [psync] is the parallel judgement extended to barriers: in each phase
    every thread of [T] runs to its next barrier over the same history; the
    per-thread pairs are merged into one phase, pushed on the history, and
    the threads resume from their continuations.  A phase ends for all
    threads at once, or the program ends for all threads at once: a run in
    which some threads stop at a barrier and others finish (barrier
    divergence) has no derivation.  This is the "aligned" hypothesis of
    the synchronised Theorem 1. *)

From Coq Require Import List.
From Mapcheck Require Import Arith Syntax Maps Semantics.
Import ListNotations.

Section SyncSemantics.
Context {A : Arith}.

Inductive frame : Type :=
| FRun (s : env) (p : sprog)
| FLoop (s : env) (x : var) (vs : vstep) (lo hi : val) (p : sprog).

Inductive result : Type :=
| Done (a : rw)
| Paused (a : rw) (ks : list frame).

Section Thread.
Variable mem0 : cell -> val.
Variable H : history.
Variable i : val.

Inductive rtb : rw -> list frame -> result -> Prop :=
| R_Nil a : rtb a [] (Done a)
| R_U a s b a1 ks r :
    exec mem0 H i s a b a1 -> rtb a1 ks r ->
    rtb a (FRun s (PU b) :: ks) r
| R_Sync a s ks :
    rtb a (FRun s PSync :: ks) (Paused a ks)
| R_Seq a s p1 p2 ks r :
    rtb a (FRun s p1 :: FRun s p2 :: ks) r ->
    rtb a (FRun s (PSeq p1 p2) :: ks) r
| R_Read a s x ar n p ks r :
    let j := (ar, evali s n) in
    rtb (addR j a) (FRun (upd s x (lastwrite mem0 j ([(i, a)] :: H))) p :: ks) r ->
    rtb a (FRun s (PRead x ar n p) :: ks) r
| R_For a s x n m st p ks r :
    rtb a (FLoop s x (evstep s st) (eval s n) (eval s m) p :: ks) r ->
    rtb a (FRun s (PFor x n m st p) :: ks) r
| R_LoopT a s x vs lo hi p ks r :
    vguard vs lo hi = true ->
    rtb a (FRun (upd s x lo) p :: FLoop s x vs (vnext vs lo) hi p :: ks) r ->
    rtb a (FLoop s x vs lo hi p :: ks) r
| R_LoopF a s x vs lo hi p ks r :
    vguard vs lo hi = false ->
    rtb a ks r ->
    rtb a (FLoop s x vs lo hi p :: ks) r
| R_IfT a s c p1 p2 ks r :
    evalc s c = true ->
    rtb a (FRun s p1 :: ks) r ->
    rtb a (FRun s (PIf c p1 p2) :: ks) r
| R_IfF a s c p1 p2 ks r :
    evalc s c = false ->
    rtb a (FRun s p2 :: ks) r ->
    rtb a (FRun s (PIf c p1 p2) :: ks) r
| R_Let a s x e p ks r :
    rtb a (FRun (upd s x (eval s e)) p :: ks) r ->
    rtb a (FRun s (PLet x e p) :: ks) r
| R_Atomic a s x ar n p ks r v :
    rtb (addA (ar, evali s n) a) (FRun (upd s x v) p :: ks) r ->
    rtb a (FRun s (PAtomic x ar n p) :: ks) r
| R_Havoc a s x p ks r v :
    rtb a (FRun (upd s x v) p :: ks) r ->
    rtb a (FRun s (PHavoc x p) :: ks) r.

End Thread.

Section Parallel.
Variable mem0 : cell -> val.
Variable T : list val.

(** [psync H ks I]: the threads [T], with continuations [ks i], run to the
    end over history [H] and produce history [I]. *)
Inductive psync : history -> (val -> list frame) -> history -> Prop :=
| PS_Done H ks (f : val -> rw) :
    (forall i, In i T -> rtb mem0 H i rw0 (ks i) (Done (f i))) ->
    psync H ks (mkphase T f :: H)
| PS_Sync H ks (f : val -> rw) (ks' : val -> list frame) I :
    (forall i, In i T -> rtb mem0 H i rw0 (ks i) (Paused (f i) (ks' i))) ->
    psync (mkphase T f :: H) ks' I ->
    psync H ks I.

End Parallel.

(** A synchronised kernel [p] with parameters [s]: thread [i] starts with
    [tid := i]. *)
Definition psync_run (mem0 : cell -> val) (s : env) (T : list val)
    (H : history) (p : sprog) (I : history) : Prop :=
  psync mem0 T H (fun i => [FRun (upd s tid i) p]) I.

End SyncSemantics.
