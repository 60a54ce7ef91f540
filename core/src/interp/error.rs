//! The interpreter's errors: the reasons a configuration cannot be run to the end. These are
//! input errors (exit 2 at the CLI), not findings: a race or a barrier divergence is a result
//! of the run, recorded in [`crate::interp::Run`].

use crate::arith::Value;
use crate::diag::Diagnostic;
use crate::span::Span;
use std::fmt;

/// Which thread was running when an error struck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadId {
    pub bid: Value,
    pub tid: Value,
}

impl fmt::Display for ThreadId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "thread {} of block {}", self.tid, self.bid)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The kernel has a parameter the configuration gives no value for.
    #[error("no value for parameter `{name}`")]
    MissingParameter { name: String, span: Span },
    /// The configuration fixes a parameter the kernel does not have.
    #[error("kernel `{kernel}` has no parameter `{name}`")]
    UnknownParameter { name: String, kernel: String },
    /// A parameter given a value outside its type (`.bcu`'s default: the naturals).
    #[error("parameter `{name}` is `{value}`, outside its type `{ty}` ({} to {})", range.0, range.1)]
    ParameterOutOfRange {
        name: String,
        value: Value,
        ty: crate::ast::ParamType,
        range: (Value, Value),
    },
    /// A block or grid dimension outside CUDA's limits.
    #[error(transparent)]
    BadGeometry(crate::geometry::GeometryError),
    /// An `assume` that does not hold in this configuration.
    #[error("assumption `{cond}` does not hold (in {thread})")]
    AssumeFalse {
        cond: String,
        span: Span,
        thread: ThreadId,
    },
    /// The run executed more steps than allowed.
    #[error("step budget of {budget} exhausted in {thread}: a loop may not terminate")]
    StepBudget {
        budget: u64,
        span: Span,
        thread: ThreadId,
    },
    /// A loop whose step leaves its variable unchanged while the loop condition holds: it can
    /// never end, so the run stops at once rather than after the whole budget.
    #[error("loop over `{var}` never terminates in {thread}: its step leaves `{var}` at {value}")]
    LoopStuck {
        var: String,
        value: Value,
        span: Span,
        thread: ThreadId,
    },
    /// An `int`-mode result beyond 128 bits.
    #[error("integer overflow beyond 128 bits in `{expr}` (in {thread})")]
    Overflow {
        expr: String,
        span: Span,
        thread: ThreadId,
    },
    /// A variable with no value: the tree breaks the scope invariant of `ast` (a bug in the
    /// stage that built it, since the parser checks scopes).
    #[error("internal error: variable `{name}` has no value")]
    UnboundVariable { name: String, span: Span },
    /// An access to an array the kernel does not declare (same remark).
    #[error("internal error: array `{name}` is not declared")]
    UndeclaredArray { name: String, span: Span },
}

impl RunError {
    /// Where the error points, when it has a place in the kernel.
    pub fn span(&self) -> Option<Span> {
        match self {
            RunError::MissingParameter { span, .. }
            | RunError::AssumeFalse { span, .. }
            | RunError::StepBudget { span, .. }
            | RunError::LoopStuck { span, .. }
            | RunError::Overflow { span, .. }
            | RunError::UnboundVariable { span, .. }
            | RunError::UndeclaredArray { span, .. } => Some(*span),
            RunError::UnknownParameter { .. }
            | RunError::ParameterOutOfRange { .. }
            | RunError::BadGeometry(_) => None,
        }
    }

    /// The error as a located diagnostic, with the label and help a user needs to act on it.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let d = Diagnostic::error(self.to_string());
        match self {
            RunError::MissingParameter { name, span } => d
                .with_primary(*span, "declared here")
                .with_help(format!("give it a value with `-p {name}=VALUE`")),
            RunError::UnknownParameter { .. } => {
                d.with_help("check the spelling, or pick the kernel with `--kernel NAME`")
            }
            RunError::ParameterOutOfRange { .. } => d,
            RunError::BadGeometry(_) => {
                d.with_help("`ntid` is the product of `--block-dim`, `nbid` of `--grid-dim`")
            }
            RunError::AssumeFalse { span, .. } => d
                .with_primary(*span, "false in this configuration")
                .with_help("choose parameters and geometry that satisfy the kernel's assumptions"),
            RunError::StepBudget { span, .. } => d
                .with_primary(*span, "still running here when the budget ran out")
                .with_note("the budget counts statements, loop iterations and thread launches"),
            RunError::LoopStuck { span, .. } => d.with_primary(*span, "this loop never ends"),
            RunError::Overflow { span, .. } => d
                .with_primary(*span, "overflows here")
                .with_help("`--arith bv32` runs with 32-bit machine words instead"),
            RunError::UnboundVariable { span, .. } | RunError::UndeclaredArray { span, .. } => {
                d.with_primary(*span, "used here")
            }
        }
    }
}
