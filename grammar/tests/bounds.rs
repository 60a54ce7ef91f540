//! Bounds of accesses (issue 34 item 4, `notes/out-of-bounds.md`): the clang front end gives
//! each subscript of an array of fixed size its bound (`tile[ty][tx]` of `float tile[32][33]`:
//! `0 <= ty < 32` in dimension 0, `0 <= tx < 33` in dimension 1), none to an access of a
//! pointer parameter's memory or an `extern __shared__` array; an access through a pointer into
//! a fixed-size object keeps the object's extent (session 21), and a local array's or a `const`
//! table's index is checked too; `.bcu` writes them `A[e] in [0: i < 32]`, and the printer
//! writes them back the same way.

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

// ---- session 21 (probe 4, W6/W7/W3): pointers, views, local arrays, tables ----

#[test]
fn an_access_through_a_pointer_keeps_the_objects_extent() {
    // A helper's pointer parameter, a pointer into the middle, an atomic's address: each
    // designates an element of `s`, checked in dimension 0 of `s`.
    let k = kernel(
        "__device__ void put(int *a, int i) { a[i + 1] = i; }
         __global__ void t(int n) {
           __shared__ int s[64];
           put(s, threadIdx.x);
           int *p = s + 60;
           p[threadIdx.x] = 1;
           atomicAdd(&s[threadIdx.x + 2], 1);
         }",
    );
    let s = accesses(&k, "s");
    assert_eq!(s.len(), 3);
    assert_eq!(bounds(s[0]), ["0: tid.x + 1 < 64"]);
    assert_eq!(bounds(s[1]), ["0: 60 + tid.x < 64"]);
    assert_eq!(bounds(s[2]), ["0: tid.x + 2 < 64"]);
}

#[test]
fn a_view_of_another_type_is_checked_against_the_whole_object() {
    // `float4 *` over `float f[64]`: the first and the last float of each store; a pointer to
    // rows of 8 over `int s[256]`: the rows are no dimension of `s`, so only the cell is.
    let k = kernel(
        "__global__ void t(int n) {
           __shared__ float f[64];
           __shared__ int s[256];
           float4 *v = (float4 *)f;
           v[threadIdx.x] = make_float4(0.f, 0.f, 0.f, 0.f);
           int (*rows)[8] = (int (*)[8])s;
           rows[threadIdx.y][threadIdx.x] = 1;
         }",
    );
    let f = accesses(&k, "f");
    assert_eq!(f.len(), 4);
    for a in &f {
        assert_eq!(bounds(a).len(), 2, "{:?}", bounds(a));
        assert!(bounds(a)
            .iter()
            .all(|b| b.starts_with("0: ") && b.ends_with("< 64")));
    }
    let s = accesses(&k, "s");
    assert_eq!(s.len(), 1);
    assert_eq!(bounds(s[0]), ["0: tid.y * 8 + tid.x < 256"]);
}

#[test]
fn a_pointer_to_the_objects_elements_keeps_its_dimensions() {
    let k = kernel(
        "__global__ void t(int n) {
           __shared__ int tile[8][16];
           int (*r)[16] = tile;
           r[threadIdx.y][threadIdx.x] = 1;
         }",
    );
    let tile = accesses(&k, "tile");
    assert_eq!(tile.len(), 1);
    assert_eq!(bounds(tile[0]), ["0: tid.y * 16 / 16 < 8", "1: tid.x < 16"]);
}

#[test]
fn a_local_array_is_checked_and_its_last_case_guarded() {
    // `loc[t % 8]` of `int loc[4]`: a read of the array standing for `loc` carries the bound,
    // and no index outside reads an element (the last case is guarded by its index too).
    let k = kernel(
        "__global__ void t(int *out) {
           int loc[4] = {0, 1, 2, 3};
           out[threadIdx.x] = loc[threadIdx.x % 8];
         }",
    );
    let loc = accesses(&k, "loc");
    assert_eq!(loc.len(), 1);
    assert_eq!(bounds(loc[0]).len(), 1);
    assert!(bounds(loc[0])[0].ends_with("< 4"));
    let mut stored = Vec::new();
    k.body.walk(&mut |s| {
        if let StmtKind::Write { target, value } = &s.kind {
            if target.array.name == "out" {
                stored.push(value.to_string());
            }
        }
    });
    assert_eq!(stored.len(), 1);
    assert!(stored[0].contains("== 3, 3, loc_v"), "{}", stored[0]);
    // In bounds by the lowering's intervals: no check, the chain as before.
    let k = kernel(
        "__global__ void t(int *out) {
           int loc[4] = {0, 1, 2, 3};
           out[threadIdx.x] = loc[threadIdx.x % 4];
         }",
    );
    assert!(accesses(&k, "loc").is_empty());
}

#[test]
fn a_const_tables_index_outside_is_checked() {
    let k = kernel(
        "const int tab[4] = {0, 1, 2, 3};
         __global__ void t(int *a) {
           a[8 * threadIdx.x + tab[threadIdx.x % 8]] = 1;
           a[8 * threadIdx.x + 4 + tab[threadIdx.x % 4]] = 1;
         }",
    );
    let tab = accesses(&k, "tab");
    assert_eq!(
        tab.len(),
        1,
        "only the index that may leave the table is read"
    );
    assert!(bounds(tab[0])[0].ends_with("< 4"));
}

/// Whether `k` writes (plainly or atomically) `array` anywhere.
fn writes(k: &Kernel, array: &str) -> bool {
    let mut found = false;
    k.body.walk(&mut |s| match &s.kind {
        StmtKind::Write { target: a, .. } | StmtKind::Atomic { target: a, .. }
            if a.array.name == array =>
        {
            found = true
        }
        _ => {}
    });
    found
}

#[test]
fn a_threads_own_array_is_checked_through_views_pointers_and_helpers() {
    // Session 22: the stand-in of a thread's own array (`own.rs`) is read at each access whose
    // bound the intervals do not settle, and never written.
    let k = kernel(
        "__device__ int get(const int *q, int i) { return q[i]; }
         __device__ void put(short *q, int i) { q[i] = 1; }
         __global__ void t(int *out, int n) {
           int a[4] = {1, 2, 3, 4};
           short b[8];
           short *p = &b[2];
           put(b, n);
           out[threadIdx.x] = get(a, n) + ((unsigned char *)a)[n] + p[n];
         }",
    );
    // The byte view makes `a` byte-addressed: through the helper's `const int *`, the first
    // and the last byte of the element; through the view, its byte over the 4 of an element.
    let a = accesses(&k, "a");
    assert_eq!(bounds(a[0]), ["0: n * 4 / 4 < 4", "0: (n * 4 + 3) / 4 < 4"]);
    assert_eq!(bounds(a[1]), ["0: n / 4 < 4"]);
    let b = accesses(&k, "b");
    assert_eq!(bounds(b[0]), ["0: n < 8"]);
    assert_eq!(bounds(b[1]), ["0: 2 + n < 8"]);
    assert!(!writes(&k, "a") && !writes(&k, "b"));
}

#[test]
fn an_array_in_a_threads_own_struct_is_checked() {
    let k = kernel(
        "struct S { int v[4]; int n; };
         __global__ void t(int *out, int i) {
           S s;
           s.v[i] = 1;
           atomicAdd(&s.n, 1);
           out[threadIdx.x] = s.n;
         }",
    );
    let s = accesses(&k, "s");
    assert_eq!(s.len(), 1);
    assert_eq!(bounds(s[0]), ["0: i < 4"]);
    assert!(!writes(&k, "s"));
}

#[test]
fn a_pointer_to_a_rows_element_is_checked_against_the_row() {
    // C++ [expr.add]/4: the array object `row` points into is the row `a[y]`.
    let k = kernel(
        "__device__ void put(int *r, int i) { r[i] = i; }
         __global__ void t(int y, int x) {
           __shared__ int a[4][8];
           int *row = &a[y][0];
           row[x] = 1;
           put(a[y], x + 1);
           int *col = &a[0][x];
           col[8] = 2;
           ((char *)a[y])[x] = 3;
         }",
    );
    // The `char *` view makes `a` byte-addressed: each `int` store is 4 cells with the bounds
    // of its element.
    let a = accesses(&k, "a");
    assert_eq!(a.len(), 13);
    assert_eq!(bounds(a[0]), ["0: y < 4", "1: x < 8"]);
    assert_eq!(bounds(a[4]), ["0: y < 4", "1: i < 8"]);
    // `&a[0][x]`: dimension 0 is settled (0 < 4); `col[8]` leaves row 0.
    assert_eq!(bounds(a[8]), ["1: x + 8 < 8"]);
    // A view of another type is checked against the whole object.
    assert_eq!(bounds(a[12]), ["0: at_3 / 32 < 4"]);
}
