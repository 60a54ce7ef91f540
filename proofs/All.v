(** * Index of the mechanisation

    Every proof file is imported here; [make -C proofs] fails if one is
    not.  See papers/proofs.md for the map from the paper to these files. *)

From Mapcheck Require Export ListUtil.
From Mapcheck Require Export Arith.
From Mapcheck Require Export Syntax.
From Mapcheck Require Export Maps.
From Mapcheck Require Export Semantics.
From Mapcheck Require Export Protocol.
From Mapcheck Require Export Drf.
From Mapcheck Require Export Typing.
From Mapcheck Require Export Env.
From Mapcheck Require Export Access.
From Mapcheck Require Export SyncSemantics.
From Mapcheck Require Export SyncProtocol.
From Mapcheck Require Export PhaseSplit.
From Mapcheck Require Export Aligned.
From Mapcheck Require Export Theorem1.
From Mapcheck Require Export NoDivergence.
From Mapcheck Require Export RunExists.
From Mapcheck Require Export Uniform.
From Mapcheck Require Export SyncTerm.
From Mapcheck Require Export TrueAlarm.
From Mapcheck Require Export Threads.
From Mapcheck Require Export Grid.
From Mapcheck Require Export Infer.
From Mapcheck Require Export Infer_sound.
From Mapcheck Require Export Infer_func.
From Mapcheck Require Export Infer_spec.
From Mapcheck Require Export Examples.
