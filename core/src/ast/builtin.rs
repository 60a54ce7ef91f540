//! The thread-geometry built-ins: dimensions, the four quantities, and the variables
//! (`tid`, `tid.x`, ..., `nbid.z`) a kernel reads them through.

/// A dimension of CUDA's thread and block geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dim {
    X,
    Y,
    Z,
}

impl Dim {
    pub const ALL: [Dim; 3] = [Dim::X, Dim::Y, Dim::Z];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> &'static str {
        match self {
            Dim::X => "x",
            Dim::Y => "y",
            Dim::Z => "z",
        }
    }
}

/// The four quantities of the geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Geometry {
    /// Thread id within the block, `0 <= tid < ntid`.
    Tid,
    /// Threads per block.
    Ntid,
    /// Block id within the grid, `0 <= bid < nbid`.
    Bid,
    /// Blocks in the grid.
    Nbid,
}

impl Geometry {
    pub const ALL: [Geometry; 4] = [Geometry::Tid, Geometry::Ntid, Geometry::Bid, Geometry::Nbid];

    pub fn name(self) -> &'static str {
        match self {
            Geometry::Tid => "tid",
            Geometry::Ntid => "ntid",
            Geometry::Bid => "bid",
            Geometry::Nbid => "nbid",
        }
    }

    /// An id of a thread or block (`tid`, `bid`), not a size.
    pub fn is_id(self) -> bool {
        matches!(self, Geometry::Tid | Geometry::Bid)
    }

    /// The size that bounds this id, or the id this size bounds.
    pub fn partner(self) -> Geometry {
        match self {
            Geometry::Tid => Geometry::Ntid,
            Geometry::Ntid => Geometry::Tid,
            Geometry::Bid => Geometry::Nbid,
            Geometry::Nbid => Geometry::Bid,
        }
    }
}

/// The thread-geometry built-ins every kernel can read (SPEC §3): the linear forms `tid`,
/// `ntid`, `bid`, `nbid` and their components `tid.x` ... `nbid.z`, with
/// `tid = tid.x + ntid.x * (tid.y + ntid.y * tid.z)` and `ntid = ntid.x * ntid.y * ntid.z`
/// (likewise for blocks). In the tree they are variables named as written (`tid.y`); a `.`
/// cannot occur in a binder's name, so they never clash with one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Builtin {
    pub geometry: Geometry,
    /// `None` for the linear form.
    pub dim: Option<Dim>,
}

#[allow(non_upper_case_globals)]
impl Builtin {
    pub const Tid: Builtin = Builtin::linear(Geometry::Tid);
    pub const Ntid: Builtin = Builtin::linear(Geometry::Ntid);
    pub const Bid: Builtin = Builtin::linear(Geometry::Bid);
    pub const Nbid: Builtin = Builtin::linear(Geometry::Nbid);

    /// Every built-in: the four linear forms first, then the components.
    pub const ALL: [Builtin; 16] = {
        let mut all = [Builtin::Tid; 16];
        let mut g = 0;
        while g < 4 {
            let geometry = Geometry::ALL[g];
            all[g] = Builtin::linear(geometry);
            let mut d = 0;
            while d < 3 {
                all[4 + 3 * g + d] = Builtin {
                    geometry,
                    dim: Some(Dim::ALL[d]),
                };
                d += 1;
            }
            g += 1;
        }
        all
    };

    pub const fn linear(geometry: Geometry) -> Builtin {
        Builtin {
            geometry,
            dim: None,
        }
    }

    pub const fn component(geometry: Geometry, dim: Dim) -> Builtin {
        Builtin {
            geometry,
            dim: Some(dim),
        }
    }

    /// The position of this built-in in [`Builtin::ALL`].
    pub fn ordinal(self) -> usize {
        let g = self.geometry as usize;
        match self.dim {
            None => g,
            Some(d) => 4 + 3 * g + d.index(),
        }
    }

    pub fn name(self) -> &'static str {
        const NAMES: [&str; 16] = [
            "tid", "ntid", "bid", "nbid", "tid.x", "tid.y", "tid.z", "ntid.x", "ntid.y", "ntid.z",
            "bid.x", "bid.y", "bid.z", "nbid.x", "nbid.y", "nbid.z",
        ];
        NAMES[self.ordinal()]
    }

    pub fn from_name(name: &str) -> Option<Builtin> {
        Builtin::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Differs between the threads of one block: `tid` and its components. Every other
    /// built-in is uniform within a block.
    pub fn is_thread_id(self) -> bool {
        self.geometry == Geometry::Tid
    }
}
