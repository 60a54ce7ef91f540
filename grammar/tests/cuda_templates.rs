//! C++ template syntax in the CUDA front end: calls of function templates with explicit
//! arguments (`warpReduce<blockSize>(s, t)`, whose value arguments bind the callee's template
//! parameters), explicit specialisations (`template <> __global__ void k<float, 64>(...)`, a
//! kernel of its own; a `__device__` one runs for the calls whose arguments name it), and `>>` closing two template argument lists (`Wrap<Vec<int>>`) while
//! it stays a shift elsewhere.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::Program;
use mapcheck_grammar::cuda::{self, Options};
use std::path::Path;

fn program(text: &str) -> Program {
    let l = cuda::parse(Path::new("k.cu"), text, &Options::default(), &|_: &Path| {
        Err("no such file".to_string())
    });
    let errors: Vec<String> = l
        .errors
        .iter()
        .map(|e| e.diagnostic.message.clone())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    l.program
}

/// The printed body of the kernel named `name`.
fn body(p: &Program, name: &str) -> String {
    p.kernels
        .iter()
        .find(|k| k.name.name == name)
        .unwrap_or_else(|| panic!("no kernel `{name}` in {p}"))
        .to_string()
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
    let small = body(&p, "reduce6<32>");
    assert!(
        small.contains("tid + 16") && !small.contains("tid + 32"),
        "{small}"
    );
    let large = body(&p, "reduce6<64>");
    assert!(
        large.contains("tid + 16") && large.contains("tid + 32"),
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
    let special = body(&p, "fill<float, 64>");
    assert!(special.contains(":= 2"), "{special}");
    assert!(body(&p, "fill").contains(":= 1"));
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
    let k = body(&p, "k");
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
    let special = body(&p, "special");
    assert!(special.contains("[0] := 7"), "{special}");
    let primary = body(&p, "primary");
    assert!(primary.contains("[tid] := 1"), "{primary}");
    // A call whose arguments cannot be folded to literals could run either: refused.
    let l = cuda::parse(
        Path::new("k.cu"),
        "
template <int K> __device__ void put(int *a) { a[threadIdx.x] = K; }
template <> __device__ void put<0>(int *a) { a[0] = 7; }
__global__ void unknown(int *a, int n) { put<n>(a); }
",
        &Options::default(),
        &|_: &Path| Err("no such file".to_string()),
    );
    assert!(
        l.errors
            .iter()
            .any(|e| e.diagnostic.message.contains("which specialisation")),
        "{:?}",
        l.errors
    );
}
