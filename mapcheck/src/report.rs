//! The results of a run as data: the JSON document of SPEC §7 (`schema: mapcheck/1`) and the
//! exit code both are derived from. Field names and values here are a stable contract.

use crate::input::SourceFile;
use mapcheck_core::diag::Diagnostic;
use serde::Serialize;

pub const SCHEMA: &str = "mapcheck/1";

/// Verdict of a kernel about data races (SPEC §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    #[allow(
        dead_code,
        reason = "reached once the SMT stage decides kernels (issue 5)"
    )]
    Drf,
    Racy,
    PossiblyRacy,
    Unknown,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Drf => "drf",
            Verdict::Racy => "racy",
            Verdict::PossiblyRacy => "possibly-racy",
            Verdict::Unknown => "unknown",
        }
    }
}

#[derive(Debug, Serialize)]
pub struct KernelReport {
    pub file: String,
    pub name: String,
    pub verdict: Verdict,
    /// Why the verdict is what it is, when that is not a finding (e.g. an undecided query).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub findings: Vec<serde_json::Value>,
    pub time_ms: u64,
}

#[derive(Debug, Serialize)]
pub struct ErrorReport {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl ErrorReport {
    pub fn new(file_name: &str, source: Option<&SourceFile>, diagnostic: &Diagnostic) -> Self {
        let at = source
            .zip(diagnostic.span())
            .map(|(s, span)| s.line_col(span));
        ErrorReport {
            file: file_name.to_string(),
            line: at.map(|a| a.line),
            column: at.map(|a| a.column),
            message: diagnostic.message.clone(),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct Document {
    pub schema: &'static str,
    pub kernels: Vec<KernelReport>,
    pub errors: Vec<ErrorReport>,
}

impl Default for Document {
    fn default() -> Self {
        Document {
            schema: SCHEMA,
            kernels: Vec::new(),
            errors: Vec::new(),
        }
    }
}

impl Document {
    /// The exit code of SPEC §7: 2 input errors, 1 proven or confirmed defect, 3 potential
    /// defect, 4 unknown, 0 otherwise.
    pub fn exit_code(&self) -> u8 {
        if !self.errors.is_empty() {
            2
        } else if self.kernels.iter().any(|k| k.verdict == Verdict::Racy) {
            1
        } else if self
            .kernels
            .iter()
            .any(|k| k.verdict == Verdict::PossiblyRacy)
        {
            3
        } else if self.kernels.iter().any(|k| k.verdict == Verdict::Unknown) {
            4
        } else {
            0
        }
    }
}
