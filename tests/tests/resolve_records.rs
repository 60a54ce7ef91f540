//! The resolve stage (`mapcheck_grammar::clang::resolve`) on a translation unit of namesake
//! records, checked against the tree clang gives: each type decided names the declaration that
//! C++ gives it (found here by walking the tree, not by asking the stage), an undecidable one is
//! left unresolved, and the layouts are those the C and Itanium rules give (worked out by hand
//! in the comments).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_grammar::clang::ast::{Kind, Node};
use mapcheck_grammar::clang::driver::{find_clang, header_dir, run_clang};
use mapcheck_grammar::clang::resolve::{resolve, Model};
use std::path::Path;

const TEXT: &str = r#"
struct Cfg { int mul; int off; };
namespace geo { struct Key { char a; int b; }; }
struct Outer { struct Cfg { short s; int t; }; };
struct Bits { unsigned a : 3; unsigned b : 7; int c; };
struct __attribute__((packed)) Packed { char c; int i; };
struct WithVec { char c; float4 v; };
__device__ Cfg make() { Cfg c{2, 1}; return c; }
__global__ void k(int *a) {
  struct Cfg { int off; int mul; };
  auto g = make();
  Cfg l{1, 2};
  decltype(l) unused{3, 4};
  Outer::Cfg o{1, 2};
  geo::Key key{1, 2};
  a[g.mul + l.mul + o.t + key.b + (int)sizeof(unused)] = 1;
}
"#;

fn parsed() -> (Node, Model) {
    let clang = find_clang().expect("clang is installed");
    let headers = header_dir().expect("mapcheck's headers");
    let out =
        run_clang(&clang, &headers, Path::new("resolve.cu"), TEXT, &[], None).expect("clang runs");
    assert!(out.errors.is_empty(), "{:?}", out.errors.len());
    assert!(
        out.layouts.contains("*** Dumping AST Record Layout"),
        "clang printed no layouts"
    );
    let mut root = out.root.expect("clang's JSON");
    let model = resolve(&mut root, TEXT, &out.layouts);
    (root, model)
}

fn find<'a>(n: &'a Node, pred: &dyn Fn(&Node) -> bool) -> Option<&'a Node> {
    if pred(n) {
        return Some(n);
    }
    n.inner.iter().find_map(|c| find(c, pred))
}

fn named<'a>(n: &'a Node, kind: Kind, name: &str) -> &'a Node {
    find(n, &|m| m.kind == kind && m.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no {kind:?} {name}"))
}

#[test]
fn namesake_types_name_their_declarations() {
    let (root, model) = parsed();
    // The file-scope Cfg is the first complete definition of that name in the main file;
    // the kernel's is the one inside `k`.
    let file_cfg = root
        .inner
        .iter()
        .find(|n| {
            n.kind == Kind::CXXRecordDecl
                && n.name.as_deref() == Some("Cfg")
                && n.complete_definition == Some(true)
        })
        .expect("file-scope Cfg");
    let kernel = named(&root, Kind::FunctionDecl, "k");
    let local_cfg = named(kernel, Kind::CXXRecordDecl, "Cfg");
    assert_ne!(file_cfg.id, local_cfg.id);
    let ty = |name: &str| named(kernel, Kind::VarDecl, name).qual_type().to_string();
    // `auto g = make()`: make returns the file-scope Cfg.
    assert_eq!(ty("g"), format!("Cfg@{}", file_cfg.id));
    // `Cfg l{1, 2}` written after the local Cfg: the local one.
    assert_eq!(ty("l"), format!("Cfg@{}", local_cfg.id));
    // `unused`'s type is deduced (`decltype`) and only `sizeof` names it: nothing tells which
    // Cfg it is from clang's facts alone.
    assert_eq!(ty("unused"), "Cfg@?");
    assert_eq!(ty("o"), "Outer::Cfg");
    assert_eq!(ty("key"), "geo::Key");
    for identity in [
        "Outer::Cfg".to_string(),
        "geo::Key".to_string(),
        format!("Cfg@{}", file_cfg.id),
        format!("Cfg@{}", local_cfg.id),
    ] {
        assert!(model.records.contains_key(&identity), "{identity}");
    }
    assert!(!model.records.contains_key("Cfg"));
}

#[test]
fn layouts_are_clangs() {
    let (root, model) = parsed();
    let layout = |name: &str| {
        let r = find(&root, &|m| {
            m.kind == Kind::CXXRecordDecl
                && m.name.as_deref() == Some(name)
                && m.complete_definition == Some(true)
        })
        .unwrap_or_else(|| panic!("no record {name}"));
        model
            .layouts
            .get(&r.id)
            .unwrap_or_else(|| panic!("no layout of {name}"))
            .clone()
    };
    // Bit-fields a (3 bits) and b (7 bits) share the first unsigned: bits 0-2 and 3-9; c is
    // the next int, at 4; 8 bytes, aligned to 4.
    let bits = layout("Bits");
    let f: Vec<(u64, Option<(u64, u64)>)> =
        bits.fields().map(|(m, _)| (m.offset, m.bits)).collect();
    assert_eq!(f, vec![(0, Some((0, 2))), (0, Some((3, 9))), (4, None)]);
    assert_eq!((bits.size, bits.align), (8, 4));
    // Packed: i right after c.
    let packed = layout("Packed");
    let f: Vec<u64> = packed.fields().map(|(m, _)| m.offset).collect();
    assert_eq!(f, vec![0, 1]);
    assert_eq!((packed.size, packed.align), (5, 1));
    // float4 is 16-aligned in CUDA (`__builtin_align__(16)`): v at 16, 32 bytes.
    let with = layout("WithVec");
    let f: Vec<u64> = with.fields().map(|(m, _)| m.offset).collect();
    assert_eq!(f, vec![0, 16]);
    assert_eq!((with.size, with.align), (32, 16));
    // geo::Key {char a; int b;}: b at 4 after 3 bytes of padding.
    let key = layout("Key");
    let f: Vec<u64> = key.fields().map(|(m, _)| m.offset).collect();
    assert_eq!(f, vec![0, 4]);
}
