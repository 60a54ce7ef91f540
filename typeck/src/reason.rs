//! Why a kernel is data-dependent ([`Reason`]), where its barriers sit under non-uniform
//! control ([`BarrierPlacement`]), and the conversion of reasons to user-facing
//! [`Diagnostic`]s: primary label at the use, secondary labels at the reads, `?`s, atomics,
//! inexact operations and `let`s the offending value flows from.

use crate::map::term::{Cond, Range};
use crate::map::Mode;
use mapcheck_core::ast::Ident;
use mapcheck_core::diag::{Diagnostic, Severity};
use mapcheck_core::Span;

/// What a [`Source`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// `let x = A[...]`.
    Read,
    /// `let x = ?`.
    Havoc,
    /// `let x = atomic A[...]`.
    Atomic,
    /// A bitwise operation `int` arithmetic cannot encode exactly.
    Inexact,
    /// A pure `let` whose value is too large to substitute, made an unknown.
    TooLarge,
    /// A pure `let` the value passes through.
    Let,
    /// A data-dependent condition or loop range around a `sync`.
    Control,
}

/// A place a data value comes from or passes through, with what to say there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub kind: SourceKind,
    pub span: Span,
    pub message: String,
}

/// Which part of a loop's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopPart {
    Start,
    Bound,
    Step,
}

impl LoopPart {
    fn noun(self) -> &'static str {
        match self {
            LoopPart::Start => "start",
            LoopPart::Bound => "bound",
            LoopPart::Step => "step",
        }
    }
}

/// What kind of use depends on data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReasonKind {
    /// An index of an access (one reason per offending dimension).
    Index { array: String, mode: Mode },
    /// The condition of an `if`.
    Condition,
    /// The start, bound or step of a loop.
    Loop { var: String, part: LoopPart },
    /// The condition of an `assume`.
    Assume,
    /// An `assume` that depends on the thread (its ids, or a loop variable that does) or sits
    /// under control: the interpreter requires it of every thread that reaches it, the solver
    /// only of the two threads of a witness, along their paths (SPEC §4). The solver's reading
    /// admits more runs, so alarms stay sound but may not be true: potential.
    AssumePerThread,
    /// A `sync` under control that depends on data: threads may disagree on reaching it.
    BarrierPlacement,
}

/// One use that keeps the kernel from typing (SPEC §5): the kernel is data-dependent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    pub kind: ReasonKind,
    /// The use: the access, the condition, the loop range part, the `assume`, or the `sync`.
    pub span: Span,
    /// The offending expression or condition as written (for barriers: the `sync`).
    pub text: String,
    /// What the use depends on, as written: data variables and inexact operations.
    pub culprits: Vec<String>,
    /// The reads, `?`s, atomics, inexact operations and `let`s the value flows from, nearest
    /// first.
    pub sources: Vec<Source>,
}

impl Reason {
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::from(self)
    }

    fn message(&self) -> String {
        match &self.kind {
            ReasonKind::Index { array, mode } => {
                let what = match mode {
                    Mode::Rd => "read of",
                    Mode::Wr => "write to",
                    Mode::At => "atomic access to",
                };
                format!("data-dependent index in a {what} `{array}`")
            }
            ReasonKind::Condition => "data-dependent condition".into(),
            ReasonKind::Loop { var, part } => {
                format!("data-dependent {} of loop `{var}`", part.noun())
            }
            ReasonKind::Assume => "data-dependent `assume`".into(),
            ReasonKind::AssumePerThread => {
                "`assume` that only the two threads of a witness are held to".into()
            }
            ReasonKind::BarrierPlacement => "`sync` under data-dependent control".into(),
        }
    }

    fn primary_label(&self) -> String {
        // "index `x` depends on `x`" says nothing: when the use is its only culprit, the
        // secondary labels say where the data comes from.
        let on = if self.culprits.is_empty() || self.culprits == [self.text.clone()] {
            " on data".to_string()
        } else {
            let names: Vec<String> = self.culprits.iter().map(|c| format!("`{c}`")).collect();
            format!(" on {}", names.join(", "))
        };
        match &self.kind {
            ReasonKind::Index { .. } => format!("index `{}` depends{on}", self.text),
            ReasonKind::Condition | ReasonKind::Assume => {
                format!("`{}` depends{on}", self.text)
            }
            ReasonKind::Loop { part, .. } => {
                format!("{} `{}` depends{on}", part.noun(), self.text)
            }
            ReasonKind::BarrierPlacement => {
                format!("whether a thread reaches this barrier depends{on}")
            }
            ReasonKind::AssumePerThread => format!(
                "`{}` is not a precondition of the whole launch: it depends on the thread or \
                 sits under control, so other threads of a witness may break it",
                self.text
            ),
        }
    }
}

impl From<&Reason> for Diagnostic {
    fn from(reason: &Reason) -> Diagnostic {
        let mut d = Diagnostic::error(reason.message())
            .with_primary(reason.span, reason.primary_label())
            .with_note(
                "the kernel is data-dependent: its MAP lets each thread choose such values \
                 freely, so a race alarm on it is only potential",
            );
        d.severity = Severity::Warning;
        for s in &reason.sources {
            d = d.with_secondary(s.span, s.message.clone());
        }
        if reason.sources.iter().any(|s| s.kind == SourceKind::Inexact) {
            d = d.with_help("`--arith bv32` encodes bitwise operations exactly");
        }
        d
    }
}

/// Which branch of an `if` a barrier sits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    Then,
    Else,
}

/// One enclosing control construct of a barrier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlKind {
    /// The barrier is in the `branch` of `if cond`; `cond` is in MAP terms (lets substituted,
    /// data replaced by unknowns).
    If { cond: Cond, branch: Branch },
    /// The barrier is in the body of this loop; the range is in MAP terms.
    Loop { var: Ident, range: Range },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Control {
    pub kind: ControlKind,
    /// The condition, or the loop's range as written.
    pub span: Span,
    /// Uniform within a block: depends only on parameters, `ntid`, `bid`, `nbid` and
    /// variables of loops that are themselves uniform.
    pub uniform: bool,
    /// Depends on data (an unknown).
    pub data: bool,
}

/// A `sync` under control that is not uniform within a block (it depends on `tid` or on
/// data): the SMT stage checks that all threads of a block reach it alike. A `syncwarp`
/// likewise, at warp level: the SMT stage checks that all lanes of a warp reach it alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrierPlacement {
    /// The `sync;` (or `syncwarp;`) statement.
    pub sync: Span,
    /// A `syncwarp;`: only the lanes of one warp must reach it alike.
    pub warp: bool,
    /// Every enclosing `if` branch and loop, outermost first; at least one is not uniform.
    pub controls: Vec<Control>,
}

impl BarrierPlacement {
    /// The enclosing controls that are not uniform within a block.
    pub fn divergent(&self) -> impl Iterator<Item = &Control> {
        self.controls.iter().filter(|c| !c.uniform)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_follow_the_style() {
        let reason = Reason {
            kind: ReasonKind::Index {
                array: "A".into(),
                mode: Mode::Wr,
            },
            span: Span::new(10, 14),
            text: "x + 1".into(),
            culprits: vec!["x".into()],
            sources: vec![Source {
                kind: SourceKind::Read,
                span: Span::new(0, 8),
                message: "`x` is read from `A` here".into(),
            }],
        };
        let d = reason.to_diagnostic();
        assert_eq!(d.message, "data-dependent index in a write to `A`");
        assert_eq!(d.severity, Severity::Warning);
        let primary = d.primary.as_ref().map(|l| (l.span, l.message.as_str()));
        assert!(primary
            .is_some_and(|(s, m)| s == Span::new(10, 14) && m == "index `x + 1` depends on `x`"));
        assert_eq!(d.secondary.len(), 1);
        assert_eq!(d.secondary[0].span, Span::new(0, 8));
        assert!(d.help.is_none());
        // Lowercase, no final period.
        assert!(!d.message.ends_with('.'));
        assert!(d.message.starts_with(|c: char| !c.is_uppercase()));
    }

    #[test]
    fn inexact_operations_suggest_bv32() {
        let reason = Reason {
            kind: ReasonKind::Condition,
            span: Span::new(0, 5),
            text: "tid ^ 1 < 2".into(),
            culprits: vec!["tid ^ 1".into()],
            sources: vec![Source {
                kind: SourceKind::Inexact,
                span: Span::new(0, 7),
                message: "`tid ^ 1` is not exact in `int` arithmetic".into(),
            }],
        };
        let d = reason.to_diagnostic();
        assert!(d.help.is_some_and(|h| h.contains("bv32")));
    }

    #[test]
    fn a_use_that_is_its_own_culprit_is_said_to_depend_on_data() {
        let reason = Reason {
            kind: ReasonKind::Index {
                array: "A".into(),
                mode: Mode::Rd,
            },
            span: Span::new(0, 4),
            text: "x".into(),
            culprits: vec!["x".into()],
            sources: vec![],
        };
        let d = reason.to_diagnostic();
        assert_eq!(d.message, "data-dependent index in a read of `A`");
        assert_eq!(
            d.primary.map(|l| l.message),
            Some("index `x` depends on data".into())
        );
    }
}
