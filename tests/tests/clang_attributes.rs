//! Every attribute clang gives the code mapcheck reads has a rule of its own in
//! `mapcheck_grammar::clang::attributes::ATTRIBUTES` (issue 32 item 2: nothing dropped). The
//! lowering refuses an attribute with no rule; this test makes sure that the ones mapcheck's
//! own headers, the standard library's headers that CUDA files include, and the attributes
//! CUDA programmers write every day carry are all listed — with a reason — so that no header
//! change or new everyday attribute turns into a refusal or, worse, into a rule nobody wrote.

use mapcheck_grammar::clang::ast::{Kind, Node};
use mapcheck_grammar::clang::attributes::{self, Handling};
use mapcheck_grammar::clang::driver::{find_clang, header_dir, run_clang};
use std::collections::BTreeSet;
use std::path::Path;

/// The standard headers CUDA files of the corpus and the samples include.
const SYSTEM_HEADERS: &[&str] = &[
    "cmath",
    "algorithm",
    "iostream",
    "cstdio",
    "cstdlib",
    "cstring",
    "climits",
    "cstdint",
    "type_traits",
    "utility",
    "limits",
];

/// Attributes as CUDA programmers write them, on functions, variables, types and statements.
const EVERYDAY: &str = r#"
struct __align__(16) V { float x, y, z, w; };
__device__ __forceinline__ int f1(int x) { return x + 1; }
__device__ __noinline__ int f2(int x) { return x + 2; }
[[nodiscard]] __device__ int f3(int x) { return x; }
[[deprecated]] __device__ int f4(int x) { return x; }
__device__ __attribute__((const)) int f5(int x) { return x * 2; }
__device__ __attribute__((pure)) int f6(const int *p) { return *p; }
[[noreturn]] __device__ void f7() { __trap(); }
__global__ void __launch_bounds__(256, 2) k(int *__restrict__ a, const int *__restrict__ b, int n)
{
    [[maybe_unused]] int u = 0;
    __shared__ __align__(8) int s[32];
    [[assume(n > 0)]];
#pragma unroll 4
    for (int i = 0; i < 8; i++) {
        if (n > i) [[likely]]
            a[i] = b[i];
        else [[unlikely]]
            a[i] = s[i];
    }
    switch (n) {
    case 1:
        a[0] = 1;
        [[fallthrough]];
    default:
        break;
    }
}
"#;

fn attributes_in(n: &Node, out: &mut BTreeSet<String>) {
    if let Kind::Other(k) = &n.kind {
        if k.ends_with("Attr") {
            out.insert(k.clone());
        }
    }
    for c in &n.inner {
        attributes_in(c, out);
    }
}

#[test]
fn every_attribute_of_the_headers_has_a_rule() {
    let clang = find_clang().expect("clang (cargo xtask setup installs it)");
    let headers = header_dir().expect("mapcheck's headers");
    let mut names: Vec<String> = std::fs::read_dir(&headers)
        .expect("the header directory")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| !n.starts_with("__mapcheck"))
        .collect();
    names.sort();
    assert!(
        names.len() > 20,
        "mapcheck's headers were not found in {}",
        headers.display()
    );
    let mut text = String::new();
    for n in names
        .iter()
        .map(String::as_str)
        .chain(SYSTEM_HEADERS.iter().copied())
    {
        text.push_str(&format!("#include <{n}>\n"));
    }
    text.push_str(EVERYDAY);
    let out = run_clang(
        &clang,
        &headers,
        Path::new("every_header.cu"),
        &text,
        &[],
        None,
    )
    .expect("clang runs");
    assert!(
        out.errors.is_empty(),
        "clang rejects the headers: {:?}",
        out.errors.iter().map(|e| &e.message).collect::<Vec<_>>()
    );
    let root = out.root.expect("clang's JSON");
    let mut seen = BTreeSet::new();
    attributes_in(&root, &mut seen);
    for everyday in [
        "CUDALaunchBoundsAttr",
        "CXXAssumeAttr",
        "LoopHintAttr",
        "LikelyAttr",
        "FallThroughAttr",
        "AlignedAttr",
        "CXX11NoReturnAttr",
    ] {
        assert!(
            seen.contains(everyday),
            "the everyday code no longer produces {everyday}: is the test still reading it?"
        );
    }
    let unknown: Vec<&String> = seen.iter().filter(|k| !attributes::is_known(k)).collect();
    assert!(
        unknown.is_empty(),
        "attributes with no rule in attributes::ATTRIBUTES (the lowering refuses them): {unknown:?}"
    );
    let refused: Vec<&String> = seen
        .iter()
        .filter(|k| matches!(attributes::handling(k), Handling::Refused(_)))
        .collect();
    assert!(
        refused.is_empty(),
        "everyday headers carry attributes the lowering refuses: {refused:?}"
    );
}
