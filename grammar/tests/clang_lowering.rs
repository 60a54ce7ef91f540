//! The clang front end (issue 14) on the C++ families the hand-written one got wrong: each
//! test lowers a small kernel through clang and checks the core kernel it gives. The
//! expectations follow C++'s semantics (which cell a write through a reference writes, which
//! overload runs, how an unsigned value wraps), not mapcheck's output. The printed kernel must
//! also read back with the `.bcu` parser.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::{Program, StmtKind};
use mapcheck_grammar::clang;
use mapcheck_grammar::cuda::Options;
use std::path::Path;

fn lower(text: &str) -> Program {
    let l = clang::parse(Path::new("k.cu"), text, &Options::default());
    assert!(
        l.errors.is_empty(),
        "{:?}",
        l.errors
            .iter()
            .map(|e| &e.diagnostic.message)
            .collect::<Vec<_>>()
    );
    // A template instance's name (`k<4>`) is not a `.bcu` name: `--emit core` prints it as one.
    let mut plain = l.program.clone();
    for k in &mut plain.kernels {
        k.name.name = k
            .name
            .name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
    }
    let printed = plain.to_string();
    assert!(
        mapcheck_grammar::parse(&printed).is_ok(),
        "the lowering does not read back:\n{printed}"
    );
    l.program
}

/// The arrays written by the kernel named `name`, with the printed index of each write.
fn writes(p: &Program, name: &str) -> Vec<(String, String)> {
    let k = p
        .kernels
        .iter()
        .find(|k| k.name.name == name)
        .expect("kernel");
    let mut out = Vec::new();
    k.body.walk(&mut |s| {
        if let StmtKind::Write { target, .. } = &s.kind {
            let index: Vec<String> = target.index.iter().map(|e| format!("{e}")).collect();
            out.push((target.array.name.clone(), index.join(",")));
        }
    });
    out
}

fn count(p: &Program, pred: impl Fn(&StmtKind) -> bool) -> usize {
    let mut n = 0;
    for k in &p.kernels {
        k.body.walk(&mut |s| n += usize::from(pred(&s.kind)));
    }
    n
}

#[test]
fn a_write_through_a_reference_parameter_writes_the_cell() {
    let p = lower(
        "__device__ void store(float &x, float v) { x = v; }\n\
         __global__ void k(float *a, float t) { store(a[0], t); }\n",
    );
    assert_eq!(writes(&p, "k"), [("a".to_string(), "0".to_string())]);
}

#[test]
fn a_write_through_a_local_reference_writes_the_cell() {
    let p = lower("__global__ void k(int *a) { int &r = a[threadIdx.x + 1]; r = 7; }\n");
    let w = writes(&p, "k");
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].0, "a");
    assert!(w[0].1.contains("tid.x"), "{w:?}");
}

#[test]
fn an_out_parameter_changes_the_callers_local() {
    // `set(i)` makes `i` 5: the write goes to cell 5, not to cell 0.
    let p = lower(
        "__device__ void set(int &x) { x = 5; }\n\
         __global__ void k(int *a) { int i = 0; set(i); a[i] = 1; }\n",
    );
    assert_eq!(writes(&p, "k"), [("a".to_string(), "5".to_string())]);
}

#[test]
fn an_early_return_is_not_lost() {
    // `f(x)` is 0 for negative `x`: the cell is not always `x`.
    let p = lower(
        "__device__ int f(int x) { if (x < 0) return 0; return x; }\n\
         __global__ void k(int *a, int n) { a[f(n)] = 1; }\n",
    );
    let w = writes(&p, "k");
    assert_eq!(w.len(), 1);
    assert_ne!(w[0].1, "n", "{w:?}");
}

#[test]
fn calls_go_to_the_overload_clang_chose() {
    let p = lower(
        "__device__ int g(int x) { return x + 1; }\n\
         __device__ int g(float x) { return 0; }\n\
         __global__ void k(int *a) { a[g(1)] = 1; a[g(1.0f)] = 2; }\n",
    );
    let w: Vec<String> = writes(&p, "k").into_iter().map(|(_, i)| i).collect();
    assert_eq!(w, ["1 + 1", "0"]);
}

#[test]
fn unsigned_arithmetic_wraps() {
    // At threadIdx.x = 0, `threadIdx.x - 1u` is 4294967295, not -1.
    let p = lower("__global__ void k(int *a) { a[threadIdx.x - 1u] = 1; }\n");
    let w = writes(&p, "k");
    assert!(w[0].1.contains("4294967295"), "{w:?}");
}

#[test]
fn conversion_to_bool_is_not_the_integer() {
    // `b` is 0 or 1, whatever threadIdx.x is.
    let p = lower("__global__ void k(int *a) { bool b = threadIdx.x; a[b] = 1; }\n");
    let w = writes(&p, "k");
    assert_ne!(w[0].1, "tid.x", "{w:?}");
}

#[test]
fn a_repointed_pointer_writes_every_candidate() {
    let p = lower(
        "__global__ void k(int *A, int *B, int c) { int *p = A; if (c) p = B; p[threadIdx.x] = 1; }\n",
    );
    let arrays: Vec<String> = writes(&p, "k").into_iter().map(|(a, _)| a).collect();
    assert!(
        arrays.contains(&"A".to_string()) && arrays.contains(&"B".to_string()),
        "{arrays:?}"
    );
}

#[test]
fn barriers_in_all_their_spellings() {
    let p = lower(
        "#include <cooperative_groups.h>\n\
         namespace cg = cooperative_groups;\n\
         __global__ void k(int *a) {\n\
           __syncthreads();\n\
           cg::this_thread_block().sync();\n\
           cg::thread_block b = cg::this_thread_block(); b.sync();\n\
           asm volatile(\"bar.sync 0;\" ::: \"memory\");\n\
         }\n",
    );
    assert_eq!(count(&p, |s| matches!(s, StmtKind::Sync)), 4);
}

#[test]
fn a_full_mask_syncwarp_is_a_warp_barrier_in_any_block_and_a_partial_one_an_error() {
    // `__syncwarp()` and `__syncwarp(0xffffffff)` name every lane: the core's `syncwarp;`,
    // whatever the block size (none is given here: the block is symbolic).
    let p = lower(
        "__global__ void k(int *a) {\n\
           a[threadIdx.x] = 1; __syncwarp(); __syncwarp(0xffffffff);\n\
         }\n",
    );
    assert_eq!(count(&p, |s| matches!(s, StmtKind::SyncWarp)), 2);
    assert_eq!(count(&p, |s| matches!(s, StmtKind::Sync)), 0);
    // A partial mask synchronises some lanes only; a mask not known to the lowering may be
    // one: both are located errors, and the other kernel survives.
    let l = clang::parse(
        Path::new("k.cu"),
        "__global__ void partial(int *a) { a[threadIdx.x] = 1; __syncwarp(0xffff); }\n\
         __global__ void param(int *a, unsigned m) { __syncwarp(m); }\n\
         __global__ void good(int *a) { __syncwarp(); }\n",
        &Options::default(),
    );
    assert_eq!(l.program.kernels.len(), 1);
    assert_eq!(l.program.kernels[0].name.name, "good");
    let mut failed: Vec<_> = l.errors.iter().map(|e| e.kernel.clone()).collect();
    failed.sort();
    assert_eq!(failed, vec![Some("param".into()), Some("partial".into())]);
    for e in &l.errors {
        assert!(
            e.diagnostic.message.contains("`__syncwarp`"),
            "{}",
            e.diagnostic.message
        );
        let span = e.diagnostic.span().expect("located");
        let text = "__global__ void partial(int *a) { a[threadIdx.x] = 1; __syncwarp(0xffff); }\n\
                    __global__ void param(int *a, unsigned m) { __syncwarp(m); }\n";
        assert!(text[span.start..].starts_with("__syncwarp"), "{span:?}");
    }
}

#[test]
fn gpuverify_annotations_are_read() {
    let p = lower(
        "__global__ void k(int *a, int n) {\n\
           __requires(n > 0);\n\
           for (int i = 0; i < n; i++) { __invariant(i >= 0); a[i] = threadIdx.x; }\n\
         }\n",
    );
    assert_eq!(count(&p, |s| matches!(s, StmtKind::Assume { .. })), 1);
    assert_eq!(count(&p, |s| matches!(s, StmtKind::For { .. })), 1);
}

#[test]
fn library_types_and_headers_parse() {
    let p = lower(
        "#include <curand_kernel.h>\n\
         #include <cuda_runtime.h>\n\
         __global__ void k(float *out, curandState *states, cudaTextureObject_t t) {\n\
           int i = threadIdx.x;\n\
           curandState s = states[i];\n\
           out[i] = curand_uniform(&s) + tex1Dfetch<float>(t, i);\n\
           states[i] = s;\n\
         }\n\
         int main() { float *o; cudaMalloc(&o, 4); k<<<1, 32>>>(o, 0, 0); return 0; }\n",
    );
    assert_eq!(p.kernels.len(), 1);
}

#[test]
fn clang_errors_are_located_and_other_kernels_survive() {
    let l = clang::parse(
        Path::new("k.cu"),
        "__global__ void good(int *a) { a[threadIdx.x] = 1; }\n\
         __global__ void bad(int *a) { a[threadIdx.x] = undeclared; }\n",
        &Options::default(),
    );
    assert_eq!(l.program.kernels.len(), 1);
    assert_eq!(l.program.kernels[0].name.name, "good");
    assert_eq!(l.errors.len(), 1);
    assert_eq!(l.errors[0].kernel.as_deref(), Some("bad"));
    assert!(l.errors[0].diagnostic.span().is_some());
}

#[test]
fn template_instantiations_are_clangs() {
    let p = lower(
        "template <int N> __global__ void k(int *a) { a[threadIdx.x * N] = 1; }\n\
         template __global__ void k<4>(int *);\n",
    );
    let w = writes(&p, "k<4>");
    assert!(w[0].1.contains('4'), "{w:?}");
}

#[test]
fn pointers_to_locals_are_out_parameters() {
    // `locate(&r, t)` makes `r` 3: the write goes to cell 3.
    let p = lower(
        "__device__ void locate(int *row) { *row = 3; }\n\
         __global__ void k(int *a) { int r = 0; locate(&r); a[r] = 1; }\n",
    );
    assert_eq!(writes(&p, "k"), [("a".to_string(), "3".to_string())]);
}

#[test]
fn a_return_in_a_helper_leaves_the_callers_loop_counted() {
    let p = lower(
        "__device__ int clampi(int x) { if (x < 0) return 0; return x; }\n\
         __global__ void k(int *a) { for (int i = 0; i < 4; i++) a[i * 64 + threadIdx.x] = clampi(i); }\n",
    );
    assert_eq!(count(&p, |s| matches!(s, StmtKind::For { .. })), 1);
    let unknown_loops = count(
        &p,
        |s| matches!(s, StmtKind::Unknown { var } if var.name.starts_with("still_looping")),
    );
    assert_eq!(unknown_loops, 0);
}

#[test]
fn an_assignment_statement_evaluates_its_target_once() {
    // `s[i++] = ...` twice writes cells 2t and 2t + 1.
    let p = lower(
        "__global__ void k(float *s) { int i = 2 * threadIdx.x; s[i++] = 1.0f; s[i++] = 2.0f; }\n",
    );
    let w: Vec<String> = writes(&p, "k").into_iter().map(|(_, i)| i).collect();
    assert_eq!(w.len(), 2);
    assert!(!w[1].contains("+ 1 + 1"), "{w:?}");
}

#[test]
fn a_struct_copy_writes_every_field() {
    let p = lower(
        "struct P { float x, y; };\n\
         __global__ void k(P *out, const P *in) { out[threadIdx.x] = in[threadIdx.x]; }\n",
    );
    assert_eq!(writes(&p, "k").len(), 2);
}

#[test]
fn mixed_sign_min_compares_unsigned() {
    // CUDA's `min(int, unsigned)` converts `t - 1` to unsigned: at t = 0 it is 4294967295.
    let p = lower(
        "__global__ void k(float *s) { int t = threadIdx.x; s[min(t - 1, blockDim.x - 2)] = 1.0f; }\n",
    );
    let w = writes(&p, "k");
    assert!(w[0].1.contains("4294967295"), "{w:?}");
}

/// Issue 20: `c ? x : y` on integers and a variable assigned on both branches of an `if` are
/// the core's `select`, not values the front end cannot follow. In C, thread 20 computes
/// `20 - 16 = 4` for the ternary, and for the `if`, thread 3 gets `3` and thread 20 gets `36`.
#[test]
fn ternaries_and_joins_of_integers_are_selections() {
    let p = lower(
        "__global__ void fold(int *A) {\n\
           unsigned t = threadIdx.x;\n\
           unsigned j = t < 16 ? t : t - 16;\n\
           A[j] = 1;\n\
         }\n\
         __global__ void spread(int *A) {\n\
           int j;\n\
           if (threadIdx.x < 16) j = threadIdx.x; else j = threadIdx.x + 16;\n\
           A[j] = 1;\n\
         }\n",
    );
    // The only `?` is the value of `int j;` before its assignments, which no access reads.
    let unknowns = count(
        &p,
        |s| matches!(s, StmtKind::Unknown { var } if !var.name.ends_with("_uninit")),
    );
    assert_eq!(unknowns, 0, "{p}");
    for (name, tid, cell) in [
        ("fold", 20, 4),
        ("fold", 3, 3),
        ("spread", 3, 3),
        ("spread", 20, 36),
    ] {
        let k = p.kernels.iter().find(|k| k.name.name == name).unwrap();
        let config = mapcheck_core::interp::Config::new(32, 1);
        let run = mapcheck_core::interp::run(k, &config).unwrap();
        let written: Vec<String> = run.blocks[0].phases[0].threads[tid]
            .events
            .iter()
            .map(|e| format!("{e:?}"))
            .collect();
        assert!(
            written
                .iter()
                .any(|e| e.contains(&format!("index: [{cell}]"))),
            "{name}: thread {tid} should write A[{cell}]: {written:?}\n{p}"
        );
    }
}

/// The cells thread `tid` of a one-block run with `threads` threads writes, in order (the
/// interpreter on the lowered kernel), for kernels that write one array.
fn written_cells(p: &Program, name: &str, threads: u32, tid: usize) -> Vec<i64> {
    let k = p.kernels.iter().find(|k| k.name.name == name).unwrap();
    let config = mapcheck_core::interp::Config::new(threads.into(), 1);
    let run = mapcheck_core::interp::run(k, &config).unwrap();
    let mut out = Vec::new();
    for phase in &run.blocks[0].phases {
        for e in &phase.threads[tid].events {
            let text = format!("{e:?}");
            if !text.contains("Write") {
                continue;
            }
            let start = text.find("index: [").unwrap() + "index: [".len();
            let end = start + text[start..].find(']').unwrap();
            out.push(text[start..end].trim().parse().unwrap());
        }
    }
    out
}

fn unknowns(p: &Program) -> Vec<String> {
    let mut out = Vec::new();
    for k in &p.kernels {
        k.body.walk(&mut |s| {
            if let StmtKind::Unknown { var } = &s.kind {
                out.push(var.name.clone());
            }
        });
    }
    out
}

/// Issue 20 item 2: ping-pong variables (`p = 1 - p`, `q ^= 1`) are selections on the parity
/// of the iteration, inside the loop and after it. By C's semantics, p is 0, 1, 0, 1, 0 in
/// the five iterations and 1 after; q (from 3) is 2 after five toggles.
#[test]
fn ping_pong_variables_follow_the_parity_of_the_iteration() {
    let p = lower(
        "__global__ void toggle(int *A) {\n\
           int p = 0; unsigned q = 3;\n\
           for (int i = 0; i < 5; i++) { A[i * 4 + p] = 1; p = 1 - p; q ^= 1; }\n\
           A[100 + p] = 2;\n\
           A[200 + q] = 3;\n\
         }\n",
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    assert_eq!(
        written_cells(&p, "toggle", 2, 1),
        [0, 5, 8, 13, 16, 101, 202]
    );
}

/// `off *= 2` and `w /= 2` beside a loop doubling `d` (1, 2, 4, 8): off is 1, 2, 4, 8 in the
/// loop and 16 after, w is 64 / 2^4 = 4 after; `k += 3` beside an additive loop is t + 3i.
#[test]
fn scaled_and_linear_variables_are_expressions_of_the_counter() {
    let p = lower(
        "__global__ void scaled(int *A) {\n\
           int off = 1; int w = 64;\n\
           for (int d = 1; d < 16; d *= 2) { A[off] = 1; off *= 2; w /= 2; }\n\
           A[300 + off] = 1;\n\
           A[400 + w] = 1;\n\
         }\n\
         __global__ void linear(int *A) {\n\
           int k = threadIdx.x;\n\
           for (int i = 0; i < 3; i++) { A[k] = 1; k += 3; }\n\
           A[500 + k] = 1;\n\
         }\n",
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    assert_eq!(written_cells(&p, "scaled", 1, 0), [1, 2, 4, 8, 316, 404]);
    assert_eq!(written_cells(&p, "linear", 4, 2), [2, 5, 8, 511]);
}

/// A pointer advanced in a loop writes t, t + 32, t + 64.
#[test]
fn pointers_advanced_in_a_loop_are_followed() {
    let p = lower(
        "__global__ void adv(int *A) {\n\
           int *q = A + threadIdx.x;\n\
           for (int k = 0; k < 3; k++) { *q = 1; q += 32; }\n\
         }\n",
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    assert_eq!(written_cells(&p, "adv", 8, 5), [5, 37, 69]);
}

/// Non-canonical loops with a closed trip count are counted: `while (i != 0) { ...; i /= 2; }`
/// (i = 8, 4, 2, 1), a `for` without init (j = t, t + 32 below 40), a `for` whose step is the
/// body's last statement (m = 0, 1, 2).
#[test]
fn non_canonical_loops_are_counted() {
    let p = lower(
        "__global__ void shapes(int *A) {\n\
           int i = 8; while (i != 0) { A[i] = 1; i /= 2; }\n\
           int j = threadIdx.x; for (; j < 40; j += 32) A[100 + j] = 1;\n\
           for (int m = 0; m < 3;) { A[200 + m] = 1; m += 1; }\n\
         }\n",
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    assert_eq!(
        written_cells(&p, "shapes", 8, 5),
        [8, 4, 2, 1, 105, 137, 200, 201, 202]
    );
}

/// A variable updated only on some iterations (under a condition read from memory) has no
/// closed form: it stays a loop-carried `?`.
#[test]
fn a_conditional_update_stays_unknown() {
    let p = lower(
        "__global__ void cond(int *A, const int *B) {\n\
           int p = 0;\n\
           for (int i = 0; i < 4; i++) { A[p] = 1; if (B[i]) p = 1 - p; }\n\
         }\n",
    );
    assert!(
        unknowns(&p).iter().any(|u| u.starts_with('p')),
        "{:?}\n{p}",
        unknowns(&p)
    );
}

/// Issue 20 item 5: for thread 5, `__mul24(5, 3)` is 15, `__popc(5 % 8)` is 2, `__umul24(5,
/// 2)` is 10, `abs(5 - 9)` is 4, `__clz(5 % 8)` is 29 (CUDA's definitions: the low 32 bits
/// of the 24-bit product, the number of set bits, leading zeros of a 32-bit word). `__popc`
/// and `__clz` of a value of 8 possibilities are tables; of `t` itself (up to 1024 values
/// without a geometry) they would be a named `?`.
#[test]
fn integer_intrinsics_are_exact_where_the_arithmetic_allows() {
    let p = lower(
        "__global__ void intr(int *A) {\n\
           int t = threadIdx.x;\n\
           A[__mul24(t, 3)] = 1;\n\
           A[100 + __popc(t % 8)] = 1;\n\
           A[200 + __umul24(threadIdx.x, 2u)] = 1;\n\
           A[300 + abs(t - 9)] = 1;\n\
           A[400 + __clz(t % 8)] = 1;\n\
         }\n",
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    assert_eq!(written_cells(&p, "intr", 8, 5), [15, 102, 210, 304, 429]);
}

/// Issue 20 item 5: `__umulhi`, `__mulhi` and `__brev` of operands the lowering cannot bound
/// are formulas, not `?`, and every arithmetic mode computes C's values with them. The
/// expected values are computed here in Rust's 64-bit arithmetic, as CUDA defines the
/// intrinsics (the high 32 bits of the 64-bit product; the bits in reverse order).
#[test]
fn high_products_and_bit_reversal_are_exact_in_every_mode() {
    use mapcheck_core::interp::{run, Config, EventKind};
    use mapcheck_core::Arith;
    let p = lower(
        "__global__ void hi(int *A, unsigned a, unsigned b, int c, int d) {\n\
           A[0] = __umulhi(a, b);\n\
           A[1] = __mulhi(c, d);\n\
           A[2] = __brev(a);\n\
         }\n",
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    let k = &p.kernels[0];
    let cases: [(u32, u32, i32, i32); 6] = [
        (0, 0, 0, 0),
        (3, 5, -3, 5),
        (u32::MAX, u32::MAX, i32::MIN, i32::MIN),
        (0x8000_0001, 0xFFFF_0000, -1, i32::MAX),
        (0x1234_5678, 0x9ABC_DEF0, 0x7654_3210, -0x0123_4567),
        (1, 0x8000_0000, i32::MIN, -1),
    ];
    for arith in [Arith::Int, Arith::Bv32, Arith::Bv64] {
        for (a, b, c, d) in cases {
            let mut config = Config::new(1, 1).with_arith(arith);
            for (name, v) in [
                ("a", i128::from(a)),
                ("b", i128::from(b)),
                ("c", i128::from(c)),
                ("d", i128::from(d)),
            ] {
                config.params.insert(name.to_string(), v);
            }
            let result = run(k, &config).unwrap();
            let mut stored = [0i128; 3];
            for e in &result.blocks[0].phases[0].threads[0].events {
                if let EventKind::Write { value } = e.kind {
                    stored[e.cell.index[0] as usize] = value;
                }
            }
            // C's `int` holds the unsigned results' bits: compare as 32-bit words.
            let word = |v: i128| v as u32;
            let umulhi = ((u64::from(a) * u64::from(b)) >> 32) as u32;
            let mulhi = ((i64::from(c) * i64::from(d)) >> 32) as u32;
            assert_eq!(
                stored.map(word),
                [umulhi, mulhi, a.reverse_bits()],
                "{arith}: a={a:#x} b={b:#x} c={c} d={d}\n{p}"
            );
        }
    }
}

/// Found by `tests/tests/conversions.rs`: a comparison of two literals folded in the lowering
/// compared unsigned values modulo 2^32 even when the common type is 64 bits wide. In C,
/// `4294967296ll < 1ull` converts both to `unsigned long long`: 2^32 < 1 is false; modulo 2^32
/// it read 0 < 1.
#[test]
fn folded_unsigned_comparisons_use_the_common_types_width() {
    use mapcheck_core::interp::{run, Config, EventKind};
    let p = lower(
        "__global__ void f(long long *out) {\n\
           out[0] = 4294967296ll < 1ull;\n\
           out[1] = 4294967296u < 1u;\n\
           out[2] = (unsigned long long)-1 > 4294967295ull;\n\
         }\n",
    );
    let result = run(&p.kernels[0], &Config::new(1, 1)).unwrap();
    let mut stored = [9i128; 3];
    for e in &result.blocks[0].phases[0].threads[0].events {
        if let EventKind::Write { value } = e.kind {
            stored[e.cell.index[0] as usize] = value;
        }
    }
    // 4294967296u is `unsigned long` (64 bits on the host and device alike): 2^32 < 1 is false.
    assert_eq!(stored, [0, 0, 1], "{p}");
}

/// Issue 14 item 2: `extern __shared__` storage viewed through types of different sizes is
/// byte-addressed, in cells of the greatest common size of the views' scalars, so that two
/// accesses share a cell exactly when they share a byte in C. The cells below are C's byte
/// offsets divided by that size, worked out by hand from the views' pointer arithmetic.
#[test]
fn extern_shared_views_of_different_sizes_are_byte_addressed() {
    use mapcheck_core::layout::Layout;
    // char, float and short views: cells of one byte. Thread 1 writes f[1] = bytes 4..8 and
    // h[1] with h = &smem[2 + 4 * 1] = bytes 8..10.
    let p = lower(
        "__global__ void k() {\n\
           extern __shared__ char smem[];\n\
           float *f = (float *)smem;\n\
           short *h = (short *)&smem[2 + 4 * threadIdx.x];\n\
           f[threadIdx.x] = 1.0f;\n\
           h[1] = 7;\n\
           if (threadIdx.x == 0) smem[3] = -1;\n\
         }\n",
    );
    assert_eq!(written_cells(&p, "k", 4, 1), [4, 5, 6, 7, 8, 9]);
    let array = &p.kernels[0].arrays[0];
    assert_eq!(array.layout, Some(Layout::Bytes { unit: 1 }));
    // The pieces of a constant are its little-endian bytes: 7 is 07 00; a `char` -1 is the
    // byte 255 (what an `unsigned char` 255 stores too).
    let mut values = Vec::new();
    p.kernels[0].body.walk(&mut |s| {
        if let StmtKind::Write { value, .. } = &s.kind {
            values.push(format!("{value}"));
        }
    });
    assert_eq!(values[4..], ["7", "0", "255"], "{p}");

    // float and double views: cells of four bytes. Thread 1 writes s[1] (bytes 4..8, cell 1)
    // and d[1] with d = (double *)&s[2]: bytes 8 + 8 .. 8 + 16, cells 4 and 5.
    let p = lower(
        "__global__ void k() {\n\
           extern __shared__ float s[];\n\
           double *d = (double *)&s[2];\n\
           s[threadIdx.x] = 0.0f;\n\
           d[threadIdx.x] = 1.0;\n\
         }\n",
    );
    assert_eq!(written_cells(&p, "k", 4, 1), [1, 4, 5]);
    assert_eq!(
        p.kernels[0].arrays[0].layout,
        Some(Layout::Bytes { unit: 4 })
    );

    // An int2 view of int storage through a struct field: v[t].y is bytes 8t + 4 .. 8t + 8.
    let p = lower(
        "__global__ void k() {\n\
           extern __shared__ int s[];\n\
           int2 *v = (int2 *)s;\n\
           s[threadIdx.x] = 1;\n\
           v[threadIdx.x].y = 2;\n\
         }\n",
    );
    assert_eq!(written_cells(&p, "k", 4, 3), [3, 7]);

    // One view (of any type) keeps a cell per scalar, as before: v[t].y is cell 4t + 1.
    let p = lower(
        "__global__ void k() {\n\
           extern __shared__ float4 v[];\n\
           v[threadIdx.x].y = 1.0f;\n\
         }\n",
    );
    assert_eq!(written_cells(&p, "k", 4, 2), [9]);
    assert_ne!(
        p.kernels[0].arrays[0].layout,
        Some(Layout::Bytes { unit: 4 })
    );

    // A union view is laid out by clang's layout too (session 22: its members are views of
    // its bytes): thread 1 writes u[1].i, bytes 4..8.
    let p = lower(
        "union U { int i; float f; };\n\
         __global__ void k() {\n\
           extern __shared__ char smem[];\n\
           U *u = (U *)smem;\n\
           u[threadIdx.x].i = 1;\n\
         }\n",
    );
    assert_eq!(written_cells(&p, "k", 4, 1), [4, 5, 6, 7], "{p}");

    // A view whose bytes the lowering does not lay out (a bit-field location wider than
    // four bytes) is an access of an unknown cell, named so.
    let p = lower(
        "struct B { unsigned long long a : 40; unsigned long long b : 20; };\n\
         __global__ void k() {\n\
           extern __shared__ char smem[];\n\
           B *u = (B *)smem;\n\
           u[threadIdx.x].a = 1;\n\
         }\n",
    );
    assert!(
        unknowns(&p).iter().any(|u| u.starts_with("unknown_cell")),
        "{p}"
    );
}

/// A cast through `void *` to a type of another size: `(float *)(void *)&c[8]` is bytes
/// 8..12 of `c`, the second of which `c[9]` is. A global array viewed through two element
/// types is byte-addressed (issue 20 item 4), as `extern __shared__` memory is: the float
/// write covers cells 8..12 (one byte each, the bytes of 1.0f, 00 00 80 3f), not cell 8 of a
/// float view (which would miss the race with `c[9]`) nor an unknown cell.
#[test]
fn a_cast_through_void_addresses_the_bytes_it_covers() {
    use mapcheck_core::layout::Layout;
    let p = lower(
        "__global__ void k(char *c) {\n\
           float *f = (float *)(void *)&c[8];\n\
           if (threadIdx.x == 0) f[0] = 1.0f;\n\
           if (threadIdx.x == 1) c[9] = 0;\n\
         }\n",
    );
    assert_eq!(written_cells(&p, "k", 2, 0), [8, 9, 10, 11], "{p}");
    assert_eq!(written_cells(&p, "k", 2, 1), [9], "{p}");
    assert_eq!(
        p.kernels[0].arrays[0].layout,
        Some(Layout::Bytes { unit: 1 })
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    let text = format!("{p}");
    assert!(
        text.contains("c[at + 2] := 128;") && text.contains("c[at + 3] := 63;"),
        "{p}"
    );
}

/// Two casts of one `void *` parameter, each lining up with its cell 0 alone: `d[1]` is bytes
/// 8..16 and `f[2]` bytes 8..12, which they share. Taken each cell for cell, `f[2]` would be
/// cell 2 and `d[1]` cell 1 (a missed race); the array is byte-addressed in cells of 4 bytes
/// (the common size of a double's and a float's), where `d[1]` is cells 2 and 3.
#[test]
fn two_casts_of_one_void_pointer_are_byte_addressed() {
    let p = lower(
        "__global__ void k(void *p, float *out) {\n\
           double *d = (double *)p;\n\
           float *f = (float *)p;\n\
           if (threadIdx.x == 0) d[1] = 1.0;\n\
           if (threadIdx.x == 1) out[0] = f[2];\n\
         }\n",
    );
    assert_eq!(written_cells(&p, "k", 2, 0), [2, 3], "{p}");
    let text = format!("{p}");
    assert!(text.contains("p[2]"), "{p}");
}

/// An array of `__align__(16)` structs of one `int` viewed as `int *`: v[k].x is int 4k (the
/// padding makes each element 16 bytes), so `raw[4]` is `v[1].x`, and `raw[1]` padding.
#[test]
fn an_aligned_struct_array_viewed_as_ints_is_byte_addressed() {
    let p = lower(
        "struct __align__(16) V { int x; };\n\
         __global__ void k() {\n\
           __shared__ V v[16];\n\
           int *raw = (int *)v;\n\
           if (threadIdx.x == 0) v[1].x = 1;\n\
           if (threadIdx.x == 1) raw[4] = 2;\n\
           if (threadIdx.x == 1) raw[1] = 3;\n\
         }\n",
    );
    assert_eq!(written_cells(&p, "k", 2, 0), [4], "{p}");
    assert_eq!(written_cells(&p, "k", 2, 1), [4, 1], "{p}");
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
}

/// Issue 20 item 4: pointer fields of structs. By C's semantics thread 5 writes `t.x.b[5]`
/// through the local copy `l`, then `t.c[15]` after `l.b = t.c`, then `t.c[20]` in `put`,
/// which receives `l` by value, then `t.x.a[7]` through `View`'s method (`this` is `&v`),
/// then `t.x.a[30]` through the copy `swapped` returns with its fields exchanged.
/// Each pointer field of the parameter is an array of its own (`t_x_b`, `t_c`, `t_x_a`).
#[test]
fn pointer_fields_of_structs_are_followed() {
    let p = lower(
        "struct Args { int *a; int *b; int n; };\n\
         struct Two { Args x; int *c; };\n\
         struct View { int *d; __device__ void set(int i) { d[i] = 4; } };\n\
         __device__ void put(Args s, int i) { s.b[i] = 3; }\n\
         __device__ Args swapped(Args s) { int *x = s.a; s.a = s.b; s.b = x; return s; }\n\
         __global__ void k(Two t) {\n\
           Args l = t.x;\n\
           l.b[threadIdx.x] = 1;\n\
           l.b = t.c;\n\
           l.b[threadIdx.x + 10] = 2;\n\
           put(l, 20);\n\
           View v = {t.x.a};\n\
           v.set(7);\n\
           Args w = swapped(t.x);\n\
           w.b[30] = 5;\n\
         }\n",
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    let arrays: Vec<String> = writes(&p, "k").into_iter().map(|(a, _)| a).collect();
    assert_eq!(arrays, ["t_x_b", "t_c", "t_c", "t_x_a", "t_x_a"], "{p}");
    let k = &p.kernels[0];
    let params: Vec<String> = k.params.iter().map(|q| q.name.clone()).collect();
    assert_eq!(params, ["t_x_n"], "the scalar field is a parameter");
    let config = mapcheck_core::interp::Config::new(8, 1).with_param("t_x_n", 0);
    let run = mapcheck_core::interp::run(k, &config).unwrap();
    let cells: Vec<String> = run.blocks[0]
        .phases
        .iter()
        .flat_map(|ph| ph.threads[5].events.iter())
        .map(|e| format!("{e:?}"))
        .filter(|e| e.contains("Write"))
        .map(|e| {
            let start = e.find("index: [").unwrap() + "index: [".len();
            e[start..start + e[start..].find(']').unwrap()]
                .trim()
                .to_string()
        })
        .collect();
    assert_eq!(cells, ["5", "15", "20", "7", "30"]);
}

/// A pointer field whose value the lowering does not know (a struct left uninitialised, or
/// written through a cast of its address) is refused where it is used, not guessed.
#[test]
fn unknown_pointer_fields_are_refused() {
    for body in [
        "Args u; u.b[threadIdx.x] = 1;",
        "Args u = a; *(long *)&u = 0; u.b[threadIdx.x] = 1;",
    ] {
        let text = format!(
            "struct Args {{ int *a; int *b; }};\n\
             __global__ void k(Args a) {{ {body} }}\n"
        );
        let l = clang::parse(Path::new("k.cu"), &text, &Options::default());
        assert!(
            l.errors
                .iter()
                .any(|e| e.diagnostic.message.contains("cannot follow")),
            "{body}: {:?}\n{}",
            l.errors
                .iter()
                .map(|e| &e.diagnostic.message)
                .collect::<Vec<_>>(),
            l.program
        );
    }
}

/// Issue 20 item 4: a byte offset `y * pitch` with `pitch` a parameter is a row of
/// `pitch / 4` floats under the stated assumption `pitch % 4 == 0`; with an offset that is
/// not a multiple by its shape (`+ 2`) the array is viewed as bytes and floats, so it is
/// byte-addressed: the float covers the 4 bytes from `tid.x * pitch + 2 + 4`.
#[test]
fn a_parameter_pitch_is_assumed_a_multiple_of_the_element_size() {
    let p = lower(
        "__global__ void k(float *p, size_t pitch) {\n\
           float *row = (float *)((char *)p + threadIdx.x * pitch);\n\
           row[1] = 0.0f;\n\
         }\n",
    );
    let assumes: Vec<String> = {
        let mut v = Vec::new();
        p.kernels[0].body.walk(&mut |s| {
            if let StmtKind::Assume { cond } = &s.kind {
                v.push(format!("{cond}"));
            }
        });
        v
    };
    assert_eq!(assumes, ["pitch % 4 == 0"], "{p}");
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    let odd = lower(
        "__global__ void k(float *p, size_t pitch) {\n\
           float *row = (float *)((char *)p + threadIdx.x * pitch + 2);\n\
           row[1] = 0.0f;\n\
         }\n",
    );
    assert_eq!(unknowns(&odd), Vec::<String>::new(), "{odd}");
    assert_eq!(
        odd.kernels[0].arrays[0].layout,
        Some(mapcheck_core::layout::Layout::Bytes { unit: 1 })
    );
    let w: Vec<String> = writes(&odd, "k").into_iter().map(|(_, i)| i).collect();
    assert_eq!(w, ["at", "at + 1", "at + 2", "at + 3"], "{odd}");
    assert!(
        format!("{odd}").contains("let at = row_off + 1 * 4;"),
        "{odd}"
    );
}

/// `make_int2(a, b)` of mapcheck's `vector_types` is the vector of its arguments: `p.y` is
/// `tid.x + 1`, so thread t writes `out[2 * (t + 1)]` with the value t (no `?`).
#[test]
fn make_vector_is_the_vector_of_its_arguments() {
    let p = lower(
        "__global__ void k(int *out) {\n\
           int2 p = make_int2(threadIdx.x, threadIdx.x + 1);\n\
           out[2 * p.y] = p.x;\n\
         }\n",
    );
    assert_eq!(unknowns(&p), Vec::<String>::new(), "{p}");
    assert_eq!(written_cells(&p, "k", 4, 3), [8], "{p}");
}

/// Issue 32: a bit-field is read and written through its memory location's cell (a run of
/// adjacent bit-fields is one cell holding their bits), with C's values: a value stored keeps
/// its low `width` bits, a signed field reads back sign-extended, a neighbour's bits are kept.
/// A thread's own struct and a struct parameter hold their bit-fields at their widths too.
/// The expected values are C's, computed here (two's complement, as C++20 and CUDA define the
/// conversion to a bit-field), in every arithmetic mode.
#[test]
fn bit_fields_read_back_c_values_in_every_mode() {
    use mapcheck_core::interp::{run, Config, EventKind};
    use mapcheck_core::Arith;
    let p = lower(
        "struct B { int a : 3; unsigned b : 7; int c : 12; unsigned : 0; int d : 5; };\n\
         struct P { int v : 4; unsigned w : 4; };\n\
         __global__ void k(int *out, int x, int y, P p) {\n\
           __shared__ B s[2];\n\
           s[1].a = x; s[1].b = y; s[1].c = x * 100; s[1].d = y;\n\
           s[1].a += 1;\n\
           B l; l.a = y; l.c = x;\n\
           __syncthreads();\n\
           out[0] = s[1].a; out[1] = s[1].b; out[2] = s[1].c; out[3] = s[1].d;\n\
           out[4] = l.a; out[5] = l.c; out[6] = p.v; out[7] = p.w;\n\
         }\n",
    );
    let k = &p.kernels[0];
    // Two cells per element: {a,b,c} and {d}; element 1's are cells 2 and 3. A struct
    // parameter's bit-field is a parameter assumed within its width's values.
    let written: Vec<String> = writes(&p, "k")
        .into_iter()
        .filter(|(a, _)| a == "s")
        .map(|(_, i)| i)
        .collect();
    assert_eq!(
        written,
        ["1 * 2", "1 * 2", "1 * 2", "1 * 2 + 1", "1 * 2"],
        "{p}"
    );
    let wrap = |v: i64, bits: u32, signed: bool| -> i64 {
        let m = v.rem_euclid(1 << bits);
        if signed && m >= 1 << (bits - 1) {
            m - (1 << bits)
        } else {
            m
        }
    };
    for arith in [Arith::Int, Arith::Bv32] {
        for (x, y, pv, pw) in [
            (0, 0, 0, 0),
            (3, 100, 5, 13),
            (-5, -1, -8, 7),
            (1234, 77, 7, 15),
        ] {
            let mut config = Config::new(1, 1).with_arith(arith);
            for (name, v) in [("x", x), ("y", y), ("p_v", pv), ("p_w", pw)] {
                config.params.insert(name.to_string(), i128::from(v));
            }
            let result = run(k, &config).unwrap();
            let mut stored = [0i64; 8];
            for phase in &result.blocks[0].phases {
                for e in &phase.threads[0].events {
                    if let EventKind::Write { value } = e.kind {
                        if result.arrays[e.cell.array].0 == "out" {
                            stored[e.cell.index[0] as usize] = value as i32 as i64;
                        }
                    }
                }
            }
            let expected = [
                wrap(wrap(x, 3, true) + 1, 3, true),
                wrap(y, 7, false),
                wrap(x * 100, 12, true),
                wrap(y, 5, true),
                wrap(y, 3, true),
                wrap(x, 12, true),
                wrap(pv, 4, true),
                wrap(pw, 4, false),
            ];
            assert_eq!(stored, expected, "{arith}: x={x} y={y}\n{p}");
        }
    }
}

/// Issue 38 item 3: a union of a word and its bytes in shared memory is byte-addressed; a
/// thread's reads give back C's values of what it wrote through the other member: the word
/// of four bytes (little-endian, as CUDA's), the bytes of a word, a signed word's sign. A
/// thread's own union is followed byte by byte with the same values, a byte at an index
/// that is not a constant included.
#[test]
fn union_members_read_back_the_bytes_written_through_the_other() {
    use mapcheck_core::interp::{run, Config, EventKind};
    use mapcheck_core::Arith;
    let p = lower(
        "union W { unsigned u; unsigned char b[4]; };\n\
         union S { int i; signed char c[4]; short h[2]; };\n\
         __global__ void k(int *out, unsigned x, int y) {\n\
           __shared__ W s[2];\n\
           __shared__ S t[2];\n\
           s[1].b[0] = x; s[1].b[1] = x >> 8; s[1].b[2] = 7; s[1].b[3] = 0xfe;\n\
           out[0] = s[1].u;\n\
           s[1].u = x;\n\
           out[1] = s[1].b[2];\n\
           t[1].i = y;\n\
           out[2] = t[1].c[3]; out[3] = t[1].h[1];\n\
           t[1].c[0] = -1; t[1].c[1] = -1;\n\
           out[4] = t[1].i; out[5] = t[1].h[0];\n\
           W l; l.u = x; out[6] = l.b[3]; l.b[0] = 9; out[7] = l.u;\n\
           S m; m.h[1] = y; m.h[0] = -2; out[8] = m.i; out[9] = m.c[x % 4];\n\
         }\n",
    );
    // The thread's own unions start indeterminate (`?` per byte) and are then written whole.
    let unknown: Vec<String> = unknowns(&p)
        .into_iter()
        .filter(|u| !u.contains("_uninit"))
        .collect();
    assert!(unknown.is_empty(), "{p}");
    let k = &p.kernels[0];
    for arith in [Arith::Int, Arith::Bv32] {
        for (x, y) in [
            (0u32, 0i32),
            (0x1234_5678, -2),
            (0xffff_ffff, 0x7f00_8001),
            (77, -65536),
        ] {
            let mut config = Config::new(1, 1).with_arith(arith);
            config.params.insert("x".into(), i128::from(x));
            config.params.insert("y".into(), i128::from(y));
            let result = run(k, &config).unwrap();
            let mut stored = [0i64; 10];
            for e in &result.blocks[0].phases[0].threads[0].events {
                if let EventKind::Write { value } = e.kind {
                    if result.arrays[e.cell.array].0 == "out" {
                        stored[e.cell.index[0] as usize] = value as i32 as i64;
                    }
                }
            }
            let yb = y.to_le_bytes();
            let after = i32::from_le_bytes([0xff, 0xff, yb[2], yb[3]]);
            let expected = [
                i64::from(u32::from_le_bytes([x as u8, (x >> 8) as u8, 7, 0xfe]) as i32),
                i64::from((x >> 16) as u8),
                i64::from(yb[3] as i8),
                i64::from((y >> 16) as i16),
                i64::from(after),
                -1,
                i64::from((x >> 24) as u8),
                i64::from(((x & !0xff) | 9) as i32),
                i64::from(i32::from_le_bytes([0xfe, 0xff, yb[0], yb[1]])),
                i64::from([0xfe_u8, 0xff, yb[0], yb[1]][(x % 4) as usize] as i8),
            ];
            assert_eq!(stored, expected, "{arith}: x={x:#x} y={y}\n{p}");
        }
    }
}
