//! The declared shape of an array a front end flattened: the CUDA lowering turns
//! `__shared__ float tile[16][17]` and `Particle *p` into one-dimensional core arrays of cells
//! (one cell per scalar, row-major, fields in declaration order), and keeps the shape here so
//! that a report can name a cell as the source declares it (`tile[0][1]`, `p[3].colour.w`)
//! instead of by its flat number (`tile[1]`, `p[27]`). The shape never changes what is
//! decided; it only names cells.

use std::fmt;

/// How the cells of an array (or of one element of it) are laid out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// One cell: a scalar or a pointer.
    Cell,
    /// `T[len]` in row-major order; `len` is `None` for `T[]` and the sequence a pointer
    /// parameter points into, whose length the kernel does not know.
    Array { len: Option<u64>, elem: Box<Layout> },
    /// A struct, union or class: its fields in declaration order, each one after the other.
    Record { fields: Vec<(String, Layout)> },
    /// Byte-addressed memory (`extern __shared__` storage viewed through types of different
    /// sizes), in cells of `unit` bytes: cell `k` is bytes `k * unit .. (k + 1) * unit`.
    Bytes { unit: u64 },
}

/// One step from an array to a cell: an index into an array, or a field of a struct.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Index(i128),
    Field(String),
    /// The bytes `start .. end` of byte-addressed memory.
    Bytes {
        start: i128,
        end: i128,
    },
}

impl Layout {
    /// The number of cells one value of this layout occupies; `None` for an array of unknown
    /// length. A record without fields occupies one cell, as the lowering counts it.
    pub fn cells(&self) -> Option<u64> {
        match self {
            Layout::Cell => Some(1),
            Layout::Array { len, elem } => len.and_then(|n| elem.cells()?.checked_mul(n)),
            Layout::Record { fields } => {
                let mut total = 0u64;
                for (_, f) in fields {
                    total = total.checked_add(f.cells()?)?;
                }
                Some(total.max(1))
            }
            Layout::Bytes { .. } => None,
        }
    }

    /// The steps that lead from the start of a value of this layout to its cell `flat`.
    /// Indices of the outermost array may lie outside its declared length (an index is not
    /// checked against bounds: `tile[-1][16]` is the cell before `tile[0][0]`), inner indices
    /// and fields never do. `None` when the layout cannot name the cell: a scalar's cell other
    /// than 0, or an element of unknown size.
    pub fn steps(&self, flat: i128) -> Option<Vec<Step>> {
        let mut steps = Vec::new();
        self.walk(flat, &mut steps)?;
        Some(steps)
    }

    fn walk(&self, flat: i128, steps: &mut Vec<Step>) -> Option<()> {
        match self {
            Layout::Cell => (flat == 0).then_some(()),
            Layout::Array { elem, .. } => {
                let size = i128::from(elem.cells()?);
                if size == 0 {
                    return None;
                }
                steps.push(Step::Index(flat.div_euclid(size)));
                elem.walk(flat.rem_euclid(size), steps)
            }
            Layout::Bytes { unit } => {
                let unit = i128::from(*unit);
                steps.push(Step::Bytes {
                    start: flat.checked_mul(unit)?,
                    end: flat.checked_add(1)?.checked_mul(unit)?,
                });
                Some(())
            }
            Layout::Record { fields } => {
                if fields.is_empty() {
                    return (flat == 0).then_some(());
                }
                let mut start = 0i128;
                for (name, f) in fields {
                    let size = i128::from(f.cells()?);
                    if (start..start + size).contains(&flat) {
                        steps.push(Step::Field(name.clone()));
                        return f.walk(flat - start, steps);
                    }
                    start += size;
                }
                None
            }
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Index(i) => write!(f, "[{i}]"),
            Step::Field(name) => write!(f, ".{name}"),
            Step::Bytes { start, end } if *end == start + 1 => write!(f, "[byte {start}]"),
            Step::Bytes { start, end } => write!(f, "[bytes {start}..{end}]"),
        }
    }
}

/// A cell as C writes it: `name` followed by its steps (`tile[0][1]`, `p[3].colour.w`).
pub fn cell_text(name: &str, steps: &[Step]) -> String {
    let mut s = name.to_string();
    for step in steps {
        s.push_str(&step.to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(len: Option<u64>, elem: Layout) -> Layout {
        Layout::Array {
            len,
            elem: Box::new(elem),
        }
    }

    fn text(layout: &Layout, flat: i128) -> Option<String> {
        layout.steps(flat).map(|s| cell_text("a", &s))
    }

    #[test]
    fn two_dimensional_arrays_are_row_major() {
        // `float tile[16][17]`: cell 1 is row 0, column 1; cell 17 is row 1, column 0.
        let tile = array(Some(16), array(Some(17), Layout::Cell));
        assert_eq!(tile.cells(), Some(16 * 17));
        assert_eq!(text(&tile, 0).as_deref(), Some("a[0][0]"));
        assert_eq!(text(&tile, 1).as_deref(), Some("a[0][1]"));
        assert_eq!(text(&tile, 17).as_deref(), Some("a[1][0]"));
        assert_eq!(text(&tile, 16 * 17 - 1).as_deref(), Some("a[15][16]"));
        // Outside the array: the outer index says so, the inner ones stay in range.
        assert_eq!(text(&tile, -1).as_deref(), Some("a[-1][16]"));
    }

    #[test]
    fn struct_fields_are_named() {
        // struct Particle { float x, y; int id; float4 colour; }: 7 cells.
        let float4 = Layout::Record {
            fields: ["x", "y", "z", "w"]
                .map(|f| (f.to_string(), Layout::Cell))
                .to_vec(),
        };
        let particle = Layout::Record {
            fields: vec![
                ("x".into(), Layout::Cell),
                ("y".into(), Layout::Cell),
                ("id".into(), Layout::Cell),
                ("colour".into(), float4),
            ],
        };
        let p = array(None, particle);
        assert_eq!(p.cells(), None);
        assert_eq!(text(&p, 0).as_deref(), Some("a[0].x"));
        assert_eq!(text(&p, 6).as_deref(), Some("a[0].colour.w"));
        assert_eq!(text(&p, 7 * 3 + 2).as_deref(), Some("a[3].id"));
    }

    #[test]
    fn byte_addressed_cells_say_their_bytes() {
        // Cells of 4 bytes: cell 3 is bytes 12..16; of one byte: cell 5 is byte 5.
        let words = Layout::Bytes { unit: 4 };
        assert_eq!(words.cells(), None);
        assert_eq!(text(&words, 3).as_deref(), Some("a[bytes 12..16]"));
        assert_eq!(text(&words, -1).as_deref(), Some("a[bytes -4..0]"));
        let bytes = Layout::Bytes { unit: 1 };
        assert_eq!(text(&bytes, 5).as_deref(), Some("a[byte 5]"));
    }

    #[test]
    fn a_scalar_has_one_cell() {
        assert_eq!(text(&Layout::Cell, 0).as_deref(), Some("a"));
        assert_eq!(text(&Layout::Cell, 1), None);
        let flat = array(None, Layout::Cell);
        assert_eq!(text(&flat, 5).as_deref(), Some("a[5]"));
    }
}
