(** * Extraction of the verified type checker to OCaml

    [infer], [sinfer] and [sinfer_relaxed] (proofs/Infer.v), proved
    equivalent to the typing relations by [infer_spec], [sinfer_spec] and
    [sinfer_relaxed_spec], are extracted to
    [coq_infer.ml]; [driver.ml] reads kernels and prints their protocols
    with them.  The Rust differential test (tests/tests/coq_differential.rs)
    runs the driver against mapcheck's own checker.

    Trusted beyond the proofs: Coq's extraction, and the two realisations
    below — Coq strings as OCaml strings ([String.eqb] as [(=)]) and [nat]
    as OCaml [int] (literals only: [infer] never computes with them).  Not
    imported by All.v: this file states no theorem. *)

From Coq Require Extraction ExtrOcamlBasic ExtrOcamlNativeString ExtrOcamlNatInt.
From Mapcheck Require Import Arith Syntax Infer.

Extraction Language OCaml.
Extraction "coq_infer.ml" infer sinfer sinfer_relaxed.
