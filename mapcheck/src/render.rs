//! Rendering diagnostics for people, with ariadne: the one place where stage errors become
//! text. Colour only on a terminal; ASCII art when the terminal may lack the box characters
//! (`MAPCHECK_ASCII=1`) — and always in tests, so snapshots are plain.

use crate::input::SourceFile;
use ariadne::{CharSet, Config, IndexType, Label, Report, ReportKind};
use mapcheck_core::diag::{Diagnostic, Severity};
use std::io::{self, Write};

#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
    pub ascii: bool,
}

impl Style {
    /// Colour when standard output and standard error are both terminals (the report goes to
    /// one, the diagnostics to the other: a redirected report gets no escape codes) and
    /// `NO_COLOR` is unset; ASCII when asked for. `--color` overrides the colour.
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        Style {
            color: io::stdout().is_terminal()
                && io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none(),
            ascii: std::env::var_os("MAPCHECK_ASCII").is_some_and(|v| v != "0"),
        }
    }
}

/// Writes `diagnostic` about `file` (or about no file) to `out`.
pub fn render(
    diagnostic: &Diagnostic,
    file_name: &str,
    file: Option<&SourceFile>,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let kind = match diagnostic.severity {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
        Severity::Note => ReportKind::Advice,
    };
    let (Some(file), Some(primary)) = (file, diagnostic.primary.as_ref()) else {
        let word = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        writeln!(out, "{word}: {}", diagnostic.message)?;
        if let Some(help) = &diagnostic.help {
            writeln!(out, "  help: {help}")?;
        }
        for note in &diagnostic.notes {
            writeln!(out, "  note: {note}")?;
        }
        return Ok(());
    };
    // Each label in its own file: the input, or a file of the user's it includes, which
    // ariadne shows under that file's name. The input is named as the caller names it.
    let locate = |span: mapcheck_core::Span| {
        let at = file.locate(span);
        let name = if file.in_main(span) {
            file_name.to_string()
        } else {
            at.name.to_string()
        };
        (name, clamp(at.text, at.span.start, at.span.end))
    };
    let config = Config::default()
        .with_color(style.color)
        .with_index_type(IndexType::Byte)
        .with_char_set(if style.ascii {
            CharSet::Ascii
        } else {
            CharSet::Unicode
        });
    let mut report = Report::build(kind, locate(primary.span))
        .with_config(config)
        .with_message(&diagnostic.message);
    // ariadne draws labels in one snippet only when they come in source order.
    let mut labels: Vec<_> = std::iter::once(primary)
        .chain(&diagnostic.secondary)
        .collect();
    labels.sort_by_key(|l| (l.span.start, l.span.end));
    for (order, label) in labels.into_iter().enumerate() {
        report = report.with_label(
            Label::new(locate(label.span))
                .with_message(&label.message)
                .with_order(order as i32),
        );
    }
    if let Some(help) = &diagnostic.help {
        report = report.with_help(help);
    }
    for note in &diagnostic.notes {
        report = report.with_note(note);
    }
    let sources = std::iter::once((file_name.to_string(), file.text.as_str())).chain(
        file.included
            .iter()
            .map(|f| (f.name.clone(), f.text.as_str())),
    );
    report.finish().write(ariadne::sources(sources), out)
}

/// A byte range inside `text` on character boundaries; an empty range at the end of a line
/// is widened to the character before it, so the label has something to point at.
fn clamp(text: &str, start: usize, end: usize) -> std::ops::Range<usize> {
    let fix = |mut i: usize| {
        i = i.min(text.len());
        while i > 0 && !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (start, end) = (fix(start), fix(end.max(start)));
    if start < end {
        return start..end;
    }
    match text[start..].chars().next() {
        Some(c) if c != '\n' => start..start + c.len_utf8(),
        _ => match text[..start].chars().next_back() {
            Some(c) => start - c.len_utf8()..start,
            None => start..start,
        },
    }
}
