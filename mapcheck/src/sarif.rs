//! SARIF 2.1.0 output (`--format sarif`, `--sarif FILE`): the results of a check as the
//! format that code-scanning services and editors read (OASIS SARIF 2.1.0, the types of the
//! `serde-sarif` crate, generated from the standard's schema).
//!
//! The document is derived from the same [`Document`] as the JSON of SPEC §7, so the two never
//! disagree: one run of the tool `mapcheck`; one result per finding, with the rule id its kind
//! (`data-race`, `barrier-divergence`, advice such as `redundant-barrier`); a result
//! `undecided` for a kernel whose verdict is `unknown`, `internal-error` for a witness of an
//! exact kernel that did not replay, and one `data-dependent` note per reason a kernel is
//! data-dependent (SPEC §5: why its alarms are potential until replayed). Input errors are the
//! invocation's notifications, located where the error is, and make the invocation
//! unsuccessful.
//!
//! What the viewers need, as GitHub code scanning and the VS Code SARIF viewer read it:
//! * every rule with a PascalCase `name`, descriptions, `help` (text and Markdown: how such a
//!   bug is usually fixed) and a `helpUri` into the README, and its default level;
//! * regions with their ends (`endLine`, `endColumn`: exclusive, as the JSON's `end_column`);
//!   columns count Unicode code points, which `columnKind` says;
//! * a race's first access (thread A's) as its location and the second (thread B's) as related
//!   location `1`, which the message links to with SARIF's syntax (`[thread B's write](1)`, so
//!   a viewer shows it); and `codeFlows` with one `threadFlow` per thread, `A` and `B`, whose
//!   location is that thread's access;
//! * `partialFingerprints` that survive edits elsewhere in the file (a hash of the rule, the
//!   kernel and the source text of the locations, see `fingerprints`).
//!
//! The witness is in the message, worded as the human report words it (threads `A` and `B`;
//! for a CUDA kernel `threadIdx`, `blockIdx`, `blockDim`, `gridDim` and the cell as declared),
//! and as JSON in `properties`. Levels follow the certainty of SPEC §7: a proven or confirmed
//! defect is an `error`, a potential one and an undecided kernel a `warning`, advice and the
//! data-dependence notes a `note`.

use crate::report::{
    Document, ErrorReport, FindingReport, KernelReport, Location, ReasonReport, WitnessReport,
    VERSION,
};
use mapcheck_smt::{Certainty, Kind, Verdict};
use serde_json::Value as Json;
use serde_sarif::sarif::{
    ArtifactContent, ArtifactLocation, CodeFlow, Invocation, Location as SarifLocation,
    LogicalLocation, Message, MultiformatMessageString, Notification, PhysicalLocation,
    PropertyBag, Region, ReportingConfiguration, ReportingDescriptor, Result as SarifResult,
    ResultLevel, Run, Sarif, ThreadFlow, ThreadFlowLocation, Tool, ToolComponent,
};
use std::collections::{BTreeMap, BTreeSet};

/// The schema URI written into every document.
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The project's home, the driver's `informationUri` and the base of every rule's `helpUri`:
/// the workspace's `repository` (root `Cargo.toml`), so that it is written in one place.
pub const INFORMATION_URI: &str = env!("CARGO_PKG_REPOSITORY");

/// The key of mapcheck's fingerprint in `partialFingerprints`, versioned as SARIF advises so
/// that a change of what is hashed is a new key rather than different values under the old.
pub const FINGERPRINT_KEY: &str = "mapcheckFinding/v1";

/// Rule ids of results that are not findings.
const UNDECIDED: &str = "undecided";
const INTERNAL_ERROR: &str = "internal-error";
const DATA_DEPENDENT: &str = "data-dependent";

/// The SARIF log of `doc`.
pub fn sarif(doc: &Document) -> Sarif {
    let mut results = Vec::new();
    let mut keys = Vec::new();
    for k in &doc.kernels {
        let start = results.len();
        for f in &k.findings {
            results.push(finding(k, f));
            keys.push(finding_key(k, f));
        }
        for r in &k.reasons {
            results.push(reason(k, r));
            keys.push(reason_key(k, r));
        }
        // An `unknown` verdict that only an index out of bounds made says so in its own
        // result; `undecided` is for queries the solver left open.
        if k.verdict == Verdict::Unknown && !k.undecided.is_empty() {
            results.push(undecided(k));
            keys.push(kernel_key(UNDECIDED, k));
        }
        for e in &k.internal_errors {
            results.push(internal_error(k, e));
            keys.push(kernel_key(INTERNAL_ERROR, k));
        }
        // Every result of the kernel is in it: its primary location names the kernel as a
        // logical location too.
        for r in &mut results[start..] {
            for l in r.locations.iter_mut().flatten().take(1) {
                l.logical_locations = Some(kernel_logical(k));
            }
        }
    }
    for (result, fingerprint) in results.iter_mut().zip(fingerprints(&keys)) {
        result.partial_fingerprints = Some(BTreeMap::from([(FINGERPRINT_KEY.into(), fingerprint)]));
    }
    let ids: BTreeSet<String> = results.iter().filter_map(|r| r.rule_id.clone()).collect();
    let ids: Vec<String> = ids.into_iter().collect();
    for r in &mut results {
        r.rule_index = (r.rule_id.as_ref())
            .and_then(|id| ids.iter().position(|i| i == id))
            .map(|i| i as i64);
    }
    let driver = ToolComponent::builder()
        .name("mapcheck")
        .full_name(format!("mapcheck {VERSION}"))
        .version(VERSION)
        .semantic_version(VERSION)
        .information_uri(INFORMATION_URI)
        .rules(ids.iter().map(|id| rule(id)).collect::<Vec<_>>())
        .build();
    let invocation = Invocation::builder()
        .execution_successful(doc.errors.is_empty())
        .tool_execution_notifications(doc.errors.iter().map(notification).collect::<Vec<_>>())
        .build();
    let run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .invocations(vec![invocation])
        // The JSON's columns count characters, as Rust's `char`s: code points.
        .column_kind(Json::String("unicodeCodePoints".into()))
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
    json_name(&kind)
}

/// What a rule says about itself: SARIF's `reportingDescriptor` in words.
struct RuleText {
    /// PascalCase, as SARIF's examples and GitHub's rules name them.
    name: &'static str,
    short: &'static str,
    full: &'static str,
    /// How such a finding is usually dealt with, in Markdown (the text form drops the
    /// backticks).
    help: &'static str,
    /// The README's section about it.
    anchor: &'static str,
    level: &'static str,
}

fn rule_text(id: &str) -> RuleText {
    match id {
        "data-race" => RuleText {
            name: "DataRace",
            short: "Data race",
            full: "Two threads access the same memory cell in one synchronisation phase (two \
                   threads of a block between two barriers, or two threads of different \
                   blocks anywhere in the kernel), at least one access a write and not both \
                   atomic; the result depends on how the GPU schedules them.",
            help: "Two threads of the witness access one cell with nothing ordering the \
                   accesses. The usual fixes:\n\n\
                   * **a barrier** (`__syncthreads()`) between the write and the other \
                   thread's access, when the two belong to different steps of the algorithm \
                   (a reduction's levels, a tile loaded then read); every thread of the block \
                   must reach it, so place it outside conditions on `threadIdx`;\n\
                   * **an atomic** (`atomicAdd`, `atomicMax`, `atomicExch`, ...) when threads \
                   accumulate into one cell (a histogram, a counter);\n\
                   * **a cell of its own** for each thread, when the threads were not meant \
                   to share it (index by `threadIdx`/the global id, or use a local variable).\n\n\
                   Barriers do not order threads of different blocks: a race between blocks \
                   needs atomics or a second kernel launch. `mapcheck fix FILE` searches \
                   barrier placements that make the kernel race free, and `mapcheck run FILE` \
                   with the witness's `--block-dim`, `--grid-dim` and `-p` values replays the \
                   race in the reference interpreter.",
            anchor: "what-a-report-looks-like",
            level: "error",
        },
        "barrier-divergence" => RuleText {
            name: "BarrierDivergence",
            short: "Barrier divergence",
            full: "Two threads of a block reach different sequences of barriers: one reaches \
                   a `__syncthreads()` the other does not, or a loop with a barrier runs a \
                   different number of times in the two threads. CUDA leaves the behaviour \
                   undefined (the kernel may hang).",
            help: "Every thread of a block must reach each `__syncthreads()` the same number \
                   of times. Move the barrier out of the condition or loop that depends on \
                   the thread (compute the condition into a variable, synchronise \
                   unconditionally, then act on the variable), or make the loop's trip count \
                   the same for all threads of the block (bounds that depend only on \
                   `blockIdx`, `blockDim` and parameters). `mapcheck fix FILE` proposes \
                   such a placement when one exists.",
            anchor: "what-a-report-looks-like",
            level: "error",
        },
        "out-of-bounds" => RuleText {
            name: "OutOfBounds",
            short: "Out of bounds",
            full: "A thread indexes an array of fixed size outside one of its dimensions (an \
                   index below 0 or at least the dimension's extent): undefined behaviour in C, \
                   which may touch another cell of the array or other memory. Races are \
                   decided among the accesses that stay in bounds.",
            help: "The witness's thread computes an index outside the array's declared \
                   extent. The usual fixes: **guard** the access (`if (i < N)`), **size** the \
                   array for the block the kernel is launched with, or state the launch \
                   (`--block-dim`, a GPUVerify header, `__launch_bounds__`) when larger \
                   blocks never run. `mapcheck run FILE` with the witness's geometry shows \
                   the access.",
            anchor: "what-a-report-looks-like",
            level: "error",
        },
        "redundant-barrier" => RuleText {
            name: "RedundantBarrier",
            short: "Redundant barrier",
            full: "Advice: without this barrier the kernel is still race free and free of \
                   barrier divergence.",
            help: "The barrier orders no pair of accesses that needs ordering: removing it \
                   keeps the kernel race free and saves a synchronisation of the block. Keep \
                   it if the kernel is about to change (a barrier that guards nothing today \
                   may guard tomorrow's code). `mapcheck fix FILE` removes redundant \
                   barriers.",
            anchor: "repair-and-advice",
            level: "note",
        },
        "benign-race" => RuleText {
            name: "BenignRace",
            short: "Benign race",
            full: "Advice: two threads write the same cell in one phase but provably store \
                   the same value (GPUVerify, Faial and GKLEE do not count it; `--strict` \
                   makes it a data race).",
            help: "Both threads store the same value, so the GPU's result does not depend on \
                   their order; C++'s memory model still calls it a data race. To make the \
                   kernel race free under `--strict`, let one thread store (for instance \
                   under `if (threadIdx.x == 0)`, followed by a `__syncthreads()` before \
                   others read it).",
            anchor: "races-as-the-field-counts-them",
            level: "note",
        },
        DATA_DEPENDENT => RuleText {
            name: "DataDependentKernel",
            short: "Data-dependent kernel",
            full: "An index, condition, loop bound or barrier placement of the kernel depends \
                   on values read from memory (or that the CUDA lowering cannot follow): the \
                   kernel's memory access protocol over-approximates it, so a verdict of race \
                   freedom is still a proof, but a race alarm is potential until the \
                   reference interpreter replays it.",
            help: "Nothing needs fixing: this note says why the kernel's alarms may be \
                   `potential` rather than `proven`. When the value is in fact known (a size \
                   passed in memory, a flag), a precondition on it (`__requires`, `assert`, \
                   `__builtin_assume`) or passing it as a kernel parameter lets mapcheck \
                   decide the kernel exactly.",
            anchor: "what-a-report-looks-like",
            level: "note",
        },
        UNDECIDED => RuleText {
            name: "UndecidedQuery",
            short: "Undecided",
            full: "The solver could not decide some of the kernel's race queries within its \
                   resource limit: the kernel is not proven race free.",
            help: "Fix the values the queries are hard for: the parameters (`-p NAME=VALUE`) \
                   and the launch geometry (`--block-dim`, `--grid-dim`, or a GPUVerify \
                   header) turn symbolic values into numbers, which usually lets the solver \
                   answer.",
            anchor: "command-line",
            level: "warning",
        },
        INTERNAL_ERROR => RuleText {
            name: "InternalError",
            short: "Internal error",
            full: "A witness of an exact kernel did not replay in the reference interpreter: \
                   a bug in mapcheck, reported so that the verdict is not trusted.",
            help: "A bug in mapcheck, not in the kernel: please report it with the input file \
                   and the command line.",
            anchor: "what-a-report-looks-like",
            level: "error",
        },
        _ => RuleText {
            name: "Finding",
            short: "Finding",
            full: "A finding of mapcheck; see its message.",
            help: "See the message.",
            anchor: "what-a-report-looks-like",
            level: "warning",
        },
    }
}

fn rule(id: &str) -> ReportingDescriptor {
    let t = rule_text(id);
    let text = |s: &str| MultiformatMessageString::builder().text(s).build();
    let help = MultiformatMessageString::builder()
        .text(t.help.replace('`', "").replace("**", ""))
        .markdown(t.help)
        .build();
    ReportingDescriptor::builder()
        .id(id)
        .name(t.name)
        .short_description(text(t.short))
        .full_description(text(t.full))
        .help(help)
        .help_uri(format!("{INFORMATION_URI}#{}", t.anchor))
        .default_configuration(
            ReportingConfiguration::builder()
                .level(Json::String(t.level.into()))
                .build(),
        )
        .build()
}

fn level(f: &FindingReport) -> ResultLevel {
    match f.kind {
        Kind::DataRace | Kind::BarrierDivergence | Kind::OutOfBounds => match f.certainty {
            Certainty::Proven | Certainty::Confirmed => ResultLevel::Error,
            Certainty::Potential => ResultLevel::Warning,
        },
        // Advice never changes the exit code (SPEC §7), and is a note here.
        Kind::RedundantBarrier | Kind::BenignRace => ResultLevel::Note,
    }
}

/// The longest source text a region carries as its `snippet`: enough for any access or
/// condition, not a whole CUDA kernel (where results about a kernel are located).
const SNIPPET_LIMIT: usize = 400;

/// The region of `l`: where it starts and ends, and its text when that is short.
fn region(l: &Location) -> Region {
    let mut region = Region::builder()
        .start_line(l.line as i64)
        .start_column(l.column as i64)
        .end_line(l.end_line as i64)
        .end_column(l.end_column as i64)
        .build();
    if !l.text.is_empty() && l.text.len() <= SNIPPET_LIMIT {
        region.snippet = Some(ArtifactContent::builder().text(l.text.clone()).build());
    }
    region
}

fn location(l: &Location) -> SarifLocation {
    SarifLocation::builder()
        .physical_location(
            PhysicalLocation::builder()
                .artifact_location(ArtifactLocation::builder().uri(uri(&l.file)).build())
                .region(region(l))
                .build(),
        )
        .build()
}

/// `location` with an id (for links from messages) and a message.
fn labelled(l: &Location, id: Option<i64>, message: String) -> SarifLocation {
    let mut loc = location(l);
    loc.id = id;
    loc.message = Some(Message::builder().text(message).build());
    loc
}

/// A relative reference to the file as it was named on the command line, with `/` between
/// its parts and every character but the unreserved ones of RFC 3986 escaped (a space, `#`,
/// `%`, a `:` that would read as a scheme, non-ASCII letters as their UTF-8 bytes), so that
/// it is a valid URI reference.
fn uri(file: &str) -> String {
    let mut out = String::with_capacity(file.len());
    for c in file.chars() {
        match c {
            '\\' | '/' => out.push('/'),
            'A'..='Z' | 'a'..='z' | '0'..='9' | '-' | '.' | '_' | '~' => out.push(c),
            c => {
                let mut bytes = [0; 4];
                for b in c.encode_utf8(&mut bytes).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    out
}

/// `text` as plain text of a message that has embedded links: SARIF (§3.11.6) reads `[`
/// and `]` as the brackets of a link, so literal ones (a cell `A[3]`) and the backslash
/// that escapes them are escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '[' | ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// An embedded link to the location whose id is `id`.
fn link(text: &str, id: i64) -> String {
    format!("[{}]({id})", escape(text))
}

/// What thread `name` does at location `l` of a finding, in words: `thread B's write`.
fn access_words(l: &Location, fallback: &str) -> String {
    match &l.role {
        Some(role) => format!(
            "thread {}'s {}",
            role.thread.unwrap_or(fallback),
            role.access.name()
        ),
        None => format!("thread {fallback}'s access"),
    }
}

fn finding(k: &KernelReport, f: &FindingReport) -> SarifResult {
    let id = rule_id(f.kind);
    let certainty = json_name(&f.certainty);
    let race = matches!(f.kind, Kind::DataRace | Kind::BenignRace);
    let (first, second) = (f.locations.first(), f.locations.get(1));
    let head = match (&f.array, f.access) {
        (Some(array), Some(access)) => format!(
            "{}{} race on `{array}` in kernel `{}` ({certainty})",
            if f.kind == Kind::BenignRace {
                "benign "
            } else {
                ""
            },
            json_name(&access),
            k.name,
        ),
        _ => format!(
            "{} in kernel `{}` ({certainty})",
            id.replace('-', " "),
            k.name
        ),
    };
    let mut text = escape(&head);
    if let (true, Some(a), Some(b)) = (race, first, second) {
        text.push_str(&format!(
            " between {} here and {}",
            escape(&access_words(a, "A")),
            link(&access_words(b, "B"), 1)
        ));
    }
    match f.kind {
        Kind::BarrierDivergence => {
            text.push_str(": thread A reaches this barrier and thread B does not");
        }
        Kind::RedundantBarrier => text.push_str(
            ": without this barrier the kernel is still race free and free of barrier divergence",
        ),
        Kind::DataRace | Kind::BenignRace | Kind::OutOfBounds => {}
    }
    let cuda = k.language == crate::input::Language::Cuda;
    if let Some(w) = &f.witness {
        text.push_str(if f.kind == Kind::BarrierDivergence {
            "; "
        } else {
            ": "
        });
        let cell_of = f.bound.is_none().then_some(()).and(f.array.as_deref());
        text.push_str(&escape(&witness_text(w, cell_of, cuda)));
        if let Some(b) = &f.bound {
            text.push_str(&escape(&format!(
                ", index {} outside dimension {} of `{}` (extent {})",
                b.index,
                b.dimension,
                f.array.as_deref().unwrap_or("?"),
                b.extent
            )));
        }
    }
    // The notes (why a finding is potential, why a race is benign) are clauses of the same
    // sentence, lowercase as every message of mapcheck.
    for note in &f.notes {
        text.push_str("; ");
        text.push_str(&escape(note));
    }
    text.push('.');
    let mut properties = BTreeMap::new();
    properties.insert("kernel".to_string(), Json::String(k.name.clone()));
    properties.insert("class".to_string(), to_json(&k.class));
    properties.insert("certainty".to_string(), to_json(&f.certainty));
    properties.insert("scope".to_string(), Json::String(f.scope.into()));
    if let Some(w) = &f.witness {
        properties.insert("witness".to_string(), to_json(w));
    }
    let primary: Vec<SarifLocation> = first
        .map(|a| {
            let words = match f.kind {
                Kind::DataRace | Kind::BenignRace => access_words(a, "A"),
                Kind::BarrierDivergence => {
                    "the barrier thread A reaches and thread B does not".into()
                }
                Kind::RedundantBarrier => "the redundant barrier".into(),
                Kind::OutOfBounds => access_words(a, "A"),
            };
            labelled(a, None, words)
        })
        .into_iter()
        .collect();
    let related: Vec<SarifLocation> = (f.locations.iter().skip(1).enumerate())
        .map(|(i, l)| labelled(l, Some(i as i64 + 1), access_words(l, "B")))
        .collect();
    let mut result = SarifResult::builder()
        .rule_id(id)
        .level(level(f))
        .message(Message::builder().text(text).build())
        .locations(primary)
        .properties(
            PropertyBag::builder()
                .additional_properties(properties)
                .build(),
        )
        .build();
    if !related.is_empty() {
        result.related_locations = Some(related);
    }
    if let (true, Some(a), Some(b)) = (race, first, second) {
        result.code_flows = Some(vec![code_flow(f, a, b, cuda)]);
    }
    result
}

/// The two threads of a race as SARIF's code flow: one thread flow per thread, `A` then `B`,
/// each the one access the thread makes to the cell (the witness says with which ids).
fn code_flow(f: &FindingReport, a: &Location, b: &Location, cuda: bool) -> CodeFlow {
    let thread = |name: &str, l: &Location, index: usize| {
        // The thread as the message words it: `thread A (tid 0, bid 0)`.
        let words = (f.witness.as_ref())
            .and_then(|w| thread_words(w, cuda).into_iter().nth(index))
            .unwrap_or_else(|| format!("thread {name}"));
        let step = ThreadFlowLocation::builder()
            .location(labelled(l, None, access_words(l, name)))
            .build();
        ThreadFlow::builder()
            .id(name)
            .message(Message::builder().text(words).build())
            .locations(vec![step])
            .build()
    };
    CodeFlow::builder()
        .message(
            Message::builder()
                .text("the two threads of the witness, each at its access to the cell")
                .build(),
        )
        .thread_flows(vec![thread("A", a, 0), thread("B", b, 1)])
        .build()
}

/// A one-dimensional `.bcu` witness says its linear ids and sizes, as the human report does.
fn one_dimensional(w: &WitnessReport, cuda: bool) -> bool {
    let flat = |d: &[i128; 3]| d[1] == 1 && d[2] == 1;
    !cuda && flat(&w.block_dim) && flat(&w.grid_dim)
}

/// The witness's threads in words: `thread A (threadIdx (0, 0, 0), blockIdx (1, 0, 0))`, or
/// `thread A (tid 0, bid 1)` for a one-dimensional `.bcu` witness.
fn thread_words(w: &WitnessReport, cuda: bool) -> Vec<String> {
    let one_d = one_dimensional(w, cuda);
    let ids = if cuda {
        ["threadIdx", "blockIdx"]
    } else {
        ["tid", "bid"]
    };
    let show = |v: &[i128; 3], dim: &[i128; 3]| {
        if one_d {
            mapcheck_core::geometry::linear(*v, *dim).to_string()
        } else {
            format!("({}, {}, {})", v[0], v[1], v[2])
        }
    };
    (w.threads.iter())
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
        .collect()
}

/// The witness for a person reading the message, in the words of the human report: the
/// threads `A` and `B`, in CUDA's terms for a CUDA kernel (`threadIdx`, `blockIdx`, `blockDim`,
/// `gridDim`, the cell as declared) and in BabyCUDA's for a `.bcu` one (`tid`, `ntid`, ...).
fn witness_text(w: &WitnessReport, array: Option<&str>, cuda: bool) -> String {
    let triple = |t: &[i128; 3]| format!("({}, {}, {})", t[0], t[1], t[2]);
    let one_d = one_dimensional(w, cuda);
    let dims = if cuda {
        ["blockDim", "gridDim"]
    } else {
        ["ntid", "nbid"]
    };
    let threads = thread_words(w, cuda);
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

/// One reason a kernel is data-dependent, as a note located at the use, with the sources of
/// its value as related locations the message links to.
fn reason(k: &KernelReport, r: &ReasonReport) -> SarifResult {
    // "`x` depends on `x`" says nothing: when the use is its only culprit, the sources say
    // where the data comes from.
    let culprits: Vec<String> = (r.depends_on.iter())
        .filter(|d| **d != r.text)
        .map(|d| format!("`{d}`"))
        .collect();
    let on = if culprits.is_empty() {
        String::new()
    } else {
        format!(": `{}` depends on {}", r.text, culprits.join(", "))
    };
    let mut text = escape(&format!(
        "{} in kernel `{}`{on}; the kernel's race alarms are potential until replayed",
        r.message, k.name
    ));
    let links: Vec<String> = (r.sources.iter().enumerate())
        .map(|(i, s)| link(&s.message, i as i64 + 1))
        .collect();
    if !links.is_empty() {
        text.push_str(&format!("; the data comes from {}", links.join(", ")));
    }
    text.push('.');
    let related: Vec<SarifLocation> = (r.sources.iter().enumerate())
        .map(|(i, s)| labelled(&s.location, Some(i as i64 + 1), s.message.clone()))
        .collect();
    let mut properties = BTreeMap::new();
    properties.insert("kernel".to_string(), Json::String(k.name.clone()));
    properties.insert("reason".to_string(), to_json(r));
    let mut result = SarifResult::builder()
        .rule_id(DATA_DEPENDENT)
        .level(ResultLevel::Note)
        .message(Message::builder().text(text).build())
        .locations(vec![labelled(&r.location, None, r.message.clone())])
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

/// The kernel's name where it is defined, for results about a kernel as a whole.
fn kernel_file(k: &KernelReport) -> Vec<SarifLocation> {
    vec![labelled(&k.location, None, format!("kernel `{}`", k.name))]
}

/// The kernel a result is about, as SARIF's logical location (viewers group results by it).
fn kernel_logical(k: &KernelReport) -> Vec<LogicalLocation> {
    vec![LogicalLocation::builder()
        .name(k.name.clone())
        .kind("function")
        .build()]
}

/// What a result's fingerprint is computed from: its rule, its kernel, and the source text of
/// its locations (whitespace normalised) with their roles — never line numbers, so that a result keeps its fingerprint
/// when lines are added above it, and never the witness, which another solver version may
/// choose differently.
type Key = Vec<String>;

fn finding_key(k: &KernelReport, f: &FindingReport) -> Key {
    let mut key = vec![rule_id(f.kind), k.name.clone()];
    key.extend(f.array.clone());
    key.extend(f.access.map(|a| json_name(&a)));
    for l in &f.locations {
        key.push(normalized(&l.text));
        key.push(l.role.map(|r| to_json(&r).to_string()).unwrap_or_default());
    }
    key
}

fn reason_key(k: &KernelReport, r: &ReasonReport) -> Key {
    let mut key = vec![DATA_DEPENDENT.into(), k.name.clone(), r.kind.into()];
    key.extend(r.array.clone());
    key.extend(r.variable.clone());
    key.push(normalized(&r.location.text));
    key.push(normalized(&r.text));
    key
}

/// `text` with its runs of whitespace made one space: a location's text as fingerprints see
/// it, so that re-indenting or re-wrapping a statement keeps them.
fn normalized(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn kernel_key(rule: &str, k: &KernelReport) -> Key {
    vec![rule.into(), k.name.clone()]
}

/// The `partialFingerprints` value of each key: a 64-bit FNV-1a hash of its parts, in hex,
/// then `:` and how many earlier results of the run had the same hash, counting from 1 (the
/// form of GitHub's `primaryLocationLineHash`), so that two results alike in every hashed part
/// (one pair of accesses racing in two phases) stay apart. FNV-1a is written here rather than
/// taken from `std`, whose hasher may change between Rust releases: a fingerprint must be the
/// same on every run of every build.
fn fingerprints(keys: &[Key]) -> Vec<String> {
    let mut seen: BTreeMap<u64, usize> = BTreeMap::new();
    keys.iter()
        .map(|key| {
            let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
            for part in key {
                // 0xff never occurs in UTF-8: the parts cannot run into each other.
                for b in part.bytes().chain([0xff]) {
                    hash ^= u64::from(b);
                    hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
                }
            }
            let n = seen.entry(hash).or_insert(0);
            *n += 1;
            format!("{hash:016x}:{n}")
        })
        .collect()
}

fn notification(e: &ErrorReport) -> Notification {
    let mut n = Notification::builder()
        .level(serde_json::json!("error"))
        .message(Message::builder().text(e.message.clone()).build())
        .build();
    if let Some(kernel) = &e.kernel {
        n.properties = Some(
            PropertyBag::builder()
                .additional_properties(BTreeMap::from([(
                    "kernel".to_string(),
                    Json::String(kernel.clone()),
                )]))
                .build(),
        );
    }
    if !e.file.is_empty() {
        let mut physical = PhysicalLocation::builder()
            .artifact_location(ArtifactLocation::builder().uri(uri(&e.file)).build())
            .build();
        if let (Some(line), Some(column)) = (e.line, e.column) {
            let mut region = Region::builder()
                .start_line(line as i64)
                .start_column(column as i64)
                .build();
            region.end_line = e.end_line.map(|l| l as i64);
            region.end_column = e.end_column.map(|c| c as i64);
            physical.region = Some(region);
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
