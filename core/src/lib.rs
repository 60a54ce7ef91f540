//! `mapcheck-core`: what every stage of mapcheck shares — the BabyCUDA syntax tree
//! ([`ast`]) with its spans ([`span`]) and printer ([`print`](mod@print)), the one definition of
//! arithmetic ([`arith`]), the shape of user-facing diagnostics ([`diag`]), the declared
//! shape of arrays a front end flattened ([`layout`]), and the comparison of trees by shape
//! ([`structural`]).
#![forbid(unsafe_code)]

pub mod arith;
pub mod ast;
pub mod diag;
pub mod geometry;
pub mod interp;
pub mod interval;
pub mod layout;
pub mod print;
pub mod span;
pub mod structural;

pub use arith::{Arith, Value};
pub use diag::Diagnostic;
pub use span::Span;
pub use structural::Structural;
