//! Shapes: what proptest generates and shrinks — a tree in which a variable use is a number
//! and a binder has no name (the module doc of [`super`] says why).

use super::*;

#[derive(Clone, Debug)]
pub(super) enum GExpr {
    Lit(i64),
    /// The `k mod n`-th of the `n` variables allowed at the place of use.
    Var(u8),
    Neg(Box<GExpr>),
    Bin(BinOp, Box<GExpr>, Box<GExpr>),
    /// `select(a OP b, c, d)`, from `[a, b, c, d]`.
    Select(CmpOp, Box<[GExpr; 4]>),
}

#[derive(Clone, Debug)]
pub(super) enum GCond {
    Bool(bool),
    Cmp(CmpOp, GExpr, GExpr),
    Not(Box<GCond>),
    And(Box<GCond>, Box<GCond>),
    Or(Box<GCond>, Box<GCond>),
}

/// A cell: the array by number (mod the kernel's arrays), and indices, padded with `0` or cut
/// to the array's arity when lowered.
#[derive(Clone, Debug)]
pub(super) struct GAccess {
    pub(super) array: u8,
    pub(super) index: Vec<GExpr>,
}

#[derive(Clone, Debug)]
pub(super) enum GStmt {
    Skip,
    Sync,
    SyncWarp,
    Write(GAccess, GExpr),
    Read(GAccess),
    Let(GExpr),
    Unknown,
    /// `assume c;` in the body (`GenSettings::inner_assumes`).
    Assume(GCond),
    Atomic {
        bind: bool,
        target: GAccess,
        op: AtomicOp,
        value: GExpr,
    },
    If {
        /// Ask for a uniform condition even when the branches hold no `sync`.
        uniform: bool,
        cond: GCond,
        then_branch: Vec<GStmt>,
        else_branch: Option<Vec<GStmt>>,
    },
    For {
        uniform: bool,
        range: GLoop,
        body: Vec<GStmt>,
    },
}

/// A non-negative, small loop start (or descending bound).
#[derive(Clone, Debug)]
pub(super) enum GLow {
    Lit(u8),
    Tid,
    /// `max(e, 0)`
    Max0(GExpr),
}

/// A loop bound (or descending start) no larger than a parameter, `ntid` or 4.
#[derive(Clone, Debug)]
pub(super) enum GHigh {
    Lit(u8),
    Param(u8),
    Ntid,
    /// `min(e, c)` with `c <= 4`
    MinLit(GExpr, u8),
    /// `min(e, P)`
    MinParam(GExpr, u8),
}

#[derive(Clone, Debug)]
pub(super) enum GLoop {
    /// `S..H step +k`
    Up { start: GLow, bound: GHigh, step: u8 },
    /// `H downto S step -k`
    Down { start: GHigh, bound: GLow, step: u8 },
    /// `c..H step *f` or `c..H step <<s`
    Mul {
        start: u8,
        bound: GHigh,
        shl: bool,
        amount: u8,
    },
    /// `H downto c step /f` or `H downto c step >>s`
    Div {
        start: GHigh,
        bound: u8,
        shr: bool,
        amount: u8,
    },
    /// `tid (+ bid * ntid)..H step +ntid (* nbid)`
    Grid { bound: GHigh, grid: bool },
}

#[derive(Clone, Debug)]
pub(super) struct GKernel {
    /// Whether each parameter is signed (`i32`) rather than natural.
    pub(super) params: Vec<bool>,
    /// Space and arity of each array.
    pub(super) arrays: Vec<(Space, usize)>,
    pub(super) assumes: Vec<GCond>,
    pub(super) body: Vec<GStmt>,
    /// The kernel reads the geometry's components (`tid.x`, `ntid.y`, ...), not its linear forms.
    pub(super) components: bool,
}

pub(super) fn literal(s: &GenSettings) -> BoxedStrategy<i64> {
    let small = 0..=s.max_literal.max(0);
    if s.edge_literals {
        prop_oneof![
            4 => small,
            1 => select(vec![0, 1 << 31, (1 << 32) - 1, 1 << 62, i64::MAX]),
            1 => 0..=i64::MAX,
        ]
        .boxed()
    } else {
        small.boxed()
    }
}

/// The operators `s` allows.
pub(super) fn binops(s: &GenSettings) -> Vec<BinOp> {
    let unsigned = [
        BinOp::UDiv,
        BinOp::URem,
        BinOp::UShr,
        BinOp::UMin,
        BinOp::UMax,
    ];
    BinOp::ALL
        .into_iter()
        .filter(|op| s.unsigned_ops || !unsigned.contains(op))
        .collect()
}

/// The comparisons `s` allows.
pub(super) fn cmpops(s: &GenSettings) -> Vec<CmpOp> {
    let unsigned = [CmpOp::ULt, CmpOp::ULe, CmpOp::UGt, CmpOp::UGe];
    CmpOp::ALL
        .into_iter()
        .filter(|op| s.unsigned_ops || !unsigned.contains(op))
        .collect()
}

pub(super) fn gexpr(s: &GenSettings) -> BoxedStrategy<GExpr> {
    let leaf = prop_oneof![
        literal(s).prop_map(GExpr::Lit),
        any::<u8>().prop_map(GExpr::Var),
    ];
    let ops = binops(s);
    let cmps = cmpops(s);
    let (negation, selects) = (s.negation, s.selects);
    leaf.prop_recursive(s.max_expr_depth, 16, 2, move |inner| {
        let bin = (select(ops.clone()), inner.clone(), inner.clone())
            .prop_map(|(op, a, b)| GExpr::Bin(op, Box::new(a), Box::new(b)));
        let neg = inner.clone().prop_map(|e| GExpr::Neg(Box::new(e)));
        let sel = (
            select(cmps.clone()),
            [inner.clone(), inner.clone(), inner.clone(), inner],
        )
            .prop_map(|(op, parts)| GExpr::Select(op, Box::new(parts)));
        prop_oneof![
            u32::from(negation) => neg,
            6 => bin,
            u32::from(selects) => sel,
        ]
        .boxed()
    })
    .boxed()
}

pub(super) fn gcond(s: &GenSettings) -> BoxedStrategy<GCond> {
    let e = gexpr(s);
    let leaf = prop_oneof![
        1 => any::<bool>().prop_map(GCond::Bool),
        6 => (select(cmpops(s)), e.clone(), e).prop_map(|(op, a, b)| GCond::Cmp(op, a, b)),
    ];
    leaf.prop_recursive(s.max_expr_depth.min(3), 8, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| GCond::Not(Box::new(c))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| GCond::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| GCond::Or(Box::new(a), Box::new(b))),
        ]
    })
    .boxed()
}

pub(super) fn gaccess(s: &GenSettings) -> BoxedStrategy<GAccess> {
    (any::<u8>(), vec(gexpr(s), 1..=s.max_dims.max(1)))
        .prop_map(|(array, index)| GAccess { array, index })
        .boxed()
}

pub(super) fn glow(s: &GenSettings) -> BoxedStrategy<GLow> {
    prop_oneof![
        (0u8..=4).prop_map(GLow::Lit),
        Just(GLow::Tid),
        gexpr(s).prop_map(GLow::Max0),
    ]
    .boxed()
}

pub(super) fn ghigh(s: &GenSettings) -> BoxedStrategy<GHigh> {
    prop_oneof![
        (0u8..=4).prop_map(GHigh::Lit),
        any::<u8>().prop_map(GHigh::Param),
        Just(GHigh::Ntid),
        (gexpr(s), 0u8..=4).prop_map(|(e, c)| GHigh::MinLit(e, c)),
        (gexpr(s), any::<u8>()).prop_map(|(e, p)| GHigh::MinParam(e, p)),
    ]
    .boxed()
}

pub(super) fn gloop(s: &GenSettings) -> BoxedStrategy<GLoop> {
    let unit = (glow(s), ghigh(s)).prop_map(|(start, bound)| GLoop::Up {
        start,
        bound,
        step: 1,
    });
    if !s.strided_loops {
        return unit.boxed();
    }
    prop_oneof![
        3 => unit,
        1 => (glow(s), ghigh(s), 1u8..=3).prop_map(|(start, bound, step)| GLoop::Up { start, bound, step }),
        2 => (ghigh(s), glow(s), 1u8..=3).prop_map(|(start, bound, step)| GLoop::Down { start, bound, step }),
        2 => (1u8..=4, ghigh(s), any::<bool>(), any::<u8>()).prop_map(|(start, bound, shl, amount)| {
            GLoop::Mul { start, bound, shl, amount }
        }),
        2 => (ghigh(s), 0u8..=1, any::<bool>(), any::<u8>()).prop_map(|(start, bound, shr, amount)| {
            GLoop::Div { start, bound, shr, amount }
        }),
        1 => (ghigh(s), any::<bool>()).prop_map(|(bound, grid)| GLoop::Grid { bound, grid }),
    ]
    .boxed()
}

pub(super) fn gstmt(s: &GenSettings) -> BoxedStrategy<GStmt> {
    let mut leaves: Vec<(u32, BoxedStrategy<GStmt>)> = vec![(1, Just(GStmt::Skip).boxed())];
    if s.lets {
        leaves.push((2, gexpr(s).prop_map(GStmt::Let).boxed()));
    }
    if s.havocs {
        leaves.push((1, Just(GStmt::Unknown).boxed()));
    }
    if s.inner_assumes && !s.exact_only {
        leaves.push((1, gcond(s).prop_map(GStmt::Assume).boxed()));
    }
    if s.arrays > 0 {
        leaves.push((
            4,
            (gaccess(s), gexpr(s))
                .prop_map(|(a, v)| GStmt::Write(a, v))
                .boxed(),
        ));
        leaves.push((3, gaccess(s).prop_map(GStmt::Read).boxed()));
        if s.atomics {
            let ops = vec![
                AtomicOp::Add,
                AtomicOp::Sub,
                AtomicOp::And,
                AtomicOp::Or,
                AtomicOp::Xor,
                AtomicOp::Exch,
            ];
            leaves.push((
                1,
                (any::<bool>(), gaccess(s), select(ops), gexpr(s))
                    .prop_map(|(bind, target, op, value)| GStmt::Atomic {
                        bind,
                        target,
                        op,
                        value,
                    })
                    .boxed(),
            ));
        }
    }
    if s.barriers {
        leaves.push((2, Just(GStmt::Sync).boxed()));
        if s.warp_barriers {
            leaves.push((1, Just(GStmt::SyncWarp).boxed()));
        }
    }
    let leaf = Union::new_weighted(leaves);
    let width = s.max_width;
    let cond = gcond(s);
    let range = gloop(s);
    leaf.prop_recursive(s.max_depth, 64, width.max(1) as u32, move |inner| {
        let block = vec(inner, 0..=width);
        prop_oneof![
            (
                any::<bool>(),
                cond.clone(),
                block.clone(),
                proptest::option::of(block.clone())
            )
                .prop_map(|(uniform, cond, then_branch, else_branch)| GStmt::If {
                    uniform,
                    cond,
                    then_branch,
                    else_branch,
                }),
            (any::<bool>(), range.clone(), block).prop_map(|(uniform, range, body)| GStmt::For {
                uniform,
                range,
                body,
            }),
        ]
    })
    .boxed()
}

pub(super) fn gkernel(s: &GenSettings) -> BoxedStrategy<GKernel> {
    let space = if s.global_arrays {
        prop_oneof![3 => Just(Space::Shared), 2 => Just(Space::Global)].boxed()
    } else {
        Just(Space::Shared).boxed()
    };
    let arrays = vec((space, 1..=s.max_dims.max(1)), s.arrays.min(1)..=s.arrays);
    let assumes = if s.assumes {
        vec(gcond(s), 0..=2).boxed()
    } else {
        Just(Vec::new()).boxed()
    };
    // One kernel in four reads the components instead of the linear forms: decided over six
    // symbolic dimensions instead of two, such a kernel costs the cross-check more.
    let components = if s.components {
        proptest::bool::weighted(0.25).boxed()
    } else {
        Just(false).boxed()
    };
    // One parameter in four is signed, when the settings allow it.
    let signed = if s.signed_params { 0.25 } else { 0.0 };
    (
        vec(proptest::bool::weighted(signed), 0..=s.params),
        arrays,
        assumes,
        vec(gstmt(s), 0..=s.max_width),
        components,
    )
        .prop_map(|(params, arrays, assumes, body, components)| GKernel {
            params,
            arrays,
            assumes,
            body,
            components,
        })
        .boxed()
}
