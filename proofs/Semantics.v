(** * Big-step semantics of the unsynchronised fragment (paper, Figure 5)

    [exec mem0 H i s a b a'] is the paper's single-thread judgement
    [A, b ⇓_{H,i} B] with [A = a], [B = a'], in environment [s] (which
    replaces substitution) and initial memory [mem0].  [loop] iterates a
    stride-1 loop: it is the FOR rule unfolded on values.

    [par mem0 s T H b I] is the parallel judgement [H, b ⇓ I] (rule PAR):
    every thread [i ∈ T] runs [b] alone from the empty pair, with [tid]
    bound to [i], over the same history [H]; the results are merged into one
    new phase. *)

From Coq Require Import List.
From Mapcheck Require Import Arith Syntax Maps.
Import ListNotations.

Section Semantics.
Context {A : Arith}.
Variable mem0 : cell -> val.
Variable H : history.
Variable i : val.

Inductive exec : env -> rw -> stmt -> rw -> Prop :=
| E_Write s a ar n m :
    exec s a (SWrite ar n m) (addW (ar, evali s n) (eval s m) a)
| E_Read s a x ar n b a' :
    (* READ: the thread sees its own writes of this phase first, then the
       earlier phases: [lastwrite(j, {i:(R,W)} :: H)]. *)
    let j := (ar, evali s n) in
    exec (upd s x (lastwrite mem0 j ([(i, a)] :: H))) (addR j a) b a' ->
    exec s a (SRead x ar n b) a'
| E_Seq s a b1 b2 a1 a2 :
    exec s a b1 a1 -> exec s a1 b2 a2 -> exec s a (SSeq b1 b2) a2
| E_IfT s a c b1 b2 a' :
    evalc s c = true -> exec s a b1 a' -> exec s a (SIf c b1 b2) a'
| E_IfF s a c b1 b2 a' :
    evalc s c = false -> exec s a b2 a' -> exec s a (SIf c b1 b2) a'
| E_For s a x n m st b a' :
    loop s a x (evstep s st) (eval s n) (eval s m) b a' ->
    exec s a (SFor x n m st b) a'
| E_Skip s a : exec s a SSkip a
| E_Let s a x e b a' :
    (* LET: a pure binding, no access. *)
    exec (upd s x (eval s e)) a b a' -> exec s a (SLet x e b) a'
| E_Atomic s a x ar n b a' v :
    (* ATOMIC: the old contents an atomic returns depend on the order of
       the other threads' atomics in the phase, which a thread running
       alone cannot know: any value [v].  Its store is not in [W] (it is
       no plain write); values never matter to the theorems. *)
    exec (upd s x v) (addA (ar, evali s n) a) b a' ->
    exec s a (SAtomic x ar n b) a'
| E_Havoc s a x b a' v :
    (* HAVOC: [let x = ?], a value nobody can predict, chosen per thread. *)
    exec (upd s x v) a b a' -> exec s a (SHavoc x b) a'
| E_Assume s a c :
    (* ASSUME: a false precondition is an input error, not a run (SPEC
       section 4): no rule for it. *)
    evalc s c = true -> exec s a (SAssume c) a
with loop : env -> rw -> var -> vstep -> val -> val -> stmt -> rw -> Prop :=
| L_Stop s a x vs lo hi b :
    vguard vs lo hi = false -> loop s a x vs lo hi b a
| L_Step s a x vs lo hi b a1 a2 :
    vguard vs lo hi = true ->
    exec (upd s x lo) a b a1 ->
    loop s a1 x vs (vnext vs lo) hi b a2 ->
    loop s a x vs lo hi b a2.

End Semantics.

Scheme exec_ind2 := Induction for exec Sort Prop
  with loop_ind2 := Induction for loop Sort Prop.
Combined Scheme exec_loop_ind from exec_ind2, loop_ind2.

Section Parallel.
Context {A : Arith}.

(** Rule PAR.  [s] holds the parameters; thread [i] runs with
    [tid := i]. *)
Definition par (mem0 : cell -> val) (s : env) (T : list val) (H : history)
    (b : stmt) (I : history) : Prop :=
  exists f : val -> rw,
    I = mkphase T f :: H /\
    forall i, In i T -> exec mem0 H i (upd s tid i) rw0 b (f i).

End Parallel.
