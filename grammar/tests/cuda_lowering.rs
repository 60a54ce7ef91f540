//! The CUDA lowering on small kernels, judged by the reference interpreter: a lowered kernel
//! run on a concrete configuration must show the races the CUDA kernel has, and no others
//! where the lowering is exact. Covers `switch`, `assert`, explicit template instantiation,
//! the `SharedMemory<T>` idiom, fields of struct and vector elements, induction variables, and
//! C++ template syntax (explicit arguments in calls, explicit specialisations, `>>`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::{Kernel, Program};
use mapcheck_core::interp::{self, Config};
use mapcheck_grammar::cuda::{self, Lowered, Options};
use std::path::Path;

fn no_files(_: &Path) -> Result<String, String> {
    Err("no such file".into())
}

fn lowered(text: &str) -> Lowered {
    cuda::parse(Path::new("k.cu"), text, &Options::default(), &no_files)
}

fn program(text: &str) -> Program {
    let l = lowered(text);
    let errors: Vec<String> = l
        .errors
        .iter()
        .map(|e| e.diagnostic.message.clone())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    // The printed kernels stay valid `.bcu` (instantiation names aside).
    l.program
}

fn kernel<'p>(p: &'p Program, name: &str) -> &'p Kernel {
    p.kernels
        .iter()
        .find(|k| k.name.name == name)
        .unwrap_or_else(|| panic!("no kernel `{name}` in {p}"))
}

/// Whether a run with `ntid` threads (one block) and the parameters races.
fn races(k: &Kernel, ntid: i64, params: &[(&str, i64)]) -> bool {
    let mut config = Config::new(ntid.into(), 1.into());
    for (n, v) in params {
        config = config.with_param(*n, (*v).into());
    }
    let run = interp::run(k, &config).unwrap_or_else(|e| panic!("{e:?}\n{k}"));
    !run.is_drf()
}

#[test]
fn switch_with_breaks_is_an_exact_if_chain() {
    let p = program(
        "__global__ void k(int *A, int m) {
           int t = threadIdx.x;
           switch (m) {
             case 0: A[t] = 1; break;
             case 1: A[0] = t; break;
             default: A[t / 2] = 2;
           }
         }",
    );
    let k = kernel(&p, "k");
    let text = k.to_string();
    assert!(!text.contains('?'), "{text}");
    assert!(!races(k, 4, &[("m", 0)]));
    assert!(races(k, 4, &[("m", 1)]));
    assert!(races(k, 4, &[("m", 7)]));
}

#[test]
fn switch_fallthrough_runs_the_next_case_too() {
    let p = program(
        "__global__ void k(int *A, int m) {
           int t = threadIdx.x;
           switch (m) {
             case 0: A[2 * t] = 1;
             case 1: A[0] = t; break;
             case 2: { A[t] = 0; }
           }
         }",
    );
    let k = kernel(&p, "k");
    // case 0 falls into case 1, which races.
    assert!(races(k, 4, &[("m", 0)]));
    assert!(races(k, 4, &[("m", 1)]));
    assert!(!races(k, 4, &[("m", 2)]));
    assert!(!races(k, 4, &[("m", 3)]));
}

#[test]
fn switch_on_the_thread_with_a_conditional_break() {
    let p = program(
        "__global__ void k(int *A) {
           switch (threadIdx.x % 2) {
             case 0: if (threadIdx.x > 100) break; A[threadIdx.x] = 1;
             case 1: A[threadIdx.x] = 2; break;
           }
           __syncthreads();
           A[threadIdx.x] += 1;
         }",
    );
    let k = kernel(&p, "k");
    assert!(!races(k, 8, &[]));
    // The conditional break makes the fallthrough a per-thread unknown.
    assert!(k.to_string().contains("fell"), "{k}");
}

#[test]
fn switch_inside_a_loop_breaks_the_switch_not_the_loop() {
    let p = program(
        "__global__ void k(int *A, int n) {
           for (int i = 0; i < n; i++) {
             switch (i) { case 0: A[threadIdx.x] = 1; break; default: A[threadIdx.x + i * blockDim.x] = 2; }
           }
         }",
    );
    let k = kernel(&p, "k");
    let text = k.to_string();
    assert!(!text.contains("broke"), "{text}");
    assert!(!races(k, 4, &[("n", 3)]));
}

#[test]
fn goto_labels_and_stray_cases_are_located_errors() {
    for text in [
        "__global__ void k(int *A) { goto out; out: A[0] = 1; }",
        "__global__ void k(int *A) { out: A[0] = 1; }",
        "__global__ void k(int *A) { case 1: A[0] = 1; }",
        "__global__ void k(int *A, int m) { switch (m) { case 0: { case 1: A[0] = 1; } } }",
    ] {
        let l = lowered(text);
        assert!(l.program.kernels.is_empty(), "{text}");
        assert!(!l.errors.is_empty(), "{text}");
        assert!(
            l.errors.iter().all(|e| e.diagnostic.span().is_some()),
            "{text}"
        );
    }
}

#[test]
fn assert_is_a_precondition() {
    let p = program(
        "__global__ void k(int *A, int n) {
           assert(n == 1);
           A[threadIdx.x * n] = 1;
         }",
    );
    let k = kernel(&p, "k");
    assert!(k.to_string().contains("assume"), "{k}");
}

#[test]
fn explicit_instantiations_fix_value_parameters() {
    let p = program(
        "template <class T, int STRIDE>
         __global__ void k(T *A) { A[threadIdx.x * STRIDE] = 0; }
         template __global__ void k<float, 1>(float *);
         template __global__ void k<int, 0>(int *);
         template void k<double, 1>(double *);
         int main() { k<float, 256><<<1, 2>>>(0); }",
    );
    let names: Vec<&str> = p.kernels.iter().map(|k| k.name.name.as_str()).collect();
    assert_eq!(names, ["k<float, 1>", "k<int, 0>", "k<double, 1>"]);
    assert!(kernel(&p, "k<float, 1>").params.is_empty());
    assert!(!races(kernel(&p, "k<float, 1>"), 4, &[]));
    assert!(races(kernel(&p, "k<int, 0>"), 4, &[]));
}

#[test]
fn templates_without_instantiation_keep_symbolic_parameters() {
    let p = program(
        "template <class T, int STRIDE>
         __global__ void k(T *A) { A[threadIdx.x * STRIDE] = 0; }",
    );
    let k = kernel(&p, "k");
    assert_eq!(k.params.len(), 1);
    assert!(races(k, 4, &[("STRIDE", 0)]));
    assert!(!races(k, 4, &[("STRIDE", 2)]));
}

const SHARED_MEMORY: &str = "
template <class T> struct SharedMemory {
  __device__ inline operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
  __device__ inline operator const T *() const { extern __shared__ int __smem[]; return (T *)__smem; }
};
";

#[test]
fn the_shared_memory_idiom_is_the_dynamic_shared_array() {
    for body in [
        "SharedMemory<T> smem; T *sdata = smem;",
        "T *sdata = SharedMemory<T>();",
    ] {
        let text = format!(
            "{SHARED_MEMORY}
             template <class T> __global__ void reduce(T *g_idata, T *g_odata) {{
               {body}
               unsigned int tid = threadIdx.x;
               sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
               __syncthreads();
               for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {{
                 if (tid < s) sdata[tid] += sdata[tid + s];
                 __syncthreads();
               }}
               if (tid == 0) g_odata[blockIdx.x] = sdata[0];
             }}"
        );
        let p = program(&text);
        let k = kernel(&p, "reduce");
        assert!(
            k.arrays
                .iter()
                .any(|a| a.space == mapcheck_core::ast::Space::Shared),
            "{k}"
        );
        assert!(!races(k, 8, &[]), "{k}");
    }
}

const PARTICLE: &str = "
struct Particle { float x, y; int id; float v[2]; };
typedef struct { int a; union { int b; float c; } u; } Opaque;
typedef float4 vec4;
";

#[test]
fn fields_of_struct_elements_are_their_own_cells() {
    let p = program(&format!(
        "{PARTICLE}
         __global__ void different(Particle *P) {{
           int i = threadIdx.x / 2;
           if (threadIdx.x % 2 == 0) P[i].x = 1.0f; else P[i].y = 2.0f;
         }}
         __global__ void same(Particle *P) {{
           int i = threadIdx.x / 2;
           if (threadIdx.x % 2 == 0) P[i].id = 1; else P[i].id = 2;
         }}
         __global__ void arrow(Particle *P) {{
           Particle *q = P + threadIdx.x;
           q->id = 0;
           q->v[1] = 0.0f;
         }}
         __global__ void array_field(Particle *P) {{
           P[0].v[threadIdx.x % 2] = 1.0f;
         }}
         __global__ void whole(Particle *P) {{
           Particle mine = P[threadIdx.x];
           if (threadIdx.x == 0) P[1].id = mine.id;
         }}"
    ));
    assert!(!races(kernel(&p, "different"), 4, &[]));
    assert!(races(kernel(&p, "same"), 4, &[]));
    assert!(!races(kernel(&p, "arrow"), 4, &[]));
    assert!(races(kernel(&p, "array_field"), 4, &[]));
    assert!(!races(kernel(&p, "array_field"), 2, &[]));
    // Thread 0 writes a field of element 1, which thread 1 reads whole.
    assert!(races(kernel(&p, "whole"), 2, &[]));
    assert!(!races(kernel(&p, "whole"), 1, &[]));
}

#[test]
fn vector_components_are_their_own_cells() {
    let p = program(&format!(
        "{PARTICLE}
         __global__ void k(float4 *A, vec4 *B) {{
           __shared__ float4 s[32];
           int t = threadIdx.x;
           if (t % 4 == 0) s[t / 4].x = 1; else if (t % 4 == 1) s[t / 4].y = 1;
           else if (t % 4 == 2) s[t / 4].z = 1; else s[t / 4].w = A[t].w;
           B[t].x = 0;
         }}
         __global__ void clash(float2 *A) {{ A[threadIdx.x / 2].y = 1; }}"
    ));
    assert!(!races(kernel(&p, "k"), 8, &[]));
    assert!(races(kernel(&p, "clash"), 2, &[]));
}

#[test]
fn extern_shared_vectors_have_their_components() {
    let p = program(
        "__global__ void k(float *out) {
           extern __shared__ float4 s[];
           s[threadIdx.x / 4].x = 1.0f;
         }
         __global__ void ok(float *out) {
           extern __shared__ float2 s[];
           if (threadIdx.x % 2) s[threadIdx.x / 2].x = 1.0f; else s[threadIdx.x / 2].y = 1.0f;
         }",
    );
    assert!(races(kernel(&p, "k"), 4, &[]));
    assert!(!races(kernel(&p, "ok"), 4, &[]));
    let l = lowered(
        "__global__ void k(float *out) {
           extern __shared__ float4 s[];
           extern __shared__ float t[];
           t[threadIdx.x] = 1.0f;
         }",
    );
    assert!(l.program.kernels.is_empty());
}

#[test]
fn fields_the_lowering_cannot_place_are_located_errors() {
    for body in [
        "__global__ void k(Opaque *A) { A[threadIdx.x].a = 1; }",
        "__global__ void k(Particle *A) { A[threadIdx.x].nope = 1; }",
        "__global__ void k(int *A) { A[threadIdx.x].x = 1; }",
        "template <class T> __global__ void k(T *A) { A[threadIdx.x].x = 1; }",
        "__global__ void k(float4 *A) { ((float *)A)[threadIdx.x] = 1; }",
        "__global__ void k(float *A) { ((float4 *)A)[threadIdx.x].x = 1; }",
    ] {
        let l = lowered(&format!("{PARTICLE}\n{body}"));
        assert!(l.program.kernels.is_empty(), "{body}");
        assert!(!l.errors.is_empty(), "{body}");
        assert!(
            l.errors.iter().all(|e| e.diagnostic.span().is_some()),
            "{body}"
        );
    }
}

/// Whether the printed kernel has no `?` (the lowering followed every value).
fn exact(k: &Kernel) -> bool {
    !k.to_string().contains('?')
}

#[test]
fn signed_division_truncates_toward_zero() {
    // (t - 1) / 2 is 0 at t = 0 in C (Euclidean: -1): threads 0 and 2 both write acc[0].
    let p = program(
        "__global__ void k(int *out) {
           __shared__ int acc[64];
           int t = threadIdx.x;
           if (t % 2 == 0) acc[(t - 1) / 2] = t;
         }",
    );
    let k = kernel(&p, "k");
    assert!(exact(k), "{k}");
    assert!(races(k, 4, &[]));
    // `%` keeps the dividend's sign: (0 - 3) % 2 is -1 (Euclidean: 1), so thread 0 writes A[0].
    let p = program(
        "__global__ void k(int *A) {
           int t = threadIdx.x;
           if (t == 0) A[(t - 3) % 2 + 1] = 1;
           if (t == 1) A[0] = 2;
         }",
    );
    let k = kernel(&p, "k");
    assert!(races(k, 2, &[]), "{k}");
    // A natural dividend keeps the plain operator.
    let p =
        program("__global__ void k(int *A) { A[threadIdx.x / 2 + (threadIdx.x % 2) * 64] = 1; }");
    let k = kernel(&p, "k");
    assert!(!k.to_string().contains("min"), "{k}");
    assert!(!races(k, 64, &[]), "{k}");
}

#[test]
fn unsigned_arithmetic_wraps_and_narrow_conversions_truncate() {
    // tid - 1 wraps to 4294967295 at tid = 0, which is not below blockDim.x.
    let p = program(
        "__global__ void k(int *in) {
           __shared__ int s[64];
           unsigned int tid = threadIdx.x;
           unsigned int left = tid - 1;
           if (left < blockDim.x) in[tid] = s[left]; else s[0] = 0;
         }",
    );
    let k = kernel(&p, "k");
    assert!(exact(k), "{k}");
    assert!(races(k, 2, &[]), "{k}");
    // `int x = threadIdx.x - 1` is -1 again at thread 0.
    let p = program(
        "__global__ void k(int *A) {
           int x = threadIdx.x - 1;
           if (x >= 0) A[x] = 1; else A[0] = 2;
         }",
    );
    let k = kernel(&p, "k");
    assert!(races(k, 2, &[]), "{k}");
    // unsigned char keeps the value modulo 256: threads 0 and 64 share slot 0.
    let p = program(
        "__global__ void k(int *A) {
           unsigned char slot = threadIdx.x * 4;
           A[slot] = 1;
         }",
    );
    let k = kernel(&p, "k");
    assert!(exact(k), "{k}");
    assert!(races(k, 65, &[]), "{k}");
    assert!(!races(k, 64, &[]), "{k}");
    // signed char: 200 is -56.
    let p = program(
        "__global__ void k(int *A) {
           signed char c = threadIdx.x + 200;
           if (c < 0) A[0] = 1;
         }",
    );
    let k = kernel(&p, "k");
    assert!(races(k, 2, &[]), "{k}");
    // Ordinary unsigned index arithmetic keeps plain terms.
    let p = program("__global__ void k(int *A) { unsigned i = blockIdx.x * blockDim.x + threadIdx.x; A[i] = 1; }");
    assert!(!kernel(&p, "k").to_string().contains('&'));
}

#[test]
fn syncwarp_is_a_barrier_only_in_single_warp_blocks() {
    let text = "__global__ void k(int *A) {
                  __shared__ int s[64];
                  unsigned t = threadIdx.x;
                  int v = s[t + 1];
                  __syncwarp();
                  s[t] = v;
                }";
    let one_warp = Options {
        block_dim: Some([32, 1, 1]),
        ..Options::default()
    };
    let l = cuda::parse(Path::new("k.cu"), text, &one_warp, &no_files);
    assert!(l.errors.is_empty());
    let k = kernel(&l.program, "k");
    assert!(k.to_string().contains("sync"), "{k}");
    assert!(!races(k, 32, &[]), "{k}");
    // More than one warp, or an unknown geometry: a located error.
    for options in [
        Options::default(),
        Options {
            block_dim: Some([64, 1, 1]),
            ..Options::default()
        },
    ] {
        let l = cuda::parse(Path::new("k.cu"), text, &options, &no_files);
        let e = &l.errors[0].diagnostic;
        assert!(e.message.contains("__syncwarp"), "{e:?}");
        assert!(e.primary.is_some());
    }
    // A partial mask is an error; other warp intrinsics are unknown values, not barriers.
    let l = cuda::parse(
        Path::new("k.cu"),
        "__global__ void k(int *A) { __syncwarp(0xffff); }",
        &one_warp,
        &no_files,
    );
    assert!(!l.errors.is_empty());
    let p = program(
        "__global__ void k(int *A) {
           int v = __shfl_sync(0xffffffff, A[threadIdx.x], 0);
           int b = __ballot_sync(0xffffffff, v > 0);
           A[threadIdx.x] = v + b;
         }",
    );
    assert!(!kernel(&p, "k").to_string().contains("sync;"));
}

#[test]
fn while_loops_stepped_at_the_end_are_counted_loops() {
    let p = program(
        "__global__ void k(int *A) {
           __shared__ int s[64];
           unsigned tid = threadIdx.x;
           unsigned h = blockDim.x / 2;
           while (h > 0) {
             if (tid < h) s[tid] += s[tid + h];
             __syncthreads();
             h >>= 1;
           }
         }",
    );
    let k = kernel(&p, "k");
    assert!(k.to_string().contains("downto 0 step >>1"), "{k}");
    assert!(!races(k, 16, &[]), "{k}");
    // A `continue` could skip the step: not a counted loop.
    let p = program(
        "__global__ void k(int *A, int n) {
           int i = threadIdx.x;
           while (i < n) { if (A[i] == 0) continue; A[i] = 1; i += blockDim.x; }
         }",
    );
    assert!(kernel(&p, "k").to_string().contains("trips"));
    // The variable assigned in the body too: not a counted loop.
    let p = program(
        "__global__ void k(int *A, int n) {
           int i = threadIdx.x;
           while (i < n) { A[i] = 1; i = i + 2; i += blockDim.x; }
         }",
    );
    assert!(kernel(&p, "k").to_string().contains("trips"));
}

#[test]
fn indices_stepped_with_the_loop_are_induction_variables() {
    let p = program(
        "__global__ void k(const float *in, float *out) {
           int i = blockIdx.x * blockDim.x + threadIdx.x;
           for (int k = 0; k < 4; ++k) {
             out[i] = in[i];
             i += blockDim.x * gridDim.x;
           }
         }",
    );
    let k = kernel(&p, "k");
    let text = k.to_string();
    assert!(
        !text.contains("out[v") && text.contains("for k in 0..4"),
        "{k}"
    );
    assert!(!races(k, 8, &[]), "{k}");
    // A stride too short makes consecutive iterations of neighbours collide.
    let p = program(
        "__global__ void k(float *out) {
           int i = threadIdx.x;
           for (int k = 0; k < 2; ++k) { out[i] = 1; i += 1; }
         }",
    );
    assert!(races(kernel(&p, "k"), 2, &[]));
    // An amount that reads the loop variable is not invariant: the variable stays unknown.
    let p = program(
        "__global__ void k(float *out) {
           int i = threadIdx.x;
           for (int k = 0; k < 4; ++k) { out[i] = 1; i += k; }
         }",
    );
    assert!(kernel(&p, "k").to_string().contains("= ?"));
    // A `break` may skip the step: the variable stays unknown.
    let p = program(
        "__global__ void k(float *out, int n) {
           int i = threadIdx.x;
           for (int k = 0; k < 4; ++k) { if (k == n) break; out[i] = 1; i += 8; }
         }",
    );
    assert!(kernel(&p, "k").to_string().contains("= ?"));
}

#[test]
fn enumerators_are_constants() {
    let p = program(
        "enum Op { ADD, SUB = 4, MUL, NEG = -2, ODD = 1 << 2, AFTER };
         __global__ void k(int *A, int op) {
           switch (op) { case ADD: A[threadIdx.x] = 1; break; case MUL: A[threadIdx.x] = 2; break; }
           A[64 + SUB + MUL + NEG] = 3;
           A[AFTER] = 4;
         }",
    );
    let text = kernel(&p, "k").to_string();
    assert!(
        text.contains("op == 0") && text.contains("op == 5"),
        "{text}"
    );
    assert!(text.contains("64 + 4 + 5 + -2"), "{text}");
    // An enumerator after a non-literal initialiser has no known value.
    assert!(text.contains("AFTER = ?"), "{text}");
}

/// A pointer cast to a scalar of another size (`(uint *)bytes`) reaches several cells per
/// index: it is not followed (a located error) instead of indexing the bytes one per word,
/// which hid the race below (word 16 is bytes 64..67, read by thread 0).
#[test]
fn casts_between_scalars_of_different_sizes_are_not_followed() {
    let l = lowered(
        "__global__ void k(unsigned int *out) {\n\
           __shared__ unsigned char s[256];\n\
           ((unsigned int *)s)[threadIdx.x] = 0;\n\
           out[threadIdx.x] = s[64 + threadIdx.x];\n\
         }\n\
         __global__ void same(int *A) { ((unsigned int *)A)[threadIdx.x] = 1; }\n",
    );
    assert_eq!(l.errors.len(), 1, "{:?}", l.errors);
    assert_eq!(l.errors[0].kernel.as_deref(), Some("k"));
    assert_eq!(l.program.kernels.len(), 1);
}

/// `bool` template arguments and constant conditions: `nIsPow2 || ...` and
/// `if (WIDTH == HEIGHT)` do not make the kernel data-dependent, and a variable assigned in
/// the taken branch of a constant `if` keeps its value.
#[test]
fn constant_conditions_take_one_branch() {
    let p = program(
        "template <bool pow2> __global__ void k(int *A, int n) {\n\
           int i;\n\
           if (4 == 4) { i = threadIdx.x; } else { i = 0; }\n\
           if (pow2 || i < n) A[i] = 1;\n\
         }\n\
         template __global__ void k<true>(int *A, int n);\n",
    );
    let text = p.to_string();
    assert!(text.contains("k<1>"), "{text}");
    assert!(text.contains("A[tid.x] := 1;"), "{text}");
    assert!(!text.contains("if"), "{text}");
    assert!(!races(kernel(&p, "k<1>"), 8, &[("n", 8)]));
}

/// `for (a = a0, b = b0; a <= e; a += s, b += t)`: `b` is `b0 + (a - a0) / s * t`.
#[test]
fn comma_steps_are_auxiliary_induction_variables() {
    let p = program(
        "__global__ void k(int *A, int *B) {\n\
           for (int a = 0, b = 100; a < 64; a += 16, b += 32) {\n\
             A[a + threadIdx.x] = B[b + threadIdx.x];\n\
             B[b + threadIdx.x] = 0;\n\
           }\n\
         }\n",
    );
    let text = p.to_string();
    assert!(text.contains("(a - 0) / 16 * 32"), "{text}");
    assert!(!races(&p.kernels[0], 16, &[]));
}

/// Multiplicative auxiliary induction variables (GPU Gems 3, ch. 39): `offset *= 2` beside
/// `d >>= 1` from a power of two is `offset0 * (d0 / d)`; `offset >>= 1` (here the first
/// statement of the body) beside `d *= 2` from a constant is `offset0 / (d / d0)`; a loop of
/// constant bounds leaves them (and its variable) with known values, so the down-sweep
/// starts from the up-sweep's final `offset`.
#[test]
fn multiplicative_auxiliary_induction_variables() {
    let src = "__global__ void k(int *g) {\n\
           __shared__ int t[64];\n\
           int thid = threadIdx.x;\n\
           int offset = 1;\n\
           for (int d = 32; d > 0; d >>= 1) {\n\
             __syncthreads();\n\
             if (thid < d) { int ai = offset * (2 * thid + 1) - 1; int bi = offset * (2 * thid + 2) - 1; t[bi] += t[ai]; }\n\
             offset *= 2;\n\
           }\n\
           for (int d = 1; d < 64; d *= 2) {\n\
             offset >>= 1;\n\
             __syncthreads();\n\
             if (thid < d) { int ai = offset * (2 * thid + 1) - 1; int bi = offset * (2 * thid + 2) - 1; int x = t[ai]; t[ai] = t[bi]; t[bi] += x; }\n\
           }\n\
         }\n";
    let p = program(src);
    let k = kernel(&p, "k");
    let text = k.to_string();
    assert!(!text.contains('?'), "{text}");
    assert!(text.contains("32 / d * (2 * tid.x + 1) - 1"), "{text}");
    assert!(text.contains("64 / d_1 >> 1"), "{text}");
    assert!(!races(k, 32, &[]), "{k}");
    // Without the barrier of the up-sweep, levels overlap: a race, found through the exact
    // offsets.
    let racy = src.replacen("__syncthreads();\n", "\n", 1);
    assert!(races(kernel(&program(&racy), "k"), 32, &[]));

    // Not exact, so unknown: a start that is not a power of the factor (`48 / d` would not be
    // `2^j`), a factor other than the loop's, a halved value that may be negative. The loop
    // itself stays exact (`for d in ...`), only `offset` is unknown. The same loops with exact
    // steps have no unknown.
    for (head, aux, offset0, exact) in [
        (
            "int d = 48; d > 0; d >>= 1",
            "offset *= 2",
            "o + 100",
            false,
        ),
        (
            "int d = 32; d > 0; d >>= 1",
            "offset *= 4",
            "o + 100",
            false,
        ),
        (
            "int d = 1; d < 64; d *= 2",
            "offset >>= 1",
            "o - 100",
            false,
        ),
        (
            "int d = 32; d > 0; d >>= 1",
            "offset <<= 1",
            "o - 100",
            true,
        ),
        ("int d = 1; d < 64; d <<= 1", "offset /= 2", "o + 100", true),
    ] {
        let p = program(&format!(
            "__global__ void k(int *g, int o) {{\n\
               int offset = {offset0};\n\
               for ({head}) {{ g[offset + threadIdx.x] = 0; {aux}; }}\n\
             }}\n"
        ));
        let text = p.to_string();
        assert!(text.contains("for d in"), "{text}");
        assert_eq!(!text.contains('?'), exact, "{head}; {aux}: {text}");
    }
}

/// A loop of constant bounds that always runs to its end leaves its variable and its additive
/// auxiliary induction variables with constant values; a declaration in the body that shadows
/// an outer variable does not make the outer one unknown.
#[test]
fn constant_loops_leave_known_values() {
    let p = program(
        "__global__ void k(int *A) {\n\
           int i = 0, j = 3;\n\
           int ai = threadIdx.x;\n\
           for (i = 0; i < 8; i++) { int ai = i; A[ai] = 0; j += 2; }\n\
           A[ai + i + j] = 1;\n\
         }\n",
    );
    let text = p.to_string();
    assert!(!text.contains('?'), "{text}");
    assert!(text.contains("A[tid.x + 8 + 19] := 1"), "{text}");
}

/// `if (i == e) break;` in a counted loop with a unit step (Rodinia pathfinder): the body
/// runs while no earlier iteration broke, `!(0 <= e && e < i)`, so the barriers stay as
/// uniform as `e`; a flag the loop assigns is, after it, its value in the breaking iteration
/// (else in the last one, else before the loop).
#[test]
fn breaks_on_the_loop_variable_are_exact() {
    let src = "__global__ void k(int *A, int n, int m) {\n\
           __shared__ int s[64];\n\
           bool done = false;\n\
           for (int i = 0; i < n; i++) {\n\
             done = threadIdx.x < i;\n\
             s[threadIdx.x] = i;\n\
             __syncthreads();\n\
             if (i == m) break;\n\
             if (i == 3) s[0] = threadIdx.x;\n\
             __syncthreads();\n\
           }\n\
           if (done) A[threadIdx.x] = s[threadIdx.x];\n\
         }\n";
    let p = program(src);
    let k = kernel(&p, "k");
    let text = k.to_string();
    assert!(!text.contains("broke"), "{text}");
    assert!(text.contains("if !(0 <= m && m < i)"), "{text}");
    // `done` after the loop: `tid < m` when it broke at `m`, `tid < n - 1` when it ran to
    // the end, `false` when it did not run.
    assert!(
        text.contains("if 0 <= m && m < n && ult(tid.x, m) || (!(0 <= m && m < n) && 0 < n"),
        "{text}"
    );
    // The write at `i == 3` races only when the loop gets there.
    assert!(!races(k, 8, &[("n", 8), ("m", 2)]), "{k}");
    assert!(races(k, 8, &[("n", 8), ("m", 4)]), "{k}");
    assert!(!races(k, 8, &[("n", 3), ("m", 9)]), "{k}");
    // A monotone condition: `i >= m` first holds at `max(0, m)`.
    let p = program(&src.replace("i == m", "i >= m"));
    let text = p.to_string();
    assert!(text.contains("if !(i > 0 && i - 1 >= m)"), "{text}");
    assert!(!races(kernel(&p, "k"), 8, &[("n", 8), ("m", 2)]));
    assert!(races(kernel(&p, "k"), 8, &[("n", 8), ("m", 5)]));
    // A condition on what the body assigns, or a second exit: any subset of iterations.
    let p = program(&src.replace("i == m", "done"));
    assert!(p.to_string().contains("broke"), "{p}");
    let p = program(&src.replace("if (i == 3)", "if (i == 3) return; if (i == 3)"));
    assert!(p.to_string().contains("broke"), "{p}");
}

/// `1 << i` of a loop variable used only as a shift amount, with constant bounds (Rodinia
/// backprop): the loop runs over `p = 2^i` (`for pow2_i in 2..32 step *2`) and the shift is
/// `1 * pow2_i`, exact in `int` mode too. A loop variable used otherwise keeps its shift.
#[test]
fn shifts_by_a_loop_variable_are_products() {
    let src = "__global__ void k(int *A) {\n\
           __shared__ int s[16];\n\
           int t = threadIdx.x;\n\
           s[t] = A[t];\n\
           __syncthreads();\n\
           for (int i = 1; i <= 4; i++) {\n\
             int p = 1 << i;\n\
             if (t % p == 0) s[t] += s[t + (p >> 1)];\n\
             __syncthreads();\n\
           }\n\
           A[t] = s[t];\n\
         }\n";
    let p = program(src);
    let k = kernel(&p, "k");
    let text = k.to_string();
    assert!(text.contains("for pow2_i in 2..32 step *2"), "{text}");
    assert!(
        text.contains("1 * pow2_i") && !text.contains("<<"),
        "{text}"
    );
    assert!(!races(k, 16, &[]), "{k}");
    let racy = src.replacen("__syncthreads();\n}", "}", 1);
    assert_ne!(racy, src);
    assert!(races(kernel(&program(&racy), "k"), 16, &[]));
    // `i` used as an index too: not a loop of powers.
    let p = program(&src.replace("int p = 1 << i;", "int p = 1 << i; A[i] = 0;"));
    assert!(p.to_string().contains("1 << i"), "{p}");
}

/// A buffer toggle `pout = 1 - pout` (GPU Gems 3, listing 39-1): `j % 2` at iteration `j`,
/// `offset % 3 / 2` beside `offset *= 2` from 1, and its value after a loop of constant bounds
/// is known; the buffers of one round never meet.
#[test]
fn toggles_follow_the_parity_of_the_iteration() {
    let src = "__global__ void k(int *g) {\n\
           __shared__ int t[64];\n\
           int pout = 0, pin = 1;\n\
           t[threadIdx.x] = 0;\n\
           __syncthreads();\n\
           for (int offset = 1; offset < 32; offset *= 2) {\n\
             pout = 1 - pout;\n\
             pin = 1 - pout;\n\
             if (threadIdx.x >= offset) t[pout * 32 + threadIdx.x] = t[pin * 32 + threadIdx.x - offset];\n\
             __syncthreads();\n\
           }\n\
           g[threadIdx.x] = t[pout * 32 + threadIdx.x];\n\
           int q = 0;\n\
           for (int i = 3; i < 9; i += 2) { q = 5 - q; g[64 + q * 32 + threadIdx.x] = 0; }\n\
         }\n";
    let p = program(src);
    let k = kernel(&p, "k");
    let text = k.to_string();
    assert!(text.contains("1 - offset % 3 / 2"), "{text}");
    assert!(text.contains("t[1 * 32 + tid.x]"), "{text}");
    // Beside an additive loop: `q = 5 - q` from 0 is `(i - 3) / 2 % 2 * 5`.
    assert!(text.contains("(i - 3) / 2 % 2 * 5"), "{text}");
    assert!(!races(k, 32, &[]), "{k}");
    // Without the barrier, a round reads what the previous round writes.
    let racy = src.replacen("__syncthreads();\n}", "}", 1);
    assert_ne!(racy, src);
    assert!(races(kernel(&program(&racy), "k"), 32, &[]));
}

// C++ template syntax: calls of function templates with explicit arguments (value arguments
// bind the callee's template parameters), explicit specialisations (a kernel of its own; a
// `__device__` one runs for the calls whose arguments name it), and `>>` closing two template
// argument lists while it stays a shift elsewhere.

/// The printed kernel named `name`.
fn body_of(p: &Program, name: &str) -> String {
    kernel(p, name).to_string()
}

const WARP_REDUCE: &str = "
template <unsigned int blockSize>
__device__ void warpReduce(volatile int *sdata, unsigned int tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
}
template <unsigned int blockSize>
__global__ void reduce6(int *g) {
  __shared__ int sdata[blockSize];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g[tid];
  __syncthreads();
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
}
template __global__ void reduce6<32>(int *);
template __global__ void reduce6<64>(int *);
";

#[test]
fn explicit_arguments_bind_the_callees_template_parameters() {
    let p = program(WARP_REDUCE);
    // With 32, only the second step runs; with 64, both.
    let small = body_of(&p, "reduce6<32>");
    assert!(
        small.contains("tid.x + 16") && !small.contains("tid.x + 32"),
        "{small}"
    );
    let large = body_of(&p, "reduce6<64>");
    assert!(
        large.contains("tid.x + 16") && large.contains("tid.x + 32"),
        "{large}"
    );
}

#[test]
fn an_explicit_specialisation_is_a_kernel_of_its_own() {
    let p = program(
        "
template <typename T, int N>
__global__ void fill(T *a) { a[blockIdx.x * N + threadIdx.x] = 1; }
template <>
__global__ void fill<float, 64>(float *a) { a[blockIdx.x * 64 + threadIdx.x] = 2; }
",
    );
    let special = body_of(&p, "fill<float, 64>");
    assert!(special.contains(":= 2"), "{special}");
    assert!(body_of(&p, "fill").contains(":= 1"));
}

#[test]
fn a_double_closing_bracket_closes_two_argument_lists_and_a_shift_stays_a_shift() {
    let p = program(
        "
template <typename T> struct Vec { T x; };
template <typename T> struct Wrap { T v; };
__global__ void k(int *a) {
  Wrap<Vec<int>> w;
  int s = 256 >> 2;
  a[blockIdx.x * blockDim.x + threadIdx.x] = s >> 1;
}
",
    );
    let k = body_of(&p, "k");
    assert!(k.contains("256 >> 2") && k.contains("s >> 1"), "{k}");
}

#[test]
fn a_call_runs_the_specialisation_its_arguments_name() {
    let p = program(
        "
template <int K> __device__ void put(int *a) { a[threadIdx.x] = K; }
template <> __device__ void put<0>(int *a) { a[0] = 7; }
__global__ void special(int *a) { put<0>(a); }
__global__ void primary(int *a) { put<1>(a); }
",
    );
    let special = body_of(&p, "special");
    assert!(special.contains("[0] := 7"), "{special}");
    let primary = body_of(&p, "primary");
    assert!(primary.contains("[tid.x] := 1"), "{primary}");
    // A call whose arguments cannot be folded to literals could run either: refused.
    let l = lowered(
        "
template <int K> __device__ void put(int *a) { a[threadIdx.x] = K; }
template <> __device__ void put<0>(int *a) { a[0] = 7; }
__global__ void unknown(int *a, int n) { put<n>(a); }
",
    );
    assert!(
        l.errors
            .iter()
            .any(|e| e.diagnostic.message.contains("which specialisation")),
        "{:?}",
        l.errors
    );
}
