//! SARIF 2.1.0 output (`--format sarif`, `--sarif FILE`): the results of a check as the
//! format that code-scanning services and editors read (OASIS SARIF 2.1.0, the types of the
//! `serde-sarif` crate, generated from the standard's schema).
//!
//! The document is derived from the same [`Document`] as the JSON of SPEC §7, so the two never
//! disagree: one run of the tool `mapcheck`; one result per finding, with the rule id its kind
//! (`data-race`, `barrier-divergence`, advice such as `redundant-barrier`), the first access as
//! its location and the second as a related location, the witness in the message (worded as
//! the human report words it: threads `A` and `B`; for a CUDA kernel `threadIdx`, `blockIdx`,
//! `blockDim`, `gridDim` and the cell as declared) and as a property; a result
//! `undecided` for a kernel whose verdict is `unknown`, and `internal-error` for a witness of an
//! exact kernel that did not replay. Input errors are the invocation's notifications, located
//! where the error is, and make the invocation unsuccessful.
//!
//! Levels follow the certainty of SPEC §7: a proven or confirmed defect is an `error`, a
//! potential one and an undecided kernel a `warning`, advice a `note`.

use crate::report::{Document, ErrorReport, FindingReport, KernelReport, Location, WitnessReport};
use mapcheck_smt::{Certainty, Kind, Verdict};
use serde_json::Value as Json;
use serde_sarif::sarif::{
    ArtifactLocation, Invocation, Location as SarifLocation, Message, MultiformatMessageString,
    Notification, PhysicalLocation, PropertyBag, Region, ReportingDescriptor,
    Result as SarifResult, ResultLevel, Run, Sarif, Tool, ToolComponent,
};
use std::collections::{BTreeMap, BTreeSet};

/// The schema URI written into every document.
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// Rule ids of results that are not findings.
const UNDECIDED: &str = "undecided";
const INTERNAL_ERROR: &str = "internal-error";

/// The SARIF log of `doc`.
pub fn sarif(doc: &Document) -> Sarif {
    let mut results = Vec::new();
    for k in &doc.kernels {
        results.extend(k.findings.iter().map(|f| finding(k, f)));
        // An `unknown` verdict that only an index out of bounds made says so in its own
        // result; `undecided` is for queries the solver left open.
        if k.verdict == Verdict::Unknown && !k.undecided.is_empty() {
            results.push(undecided(k));
        }
        results.extend(k.internal_errors.iter().map(|e| internal_error(k, e)));
    }
    let rules: BTreeSet<String> = results.iter().filter_map(|r| r.rule_id.clone()).collect();
    let driver = ToolComponent::builder()
        .name("mapcheck")
        .version(env!("CARGO_PKG_VERSION"))
        .information_uri("https://example.invalid/mapcheck")
        .rules(rules.iter().map(|id| rule(id)).collect::<Vec<_>>())
        .build();
    let invocation = Invocation::builder()
        .execution_successful(doc.errors.is_empty())
        .tool_execution_notifications(doc.errors.iter().map(notification).collect::<Vec<_>>())
        .build();
    let run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .invocations(vec![invocation])
        .results(results)
        .build();
    Sarif::builder()
        .schema(SCHEMA_URI)
        .version(Json::String("2.1.0".into()))
        .runs(vec![run])
        .build()
}

/// The rule id of a finding kind: its name in the JSON of SPEC §7.
fn rule_id(kind: Kind) -> String {
    match serde_json::to_value(kind) {
        Ok(Json::String(s)) => s,
        _ => format!("{kind:?}"),
    }
}

fn rule(id: &str) -> ReportingDescriptor {
    let (short, full) = match id {
        "data-race" => (
            "Data race",
            "Two threads access the same cell in one synchronisation phase (two threads of a \
             block between barriers, or two blocks), at least one access a write and not both \
             atomic.",
        ),
        "barrier-divergence" => (
            "Barrier divergence",
            "Two threads of a block reach different sequences of barriers: one reaches a \
             `__syncthreads()` the other does not, or a barrier loop runs a different number \
             of times.",
        ),
        "redundant-barrier" => (
            "Redundant barrier",
            "Advice: without this barrier the kernel is still race free and free of barrier \
             divergence.",
        ),
        "out-of-bounds" => (
            "Out of bounds",
            "A thread indexes an array of fixed size outside one of its dimensions (an index \
             below 0 or at least the dimension's extent): undefined behaviour in C, which may \
             touch another cell of the array or other memory.",
        ),
        "benign-race" => (
            "Benign race",
            "Advice: two threads write the same cell in one phase but provably store the same \
             value (GPUVerify, Faial and GKLEE do not count it; `--strict` makes it a data race).",
        ),
        UNDECIDED => (
            "Undecided",
            "The solver could not decide some of the kernel's race queries within its \
             resource limit: the kernel is not proven race free.",
        ),
        INTERNAL_ERROR => (
            "Internal error",
            "A witness of an exact kernel did not replay in the reference interpreter: a bug \
             in mapcheck, reported so that the verdict is not trusted.",
        ),
        _ => ("Finding", "A finding of mapcheck; see its message."),
    };
    ReportingDescriptor::builder()
        .id(id)
        .name(short.replace(' ', ""))
        .short_description(MultiformatMessageString::builder().text(short).build())
        .full_description(MultiformatMessageString::builder().text(full).build())
        .build()
}

fn level(f: &FindingReport) -> ResultLevel {
    match f.kind {
        Kind::DataRace | Kind::BarrierDivergence | Kind::OutOfBounds => match f.certainty {
            Certainty::Proven | Certainty::Confirmed => ResultLevel::Error,
            Certainty::Potential => ResultLevel::Warning,
        },
        // Advice never changes the exit code (SPEC §7), and is a note here.
        _ => ResultLevel::Note,
    }
}

fn location(l: &Location) -> SarifLocation {
    let region = Region::builder()
        .start_line(l.line as i64)
        .start_column(l.column as i64)
        .build();
    SarifLocation::builder()
        .physical_location(
            PhysicalLocation::builder()
                .artifact_location(ArtifactLocation::builder().uri(uri(&l.file)).build())
                .region(region)
                .build(),
        )
        .build()
}

/// A relative reference to the file as it was named on the command line, with `/` between
/// its parts and the characters a URI reserves escaped.
fn uri(file: &str) -> String {
    let mut out = String::with_capacity(file.len());
    for c in file.chars() {
        match c {
            '\\' => out.push('/'),
            ' ' => out.push_str("%20"),
            '#' => out.push_str("%23"),
            '?' => out.push_str("%3F"),
            '%' => out.push_str("%25"),
            c => out.push(c),
        }
    }
    out
}

fn finding(k: &KernelReport, f: &FindingReport) -> SarifResult {
    let id = rule_id(f.kind);
    let mut text = match (&f.array, f.access) {
        (Some(array), Some(access)) => format!(
            "{} race on `{array}` in kernel `{}` ({})",
            json_name(&access),
            k.name,
            json_name(&f.certainty)
        ),
        _ => format!(
            "{} in kernel `{}` ({})",
            id.replace('-', " "),
            k.name,
            json_name(&f.certainty)
        ),
    };
    if let Some(w) = &f.witness {
        text.push_str(": ");
        let cuda = k.language == crate::input::Language::Cuda;
        let cell_of = f.bound.is_none().then_some(()).and(f.array.as_deref());
        text.push_str(&witness_text(w, cell_of, cuda));
        if let Some(b) = &f.bound {
            text.push_str(&format!(
                ", index {} outside dimension {} of `{}` (extent {})",
                b.index,
                b.dimension,
                f.array.as_deref().unwrap_or("?"),
                b.extent
            ));
        }
    }
    text.push('.');
    for note in &f.notes {
        text.push(' ');
        text.push_str(note);
    }
    let mut properties = BTreeMap::new();
    properties.insert("kernel".to_string(), Json::String(k.name.clone()));
    properties.insert("class".to_string(), to_json(&k.class));
    properties.insert("certainty".to_string(), to_json(&f.certainty));
    properties.insert("scope".to_string(), Json::String(f.scope.into()));
    if let Some(w) = &f.witness {
        properties.insert("witness".to_string(), to_json(w));
    }
    let mut locations = f.locations.iter();
    let first: Vec<SarifLocation> = locations.next().map(location).into_iter().collect();
    let related: Vec<SarifLocation> = locations
        .enumerate()
        .map(|(i, l)| {
            let mut loc = location(l);
            loc.id = Some(i as i64 + 1);
            loc.message = Some(Message::builder().text("thread B's access").build());
            loc
        })
        .collect();
    let mut result = SarifResult::builder()
        .rule_id(id)
        .level(level(f))
        .message(Message::builder().text(text).build())
        .locations(first)
        .properties(
            PropertyBag::builder()
                .additional_properties(properties)
                .build(),
        )
        .build();
    if !related.is_empty() {
        result.related_locations = Some(related);
    }
    result
}

/// The witness for a person reading the message, in the words of the human report: the
/// threads `A` and `B`, in CUDA's terms for a CUDA kernel (`threadIdx`, `blockIdx`, `blockDim`,
/// `gridDim`, the cell as declared) and in BabyCUDA's for a `.bcu` one (`tid`, `ntid`, ...).
fn witness_text(w: &WitnessReport, array: Option<&str>, cuda: bool) -> String {
    let triple = |t: &[i128; 3]| format!("({}, {}, {})", t[0], t[1], t[2]);
    let flat = |d: &[i128; 3]| d[1] == 1 && d[2] == 1;
    let one_d = !cuda && flat(&w.block_dim) && flat(&w.grid_dim);
    let (dims, ids) = if cuda {
        (["blockDim", "gridDim"], ["threadIdx", "blockIdx"])
    } else {
        (["ntid", "nbid"], ["tid", "bid"])
    };
    // A one-dimensional `.bcu` witness says its linear ids, as the human report does.
    let show = |v: &[i128; 3], dim: &[i128; 3]| {
        if one_d {
            mapcheck_core::geometry::linear(*v, *dim).to_string()
        } else {
            triple(v)
        }
    };
    let threads: Vec<String> = w
        .threads
        .iter()
        .map(|t| {
            format!(
                "thread {} ({} {}, {} {})",
                t.name,
                ids[0],
                show(&t.thread_idx, &w.block_dim),
                ids[1],
                show(&t.block_idx, &w.grid_dim)
            )
        })
        .collect();
    let size = |d: &[i128; 3]| {
        if one_d {
            d.iter().product::<i128>().to_string()
        } else {
            triple(d)
        }
    };
    let mut text = format!(
        "{} with {} {}, {} {}",
        threads.join(" and "),
        dims[0],
        size(&w.block_dim),
        dims[1],
        size(&w.grid_dim)
    );
    if !w.params.is_empty() {
        let params: Vec<String> = w.params.iter().map(|(p, v)| format!("{p} = {v}")).collect();
        text.push_str(&format!(", parameters {}", params.join(", ")));
    }
    if let Some(cell) = &w.cell {
        text.push_str(&format!(", cell {}", cell.text));
    } else if !w.index.is_empty() && array.is_some() {
        let index: Vec<String> = w.index.iter().map(|i| format!("[{i}]")).collect();
        text.push_str(&format!(", cell {}{}", array.unwrap_or(""), index.concat()));
    }
    text
}

fn undecided(k: &KernelReport) -> SarifResult {
    let mut text = format!(
        "kernel `{}` is not proven race free: {} solver quer{} undecided",
        k.name,
        k.undecided.len(),
        if k.undecided.len() == 1 { "y" } else { "ies" }
    );
    if let Some(first) = k.undecided.first() {
        text.push_str(&format!(" ({first})"));
    }
    text.push('.');
    SarifResult::builder()
        .rule_id(UNDECIDED)
        .level(ResultLevel::Warning)
        .message(Message::builder().text(text).build())
        .locations(kernel_file(k))
        .build()
}

fn internal_error(k: &KernelReport, error: &str) -> SarifResult {
    SarifResult::builder()
        .rule_id(INTERNAL_ERROR)
        .level(ResultLevel::Error)
        .message(
            Message::builder()
                .text(format!("kernel `{}`: {error}", k.name))
                .build(),
        )
        .locations(kernel_file(k))
        .build()
}

/// The kernel's file, for results about a kernel as a whole.
fn kernel_file(k: &KernelReport) -> Vec<SarifLocation> {
    vec![SarifLocation::builder()
        .physical_location(
            PhysicalLocation::builder()
                .artifact_location(ArtifactLocation::builder().uri(uri(&k.file)).build())
                .build(),
        )
        .build()]
}

fn notification(e: &ErrorReport) -> Notification {
    let mut n = Notification::builder()
        .level(serde_json::json!("error"))
        .message(Message::builder().text(e.message.clone()).build())
        .build();
    if !e.file.is_empty() {
        let mut physical = PhysicalLocation::builder()
            .artifact_location(ArtifactLocation::builder().uri(uri(&e.file)).build())
            .build();
        if let (Some(line), Some(column)) = (e.line, e.column) {
            physical.region = Some(
                Region::builder()
                    .start_line(line as i64)
                    .start_column(column as i64)
                    .build(),
            );
        }
        n.locations = Some(vec![SarifLocation::builder()
            .physical_location(physical)
            .build()]);
    }
    n
}

fn to_json<T: serde::Serialize>(value: &T) -> Json {
    serde_json::to_value(value).unwrap_or(Json::Null)
}

/// A value's name in the JSON of SPEC §7 (`write-write`, `proven`).
fn json_name<T: serde::Serialize>(value: &T) -> String {
    match to_json(value) {
        Json::String(s) => s,
        other => other.to_string(),
    }
}
