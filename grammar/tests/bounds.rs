//! Bounds of accesses (issue 34 item 4, `notes/out-of-bounds.md`): the clang front end gives
//! each subscript of an array of fixed size its bound (`tile[ty][tx]` of `float tile[32][33]`:
//! `0 <= ty < 32` in dimension 0, `0 <= tx < 33` in dimension 1), none to an access through a
//! pointer or an `extern __shared__` array; `.bcu` writes them `A[e] in [0: i < 32]`, and the
//! printer writes them back the same way.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::{Access, Kernel, StmtKind};
use mapcheck_core::Structural;
use mapcheck_grammar::clang;
use mapcheck_grammar::cuda::Options;
use std::path::Path;

fn kernel(text: &str) -> Kernel {
    let l = clang::parse(Path::new("k.cu"), text, &Options::default());
    assert!(l.errors.is_empty(), "{:?}", l.errors.len());
    l.program.kernels.into_iter().next().unwrap()
}

/// Every access of `k` to `array`, in order.
fn accesses<'a>(k: &'a Kernel, array: &str) -> Vec<&'a Access> {
    let mut out = Vec::new();
    k.body.walk(&mut |s| match &s.kind {
        StmtKind::Write { target: a, .. }
        | StmtKind::Read { source: a, .. }
        | StmtKind::Atomic { target: a, .. }
            if a.array.name == array =>
        {
            out.push(a)
        }
        _ => {}
    });
    out
}

/// The bounds of an access as `.bcu` prints them.
fn bounds(a: &Access) -> Vec<String> {
    a.bounds
        .iter()
        .map(|b| format!("{}: {} < {}", b.dim, b.index, b.extent))
        .collect()
}

#[test]
fn every_subscript_of_a_fixed_size_array_has_its_bound() {
    let k = kernel(
        "__device__ float src[32][32];
         __global__ void t(float *out) {
           __shared__ float tile[32][33];
           tile[threadIdx.y][threadIdx.x] = src[threadIdx.y][threadIdx.x];
           __syncthreads();
           out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
         }",
    );
    let tile = accesses(&k, "tile");
    assert_eq!(tile.len(), 2);
    assert_eq!(bounds(tile[0]), ["0: tid.y < 32", "1: tid.x < 33"]);
    assert_eq!(bounds(tile[1]), ["0: tid.x < 32", "1: tid.y < 33"]);
    let src = accesses(&k, "src");
    assert_eq!(bounds(src[0]), ["0: tid.y < 32", "1: tid.x < 32"]);
    // A pointer's length is unknown: no bound.
    let out = accesses(&k, "out");
    assert_eq!(out.len(), 1);
    assert!(out[0].bounds.is_empty());
}

#[test]
fn a_field_of_an_element_keeps_the_elements_bound_and_extern_shared_has_none() {
    let k = kernel(
        "struct P { float x; float v[4]; };
         __global__ void t(int i) {
           __shared__ P ps[8];
           extern __shared__ float dyn[];
           ps[threadIdx.x].v[i] = 1.0f;
           dyn[threadIdx.x] = 2.0f;
         }",
    );
    let ps = accesses(&k, "ps");
    assert_eq!(ps.len(), 1);
    assert_eq!(bounds(ps[0]), ["0: tid.x < 8", "1: i < 4"]);
    let dynamic: Vec<&Access> = k
        .arrays
        .iter()
        .filter(|a| a.name.name.starts_with("dyn"))
        .flat_map(|a| accesses(&k, &a.name.name))
        .collect();
    assert_eq!(dynamic.len(), 1);
    assert!(dynamic[0].bounds.is_empty());
}

#[test]
fn bcu_bounds_parse_and_print_back() {
    let text = "kernel k() {
  shared A;
  A[tid * 33 + tid] in [0: tid < 32, 1: tid < 33] := 1;
  let x = A[tid] in [0: tid < 32];
  let y = atomic A[0] in [0: 0 < 1] += x;
}
";
    let p = mapcheck_grammar::parse(text).unwrap();
    let printed = p.to_string();
    assert!(
        printed.contains("A[tid * 33 + tid] in [0: tid < 32, 1: tid < 33] := 1;"),
        "{printed}"
    );
    assert!(
        printed.contains("let x = A[tid] in [0: tid < 32];"),
        "{printed}"
    );
    let again = mapcheck_grammar::parse(&printed).unwrap();
    assert_eq!(again.without_spans(), p.without_spans());
}

#[test]
fn a_bound_must_compare_with_a_positive_literal() {
    for bad in [
        "kernel k(n) { shared A; A[tid] in [0: tid < n] := 1; }",
        "kernel k() { shared A; A[tid] in [0: tid <= 3] := 1; }",
        "kernel k() { shared A; let x = tid in [0: tid < 3]; }",
    ] {
        assert!(mapcheck_grammar::parse(bad).is_err(), "{bad}");
    }
}
