//! GPUVerify's test header (SPEC §8): line 1 `//pass` or `//xfail:REASON`, line 2 `//`
//! followed by flags such as `--blockDim=[16,16] --gridDim=2 -DN=4`. mapcheck reads the
//! geometry and the `-D` flags and ignores the flags it does not know.

/// What a GPUVerify header says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `pass`, or the reason of `xfail:REASON` (`data-race`, ...).
    pub expect: Option<String>,
    pub block_dim: Option<[u64; 3]>,
    pub grid_dim: Option<[u64; 3]>,
    pub defines: Vec<(String, Option<String>)>,
    /// Geometry flags whose value is not `X`, `[X,Y]` or `[X,Y,Z]` of positive numbers
    /// (`--blockDim=0`, `--gridDim=abc`), as written: the header states a geometry mapcheck
    /// cannot read, which is an error like the same flag's on the command line, never a
    /// geometry silently left symbolic.
    pub invalid: Vec<String>,
    /// The other flags, as written (`--only-intra-group`, `--no-inline`, ...): mapcheck does
    /// not honour them, and says so.
    pub ignored: Vec<String>,
}

/// `X`, `[X,Y]` or `[X,Y,Z]`, each at least 1.
pub fn parse_dim(text: &str) -> Option<[u64; 3]> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let mut dim = [1u64; 3];
    for (slot, part) in dim.iter_mut().zip(&parts) {
        *slot = part.parse().ok().filter(|v| *v >= 1)?;
    }
    Some(dim)
}

/// `NAME` or `NAME=VALUE`.
pub fn parse_define(text: &str) -> (String, Option<String>) {
    match text.split_once('=') {
        Some((n, v)) => (n.trim().to_string(), Some(v.trim().to_string())),
        None => (text.trim().to_string(), None),
    }
}

/// Reads the header of a `.cu` file; a file without one gives the default (nothing fixed).
pub fn read_header(text: &str) -> Header {
    let mut lines = text.lines();
    let mut header = Header::default();
    let Some(first) = lines.next().and_then(|l| l.trim().strip_prefix("//")) else {
        return header;
    };
    let first = first.trim();
    if first == "pass" {
        header.expect = Some("pass".into());
    } else if let Some(reason) = first.strip_prefix("xfail:") {
        header.expect = Some(reason.trim().to_string());
    } else {
        return header;
    }
    let Some(flags) = lines.next().and_then(|l| l.trim().strip_prefix("//")) else {
        return header;
    };
    // `--gridDim=[2, 2, 2]` is one flag: spaces inside brackets do not split it.
    let mut joined = String::with_capacity(flags.len());
    let mut depth = 0usize;
    for c in flags.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() && depth > 0 => continue,
            _ => {}
        }
        joined.push(c);
    }
    let words: Vec<&str> = joined.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let (key, value) = match w.split_once('=') {
            Some((k, v)) => (k, Some(v.to_string())),
            None => (w, None),
        };
        match key {
            "--blockDim" | "--gridDim" => match value.as_deref().and_then(parse_dim) {
                Some(dim) if key == "--blockDim" => header.block_dim = Some(dim),
                Some(dim) => header.grid_dim = Some(dim),
                None => header.invalid.push(w.to_string()),
            },
            "-D" => {
                if let Some(next) = words.get(i + 1) {
                    header.defines.push(parse_define(next));
                    i += 1;
                }
            }
            _ if w.starts_with("-D") && w.len() > 2 => header.defines.push(parse_define(&w[2..])),
            // Read by `mapcheck::input` (the warp size of lockstep execution).
            "--warp-sync" => {}
            _ if w.starts_with('-') => header.ignored.push(w.to_string()),
            _ => {}
        }
        i += 1;
    }
    header
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gpuverify_header() {
        let h =
            read_header("//xfail:data-race\n// --blockDim=[16,16] --gridDim=2 -DN=4 --no-inline\n");
        assert_eq!(h.expect.as_deref(), Some("data-race"));
        assert_eq!(h.block_dim, Some([16, 16, 1]));
        assert_eq!(h.grid_dim, Some([2, 1, 1]));
        assert_eq!(h.defines, vec![("N".to_string(), Some("4".to_string()))]);
        assert_eq!(h.ignored, ["--no-inline"]);
        assert_eq!(read_header("int x;\n"), Header::default());
    }

    /// Faial's tests write the header with a space after `//` and spaces inside brackets.
    #[test]
    fn spaced_gpuverify_header() {
        let h = read_header("// pass\n// --blockDim=[32, 4] --gridDim=[2, 2, 2] -D N=4\n");
        assert_eq!(h.expect.as_deref(), Some("pass"));
        assert_eq!(h.block_dim, Some([32, 4, 1]));
        assert_eq!(h.grid_dim, Some([2, 2, 2]));
        assert_eq!(h.defines, vec![("N".to_string(), Some("4".to_string()))]);
    }

    /// A geometry flag the header gives but mapcheck cannot read is kept, to be refused.
    #[test]
    fn unreadable_geometry_is_kept() {
        let h = read_header("//pass\n//--blockDim=0 --gridDim=[2,x] --blockDim\n");
        assert_eq!(h.block_dim, None);
        assert_eq!(h.grid_dim, None);
        assert_eq!(h.invalid, ["--blockDim=0", "--gridDim=[2,x]", "--blockDim"]);
        assert!(read_header("//pass\n//--blockDim=[4,4]\n")
            .invalid
            .is_empty());
    }
}
