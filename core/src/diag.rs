//! The shape every stage gives its user-facing errors and warnings before the CLI renders them
//! (with ariadne, in one place). Stages keep their own error types and convert at that
//! boundary; this type only carries what a report shows.
//!
//! Messages follow one style: lowercase, no final period, user text in backticks; the primary
//! label says what is wrong at the place, secondary labels point at the places that explain it.

use crate::span::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

impl Label {
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Label {
            span,
            message: message.into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// Where the problem is; `None` for problems with no place (an unreadable file).
    pub primary: Option<Label>,
    pub secondary: Vec<Label>,
    pub notes: Vec<String>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            primary: None,
            secondary: Vec::new(),
            notes: Vec::new(),
            help: None,
        }
    }

    /// A warning: reported, but it fails nothing.
    pub fn warning(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(message)
        }
    }

    pub fn with_primary(mut self, span: Span, label: impl Into<String>) -> Self {
        self.primary = Some(Label::new(span, label));
        self
    }

    pub fn with_secondary(mut self, span: Span, label: impl Into<String>) -> Self {
        self.secondary.push(Label::new(span, label));
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Where the diagnostic points, for sorting and for JSON positions.
    pub fn span(&self) -> Option<Span> {
        self.primary.as_ref().map(|l| l.span)
    }
}
