//! Why a repair cannot be written into the text, or why the written text does not re-verify:
//! one error type for `mapcheck fix`'s edits, whose messages are the prose the command line
//! prints (once, in `fix.rs`). Positions are lines and columns of the input.

use mapcheck_core::span::LineIndex;

/// A line and column of the input text, printed `line L, column C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl Pos {
    pub fn of(text: &str, offset: usize) -> Pos {
        let lc = LineIndex::new(text).line_col(text, offset.min(text.len()));
        Pos {
            line: lc.line,
            column: lc.column,
        }
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FixError {
    #[error("the if-conversion is written as edits only on CUDA text")]
    SplitOnBcu,
    #[error("it changes `{0}`, which this file includes: run `mapcheck fix` on that file")]
    Included(String),
    #[error("an inserted barrier was lost")]
    LostBarrier,
    #[error("an inserted barrier is not at a CUDA statement boundary")]
    NotABoundary,
    #[error("two edits overlap, at {0} and {1}")]
    Overlap(Pos, Pos),
    #[error("the barrier at {0} is not written `{1}` there (a macro or an included file)")]
    BarrierNotText(Pos, &'static str),
    #[error("the barrier at {at} is written by the macro used at {used}, whose text is not the kernel's own; write the barrier out or remove it by hand")]
    BarrierInMacro { at: Pos, used: Pos },
    #[error("the split branch at {0} is not written `if` there (a macro?)")]
    IfNotText(Pos),
    #[error("a part of the `if` at {at} is written by the macro used at {used}; its text cannot be split")]
    IfInMacro { at: Pos, used: Pos },
    #[error("the `if` at {0} declares a variable in its head (an init-statement, a condition variable or `if constexpr`), which the split cannot evaluate once")]
    IfDeclares(Pos),
    #[error(
        "the split branch at {0} lies in a function the kernel calls, which other callers share"
    )]
    SharedFunction(Pos),
    #[error("the `if` at {at} holds a `{keyword}` (at {jump}), which would jump differently out of the split halves")]
    Jump {
        at: Pos,
        keyword: &'static str,
        jump: Pos,
    },
    #[error("the barrier would go inside a block, a `while` or `do` loop or a second loop nested in the branch at {0}; only one `for` loop between the split `if` and the barrier is rewritten on CUDA text")]
    NestedPoint(Pos),
    #[error("the barrier would go inside a loop or block nested in a branch of the `if` at {0} (the loop interchange of `.bcu` is not done on CUDA text)")]
    NestedInBranch(Pos),
    #[error("a split branch has no else-branch")]
    NoElse,
    #[error("a cut between two branches holds another split")]
    BetweenHoldsSplit,
    #[error("the declaration at {at} is used after the barrier point and cannot move before the split `if` (`{specs}`)")]
    Unmovable { at: Pos, specs: String },
    #[error("the declaration at {0} is used after the barrier point and cannot move before the split `if` (a reference, or initialised by a constructor or a braced list)")]
    UnmovableInit(Pos),
    #[error("the declaration at {0}, in the first half of the split `if`, is written by a macro or declares more than variables; it cannot move before the split `if`")]
    OddDeclaration(Pos),
    #[error("`{name}`, declared at {at} and used after the barrier point, would move before the split `if`, but the kernel has another `{name}`; rename one")]
    Capture { name: String, at: Pos },
    #[error("the array declared at {0} is used after the barrier point, and its initialiser cannot become an assignment before the split `if`")]
    ArrayInit(Pos),
}

/// Why the edited CUDA text is not printed: it must parse and its repaired kernels be proven
/// clean, or the edits were wrong (an internal error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Reverify {
    #[error("{0}")]
    Front(String),
    #[error("it does not parse")]
    DoesNotParse,
    #[error("kernel `{0}` is missing")]
    Missing(String),
    #[error("kernel `{0}` is not proven clean")]
    NotClean(String),
}
