//! `mapcheck [check] FILE...`: load every input, analyse every kernel, report, and derive the
//! exit code. Inputs that fail to load are reported and the others still analysed.
//!
//! The decision stages (typing, SMT) are not wired in yet: a kernel that parses gets the
//! verdict `unknown`, which is sound — mapcheck never claims DRF it has not proven.

use crate::cli::CheckArgs;
use crate::input::{self, Loaded};
use crate::render::{self, Style};
use crate::report::{Document, ErrorReport, KernelReport, Verdict};
use mapcheck_core::diag::Diagnostic;
use std::io::Write;
use std::time::Instant;

pub fn check(args: &CheckArgs, out: &mut dyn Write, err: &mut dyn Write, style: Style) -> u8 {
    let mut doc = Document::default();
    let mut kernel_seen = false;
    for path in &args.files {
        match input::load(path) {
            Loaded::Failed {
                name,
                source,
                diagnostics,
            } => {
                for d in &diagnostics {
                    if !args.common.json {
                        let _ = render::render(d, &name, source.as_ref(), style, err);
                    }
                    doc.errors.push(ErrorReport::new(&name, source.as_ref(), d));
                }
            }
            Loaded::Parsed(source, program) => {
                for kernel in &program.kernels {
                    if args
                        .common
                        .kernel
                        .as_ref()
                        .is_some_and(|k| *k != kernel.name.name)
                    {
                        continue;
                    }
                    kernel_seen = true;
                    let started = Instant::now();
                    doc.kernels.push(KernelReport {
                        file: source.name.clone(),
                        name: kernel.name.name.clone(),
                        verdict: Verdict::Unknown,
                        note: Some("the race decision is not part of this build yet".into()),
                        findings: Vec::new(),
                        time_ms: started.elapsed().as_millis() as u64,
                    });
                }
            }
        }
    }
    if let Some(name) = &args.common.kernel {
        if !kernel_seen && doc.errors.is_empty() {
            let d = Diagnostic::error(format!("no kernel named `{name}` in the input"));
            if !args.common.json {
                let _ = render::render(&d, "", None, style, err);
            }
            doc.errors.push(ErrorReport::new("", None, &d));
        }
    }
    if args.common.json {
        let _ = serde_json::to_writer_pretty(&mut *out, &doc);
        let _ = writeln!(out);
    } else {
        for k in &doc.kernels {
            let _ = write!(out, "{}: kernel `{}`: {}", k.file, k.name, k.verdict.word());
            let _ = match &k.note {
                Some(note) => writeln!(out, " ({note})"),
                None => writeln!(out),
            };
        }
    }
    doc.exit_code()
}
