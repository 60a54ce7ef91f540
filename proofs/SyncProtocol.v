(** * Semantics of synchronised MAPs: the protocol's phases

    The same "run to the next barrier" machine as for programs
    ([SyncSemantics]), on protocols.  Instead of a read-write pair, a
    protocol phase accumulates a *segment*: the unsynchronised protocols
    [u] met before the barrier, each with the environment it is evaluated
    in (barrier-loop variables bound to the iteration at hand).  For
    [u0; for x in n..m {u1; sync; u2}; u3] the segments are
    [u0; u1[x:=n]], then [u2[x:=k]; u1[x:=k+1]], ..., then [u2[x:=m-1]; u3]
    (SPEC section 6), the substitution being the environment.

    [mphases s p gs]: one thread, environment [s], has phase segments
    [gs].  [msync_sem T s p Ls] is the judgement [p ⇓ Λ_1 ... Λ_n] over the
    thread set [T]: [Λ_k] holds [i : o[j]] when thread [i]'s [k]-th segment
    accesses [o[j]] (sets as predicates, compared pointwise). *)

From Coq Require Import List.
From Mapcheck Require Import Arith Syntax Maps Protocol.
Import ListNotations.

Section SyncProtocol.
Context {A : Arith}.

Definition seg := list (env * proto).

Definition seg_acc (g : seg) (o : mode) (j : cell) : Prop :=
  exists s u, In (s, u) g /\ macc s u o j.

Inductive mframe : Type :=
| MFRun (s : env) (p : sproto)
| MFLoop (s : env) (x : var) (vs : vstep) (lo hi : val) (p : sproto).

Inductive mresult : Type :=
| MDone (g : seg)
| MPaused (g : seg) (ks : list mframe).

Definition madd (c : env * proto) (r : mresult) : mresult :=
  match r with
  | MDone g => MDone (c :: g)
  | MPaused g ks => MPaused (c :: g) ks
  end.

Inductive mrtb : list mframe -> mresult -> Prop :=
| MR_Nil : mrtb [] (MDone [])
| MR_U s u ks r :
    mrtb ks r -> mrtb (MFRun s (MU u) :: ks) (madd (s, u) r)
| MR_Sync s ks :
    mrtb (MFRun s MSync :: ks) (MPaused [] ks)
| MR_Seq s p1 p2 ks r :
    mrtb (MFRun s p1 :: MFRun s p2 :: ks) r ->
    mrtb (MFRun s (MSeq p1 p2) :: ks) r
| MR_For s x n m st p ks r :
    mrtb (MFLoop s x (evstep s st) (eval s n) (eval s m) p :: ks) r ->
    mrtb (MFRun s (MFor x n m st p) :: ks) r
| MR_LoopT s x vs lo hi p ks r :
    vguard vs lo hi = true ->
    mrtb (MFRun (upd s x lo) p :: MFLoop s x vs (vnext vs lo) hi p :: ks) r ->
    mrtb (MFLoop s x vs lo hi p :: ks) r
| MR_LoopF s x vs lo hi p ks r :
    vguard vs lo hi = false ->
    mrtb ks r ->
    mrtb (MFLoop s x vs lo hi p :: ks) r
| MR_IfT s c p1 p2 ks r :
    evalc s c = true ->
    mrtb (MFRun s p1 :: ks) r ->
    mrtb (MFRun s (MIf c p1 p2) :: ks) r
| MR_IfF s c p1 p2 ks r :
    evalc s c = false ->
    mrtb (MFRun s p2 :: ks) r ->
    mrtb (MFRun s (MIf c p1 p2) :: ks) r
| MR_Let s x e p ks r :
    mrtb (MFRun (upd s x (eval s e)) p :: ks) r ->
    mrtb (MFRun s (MLet x e p) :: ks) r.

Inductive mph : list mframe -> list seg -> Prop :=
| MPH_Done ks g :
    mrtb ks (MDone g) -> mph ks [g]
| MPH_Sync ks g ks' gs :
    mrtb ks (MPaused g ks') -> mph ks' gs -> mph ks (g :: gs).

Definition mphases (s : env) (p : sproto) (gs : list seg) : Prop :=
  mph [MFRun s p] gs.

(** Phase [k] (from 0, oldest first) of protocol [p] over threads [T]. *)
Definition mphase_at (T : list val) (s : env) (p : sproto) (k : nat)
    (a : access) : Prop :=
  let '(i, o, j) := a in
  In i T /\
  exists gs g, mphases (upd s tid i) p gs /\ nth_error gs k = Some g /\
               seg_acc g o j.

(** The judgement [p ⇓ Ls]: every thread has as many phases as [Ls], and
    the [k]-th set of [Ls] is the protocol's phase [k]. *)
Definition msync_sem (T : list val) (s : env) (p : sproto)
    (Ls : list (access -> Prop)) : Prop :=
  (forall i, In i T ->
     exists gs, mphases (upd s tid i) p gs /\ length gs = length Ls) /\
  (forall k L, nth_error Ls k = Some L ->
     forall a, L a <-> mphase_at T s p k a).

(** ** Determinism: a thread's protocol phases are a function of its
    environment, so [mphase_at] does not depend on a choice of
    derivation. *)

Lemma mrtb_det : forall ks r1, mrtb ks r1 -> forall r2, mrtb ks r2 -> r1 = r2.
Proof.
  induction 1; intros r2 H2; inversion H2; subst; try congruence;
    try (f_equal; auto; fail); auto.
Qed.

Lemma mph_det : forall ks gs1, mph ks gs1 -> forall gs2, mph ks gs2 -> gs1 = gs2.
Proof.
  induction 1 as [ks g Hr | ks g ks' gs Hr Hm IH]; intros gs2 H2;
    inversion H2 as [ks1 g1 Hr1 | ks1 g1 ks1' gs1 Hr1 Hm1]; subst;
    pose proof (mrtb_det _ _ Hr _ Hr1) as E; inversion E; subst; auto.
  f_equal; auto.
Qed.

Lemma mphases_det : forall s p gs1 gs2,
  mphases s p gs1 -> mphases s p gs2 -> gs1 = gs2.
Proof. intros s p gs1 gs2 H1 H2; exact (mph_det _ _ H1 _ H2). Qed.

End SyncProtocol.
