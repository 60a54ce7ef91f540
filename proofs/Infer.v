(** * The type checker: [infer V b] computes the protocol of [b]

    A structural recursive function mirroring the typing rules one to one
    (the Rust checker in [mapcheck_typeck::infer] mirrors it in turn, and is
    tested against its extraction to OCaml: extraction/Extract.v and
    tests/tests/coq_differential.rs).  It
    returns [None] exactly when [b] has no type under [V] ([Infer_spec]).
    Set inclusion [fv(e) ⊆ V] is decided on lists of names. *)

From Coq Require Import List String Bool.
From Mapcheck Require Import Arith Syntax.
Import ListNotations.

Definition memb (x : var) (V : vars) : bool := existsb (String.eqb x) V.
Definition subb (xs V : vars) : bool := forallb (fun x => memb x V) xs.

Lemma memb_spec : forall x V, memb x V = true <-> In x V.
Proof.
  intros x V; unfold memb; rewrite existsb_exists; split.
  - intros [y [Hy Heq]]; apply String.eqb_eq in Heq; subst; auto.
  - intros Hx; exists x; split; auto; apply String.eqb_refl.
Qed.

Lemma memb_false : forall x V, memb x V = false <-> ~ In x V.
Proof.
  intros x V; rewrite <- memb_spec; destruct (memb x V); split;
    congruence || auto.
Qed.

Lemma subb_spec : forall xs V, subb xs V = true <-> incl xs V.
Proof.
  intros xs V; unfold subb, incl; rewrite forallb_forall; split;
    intros Hf x Hx; apply memb_spec; auto.
Qed.

Section Infer.
Context {A : Arith}.

(** Barrier loops need uniform bounds, and conditionals around barriers
    uniform conditions, and [assume]s uniform preconditions: over [V] and
    free of [tid]. *)
Definition uniform (V : vars) (e : expr) : bool :=
  subb (fv e) V && negb (memb tid (fv e)).

Definition uniformc (V : vars) (c : cond) : bool :=
  subb (fvc c) V && negb (memb tid (fvc c)).

Fixpoint infer (V : vars) (b : stmt) : option proto :=
  match b with
  | SWrite a n _ =>                                       (* T-WRITE *)
      if subb (fvi n) V then Some (UAcc Wr a n) else None
  | SRead x a n b =>                                      (* T-READ *)
      if subb (fvi n) V && negb (memb x V) then
        match infer V b with
        | Some u => Some (USeq (UAcc Rd a n) u)
        | None => None
        end
      else None
  | SSeq b1 b2 =>                                         (* T-SEQ *)
      match infer V b1, infer V b2 with
      | Some u1, Some u2 => Some (USeq u1 u2)
      | _, _ => None
      end
  | SIf c b1 b2 =>                                        (* T-IF *)
      if subb (fvc c) V then
        match infer V b1, infer V b2 with
        | Some u1, Some u2 => Some (UIf c u1 u2)
        | _, _ => None
        end
      else None
  | SFor x n m st b =>                                    (* T-FOR *)
      if subb (fv n) V && subb (fv m) V && subb (fv (step_amount st)) V then
        match infer (x :: V) b with
        | Some u => Some (UFor x n m st u)
        | None => None
        end
      else None
  | SSkip => Some USkip                                   (* T-SKIP *)
  | SLet x e b =>
      if subb (fv e) V then                               (* T-LET *)
        match infer (x :: V) b with
        | Some u => Some (ULet x e u)
        | None => None
        end
      else if memb x V then None
      else                                                (* T-LETD *)
        match infer V b with
        | Some u => Some (USeq USkip u)
        | None => None
        end
  | SAtomic x a n b =>                                    (* T-ATOMIC *)
      if subb (fvi n) V && negb (memb x V) then
        match infer V b with
        | Some u => Some (USeq (UAcc At a n) u)
        | None => None
        end
      else None
  | SAssume c =>                                          (* T-ASSUME *)
      if uniformc V c then Some (UAssume c) else None
  | SHavoc x b =>                                         (* T-HAVOC *)
      if memb x V then None
      else
        match infer V b with
        | Some u => Some (USeq USkip u)
        | None => None
        end
  end.

Fixpoint sinfer (V : vars) (s : sprog) : option sproto :=
  match s with
  | PU b =>                                               (* TS_U *)
      match infer V b with Some u => Some (MU u) | None => None end
  | PSync => Some MSync                                   (* TS_Sync *)
  | PSeq s1 s2 =>                                         (* TS_Seq *)
      match sinfer V s1, sinfer V s2 with
      | Some p1, Some p2 => Some (MSeq p1 p2)
      | _, _ => None
      end
  | PRead x a n s =>                                      (* TS_Read *)
      if subb (fvi n) V && negb (memb x V) then
        match sinfer V s with
        | Some p => Some (MSeq (MU (UAcc Rd a n)) p)
        | None => None
        end
      else None
  | PFor x n m st s =>                                    (* TS_For *)
      if uniform V n && uniform V m && uniform V (step_amount st) then
        match sinfer (x :: V) s with
        | Some p => Some (MFor x n m st p)
        | None => None
        end
      else None
  | PIf c s1 s2 =>                                        (* TS_If *)
      if uniformc V c then
        match sinfer V s1, sinfer V s2 with
        | Some p1, Some p2 => Some (MIf c p1 p2)
        | _, _ => None
        end
      else None
  | PLet x e s =>
      if uniform V e then                                 (* TS_Let *)
        match sinfer (x :: V) s with
        | Some p => Some (MLet x e p)
        | None => None
        end
      else if subb (fv e) V || memb x V then None
      else                                                (* TS_LetD *)
        match sinfer V s with
        | Some p => Some (MSeq (MU USkip) p)
        | None => None
        end
  | PAtomic x a n s =>                                    (* TS_Atomic *)
      if subb (fvi n) V && negb (memb x V) then
        match sinfer V s with
        | Some p => Some (MSeq (MU (UAcc At a n)) p)
        | None => None
        end
      else None
  | PHavoc x s =>                                         (* TS_Havoc *)
      if memb x V then None
      else
        match sinfer V s with
        | Some p => Some (MSeq (MU USkip) p)
        | None => None
        end
  end.

(** The relaxed checker: [sinfer] without the [tid] premises, deciding
    [rstyping] ([sinfer_relaxed_spec]).  Barrier-loop bounds and conditions
    around barriers need only be over [V], as in the Rust checker. *)
Fixpoint sinfer_relaxed (V : vars) (s : sprog) : option sproto :=
  match s with
  | PU b =>                                               (* RS_U *)
      match infer V b with Some u => Some (MU u) | None => None end
  | PSync => Some MSync                                   (* RS_Sync *)
  | PSeq s1 s2 =>                                         (* RS_Seq *)
      match sinfer_relaxed V s1, sinfer_relaxed V s2 with
      | Some p1, Some p2 => Some (MSeq p1 p2)
      | _, _ => None
      end
  | PRead x a n s =>                                      (* RS_Read *)
      if subb (fvi n) V && negb (memb x V) then
        match sinfer_relaxed V s with
        | Some p => Some (MSeq (MU (UAcc Rd a n)) p)
        | None => None
        end
      else None
  | PFor x n m st s =>                                    (* RS_For *)
      if subb (fv n) V && subb (fv m) V && subb (fv (step_amount st)) V then
        match sinfer_relaxed (x :: V) s with
        | Some p => Some (MFor x n m st p)
        | None => None
        end
      else None
  | PIf c s1 s2 =>                                        (* RS_If *)
      if subb (fvc c) V then
        match sinfer_relaxed V s1, sinfer_relaxed V s2 with
        | Some p1, Some p2 => Some (MIf c p1 p2)
        | _, _ => None
        end
      else None
  | PLet x e s =>
      if subb (fv e) V then                               (* RS_Let *)
        match sinfer_relaxed (x :: V) s with
        | Some p => Some (MLet x e p)
        | None => None
        end
      else if memb x V then None
      else                                                (* RS_LetD *)
        match sinfer_relaxed V s with
        | Some p => Some (MSeq (MU USkip) p)
        | None => None
        end
  | PAtomic x a n s =>                                    (* RS_Atomic *)
      if subb (fvi n) V && negb (memb x V) then
        match sinfer_relaxed V s with
        | Some p => Some (MSeq (MU (UAcc At a n)) p)
        | None => None
        end
      else None
  | PHavoc x s =>                                         (* RS_Havoc *)
      if memb x V then None
      else
        match sinfer_relaxed V s with
        | Some p => Some (MSeq (MU USkip) p)
        | None => None
        end
  end.

End Infer.
