//! Reading the bounds run ([`crate::Prepared::check_bounds`]): the standard error of a
//! program compiled with AddressSanitizer, which stops at the first access out of bounds.
//!
//! An access out of bounds is reported by the sanitizer as `stack-buffer-overflow` (a local
//! array), `global-buffer-overflow` (a file-scope table, a `__device__` array),
//! `use-after-poison` (the runtime's poisoning: a `__shared__` variable's slot around it, a
//! buffer's margins) or `SEGV` (an access far beyond, into a guard zone), with the stack of
//! the access; its location is the first frame in the user's file (the rewrite's `#line`
//! names it).

/// What the bounds run showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bounds {
    /// Every thread returned and no access left its object.
    InBounds,
    /// The first access out of bounds (the run stopped there).
    OutOfBounds(OutOfBounds),
    /// No answer: the run did not complete (divergence, a failed precondition, the time
    /// limit, an unsupported construct), with why.
    NoAnswer(String),
}

/// An access out of bounds the sanitizer reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfBounds {
    /// The sanitizer's kind (`stack-buffer-overflow`, `use-after-poison`, `SEGV`, ...).
    pub kind: String,
    /// Whether the access wrote (`None` when the report does not say).
    pub write: Option<bool>,
    /// The access in the user's file (1-based), when a frame is there.
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// That file, when it is one of the user's the main file includes (its name as mapcheck
    /// reports it).
    pub file: Option<String>,
}

/// Reads the bounds run's standard error; `file` is the user's file as the `#line`
/// directive named it, `included` the files of the user's it includes (as `#line` names
/// them, as mapcheck does); `timed_out` when the wall-clock limit stopped the program.
pub fn parse(stderr: &str, file: &str, included: &[(String, String)], timed_out: bool) -> Bounds {
    let lines: Vec<&str> = stderr.lines().collect();
    if let Some(at) = lines
        .iter()
        .position(|l| l.contains("ERROR: AddressSanitizer: "))
    {
        let kind = lines[at]
            .split("ERROR: AddressSanitizer: ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or("unknown")
            .to_string();
        let mut found = OutOfBounds {
            kind,
            write: None,
            line: None,
            column: None,
            file: None,
        };
        for l in &lines[at + 1..] {
            let t = l.trim_start();
            if found.write.is_none() {
                if t.starts_with("READ of size") || t.contains("caused by a READ") {
                    found.write = Some(false);
                } else if t.starts_with("WRITE of size") || t.contains("caused by a WRITE") {
                    found.write = Some(true);
                }
            }
            if t.starts_with('#') {
                let at = frame_in(t, file).map(|p| (p, None)).or_else(|| {
                    included
                        .iter()
                        .find_map(|(name, shown)| frame_in(t, name).map(|p| (p, Some(shown))))
                });
                if let Some(((line, column), shown)) = at {
                    found.line = Some(line);
                    found.column = column;
                    found.file = shown.cloned();
                    break;
                }
            }
            if t.starts_with("SUMMARY:") {
                break;
            }
        }
        return Bounds::OutOfBounds(found);
    }
    let tagged = |tag: &str| {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(tag))
            .map(str::to_string)
    };
    if let Some(u) = tagged("MC-UNSUPPORTED ") {
        Bounds::NoAnswer(format!("unsupported: {u}"))
    } else if let Some(p) = tagged("MC-PRECONDITION ") {
        Bounds::NoAnswer(format!("not a run: {p}"))
    } else if let Some(d) = tagged("MC-DIVERGENCE ") {
        Bounds::NoAnswer(format!("divergence: {d}"))
    } else if timed_out {
        Bounds::NoAnswer("timed out".into())
    } else if lines.contains(&"MC-DONE") {
        Bounds::InBounds
    } else {
        Bounds::NoAnswer("the program did not finish".into())
    }
}

/// The line and column of a stack frame `#N 0xADDR in FUNCTION FILE:LINE:COLUMN` when its
/// file is `file`.
fn frame_in(frame: &str, file: &str) -> Option<(u32, Option<u32>)> {
    let place = frame.split_whitespace().last()?;
    let rest = place.strip_prefix(file)?.strip_prefix(':')?;
    let mut parts = rest.split(':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next().and_then(|c| c.parse().ok());
    Some((line, column))
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPORT: &str = "MC-REGION 0x7f8161b60000 0x7f8161ba0000
=================================================================
==23181==ERROR: AddressSanitizer: use-after-poison on address 0x7f8161b7d100 at pc 0x55c0 bp 0x7f81 sp 0x7f81
READ of size 4 at 0x7f8161b7d100 thread T25
    #0 0x55c05b0253b6 in k(int*) /tmp/gentest/k.cu:12:9
    #1 0x55c05b0344a3 in void std::__invoke_impl<void>(std::__invoke_other) /usr/include/c++/12/bits/invoke.h:61:14
SUMMARY: AddressSanitizer: use-after-poison /tmp/gentest/k.cu:12:9 in k(int*)
";

    #[test]
    fn a_poisoned_read_is_out_of_bounds_at_its_line() {
        assert_eq!(
            parse(REPORT, "/tmp/gentest/k.cu", &[], false),
            Bounds::OutOfBounds(OutOfBounds {
                kind: "use-after-poison".into(),
                write: Some(false),
                line: Some(12),
                column: Some(9),
                file: None,
            })
        );
    }

    #[test]
    fn a_finished_run_is_in_bounds() {
        assert_eq!(
            parse("MC-REGION 0x1 0x2\nMC-DONE\n", "k.cu", &[], false),
            Bounds::InBounds
        );
        assert!(matches!(
            parse("MC-DIVERGENCE line 3: x\n", "k.cu", &[], false),
            Bounds::NoAnswer(_)
        ));
    }
}
