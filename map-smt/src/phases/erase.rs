//! Protocols with barriers taken out: [`erase`] drops every barrier (the MAP a kernel would
//! have if its phases were one), and, for testing the tests only, `drop_first_sync` drops the
//! first. Both are folds of `SyncProto::fold`.

use mapcheck_typeck::{Proto, SyncNode, SyncProto};

/// The protocol with its first `sync` (in protocol order) dropped: a deliberate defect for
/// testing the tests (see `Mutation::MergeAdjacentPhases`, with the `mutation` feature).
#[cfg(feature = "mutation")]
pub fn drop_first_sync(p: &SyncProto) -> SyncProto {
    let mut done = false;
    p.fold(&mut |node| match node {
        SyncNode::Sync(_) if !done => {
            done = true;
            SyncProto::U(Proto::Skip)
        }
        node => node.rebuild(),
    })
}

/// The protocol with its barriers dropped.
pub fn erase(p: &SyncProto) -> Proto {
    p.fold(&mut |node: SyncNode<'_, Proto>| node.into_unsync(Proto::Skip))
}
