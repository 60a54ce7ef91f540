//! The driver process: the extracted checker (`proofs/extraction/driver.ml`), one process
//! for every kernel asked, a line in and a line out.

use super::*;

/// What the extracted `sinfer` answered for one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoqAnswer {
    /// `Some p`: the kernel types, with protocol `p` (normalised).
    Typed(Norm),
    /// `None`.
    Untypable,
}

/// The extracted checker, one process for every kernel asked.
#[derive(Debug)]
pub struct Driver {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// The workspace's `proofs/` directory.
pub fn proofs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or_else(|| Path::new(".."))
        .join("proofs")
}

/// Where the extracted checker is: `MAPCHECK_COQ_INFER` when set, else where `make -C proofs
/// driver` builds it in this workspace (`cargo xtask setup` runs that).
pub fn executable() -> PathBuf {
    std::env::var_os("MAPCHECK_COQ_INFER")
        .map(PathBuf::from)
        .unwrap_or_else(|| proofs_dir().join("extraction").join("coq-infer"))
}

impl Driver {
    /// Builds the driver when it is missing or stale (`make -C proofs driver`: Coq and OCaml,
    /// which `cargo xtask setup` installs), then starts it.
    pub fn start() -> Result<Driver, CoqError> {
        Driver::build()?;
        Driver::spawn(&executable())
    }

    /// `make -C proofs driver`.
    pub fn build() -> Result<(), CoqError> {
        let proofs = proofs_dir();
        let out = Command::new("make")
            .arg("-s")
            .arg("-C")
            .arg(&proofs)
            .arg("driver")
            .output()
            .map_err(|e| CoqError(format!("cannot run make: {e}")))?;
        if !out.status.success() {
            return Err(CoqError(format!(
                "`make -C proofs driver` failed (Coq and OCaml are needed: `cargo xtask \
                 setup` installs them):\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )));
        }
        Ok(())
    }

    /// Starts the extracted checker at `path`, built already.
    pub fn spawn(path: &Path) -> Result<Driver, CoqError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                CoqError(format!(
                    "cannot start the extracted checker `{}`: {e}",
                    path.display()
                ))
            })?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Driver {
            child,
            stdin,
            stdout,
        })
    }

    /// Types one kernel line (see [`to_coq`]).
    pub fn ask(&mut self, line: &str) -> Result<CoqAnswer, CoqError> {
        let answer = self.ask_raw(line)?;
        if answer == "untypable" {
            return Ok(CoqAnswer::Untypable);
        }
        let sexp = parse_sexp(&answer)?;
        match &sexp {
            Sexp::List(items) => match &items[..] {
                [Sexp::Atom(some), p] if some == "some" => Ok(CoqAnswer::Typed(Norm::sproto(p)?)),
                _ => Err(CoqError(format!("unexpected answer `{answer}`"))),
            },
            Sexp::Atom(_) => Err(CoqError(format!("the extracted checker said `{answer}`"))),
        }
    }

    /// The driver's answer line as it is, without its newline.
    pub fn ask_raw(&mut self, line: &str) -> Result<String, CoqError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| CoqError(format!("cannot write to the extracted checker: {e}")))?;
        let mut answer = String::new();
        let n = self
            .stdout
            .read_line(&mut answer)
            .map_err(|e| CoqError(format!("cannot read from the extracted checker: {e}")))?;
        if n == 0 {
            return Err("the extracted checker exited".into());
        }
        Ok(answer.trim_end().to_string())
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // Closing stdin ends the driver's loop; kill in case it is stuck.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
