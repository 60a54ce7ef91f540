(** * Semantics of unsynchronised MAPs: [u ⇓ Λ]

    [macc s u o j] says that protocol [u], run by one thread in environment
    [s], performs an access of mode [o] to index [j].  It is a structural
    fixpoint into [Prop]; loops range over the values [in_range lo hi]
    visits, so it needs no termination argument about the arithmetic.

    [map_sem T s u] is the set [Λ] of access values [i : o[j]] over the
    thread set [T], with [tid := i] and parameters [s]: sets are
    predicates, compared pointwise ([msem]). *)

From Coq Require Import List.
From Mapcheck Require Import Arith Syntax Maps.
Import ListNotations.

Section Protocol.
Context {A : Arith}.

(** The values a loop with step [vs] visits from [lo] while its guard
    holds against [hi]. *)
Inductive in_range (vs : vstep) : val -> val -> val -> Prop :=
| IR_Here lo hi : vguard vs lo hi = true -> in_range vs lo hi lo
| IR_Next lo hi k :
    vguard vs lo hi = true -> in_range vs (vnext vs lo) hi k ->
    in_range vs lo hi k.

Fixpoint macc (s : env) (u : proto) (o : mode) (j : cell) : Prop :=
  match u with
  | USkip => False
  | UAcc o' ar n => o = o' /\ j = (ar, evali s n)
  | USeq u1 u2 => macc s u1 o j \/ macc s u2 o j
  | UIf c u1 u2 => if evalc s c then macc s u1 o j else macc s u2 o j
  | UFor x n m st u =>
      exists k, in_range (evstep s st) (eval s n) (eval s m) k /\
                macc (upd s x k) u o j
  | ULet x e u => macc (upd s x (eval s e)) u o j
  | UAssume _ => False
  end.

Definition map_sem (T : list val) (s : env) (u : proto) (a : access) : Prop :=
  let '(i, o, j) := a in In i T /\ macc (upd s tid i) u o j.

(** The judgement [u ⇓ Λ]: [Λ] is the protocol's phase, pointwise. *)
Definition msem (T : list val) (s : env) (u : proto)
    (L : access -> Prop) : Prop :=
  forall a, L a <-> map_sem T s u a.

Lemma in_range_inv : forall vs lo hi k,
  in_range vs lo hi k <->
  vguard vs lo hi = true /\ (k = lo \/ in_range vs (vnext vs lo) hi k).
Proof.
  intros vs lo hi k; split.
  - intros Hr; inversion Hr; subst; auto.
  - intros [Hlt [-> | Hr]]; [apply IR_Here | apply IR_Next]; auto.
Qed.

Lemma in_range_lt : forall vs lo hi k,
  in_range vs lo hi k -> vguard vs lo hi = true.
Proof. intros vs lo hi k Hr; apply in_range_inv in Hr; tauto. Qed.

End Protocol.
