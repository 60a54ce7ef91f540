//! `mapcheck-typeck`: the behavioural type system of BabyCUDA (SPEC §5). It infers each
//! kernel's memory access protocol and classifies the kernel as exact or data-dependent.
//!
//! This crate is being built (issue 4); so far it only fixes its place in the workspace.
#![forbid(unsafe_code)]
