(** * Read-write pairs, phases, histories and [lastwrite]

    Everything is a list, looked up by a function or by [In]: the model is
    executable and no extensionality axiom is needed, because no proof ever
    compares two maps for equality, only their lookups.

    - A read-write pair [(R, W)] is the accesses of one thread in one
      phase: [R] the indices read, [W] the writes as (index, value) pairs,
      newest first (so the first binding of an index is its current value).
    - A phase maps thread ids to read-write pairs: an association list.
    - A history is a list of phases, newest first. *)

From Coq Require Import List String.
From Mapcheck Require Import Arith Syntax.
Import ListNotations.

Section Maps.
Context {A : Arith}.

(** A cell: an array and an index in it, one value per dimension. *)
Definition cell : Type := (arr * list val)%type.

Definition cell_eq_dec (j j' : cell) : {j = j'} + {j <> j'}.
Proof.
  destruct j as [a n], j' as [a' n'].
  destruct (string_dec a a') as [-> | Ha]; [| right; congruence].
  destruct (list_eq_dec val_eq_dec n n') as [-> | Hn];
    [left; auto | right; congruence].
Defined.

(** Reads and atomics, tagged with their mode ([Rd] or [At]); writes are
    kept apart with their values, for [lastwrite]. *)
Definition reads := list (mode * cell).
Definition writes := list (cell * val).
Definition rw : Type := (reads * writes)%type.
Definition phase := list (val * rw).
Definition history := list phase.

Definition rw0 : rw := ([], []).

Definition addR (j : cell) (a : rw) : rw := ((Rd, j) :: fst a, snd a).
Definition addA (j : cell) (a : rw) : rw := ((At, j) :: fst a, snd a).
Definition addW (j : cell) (k : val) (a : rw) : rw := (fst a, (j, k) :: snd a).

(** Does the pair [a] contain an access of mode [o] to index [j]?  For a
    write this is [j ∈ dom(W)]. *)
Definition acc (a : rw) (o : mode) (j : cell) : Prop :=
  match o with
  | Wr => exists k, In (j, k) (snd a)
  | _ => In (o, j) (fst a)
  end.

Fixpoint wlookup (j : cell) (w : writes) : option val :=
  match w with
  | [] => None
  | (j', k) :: w' => if cell_eq_dec j j' then Some k else wlookup j w'
  end.

(** The value some thread of phase [p] wrote to [j], if any.  The first
    writer in the phase's list wins; on a DRF history there is at most one
    writer per index and phase, so the choice does not matter there (the
    Rust interpreter picks the highest thread id, SPEC section 4). *)
Fixpoint phase_write (j : cell) (p : phase) : option val :=
  match p with
  | [] => None
  | (_, a) :: p' =>
      match wlookup j (snd a) with
      | Some k => Some k
      | None => phase_write j p'
      end
  end.

(** [lastwrite j H]: the newest value written to [j] in [H], else the
    initial contents [mem0 j].  The paper's [lastwrite] is partial
    (undefined when nobody wrote [j]); we follow SPEC section 4 and make
    memory total, which makes every read defined. *)
Fixpoint lastwrite (mem0 : cell -> val) (j : cell) (h : history) : val :=
  match h with
  | [] => mem0 j
  | p :: h' =>
      match phase_write j p with
      | Some k => k
      | None => lastwrite mem0 j h'
      end
  end.

(** Access values [i : o[j]] (paper, Section 4), and membership in a
    phase: [α ∈ P]. *)
Definition access : Type := (val * mode * cell)%type.

Definition in_phase (p : phase) (a : access) : Prop :=
  let '(i, o, j) := a in exists b, In (i, b) p /\ acc b o j.

(** The phase obtained by merging the per-thread results [f i] of the
    threads [T] (rule PAR). *)
Definition mkphase (T : list val) (f : val -> rw) : phase :=
  map (fun i => (i, f i)) T.

Lemma in_mkphase : forall T f i o j,
  in_phase (mkphase T f) (i, o, j) <-> In i T /\ acc (f i) o j.
Proof.
  intros T f i o j; unfold in_phase, mkphase; split.
  - intros [b [Hin Hacc]]. apply in_map_iff in Hin.
    destruct Hin as [i' [Heq Hin]]. inversion Heq; subst. auto.
  - intros [Hin Hacc]. exists (f i); split; auto.
    apply in_map_iff. exists i; auto.
Qed.

Lemma acc_addR : forall j a o j',
  acc (addR j a) o j' <-> (o = Rd /\ j' = j) \/ acc a o j'.
Proof.
  intros j [r w] o j'; destruct o; simpl; split.
  - intros [H | H]; [inversion H; auto | auto].
  - intros [[_ ->] | H]; auto.
  - auto.
  - intros [[H _] | H]; [discriminate | auto].
  - intros [H | H]; [inversion H | auto].
  - intros [[H _] | H]; [discriminate | auto].
Qed.

Lemma acc_addA : forall j a o j',
  acc (addA j a) o j' <-> (o = At /\ j' = j) \/ acc a o j'.
Proof.
  intros j [r w] o j'; destruct o; simpl; split.
  - intros [H | H]; [inversion H | auto].
  - intros [[H _] | H]; [discriminate | auto].
  - auto.
  - intros [[H _] | H]; [discriminate | auto].
  - intros [H | H]; [inversion H; auto | auto].
  - intros [[_ ->] | H]; auto.
Qed.

Lemma acc_addW : forall j k a o j',
  acc (addW j k a) o j' <-> (o = Wr /\ j' = j) \/ acc a o j'.
Proof.
  intros j k [r w] o j'; destruct o; simpl; split.
  - auto.
  - intros [[H _] | H]; [discriminate | auto].
  - intros [k' [H | H]].
    + inversion H; subst; auto.
    + right; eauto.
  - intros [[_ H] | [k' H]]; subst; eauto.
  - auto.
  - intros [[H _] | H]; [discriminate | auto].
Qed.

End Maps.
