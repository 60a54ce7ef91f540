//! What a front end's names stand for in the source it read (issue 35, item 2). The CUDA
//! lowering renames what the core language cannot spell or already uses (a parameter `in`,
//! a keyword of `.bcu`, is `in_1`; a loop variable `i` of a helper inlined twice is `i` and
//! `i_1`), and reports print the source's name instead: the lowering records it here, beside
//! the kernel, at the moment it makes the core name. Only reports read it; a `.bcu` kernel's
//! table is empty (its names are the source's).

use crate::span::Span;
use std::collections::BTreeMap;

/// The source name of each core name that stands for a variable, parameter or array of the
/// source, by core name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceNames(pub BTreeMap<String, SourceName>);

/// One source name: how the source spells it, and which call of an inlined helper the copy
/// of it the core name is belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceName {
    /// The name as the source spells it (`in`, `stride`).
    pub name: String,
    /// The call of the inlined helper that declares it, innermost; `None` in the kernel's
    /// own body.
    pub site: Option<Span>,
}

impl SourceNames {
    /// The source name of core name `core`, if it stands for one.
    pub fn get(&self, core: &str) -> Option<&SourceName> {
        self.0.get(core)
    }

    /// Records that core name `core` stands for `name`.
    pub fn insert(&mut self, core: impl Into<String>, name: SourceName) {
        self.0.insert(core.into(), name);
    }

    /// The core name of the parameter or array the source calls `name`: the first, in core
    /// order, whose source name it is (a kernel's parameters have distinct names).
    pub fn core_of<'a>(
        &'a self,
        name: &str,
        among: impl IntoIterator<Item = &'a str>,
    ) -> Option<&'a str> {
        among
            .into_iter()
            .find(|core| self.get(core).is_some_and(|s| s.name == name))
    }
}
