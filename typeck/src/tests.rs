//! Unit tests: one or more per rule, the paper's worked examples, classification, barrier
//! placement and printing. Kernels are written in `.bcu` and parsed by `mapcheck-grammar`.

use crate::*;
use mapcheck_core::ast::{Kernel, Space};
use mapcheck_core::{Arith, Span};

fn kernel(src: &str) -> Kernel {
    match mapcheck_grammar::parse(src) {
        Ok(mut program) => program.kernels.remove(0),
        Err(errors) => panic!("test kernel does not parse: {errors:?}"),
    }
}

fn checked(src: &str) -> Checked {
    check(&kernel(src), Arith::Int)
}

fn checked_in(src: &str, arith: Arith) -> Checked {
    check(&kernel(src), arith)
}

fn text(src: &str, span: Span) -> &str {
    &src[span.range()]
}

fn exact(src: &str) -> String {
    let c = checked(src);
    assert_eq!(c.class, Class::Exact, "reasons: {:?}", c.reasons);
    assert!(c.reasons.is_empty());
    c.protocol.to_string()
}

// ---------------------------------------------------------------- the paper's examples

const FIG3: &str = "kernel fig3(M) {
  shared A;
  for x in 0..M {
    let y = A[x];
    A[x] := y + 1;
  }
}";

const FIG4: &str = "kernel fig4() {
  shared A;
  if tid == 0 { A[0] := tid; } else { skip; }
}";

const EQ2: &str = "kernel eq2() {
  shared A;
  A[tid] := tid;
  let x = A[tid];
  A[x] := 9;
}";

#[test]
fn figure_3_gives_the_papers_map() {
    assert_eq!(exact(FIG3), "for x ∈ 0..M {rd[x]; wr[x]}");
}

#[test]
fn figure_4_gives_the_papers_map() {
    assert_eq!(exact(FIG4), "if tid = 0 {wr[0]} else {skip}");
}

#[test]
fn equation_2_is_data_dependent_and_points_at_the_write_and_the_read() {
    let c = checked(EQ2);
    assert_eq!(c.class, Class::DataDependent);
    assert_eq!(c.protocol.to_string(), "wr[tid]; rd[tid]; wr[?x]");
    assert_eq!(c.reasons.len(), 1);
    let d = c.reasons[0].to_diagnostic();
    assert_eq!(d.message, "data-dependent index in a write to `A`");
    let primary = d.primary.as_ref().map(|l| text(EQ2, l.span));
    assert_eq!(primary, Some("A[x]"));
    assert_eq!(d.secondary.len(), 1);
    assert!(text(EQ2, d.secondary[0].span).starts_with("let x = A[tid]"));
    assert_eq!(d.secondary[0].message, "`x` is read from `A` here");
    // The unknown is described for the SMT stage.
    let x = c.protocol.unknown(&UnknownId::Of("x".into()));
    assert!(x.is_some_and(|u| u.loop_vars.is_empty()
        && u.origin
            == UnknownOrigin::Read {
                var: "x".into(),
                array: "A".into()
            }));
}

// ---------------------------------------------------------------- one test (or more) per rule

#[test]
fn t_skip_gives_skip() {
    assert_eq!(exact("kernel k() { shared A; skip; }"), "skip");
    assert_eq!(exact("kernel k() { shared A; }"), "skip");
}

#[test]
fn t_write_keeps_the_index_and_drops_the_payload() {
    // The payload is data read from memory: that is allowed.
    let m = exact("kernel k() { shared A; let y = A[0]; A[tid + 1] := y * y; }");
    assert_eq!(m, "rd[0]; wr[tid + 1]");
}

#[test]
fn t_read_does_not_add_its_variable_to_v() {
    let src = "kernel k() { shared A; let y = A[tid]; let z = A[y]; }";
    let c = checked(src);
    assert_eq!(c.protocol.to_string(), "rd[tid]; rd[?y]");
    assert_eq!(c.reasons.len(), 1);
    assert_eq!(
        c.reasons[0].kind,
        ReasonKind::Index {
            array: "A".into(),
            mode: Mode::Rd
        }
    );
    assert_eq!(text(src, c.reasons[0].span), "A[y]");
}

#[test]
fn t_seq_sequences_in_order_and_scopes_bindings_to_the_block() {
    let m = exact(
        "kernel k(N) { shared A; A[0] := 1; skip; if N > 0 { let i = tid; A[i] := 2; } A[N] := 3; }",
    );
    assert_eq!(m, "wr[0]; if N > 0 {wr[tid]} else {skip}; wr[N]");
}

#[test]
fn t_if_without_else_has_a_skip_branch_and_checks_its_condition() {
    assert_eq!(
        exact("kernel k() { shared A; if tid < 2 && !(tid == 0) { A[tid] := 0; } }"),
        "if tid < 2 ∧ ¬(tid = 0) {wr[tid]} else {skip}"
    );
    let src =
        "kernel k() { shared A; let y = A[tid]; if y > 0 { A[tid] := 1; } else { A[0] := 1; } }";
    let c = checked(src);
    assert_eq!(c.class, Class::DataDependent);
    // Both branches stay possible: the condition is over an unknown.
    assert_eq!(
        c.protocol.to_string(),
        "rd[tid]; if ?y > 0 {wr[tid]} else {wr[0]}"
    );
    assert_eq!(c.reasons.len(), 1);
    assert_eq!(c.reasons[0].kind, ReasonKind::Condition);
    assert_eq!(text(src, c.reasons[0].span), "y > 0");
}

#[test]
fn t_assume_of_one_thread_or_under_control_is_a_reason() {
    // The interpreter holds every thread that reaches an `assume` to it, the decision only the
    // two threads of a witness along their paths: exact only for a top-level, uniform one.
    for src in [
        "kernel k() { shared A; assume tid < 2; A[0] := tid; }",
        "kernel k(n) { shared A; if n > 0 { assume n > 5; } A[n] := tid; }",
        "kernel k(n) { shared A; for i in 0..n { assume i < 4; } A[0] := 1; }",
    ] {
        let c = checked(src);
        assert_eq!(c.reasons.len(), 1, "{src}");
        assert_eq!(c.reasons[0].kind, ReasonKind::AssumePerThread, "{src}");
    }
    assert!(
        checked("kernel k(n) { shared A; assume n > 5 && ntid <= 64; A[n] := tid; }")
            .reasons
            .is_empty()
    );
}

#[test]
fn t_for_adds_its_variable_and_keeps_the_step() {
    assert_eq!(
        exact("kernel k() { shared A; for s in 1..ntid step *2 { A[tid * s] := 0; } }"),
        "for s ∈ 1..ntid step *2 {wr[tid * s]}"
    );
    assert_eq!(
        exact("kernel k() { shared A; for s in ntid / 2 downto 0 step /2 { A[s] := 0; } }"),
        "for s ∈ ntid / 2 downto 0 step /2 {wr[s]}"
    );
    assert_eq!(
        exact("kernel k(N) { global A; for i in tid + bid * ntid..N step +ntid * nbid { A[i] := 0; } }"),
        "for i ∈ tid + bid * ntid..N step +ntid * nbid {wr[i]}"
    );
}

#[test]
fn t_for_reports_each_data_dependent_part_of_the_range() {
    let src = "kernel k() { shared A; let n = A[0]; for i in n..n + 4 { A[i] := 0; } }";
    let c = checked(src);
    assert_eq!(c.protocol.to_string(), "rd[0]; for i ∈ ?n..?n + 4 {wr[i]}");
    let parts: Vec<_> = c
        .reasons
        .iter()
        .map(|r| (r.kind.clone(), text(src, r.span)))
        .collect();
    assert_eq!(
        parts,
        vec![
            (
                ReasonKind::Loop {
                    var: "i".into(),
                    part: LoopPart::Start
                },
                "n"
            ),
            (
                ReasonKind::Loop {
                    var: "i".into(),
                    part: LoopPart::Bound
                },
                "n + 4"
            ),
        ]
    );
    // The index `i` itself is fine: it is a loop variable.
    assert!(c
        .reasons
        .iter()
        .all(|r| !matches!(r.kind, ReasonKind::Index { .. })));
}

#[test]
fn t_let_substitutes_and_tracks_data_transitively() {
    assert_eq!(
        exact("kernel k() { shared A; let i = tid + 1; let j = i * 2; A[j] := 0; }"),
        "wr[(tid + 1) * 2]"
    );
    let src = "kernel k() { shared A; global B; let y = A[tid]; let z = y + 1; B[z] := 0; }";
    let c = checked(src);
    assert_eq!(c.protocol.to_string(), "rd A[tid]; wr B[?y + 1]");
    assert_eq!(c.reasons.len(), 1);
    let r = &c.reasons[0];
    assert_eq!(text(src, r.span), "B[z]");
    assert_eq!(r.culprits, vec!["z".to_string()]);
    let sources: Vec<&str> = r.sources.iter().map(|s| text(src, s.span)).collect();
    assert_eq!(sources.len(), 2);
    assert!(sources[0].starts_with("let z = y + 1"));
    assert!(sources[1].starts_with("let y = A[tid]"));
}

#[test]
fn t_havoc_is_a_per_thread_unknown() {
    let src = "kernel k() { shared A; let x = ?; A[x] := 0; }";
    let c = checked(src);
    assert_eq!(c.protocol.to_string(), "wr[?x]");
    assert_eq!(c.class, Class::DataDependent);
    assert!(c.reasons[0].sources[0].message.contains("`?`"));
}

#[test]
fn t_atomic_gives_at_and_binds_an_unknown() {
    let src = "kernel k() { global C; shared A; atomic C[tid % 4]; let old = atomic C[0] += 2; A[old] := 0; }";
    let c = checked(src);
    assert_eq!(c.protocol.to_string(), "at C[tid % 4]; at C[0]; wr A[?old]");
    assert_eq!(c.reasons.len(), 1);
    assert!(text(src, c.reasons[0].sources[0].span).starts_with("let old = atomic C[0]"));
    let spaces: Vec<Space> = c.protocol.accesses().iter().map(|a| a.space).collect();
    assert_eq!(spaces, vec![Space::Global, Space::Global, Space::Shared]);
}

#[test]
fn t_assume_is_kept_and_must_not_depend_on_data() {
    assert_eq!(
        exact("kernel k(M) { shared A; assume M > 0 && ntid <= 256; A[tid] := 0; }"),
        "assume M > 0 ∧ ntid ≤ 256; wr[tid]"
    );
    let src = "kernel k() { shared A; let y = A[0]; assume y > 0; }";
    let c = checked(src);
    assert_eq!(c.reasons.len(), 1);
    assert_eq!(c.reasons[0].kind, ReasonKind::Assume);
    assert_eq!(text(src, c.reasons[0].span), "y > 0");
}

// ---------------------------------------------------------------- arithmetic modes

#[test]
fn inexact_bitwise_operations_are_unknowns_in_int_mode_only() {
    let src = "kernel k() { shared A; A[tid ^ 1] := 0; }";
    let c = checked_in(src, Arith::Int);
    assert_eq!(c.class, Class::DataDependent);
    assert_eq!(c.protocol.to_string(), "wr[?1]");
    assert_eq!(c.reasons[0].culprits, vec!["tid ^ 1".to_string()]);
    assert_eq!(text(src, c.reasons[0].sources[0].span), "tid ^ 1");
    assert!(c.reasons[0]
        .to_diagnostic()
        .help
        .is_some_and(|h| h.contains("bv32")));
    let c = checked_in(src, Arith::Bv32);
    assert_eq!(c.class, Class::Exact);
    assert_eq!(c.protocol.to_string(), "wr[tid ^ 1]");
}

#[test]
fn exact_bitwise_operations_stay_exact_in_int_mode() {
    assert_eq!(
        exact("kernel k() { shared A; let k = 3; A[(tid << k) & 7] := 0; A[3 ^ 5] := 0; }"),
        "wr[tid << 3 & 7]; wr[6]"
    );
}

#[test]
fn an_inexact_let_names_its_unknown_after_the_variable() {
    let src = "kernel k() { shared A; let p = tid | 1; A[p] := 0; }";
    let c = checked(src);
    assert_eq!(c.protocol.to_string(), "wr[?p]");
    assert_eq!(c.reasons[0].culprits, vec!["p".to_string()]);
    assert!(
        matches!(&c.protocol.unknowns[..], [u] if u.origin == UnknownOrigin::Inexact { text: "tid | 1".into() })
    );
}

#[test]
fn a_shift_step_by_a_variable_becomes_a_multiplication_by_an_unknown() {
    let src = "kernel k(K) { shared A; for s in 1..ntid step <<K { A[s] := 0; } }";
    let c = checked(src);
    assert_eq!(c.protocol.to_string(), "for s ∈ 1..ntid step *?1 {wr[s]}");
    assert_eq!(
        c.reasons[0].kind,
        ReasonKind::Loop {
            var: "s".into(),
            part: LoopPart::Step
        }
    );
    let c = checked("kernel k() { shared A; for s in 1..ntid step <<1 { A[s] := 0; } }");
    assert_eq!(c.class, Class::Exact);
}

// ---------------------------------------------------------------- synchronised fragment

#[test]
fn ts_sync_splits_the_protocol_and_uniform_control_is_not_recorded() {
    let c = checked(
        "kernel k(M) { shared A; A[tid] := 0; sync; let y = A[tid + 1]; \
         for i in 0..M { if bid == 0 && i < nbid { sync; } } }",
    );
    assert_eq!(c.class, Class::Exact);
    assert_eq!(
        c.protocol.to_string(),
        "wr[tid]; sync; rd[tid + 1]; for i ∈ 0..M {if bid = 0 ∧ i < nbid {sync} else {skip}}"
    );
    assert!(c.barriers.is_empty());
    assert!(matches!(c.protocol.body, SyncProto::Seq(_)));
}

#[test]
fn tid_dependent_barrier_placement_is_recorded_but_exact() {
    let src =
        "kernel k(M) { shared A; if tid < 4 { sync; } for i in tid..M { if M > 2 { sync; } } }";
    let c = checked(src);
    assert_eq!(c.class, Class::Exact);
    assert_eq!(c.barriers.len(), 2);
    let first = &c.barriers[0];
    assert!(matches!(
        &first.controls[..],
        [Control {
            kind: ControlKind::If {
                branch: Branch::Then,
                ..
            },
            uniform: false,
            data: false,
            ..
        }]
    ));
    assert_eq!(text(src, first.controls[0].span), "tid < 4");
    // Inside a loop whose range depends on `tid`, the loop variable is not uniform either,
    // and both enclosing controls are recorded, outermost first.
    let second = &c.barriers[1];
    assert_eq!(second.controls.len(), 2);
    assert!(!second.controls[0].uniform);
    assert!(second.controls[1].uniform);
    assert_eq!(second.divergent().count(), 1);
}

#[test]
fn a_non_uniform_loop_variable_makes_its_conditions_non_uniform() {
    let c = checked("kernel k(M) { shared A; for i in 0..tid { if i < M { sync; } } }");
    assert_eq!(c.barriers.len(), 1);
    assert_eq!(c.barriers[0].divergent().count(), 2);
}

#[test]
fn data_dependent_barrier_placement_is_a_reason() {
    let src = "kernel k() { shared A; let n = A[0]; for i in 0..n { sync; } }";
    let c = checked(src);
    assert_eq!(c.class, Class::DataDependent);
    assert_eq!(c.barriers.len(), 1);
    assert!(c.barriers[0].controls[0].data);
    let kinds: Vec<_> = c.reasons.iter().map(|r| r.kind.clone()).collect();
    assert_eq!(
        kinds,
        vec![
            ReasonKind::Loop {
                var: "i".into(),
                part: LoopPart::Bound
            },
            ReasonKind::BarrierPlacement
        ]
    );
    let d = c.reasons[1].to_diagnostic();
    assert_eq!(d.message, "`sync` under data-dependent control");
    assert!(d
        .primary
        .as_ref()
        .is_some_and(|l| text(src, l.span).starts_with("sync")));
    let secondary: Vec<&str> = d.secondary.iter().map(|l| text(src, l.span)).collect();
    assert_eq!(secondary[0], "0..n");
    assert!(secondary[1].starts_with("let n = A[0]"));
}

#[test]
fn synchronised_conditionals_and_loops() {
    let c = checked("kernel k(M) { shared A; for i in 0..M { A[i] := 0; sync; } if tid == 0 { sync; } else { A[0] := 1; } }");
    assert_eq!(
        c.protocol.to_string(),
        "for i ∈ 0..M {wr[i]; sync}; if tid = 0 {sync} else {wr[0]}"
    );
    assert!(matches!(
        &c.protocol.body,
        SyncProto::Seq(parts) if matches!(parts[..], [SyncProto::For { .. }, SyncProto::If { .. }])
    ));
}

// ---------------------------------------------------------------- unknowns, annotations, printing

#[test]
fn unknowns_record_their_enclosing_loops() {
    let c = checked(
        "kernel k(M) { shared A; for i in 0..M { for j in 0..M { let v = A[i]; A[v] := j; } } }",
    );
    let v = c.protocol.unknown(&UnknownId::Of("v".into()));
    assert!(v.is_some_and(|u| u.loop_vars == vec!["i".to_string(), "j".to_string()]));
    // Unknowns nobody uses in an index, condition or range are not listed.
    let c = checked("kernel k() { shared A; let v = A[0]; A[1] := v; }");
    assert!(c.protocol.unknowns.is_empty());
    assert_eq!(c.class, Class::Exact);
}

#[test]
fn the_annotated_kernel_carries_each_statements_protocol() {
    let c = checked(FIG3);
    assert_eq!(
        c.annotated.ann.fragment.clone().into_sync(),
        c.protocol.body
    );
    let for_stmt = &c.annotated.body.stmts[0];
    assert!(matches!(
        &for_stmt.ann.fragment,
        Fragment::U(Proto::For { .. })
    ));
    if let mapcheck_core::ast::StmtKind::For { body, .. } = &for_stmt.kind {
        let inner: Vec<String> = body
            .stmts
            .iter()
            .map(|s| match &s.ann.fragment {
                Fragment::U(u) => u.to_string(),
                Fragment::P(p) => p.to_string(),
            })
            .collect();
        assert_eq!(inner, vec!["rd[x]", "wr[x]"]);
    } else {
        panic!("the annotated kernel lost its loop");
    }
}

/// `Typed::uniform` of each statement says whether a `sync` in its blocks is placed under
/// uniform control: the same answer as the barrier list of the kernel with a `sync` there.
#[test]
fn the_annotated_kernel_marks_uniform_places() {
    use mapcheck_core::ast::StmtKind;
    // A branch on `tid`, a loop over a parameter, a branch on the loop variable inside it, a
    // read-bound variable steering a branch, and a loop whose bound depends on `tid`.
    let src = "kernel k(n) { shared A; \
        if tid < 4 { A[tid] := 1; } \
        for i in 0..n { if i < 2 { A[i] := 0; } } \
        let v = A[0]; if v < 3 { A[1] := 0; } \
        for j in 0..tid { A[j] := 0; } }";
    let c = checked(src);
    assert!(c.annotated.ann.uniform);
    let flags: Vec<bool> = c
        .annotated
        .body
        .stmts
        .iter()
        .map(|s| s.ann.uniform)
        .collect();
    // The statements: the `if` on `tid`, the loop over `n`, the read, the `if` on `v`, the loop to `tid`.
    assert_eq!(flags, vec![false, true, true, false, false]);
    let StmtKind::For { body, .. } = &c.annotated.body.stmts[1].kind else {
        panic!("the loop is the second statement");
    };
    assert!(
        body.stmts[0].ann.uniform,
        "a branch on a uniform loop variable"
    );
    let StmtKind::If { then_branch, .. } = &c.annotated.body.stmts[0].kind else {
        panic!("the branch is the first statement");
    };
    assert!(!then_branch.stmts[0].ann.uniform, "a write under `tid < 4`");
    // Each flag agrees with the placement check of a `sync` in that block.
    let with_syncs = checked(
        "kernel k(n) { shared A; \
        if tid < 4 { sync; } \
        for i in 0..n { if i < 2 { sync; } } \
        let v = A[0]; if v < 3 { sync; } \
        for j in 0..tid { sync; } }",
    );
    assert_eq!(with_syncs.barriers.len(), 3);
}

#[test]
fn bitwise_comparison_operands_are_bracketed() {
    let c = checked_in(
        "kernel k(K) { shared A; if (tid & K) == 0 && tid << 1 < K + 1 { A[tid] := 0; } }",
        Arith::Bv32,
    );
    assert_eq!(
        c.protocol.to_string(),
        "if (tid & K) = 0 ∧ (tid << 1) < K + 1 {wr[tid]} else {skip}"
    );
}

#[test]
fn ascii_and_broken_layouts() {
    let c = checked(FIG3);
    assert_eq!(format!("{:#}", c.protocol), "for x in 0..M {rd[x]; wr[x]}");
    let c = checked("kernel k(M) { shared A; if tid != 0 || M >= 2 { A[tid] := 0; } }");
    assert_eq!(
        c.protocol.display(Style::ASCII).to_string(),
        "if tid != 0 || M >= 2 {wr[tid]} else {skip}"
    );
    assert_eq!(
        c.protocol.to_string(),
        "if tid ≠ 0 ∨ M ≥ 2 {wr[tid]} else {skip}"
    );
    let c = checked(
        "kernel k(M) { shared A; global B; for i in 0..M { let v = A[i]; B[i] := v; sync; } }",
    );
    assert_eq!(
        c.protocol.display(Style::PAPER.with_width(20)).to_string(),
        "for i ∈ 0..M {\n  rd A[i];\n  wr B[i];\n  sync\n}"
    );
}

#[test]
fn emit_map_shows_class_map_and_unknowns() {
    let c = checked(EQ2);
    assert_eq!(
        c.display(Style::PAPER).to_string(),
        "kernel eq2: data-dependent\nwr[tid]; rd[tid]; wr[?x]\n  where ?x: `x` read from `A`, per thread\n"
    );
}

#[test]
fn class_serialises_as_the_spec_says() {
    assert_eq!(Class::Exact.to_string(), "exact");
    assert_eq!(Class::DataDependent.to_string(), "data-dependent");
    let json = serde_json::to_string(&[Class::Exact, Class::DataDependent]).ok();
    assert_eq!(json.as_deref(), Some(r#"["exact","data-dependent"]"#));
}

#[test]
fn substitution_that_would_explode_becomes_an_unknown() {
    // Each `let` doubles the term: 2^14 leaves would be substituted into the index.
    let mut src = String::from("kernel k() { shared A; let a0 = tid;");
    for i in 1..=14 {
        src.push_str(&format!(" let a{i} = a{p} + a{p};", p = i - 1));
    }
    src.push_str(" A[a14] := 0; }");
    let c = checked(&src);
    assert_eq!(c.class, Class::DataDependent);
    let m = c.protocol.to_string();
    assert!(m.starts_with("wr[?a"), "{m}");
    assert!(m.len() < 2 * MAX_LEN, "{m}");
    assert!(c.reasons[0]
        .sources
        .iter()
        .any(|s| s.kind == SourceKind::TooLarge));
    // Below the limit the same chain is substituted exactly.
    let c = checked("kernel k() { shared A; let a0 = tid; let a1 = a0 + a0; A[a1] := 0; }");
    assert_eq!(c.protocol.to_string(), "wr[tid + tid]");
}

/// A generous bound on the text of the protocol above.
const MAX_LEN: usize = 20 * infer::MAX_SUBSTITUTED;

#[test]
fn a_let_of_an_inexact_operation_still_suggests_bv32() {
    let c = checked("kernel k() { shared A; let p = tid ^ 3; A[p] := 0; }");
    let d = c.reasons[0].to_diagnostic();
    assert!(d.help.is_some_and(|h| h.contains("bv32")));
}

#[test]
fn every_kernel_of_a_program_is_checked() {
    let program = mapcheck_grammar::parse(&format!("{FIG3}\n{EQ2}"));
    let classes: Vec<Class> = program
        .map(|p| {
            check_program(&p, Arith::Int)
                .iter()
                .map(|c| c.class)
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(classes, vec![Class::Exact, Class::DataDependent]);
}

#[test]
fn a_selection_is_exact_when_its_condition_and_branches_are() {
    // The index keeps the selection: the protocol is as precise as the program.
    let map = exact("kernel k(n) { shared A; A[select(tid < n, tid, n)] := 1; }");
    assert!(map.contains("select(tid < n, tid, n)"), "{map}");
    // A condition that depends on a read makes the index data-dependent, and the reason
    // names the read; so does a branch.
    for src in [
        "kernel k() { shared A; shared B; let b = B[0]; A[select(b < 1, tid, 0)] := 1; }",
        "kernel k() { shared A; shared B; let b = B[0]; A[select(tid < 1, b, tid)] := 1; }",
    ] {
        let c = checked(src);
        assert_eq!(c.class, Class::DataDependent, "{src}");
        assert!(!c.reasons.is_empty(), "{src}");
    }
}
