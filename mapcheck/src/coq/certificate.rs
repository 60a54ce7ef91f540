//! The `mechanised` certificate of one kernel (SPEC §7): the type checker extracted from Coq
//! (`Mapcheck.Infer.sinfer_relaxed`, proved to decide the typing relation of Theorem 1 by
//! `sinfer_relaxed_spec`) types this kernel, and gives the MAP mapcheck's checker gave, in
//! the normal form of [`Norm`]. Together with the conditions on the verdict that
//! `mapcheck::check` checks (strict races, no divergence finding, terminating loops), that is
//! what lets the report say that Theorem 1 speaks about this kernel.
//!
//! The checker runs as one process per mapcheck run, started on the first exact kernel and
//! shared by the worker threads (a line in, a line out, under a lock). When it is not built
//! (`cargo xtask setup` builds it with `make -C proofs driver`; `MAPCHECK_COQ_INFER` names
//! another), no kernel is certified and [`NotMechanised`] says why.

use super::{executable, to_coq, CoqAnswer, CoqError, Driver, Norm};
use mapcheck_core::ast::Kernel;
use mapcheck_typeck::Checked;
use std::sync::{Mutex, OnceLock};

/// Why an exact kernel carries no `mechanised` certificate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotMechanised {
    /// The kernel uses a construct the Coq syntax (`proofs/Syntax.v`) does not have.
    #[error("outside the Coq model: {0}")]
    Outside(String),
    /// The extracted checker did not type the kernel as mapcheck did.
    #[error("Coq's extracted checker {0}")]
    Differs(String),
    /// The extracted checker could not be asked.
    #[error("Coq's extracted checker is unavailable: {0}")]
    Unavailable(String),
}

/// The one checker process of this run, or why there is none.
fn driver() -> &'static Mutex<Result<Driver, CoqError>> {
    static DRIVER: OnceLock<Mutex<Result<Driver, CoqError>>> = OnceLock::new();
    DRIVER.get_or_init(|| {
        let path = executable();
        let driver = if path.is_file() {
            Driver::spawn(&path)
        } else {
            Err(CoqError(format!(
                "`{}` is not built (`cargo xtask setup` builds it)",
                path.display()
            )))
        };
        Mutex::new(driver)
    })
}

/// Whether Coq's extracted checker types `kernel` with the MAP of `checked` (mapcheck's
/// typing of it, exact).
pub fn certify<T>(kernel: &Kernel<T>, checked: &Checked) -> Result<(), NotMechanised> {
    let line = to_coq(kernel, true).map_err(|e| NotMechanised::Outside(e.0))?;
    let ours = Norm::of_rust(&checked.protocol.body).map_err(|e| NotMechanised::Outside(e.0))?;
    let answer = {
        let mut guard = driver()
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let driver = guard
            .as_mut()
            .map_err(|e| NotMechanised::Unavailable(e.0.clone()))?;
        match driver.ask(&line) {
            Ok(answer) => answer,
            Err(e) => {
                // A checker that failed once is not asked again: its pipe may be out of step.
                let why = e.0.clone();
                *guard = Err(e);
                return Err(NotMechanised::Unavailable(why));
            }
        }
    };
    match answer {
        CoqAnswer::Typed(theirs) if theirs == ours => Ok(()),
        CoqAnswer::Typed(_) => Err(NotMechanised::Differs("gives another MAP".into())),
        CoqAnswer::Untypable => Err(NotMechanised::Differs("does not type the kernel".into())),
    }
}
