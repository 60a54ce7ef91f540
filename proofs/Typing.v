(** * Behavioural typing [V ⊢ b ▶ u] (paper, Figure 6) and its extension
    to the synchronised fragment [V ⊢s s ▶ p]

    [V] is the set of variables that may steer control flow and indexing:
    parameters and [tid] at the start, loop variables inside loop bodies.
    Variables bound by reads are never added (rule T-READ), so no index,
    condition or loop bound of a well-typed program depends on data read
    from the array.  The payload of a write is unconstrained: data may flow
    into memory, just not into the shape of the accesses.

    [fv(e) ⊆ V] is [incl (fv e) V] on lists of names.

    A pure binding [let x = e] (T-LET, not in the paper) puts [x] in [V]
    when [e] is free of data, and its protocol binds [x] to [e] ([ULet]);
    otherwise [x] is data, like a variable bound by a read: it stays out of
    [V], and the protocol of the [let] itself is [skip] (T-LETD).  The two
    premises [fv(e) ⊆ V] / [fv(e) ⊄ V] are exclusive, so typing stays a
    function.  The Rust checker substitutes [e] for [x] instead of keeping
    a binder; with distinct binder names (SPEC section 3) the protocols
    mean the same. *)

From Coq Require Import List String.
From Mapcheck Require Import Arith Syntax.
Import ListNotations.

Section Typing.
Context {A : Arith}.

Inductive typing : vars -> stmt -> proto -> Prop :=
| T_Write V a n m :
    incl (fvi n) V ->
    typing V (SWrite a n m) (UAcc Wr a n)
| T_Read V x a n b u :
    incl (fvi n) V -> ~ In x V ->
    typing V b u ->
    typing V (SRead x a n b) (USeq (UAcc Rd a n) u)
| T_Seq V b1 b2 u1 u2 :
    typing V b1 u1 -> typing V b2 u2 ->
    typing V (SSeq b1 b2) (USeq u1 u2)
| T_If V c b1 b2 u1 u2 :
    incl (fvc c) V ->
    typing V b1 u1 -> typing V b2 u2 ->
    typing V (SIf c b1 b2) (UIf c u1 u2)
| T_For V x n m st b u :
    incl (fv n) V -> incl (fv m) V -> incl (fv (step_amount st)) V ->
    typing (x :: V) b u ->
    typing V (SFor x n m st b) (UFor x n m st u)
| T_Skip V :
    typing V SSkip USkip
| T_Let V x e b u :
    incl (fv e) V ->
    typing (x :: V) b u ->
    typing V (SLet x e b) (ULet x e u)
| T_LetD V x e b u :
    ~ incl (fv e) V -> ~ In x V ->
    typing V b u ->
    typing V (SLet x e b) (USeq USkip u)
| T_Atomic V x a n b u :
    incl (fvi n) V -> ~ In x V ->
    typing V b u ->
    typing V (SAtomic x a n b) (USeq (UAcc At a n) u)
| T_Assume V c :
    incl (fvc c) V -> ~ In tid (fvc c) ->
    typing V (SAssume c) (UAssume c)
| T_Havoc V x b u :
    ~ In x V ->
    typing V b u ->
    typing V (SHavoc x b) (USeq USkip u).

(** Synchronised fragment.  A [let] spanning barriers ([PLet]) is typed as
    in the unsynchronised fragment, except that the uniform rules accept a
    data-free value only when it is uniform (no [tid]): [V] holds only
    uniform variables besides [tid] at this level, and a [tid]-dependent
    [let] would break that.  The relaxed rules accept it ([RS_Let]).
    Barrier loops must have uniform bounds and
    conditionals around barriers uniform conditions: every thread of the
    block must run them the same number of times, or take the same
    branch.  At this
    level [V] holds the parameters, [tid] and enclosing barrier-loop
    variables (reads never enter [V]), so "uniform" is "over [V] and not
    mentioning [tid]" (TS_For, TS_If).  Theorem 1 itself does not need this side
    condition, because the parallel semantics only has derivations for
    aligned runs; it is what makes alignment checkable statically
    ([Aligned]).  The Rust checker does not enforce it: a barrier under
    [tid]-dependent (not data-dependent) control keeps a kernel exact, and
    its alignment is left to the SMT stage's divergence query.  The
    differential test against the extracted checker names this the
    exception [tid-barriers] (tests/tests/coq_differential.rs): Rust agrees
    with these rules minus the two [tid] premises, [rstyping] below. *)
Inductive styping : vars -> sprog -> sproto -> Prop :=
| TS_U V b u :
    typing V b u ->
    styping V (PU b) (MU u)
| TS_Sync V :
    styping V PSync MSync
| TS_Seq V s1 s2 p1 p2 :
    styping V s1 p1 -> styping V s2 p2 ->
    styping V (PSeq s1 s2) (MSeq p1 p2)
| TS_Read V x a n s p :
    incl (fvi n) V -> ~ In x V ->
    styping V s p ->
    styping V (PRead x a n s) (MSeq (MU (UAcc Rd a n)) p)
| TS_For V x n m st s p :
    incl (fv n) V -> incl (fv m) V -> incl (fv (step_amount st)) V ->
    ~ In tid (fv n) -> ~ In tid (fv m) -> ~ In tid (fv (step_amount st)) ->
    styping (x :: V) s p ->
    styping V (PFor x n m st s) (MFor x n m st p)
| TS_If V c s1 s2 p1 p2 :
    incl (fvc c) V -> ~ In tid (fvc c) ->
    styping V s1 p1 -> styping V s2 p2 ->
    styping V (PIf c s1 s2) (MIf c p1 p2)
| TS_Let V x e s p :
    incl (fv e) V -> ~ In tid (fv e) ->
    styping (x :: V) s p ->
    styping V (PLet x e s) (MLet x e p)
| TS_LetD V x e s p :
    ~ incl (fv e) V -> ~ In x V ->
    styping V s p ->
    styping V (PLet x e s) (MSeq (MU USkip) p)
| TS_Atomic V x a n s p :
    incl (fvi n) V -> ~ In x V ->
    styping V s p ->
    styping V (PAtomic x a n s) (MSeq (MU (UAcc At a n)) p)
| TS_Havoc V x s p :
    ~ In x V ->
    styping V s p ->
    styping V (PHavoc x s) (MSeq (MU USkip) p).

(** ** The relaxed synchronised rules: barriers under [tid]-dependent
    control

    [rstyping] is [styping] without the two [tid] premises of [TS_For] and
    [TS_If]: barrier-loop bounds and conditions around barriers need only be
    free of data ([fv ⊆ V]), as in the Rust checker (exception
    [tid-barriers] of tests/tests/coq_differential.rs).  Theorem 1 holds for
    it as it is ([theorem1_sync_relaxed]): the [tid] premises only serve
    [aligned], the static absence of barrier divergence; under the relaxed
    rules alignment is what a run's existence asserts (every thread stops at
    its [k]-th barrier in phase [k]), and the SMT stage's divergence query
    is what establishes it for the tool. *)
Inductive rstyping : vars -> sprog -> sproto -> Prop :=
| RS_U V b u :
    typing V b u ->
    rstyping V (PU b) (MU u)
| RS_Sync V :
    rstyping V PSync MSync
| RS_Seq V s1 s2 p1 p2 :
    rstyping V s1 p1 -> rstyping V s2 p2 ->
    rstyping V (PSeq s1 s2) (MSeq p1 p2)
| RS_Read V x a n s p :
    incl (fvi n) V -> ~ In x V ->
    rstyping V s p ->
    rstyping V (PRead x a n s) (MSeq (MU (UAcc Rd a n)) p)
| RS_For V x n m st s p :
    incl (fv n) V -> incl (fv m) V -> incl (fv (step_amount st)) V ->
    rstyping (x :: V) s p ->
    rstyping V (PFor x n m st s) (MFor x n m st p)
| RS_If V c s1 s2 p1 p2 :
    incl (fvc c) V ->
    rstyping V s1 p1 -> rstyping V s2 p2 ->
    rstyping V (PIf c s1 s2) (MIf c p1 p2)
| RS_Let V x e s p :
    incl (fv e) V ->
    rstyping (x :: V) s p ->
    rstyping V (PLet x e s) (MLet x e p)
| RS_LetD V x e s p :
    ~ incl (fv e) V -> ~ In x V ->
    rstyping V s p ->
    rstyping V (PLet x e s) (MSeq (MU USkip) p)
| RS_Atomic V x a n s p :
    incl (fvi n) V -> ~ In x V ->
    rstyping V s p ->
    rstyping V (PAtomic x a n s) (MSeq (MU (UAcc At a n)) p)
| RS_Havoc V x s p :
    ~ In x V ->
    rstyping V s p ->
    rstyping V (PHavoc x s) (MSeq (MU USkip) p).

(** The uniform rules are an instance of the relaxed ones. *)
Lemma styping_relaxed : forall V s p, styping V s p -> rstyping V s p.
Proof. induction 1; constructor; auto. Qed.

End Typing.
