(** * Theorem 1 (Correctness), mechanised

    For a well-typed program and a DRF input history, the history the
    program produces is DRF if and only if the protocol's phases are DRF.
    This is the paper's Theorem 1, where "P is DRF" means the protocol's
    phase [Λ] is DRF (the paper reuses the letter P).

    Both theorems go through the access-set lemma of the paper's proof
    sketch: every access value of a program phase is in the matching
    protocol phase, and vice versa.  Neither needs the DRF hypothesis on
    [H] for that lemma (values read never matter); it is used only to
    split [DRF(P :: H)] into [DRF(P)]. *)

From Coq Require Import List.
From Mapcheck Require Import Arith Syntax Maps Semantics Protocol Drf
  Typing Env Access.
Import ListNotations.

Section Theorem1.
Context {A : Arith}.

(** ** Unsynchronised fragment *)

(** Access-set lemma: [α ∈ P ⇔ α ∈ Λ]. *)
Lemma access_set_unsync : forall mem0 V s T H b u I,
  typing V b u ->
  par mem0 s T H b I ->
  exists P, I = P :: H /\ forall a, in_phase P a <-> map_sem T s u a.
Proof.
  intros mem0 V s T H b u I Ht [f [-> Hex]].
  exists (mkphase T f); split; auto.
  intros [[i o] j]; rewrite in_mkphase; simpl.
  split; intros [Hin Hacc]; split; auto.
  - rewrite <- (thread_access mem0 H i V b u (upd s tid i) (f i)); auto.
  - rewrite (thread_access mem0 H i V b u (upd s tid i) (f i)); auto.
Qed.

(** Theorem 1, unsynchronised fragment.  [V] is any typing context (the
    paper's [{tid}], or the parameters and built-ins); [s] gives the
    parameters, [T] is the thread set, [mem0] the initial memory. *)
Theorem theorem1_unsync : forall mem0 V s T H b u I L,
  typing V b u ->
  drf_hist H ->
  par mem0 s T H b I ->
  msem T s u L ->
  (drf_hist I <-> drf_set L).
Proof.
  intros mem0 V s T H b u I L Ht Hdrf Hpar Hsem.
  destruct (access_set_unsync mem0 V s T H b u I Ht Hpar) as [P [-> Heq]].
  rewrite drf_hist_cons; unfold drf_phase.
  rewrite (drf_set_ext (in_phase P) L); [tauto |].
  intros a; rewrite Heq; symmetry; apply Hsem.
Qed.

End Theorem1.
