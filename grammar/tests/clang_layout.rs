//! The clang front end keeps the declared shape of the arrays it flattens (`ArrayDecl::layout`),
//! so that a report can name a cell as the source does (`tile[0][1]`, `p[3].colour.w`). The
//! expected shapes and cells follow C's row-major layout and the declaration order of fields;
//! each check also ties the shape to a cell the lowering writes, so the two numberings agree.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mapcheck_core::ast::{BinOp, Expr, ExprKind, Kernel, StmtKind};
use mapcheck_core::layout::{cell_text, Layout};
use mapcheck_grammar::clang;
use mapcheck_grammar::cuda::Options;
use std::path::Path;

fn kernel(text: &str) -> Kernel {
    let l = clang::parse(Path::new("k.cu"), text, &Options::default());
    assert!(l.errors.is_empty(), "{:?}", l.errors.len());
    l.program.kernels.into_iter().next().unwrap()
}

fn array(len: Option<u64>, elem: Layout) -> Layout {
    Layout::Array {
        len,
        elem: Box::new(elem),
    }
}

/// The constant flat index of the only write to `name`.
fn written_cell(k: &Kernel, name: &str) -> i128 {
    let mut cells = Vec::new();
    k.body.walk(&mut |s| {
        if let StmtKind::Write { target, .. } = &s.kind {
            if target.array.name == name {
                cells.push(target.index.clone());
            }
        }
    });
    let [index] = cells.as_slice() else {
        panic!("{} writes to `{name}`", cells.len())
    };
    let [e] = index.as_slice() else {
        panic!("{} indices", index.len())
    };
    constant(e)
}

/// The value of a constant index expression (the lowering may leave `21 + 3 + 3` unfolded).
fn constant(e: &Expr) -> i128 {
    match &e.kind {
        ExprKind::Int(i) => i128::from(*i),
        ExprKind::Bin(op, a, b) => {
            let (a, b) = (constant(a), constant(b));
            match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                _ => panic!("not a constant index: {e}"),
            }
        }
        _ => panic!("not a constant index: {e}"),
    }
}

fn cell(k: &Kernel, name: &str) -> String {
    let layout = k.array(name).unwrap().layout.as_ref().expect("a layout");
    cell_text(name, &layout.steps(written_cell(k, name)).unwrap())
}

#[test]
fn a_two_dimensional_shared_array_keeps_its_dimensions() {
    let k = kernel(
        "__global__ void k() {\n  __shared__ float tile[16][17];\n  tile[2][3] = 1.0f;\n}\n",
    );
    let tile = k.array("tile").unwrap();
    assert_eq!(
        tile.layout,
        Some(array(Some(16), array(Some(17), Layout::Cell)))
    );
    // Row 2, column 3 of 17 columns is flat cell 2 * 17 + 3.
    assert_eq!(written_cell(&k, "tile"), 37);
    assert_eq!(cell(&k, "tile"), "tile[2][3]");
}

#[test]
fn a_struct_pointer_parameter_keeps_its_fields() {
    let k = kernel(
        "struct V { float x, y, z, w; };\n\
         struct P { float x, y; int id; V colour; };\n\
         __global__ void k(P *p) {\n  p[3].colour.w = 1.0f;\n}\n",
    );
    let v = Layout::Record {
        fields: ["x", "y", "z", "w"]
            .map(|f| (f.to_string(), Layout::Cell))
            .to_vec(),
    };
    let p = Layout::Record {
        fields: vec![
            ("x".into(), Layout::Cell),
            ("y".into(), Layout::Cell),
            ("id".into(), Layout::Cell),
            ("colour".into(), v),
        ],
    };
    assert_eq!(k.array("p").unwrap().layout, Some(array(None, p)));
    // Element 3 of 7 cells, then x, y, id and colour's x, y, z before w: 3 * 7 + 6.
    assert_eq!(written_cell(&k, "p"), 27);
    assert_eq!(cell(&k, "p"), "p[3].colour.w");
}

#[test]
fn a_scalar_shared_variable_is_one_cell() {
    let k = kernel("__global__ void k() {\n  __shared__ int flag;\n  flag = 1;\n}\n");
    assert_eq!(k.array("flag").unwrap().layout, Some(Layout::Cell));
    assert_eq!(cell(&k, "flag"), "flag");
}
