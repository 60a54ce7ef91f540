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

impl Driver {
    /// Builds the driver when it is missing or stale (`make -C proofs driver`: Coq and OCaml,
    /// which `cargo xtask setup` installs), then starts it.
    pub fn start() -> Result<Driver, String> {
        let proofs = proofs_dir();
        let out = Command::new("make")
            .arg("-s")
            .arg("-C")
            .arg(&proofs)
            .arg("driver")
            .output()
            .map_err(|e| format!("cannot run make: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "`make -C proofs driver` failed (Coq and OCaml are needed: `cargo xtask \
                 setup` installs them):\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let mut child = Command::new(proofs.join("extraction").join("coq-infer"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the extracted checker: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Driver {
            child,
            stdin,
            stdout,
        })
    }

    /// Types one kernel line (see [`to_coq`]).
    pub fn ask(&mut self, line: &str) -> Result<CoqAnswer, String> {
        let answer = self.ask_raw(line)?;
        if answer == "untypable" {
            return Ok(CoqAnswer::Untypable);
        }
        let sexp = parse_sexp(&answer)?;
        match &sexp {
            Sexp::List(items) => match &items[..] {
                [Sexp::Atom(some), p] if some == "some" => Ok(CoqAnswer::Typed(Norm::sproto(p)?)),
                _ => Err(format!("unexpected answer `{answer}`")),
            },
            Sexp::Atom(_) => Err(format!("the extracted checker said `{answer}`")),
        }
    }

    /// The driver's answer line as it is, without its newline.
    pub fn ask_raw(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the extracted checker: {e}"))?;
        let mut answer = String::new();
        let n = self
            .stdout
            .read_line(&mut answer)
            .map_err(|e| format!("cannot read from the extracted checker: {e}"))?;
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
