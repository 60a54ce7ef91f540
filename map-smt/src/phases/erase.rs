//! Protocols with barriers taken out: [`erase`] drops every barrier (the MAP a kernel would
//! have if its phases were one), and, for testing the tests only, `drop_first_sync` drops the
//! first.

use mapcheck_typeck::{Proto, SyncProto};

/// The protocol with its first `sync` (in protocol order) dropped: a deliberate defect for
/// testing the tests (see `Mutation::MergeAdjacentPhases`, with the `mutation` feature).
#[cfg(feature = "mutation")]
pub fn drop_first_sync(p: &SyncProto) -> SyncProto {
    fn go(p: &SyncProto, done: &mut bool) -> SyncProto {
        match p {
            SyncProto::Sync(_) if !*done => {
                *done = true;
                SyncProto::U(Proto::Skip)
            }
            SyncProto::U(_) | SyncProto::Sync(_) | SyncProto::SyncWarp(_) => p.clone(),
            SyncProto::Seq(parts) => SyncProto::Seq(parts.iter().map(|q| go(q, done)).collect()),
            SyncProto::If {
                cond,
                then_branch,
                else_branch,
                span,
            } => SyncProto::If {
                cond: cond.clone(),
                then_branch: Box::new(go(then_branch, done)),
                else_branch: Box::new(go(else_branch, done)),
                span: *span,
            },
            SyncProto::For {
                var,
                range,
                body,
                span,
            } => SyncProto::For {
                var: var.clone(),
                range: range.clone(),
                body: Box::new(go(body, done)),
                span: *span,
            },
        }
    }
    go(p, &mut false)
}

/// The protocol with its barriers dropped.
pub fn erase(p: &SyncProto) -> Proto {
    match p {
        SyncProto::U(u) => u.clone(),
        SyncProto::Sync(_) | SyncProto::SyncWarp(_) => Proto::Skip,
        SyncProto::Seq(parts) => Proto::seq(parts.iter().map(erase)),
        SyncProto::If {
            cond,
            then_branch,
            else_branch,
            span,
        } => Proto::If {
            cond: cond.clone(),
            then_branch: Box::new(erase(then_branch)),
            else_branch: Box::new(erase(else_branch)),
            span: *span,
        },
        SyncProto::For {
            var,
            range,
            body,
            span,
        } => Proto::For {
            var: var.clone(),
            range: range.clone(),
            body: Box::new(erase(body)),
            span: *span,
        },
    }
}
