(* Print the assumptions of the headline theorems; make -C proofs checks
   that each says "Closed under the global context". *)
From Mapcheck Require Import All.

Locate theorem1_unsync.
Print Assumptions theorem1_unsync.
