(** * Syntax of BabyCUDA and of memory access protocols (MAPs)

    Two program fragments, as in the paper and in Faial:
    - [stmt]: the unsynchronised fragment of Figure 5 (write, read-let,
      sequence, if, stride-1 for, skip) plus the pure binding
      [let x = e in b] of the tool's language ([SLet]);
    - [sprog]: the synchronised fragment, whose leaves are unsynchronised
      blocks [PU b] and barriers [PSync]; it also has sequencing, loops that
      contain barriers, and a read-let and a pure let ([PLet]) whose scope
      may span barriers.
    Two protocol fragments mirror them: [proto] (the paper's [u]) and
    [sproto] (the paper's [p]).

    Expressions are evaluated in an environment (a total function from
    variable names to values) instead of by substitution: a read or a loop
    extends the environment.  This is equivalent to the paper's
    [b[x := n]] for the closed programs we run, and much easier to reason
    about, since environments compare pointwise. *)

From Coq Require Import String List.
From Mapcheck Require Import Arith.
Import ListNotations.

Definition var := string.

(** Array names: accesses name the array they touch, and a cell is an
    array and an index ([Maps.cell]), so races are per array. *)
Definition arr := string.
Definition vars := list var.

(** The thread-identifier variable; [par] binds it to each thread id. *)
Definition tid : var := "tid"%string.

Section Syntax.
Context {A : Arith}.

Definition env := var -> val.

(** Pointwise update: no extensionality is ever needed, since proofs only
    look environments up. *)
Definition upd (s : env) (x : var) (v : val) : env :=
  fun y => if string_dec y x then v else s y.

(** [ESel ⋈ a b e1 e2] is the tool's [select(a ⋈ b, e1, e2)] (C's
    [a ⋈ b ? e1 : e2]).  A selection on any condition is one of these: its
    branches are pure, so [select(!c, x, y) = select(c, y, x)],
    [select(c1 && c2, x, y) = select(c1, select(c2, x, y), y)] and
    [select(c1 || c2, x, y) = select(c1, x, select(c2, x, y))]; the
    translation of tests/src/coq.rs does that. *)
Inductive expr : Type :=
| ELit (n : nat)
| EVar (x : var)
| EBin (o : binop) (e1 e2 : expr)
| ESel (c : cmpop) (a b e1 e2 : expr).

Inductive cond : Type :=
| CTrue
| CFalse
| CCmp (c : cmpop) (e1 e2 : expr)
| CNot (c : cond)
| CAnd (c1 c2 : cond)
| COr (c1 c2 : cond).

Fixpoint eval (s : env) (e : expr) : val :=
  match e with
  | ELit n => of_nat n
  | EVar x => s x
  | EBin o e1 e2 => eval_binop o (eval s e1) (eval s e2)
  | ESel c a b e1 e2 =>
      if eval_cmpop c (eval s a) (eval s b) then eval s e1 else eval s e2
  end.

Fixpoint evalc (s : env) (c : cond) : bool :=
  match c with
  | CTrue => true
  | CFalse => false
  | CCmp o e1 e2 => eval_cmpop o (eval s e1) (eval s e2)
  | CNot c => negb (evalc s c)
  | CAnd c1 c2 => andb (evalc s c1) (evalc s c2)
  | COr c1 c2 => orb (evalc s c1) (evalc s c2)
  end.

Fixpoint fv (e : expr) : vars :=
  match e with
  | ELit _ => []
  | EVar x => [x]
  | EBin _ e1 e2 => fv e1 ++ fv e2
  | ESel _ a b e1 e2 => fv a ++ fv b ++ fv e1 ++ fv e2
  end.

Fixpoint fvc (c : cond) : vars :=
  match c with
  | CTrue | CFalse => []
  | CCmp _ e1 e2 => fv e1 ++ fv e2
  | CNot c => fvc c
  | CAnd c1 c2 | COr c1 c2 => fvc c1 ++ fvc c2
  end.

(** ** Indices

    An access's index has one expression per dimension: [A[i][j]] is
    [[i; j]]. *)
Definition index := list expr.

Definition evali (s : env) (n : index) : list val := map (eval s) n.

Definition fvi (n : index) : vars := flat_map fv n.

(** ** Loop steps

    A loop [for x = n; x ⋈ m; x := x ⊙ k] runs while its guard [x ⋈ m]
    holds and steps to [x ⊙ k]: [Step ⋈ ⊙ k].  The paper's stride-1 loop
    [for x ∈ n..m] is [unit_step]; the tool's [step +k], [*k], [<<k]
    (guard [<]) and [downto ... step -k], [/k], [>>k] (guard [>]) are
    other steps.  The amount [k] is evaluated once, on entry ([evstep]). *)
Inductive step : Type := Step (g : cmpop) (o : binop) (k : expr).

Definition unit_step : step := Step Lt Add (ELit 1).

Definition step_amount (st : step) : expr := let 'Step _ _ k := st in k.

(** An evaluated step, as a running loop carries it. *)
Inductive vstep : Type := VStep (g : cmpop) (o : binop) (k : val).

Definition evstep (s : env) (st : step) : vstep :=
  let 'Step g o k := st in VStep g o (eval s k).

Definition vguard (vs : vstep) (lo hi : val) : bool :=
  let 'VStep g _ _ := vs in eval_cmpop g lo hi.

Definition vnext (vs : vstep) (lo : val) : val :=
  let 'VStep _ o k := vs in eval_binop o lo k.

(** ** Programs *)

(** Unsynchronised fragment (paper, Figure 5).  [SFor x n m st b] runs [b]
    for [x = n, n ⊙ k, ...] while [x ⋈ m], [st = Step ⋈ ⊙ k]; with
    [unit_step] that is the paper's [x = n, n+1, ...] while [x < m]. *)
Inductive stmt : Type :=
| SWrite (a : arr) (n : index) (m : expr)       (** [a[n] := m] *)
| SRead (x : var) (a : arr) (n : index) (b : stmt) (** [let x = a[n] in b] *)
| SSeq (b1 b2 : stmt)
| SIf (c : cond) (b1 b2 : stmt)
| SFor (x : var) (n m : expr) (st : step) (b : stmt)
| SSkip
| SLet (x : var) (e : expr) (b : stmt)  (** [let x = e in b] (pure) *)
| SAtomic (x : var) (a : arr) (n : index) (b : stmt)
    (** [let x = atomic a[n] op v in b]; [x] gets the old contents *)
| SHavoc (x : var) (b : stmt)  (** [let x = ? in b]: any value *)
| SAssume (c : cond)            (** [assume c]: a precondition *).

(** Synchronised fragment (omitted by the paper).  [PU b] is a block of
    unsynchronised code, [PFor] a loop whose body may contain barriers,
    [PIf] a conditional whose branches may contain barriers. *)
Inductive sprog : Type :=
| PU (b : stmt)
| PSync
| PSeq (s1 s2 : sprog)
| PRead (x : var) (a : arr) (n : index) (s : sprog)
| PFor (x : var) (n m : expr) (st : step) (s : sprog)
| PIf (c : cond) (s1 s2 : sprog)
| PLet (x : var) (e : expr) (s : sprog)
| PAtomic (x : var) (a : arr) (n : index) (s : sprog)
| PHavoc (x : var) (s : sprog).

(** ** Memory access protocols (paper, Figure 2) *)

(** [At] is an atomic read-modify-write ([atomic a[n]]): it races with
    plain accesses but not with other atomics ([Drf.conflict]). *)
Inductive mode : Type := Rd | Wr | At.

Definition mode_eq_dec (o1 o2 : mode) : {o1 = o2} + {o1 <> o2}.
Proof. decide equality. Defined.

(** Unsynchronised protocols [u]. *)
Inductive proto : Type :=
| USkip
| UAcc (o : mode) (a : arr) (n : index) (** [rd a[n]], [wr a[n]], [at a[n]] *)
| USeq (u1 u2 : proto)
| UIf (c : cond) (u1 u2 : proto)
| UFor (x : var) (n m : expr) (st : step) (u : proto)
| ULet (x : var) (e : expr) (u : proto)  (** [u] with [x] bound to [e] *)
| UAssume (c : cond)  (** [assume c]: no access; a run needs [c] *).

(** Synchronised protocols [p]. *)
Inductive sproto : Type :=
| MU (u : proto)
| MSync
| MSeq (p1 p2 : sproto)
| MFor (x : var) (n m : expr) (st : step) (p : sproto)
| MIf (c : cond) (p1 p2 : sproto)
| MLet (x : var) (e : expr) (p : sproto).

End Syntax.

Arguments env {A}.
