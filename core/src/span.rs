//! Source positions: byte ranges into one file, and their conversion to the 1-based
//! line/column pairs users see (columns count characters, SPEC §7).
//!
//! Spans compare by their range, so `==` on a tree compares where its nodes came from too;
//! [`crate::structural`] compares trees by shape alone.

use std::fmt;

/// A half-open byte range `start..end` of the source text.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span that covers both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A 1-based line and column; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// Maps byte offsets of one text to lines and columns.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Byte offset at which each line starts.
    line_starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { line_starts }
    }

    /// The line and column of byte `offset` in `text` (the text this index was built from).
    /// Offsets past the end, or inside a multi-byte character, are clamped.
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = offset.min(text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.line_starts.get(line).copied().unwrap_or(0);
        let column = text
            .get(start..)
            .map(|rest| {
                rest.char_indices()
                    .take_while(|(i, _)| start + i < offset)
                    .count()
            })
            .unwrap_or(0);
        LineCol {
            line: line + 1,
            column: column + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_compare_by_their_range() {
        assert_ne!(Span::new(0, 1), Span::new(5, 9));
        assert_ne!(Span::new(0, 1), Span::new(0, 2));
        assert_eq!(Span::new(2, 4).to(Span::new(0, 3)), Span::new(0, 4));
    }

    #[test]
    fn line_and_column_count_characters() {
        let text = "ab\nçd\n\nx";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 0), LineCol { line: 1, column: 1 });
        assert_eq!(idx.line_col(text, 3), LineCol { line: 2, column: 1 });
        // 'ç' is two bytes: 'd' starts at byte 5 but is the second character.
        assert_eq!(idx.line_col(text, 5), LineCol { line: 2, column: 2 });
        assert_eq!(idx.line_col(text, 7), LineCol { line: 3, column: 1 });
        assert_eq!(idx.line_col(text, 8), LineCol { line: 4, column: 1 });
        assert_eq!(idx.line_col(text, 100), LineCol { line: 4, column: 2 });
    }
}
