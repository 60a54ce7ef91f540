(** * The arithmetic, as a parameter

    Every later file is stated over an arbitrary instance of the class
    [Arith] below, so the semantics and all theorems hold at once for the
    modes of SPEC section 4: unbounded integers ([Z_arith]) and the tool's
    signed 32- and 64-bit words ([bv32s_arith], [bv64_arith]), and for C's
    unsigned 32-bit words ([bv32_arith]).  The class asks for no lemmas at all: the
    proofs never look inside the arithmetic, because Theorem 1 is about
    *which* cells are accessed, and the same expression evaluated in the
    same environment gives the same value whatever the operators mean. *)

From Coq Require Import ZArith Zeuclid.

(** The operator syntax is fixed (the Rust front end has one set of
    operators); only its meaning is a parameter. *)
Inductive binop : Type :=
| Add | Sub | Mul | Div | Mod | Shl | Shr | BAnd | BOr | BXor | Min | Max
(** The tool's unsigned forms ([udiv urem ushr umin umax]): in words they
    read their operands as unsigned; in [int] they are the plain ones. *)
| UDiv | URem | UShr | UMin | UMax.

Inductive cmpop : Type := Eq | Ne | Lt | Le | Gt | Ge
(** [ult ule ugt uge]. *)
| ULt | ULe | UGt | UGe.

Class Arith : Type := {
  val : Type;
  val_eq_dec : forall x y : val, {x = y} + {x <> y};
  of_nat : nat -> val;
  eval_binop : binop -> val -> val -> val;
  (** Strict order used by comparisons and by loop guards. *)
  val_ltb : val -> val -> bool;
  (** The unsigned order of the [ult] ... comparisons. *)
  val_ultb : val -> val -> bool
}.

(** The successor of a stride-1 loop's value (loops with other steps use
    [Syntax.vnext]). *)
Definition succ `{Arith} (v : val) : val := eval_binop Add v (of_nat 1).

Definition val_eqb `{Arith} (x y : val) : bool :=
  if val_eq_dec x y then true else false.

Definition eval_cmpop `{Arith} (c : cmpop) (x y : val) : bool :=
  match c with
  | Eq => val_eqb x y
  | Ne => negb (val_eqb x y)
  | Lt => val_ltb x y
  | Le => orb (val_ltb x y) (val_eqb x y)
  | Gt => val_ltb y x
  | Ge => orb (val_ltb y x) (val_eqb x y)
  | ULt => val_ultb x y
  | ULe => orb (val_ultb x y) (val_eqb x y)
  | UGt => val_ultb y x
  | UGe => orb (val_ultb y x) (val_eqb x y)
  end.

(** ** Instance 1: mathematical integers ([--arith int])

    Division and remainder are Euclidean with [x / 0 = 0] and [x % 0 = x],
    as in SPEC section 4 (this is what [Zeuclid] gives).  Shifts by a
    negative amount give 0, as in core/src/arith.rs ([x << k = x * 2^k],
    [x >> k = floor (x / 2^k)] for [k >= 0]).  Bitwise operators are the
    exact ones on [Z]; the Rust tool treats most of them as unknown values
    in [int] mode, which only makes it more conservative.  The unsigned
    forms are the plain ones.  (The tool's [int] is [i128] with overflow an
    error; a run that overflows is not modelled.) *)
Definition Z_binop (o : binop) : Z -> Z -> Z :=
  match o with
  | Add => Z.add | Sub => Z.sub | Mul => Z.mul
  | Div | UDiv => ZEuclid.div | Mod | URem => ZEuclid.modulo
  | Shl => fun x k => if Z.ltb k 0 then 0%Z else Z.shiftl x k
  | Shr | UShr => fun x k => if Z.ltb k 0 then 0%Z else Z.shiftr x k
  | BAnd => Z.land | BOr => Z.lor | BXor => Z.lxor
  | Min | UMin => Z.min | Max | UMax => Z.max
  end.

Definition Z_arith : Arith := {|
  val := Z;
  val_eq_dec := Z.eq_dec;
  of_nat := Z.of_nat;
  eval_binop := Z_binop;
  val_ltb := Z.ltb;
  val_ultb := Z.ltb
|}.

(** ** Instance 2: unsigned 32-bit words

    A word is represented by its unsigned value in [Z]; every operation
    reduces its result modulo 2^32, so all values produced by evaluation
    are canonical.  Comparisons and division are unsigned here: this is C's
    [unsigned]; the tool's [--arith bv32] is the signed instance 3 below
    ([bv32s_arith]).  The theorems hold for both, being generic. *)
Definition modulus : Z := 4294967296.
Definition wrap (z : Z) : Z := Z.modulo z modulus.

Definition bv32_binop (o : binop) (x y : Z) : Z :=
  wrap (match o with
        | Add => x + y | Sub => x - y | Mul => x * y
        | Div => if Z.eqb y 0 then 0 else Z.div x y
        | Mod => if Z.eqb y 0 then x else Z.modulo x y
        | Shl => if Z.ltb y 32 then Z.shiftl x y else 0
        | Shr => if Z.ltb y 32 then Z.shiftr x y else 0
        | BAnd => Z.land x y | BOr => Z.lor x y | BXor => Z.lxor x y
        | Min => Z.min x y | Max => Z.max x y
        | UDiv => if Z.eqb y 0 then 0 else Z.div x y
        | URem => if Z.eqb y 0 then x else Z.modulo x y
        | UShr => if Z.ltb y 32 then Z.shiftr x y else 0
        | UMin => Z.min x y | UMax => Z.max x y
        end)%Z.

Definition bv32_arith : Arith := {|
  val := Z;
  val_eq_dec := Z.eq_dec;
  of_nat := fun n => wrap (Z.of_nat n);
  eval_binop := bv32_binop;
  val_ltb := Z.ltb;
  val_ultb := Z.ltb
|}.

(** ** Instance 3: signed words, the tool's [--arith bv32] and [bv64]

    The tool's [bv32] (core/src/arith.rs) holds a word as the [i32] its
    bits mean, and its plain operators are C's signed ones: comparisons and
    [min]/[max] signed, division and remainder Euclidean with [x / 0 = 0]
    and [x % 0 = x] (Rust's [wrapping_div_euclid]), [>>] arithmetic, shift
    amounts read as unsigned with amounts [>= 32] giving [0] (or the sign,
    for [>>]); [bv64] is the same on 64-bit words ([i64]).  Here a word
    of [width] bits is its signed value in [Z], in
    [[-2^(width-1), 2^(width-1))], and every result is reduced into that
    range ([swrapw]).  The tool's unsigned forms ([UDiv] ... [UMax],
    [ULt] ... [UGe]) read both operands as unsigned words ([uamountw]), as
    the tool's [U…] operators do in words (Rust's [as u32]/[as u64]); a
    remainder by zero gives the left operand back unchanged, as the signed
    one does. *)
Section Words.
Variable width : Z.

Definition wmod : Z := 2 ^ width.
Definition whalf : Z := 2 ^ (width - 1).
Definition swrapw (z : Z) : Z := (Z.modulo (z + whalf) wmod - whalf)%Z.

(** A word read as unsigned (also a shift amount, as the tool reads it). *)
Definition uamountw (y : Z) : Z := Z.modulo y wmod.

Definition sw_binop (o : binop) (x y : Z) : Z :=
  swrapw (match o with
          | Add => x + y | Sub => x - y | Mul => x * y
          | Div => if Z.eqb y 0 then 0 else ZEuclid.div x y
          | Mod => if Z.eqb y 0 then x else ZEuclid.modulo x y
          | Shl => if Z.ltb (uamountw y) width then Z.shiftl x (uamountw y) else 0
          | Shr =>
              if Z.ltb (uamountw y) width then Z.shiftr x (uamountw y)
              else if Z.ltb x 0 then -1 else 0
          | BAnd => Z.land x y | BOr => Z.lor x y | BXor => Z.lxor x y
          | Min => Z.min x y | Max => Z.max x y
          | UDiv =>
              if Z.eqb (uamountw y) 0 then 0 else Z.div (uamountw x) (uamountw y)
          | URem =>
              if Z.eqb (uamountw y) 0 then x
              else Z.modulo (uamountw x) (uamountw y)
          | UShr =>
              if Z.ltb (uamountw y) width then Z.shiftr (uamountw x) (uamountw y)
              else 0
          | UMin => Z.min (uamountw x) (uamountw y)
          | UMax => Z.max (uamountw x) (uamountw y)
          end)%Z.

Definition sw_arith : Arith := {|
  val := Z;
  val_eq_dec := Z.eq_dec;
  of_nat := fun n => swrapw (Z.of_nat n);
  eval_binop := sw_binop;
  val_ltb := Z.ltb;
  val_ultb := fun x y => Z.ltb (uamountw x) (uamountw y)
|}.

End Words.

(** The tool's [--arith bv32] and [--arith bv64]. *)
Definition bv32s_arith : Arith := sw_arith 32.
Definition bv64_arith : Arith := sw_arith 64.
