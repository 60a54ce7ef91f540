//! Reading what a run printed on standard error: ThreadSanitizer's data-race reports, and the
//! runtime's `MC-` event lines (`runtime/mapcheck_host.h`).
//!
//! A report looks like this (the frames below `#0` and the thread-creation stacks vary):
//!
//! ```text
//! WARNING: ThreadSanitizer: data race (pid=20058)
//!   Write of size 4 at 0x7fe9d52bf0f0 by thread T61:
//!     #0 racy(float*, int) /tmp/k.cu:5 (k+0x36c1)
//!
//!   Previous atomic read of size 4 at 0x7fe9d52bf0f0 by thread T125:
//!     #0 ...
//!
//!   Thread T61 'b0t60' (tid=20123, running) created by main thread at:
//! ```
//!
//! Each access is placed at the first frame in the user's file (an atomic's own frames are in
//! the runtime header); the thread names (`b<block>t<thread>`, linear ids) say which CUDA
//! threads they were.

use std::collections::HashMap;

/// What an access did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AccessKind {
    Read,
    Write,
    AtomicRead,
    AtomicWrite,
}

impl AccessKind {
    pub fn name(self) -> &'static str {
        match self {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::AtomicRead => "atomic read",
            AccessKind::AtomicWrite => "atomic write",
        }
    }
}

/// A CUDA thread: linear block id and linear thread id within the block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CudaThread {
    pub block: u64,
    pub thread: u64,
}

/// One of the two accesses of a race.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Access {
    pub kind: AccessKind,
    /// The line in the user's file (1-based), when a frame of the stack is in it.
    pub line: Option<u32>,
    /// That file, when it is not the main file but one of the user's it includes (its name
    /// as mapcheck reports it).
    pub file: Option<String>,
    pub column: Option<u32>,
    /// The function of that frame, as TSan prints it.
    pub function: Option<String>,
    pub thread: Option<CudaThread>,
}

impl std::fmt::Display for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.kind.name())?;
        let at = match &self.file {
            Some(file) => format!("{file}:"),
            None => "line ".to_string(),
        };
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, " at {at}{l}:{c}")?,
            (Some(l), None) => write!(f, " at {at}{l}")?,
            _ => write!(f, " outside the file")?,
        }
        if let Some(t) = self.thread {
            write!(f, " by block {} thread {}", t.block, t.thread)?;
        }
        Ok(())
    }
}

/// A data race ThreadSanitizer observed: two accesses to the same memory, at least one a
/// write, not both atomic, that no barrier ordered.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Race {
    pub first: Access,
    pub second: Access,
    /// The address TSan names (the first access's).
    pub address: Option<u64>,
}

impl Race {
    /// Whether the two threads are in different blocks.
    pub fn inter_block(&self) -> bool {
        match (self.first.thread, self.second.thread) {
            (Some(a), Some(b)) => a.block != b.block,
            _ => false,
        }
    }
}

impl std::fmt::Display for Race {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} and {}", self.first, self.second)
    }
}

/// Everything read from one run's standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// Races on the kernel's memory: inside a region the runtime announced (`MC-REGION`), or
    /// on a global variable.
    pub races: Vec<Race>,
    /// Races elsewhere (an access out of bounds of every region).
    pub stray: Vec<Race>,
    pub divergence: Option<String>,
    pub precondition: Option<String>,
    pub unsupported: Option<String>,
    pub usage: Option<String>,
    pub crash: Option<String>,
    pub notes: Vec<String>,
    pub done: bool,
}

fn hex(text: &str) -> Option<u64> {
    u64::from_str_radix(text.trim().trim_start_matches("0x"), 16).ok()
}

/// The kind, the address and the TSan thread id of an access's first line.
fn access_head(line: &str) -> Option<(AccessKind, Option<u64>, Option<u64>)> {
    let l = line.trim_start();
    let l = l.strip_prefix("Previous ").unwrap_or(l);
    let (atomic, l) = match l
        .strip_prefix("atomic ")
        .or_else(|| l.strip_prefix("Atomic "))
    {
        Some(rest) => (true, rest),
        None => (false, l),
    };
    let kind = if l.starts_with("Write of size") || l.starts_with("write of size") {
        if atomic {
            AccessKind::AtomicWrite
        } else {
            AccessKind::Write
        }
    } else if l.starts_with("Read of size") || l.starts_with("read of size") {
        if atomic {
            AccessKind::AtomicRead
        } else {
            AccessKind::Read
        }
    } else {
        return None;
    };
    let address = l
        .split_once(" at ")
        .and_then(|(_, a)| a.split_whitespace().next())
        .and_then(hex);
    let thread = l
        .split_once("by thread T")
        .and_then(|(_, t)| t.trim_end_matches(':').split_whitespace().next())
        .and_then(|t| t.trim_end_matches(':').parse().ok());
    Some((kind, address, thread))
}

/// `file:LINE[:COL]` of a frame line, when it names `file`.
fn frame_location(line: &str, file: &str) -> Option<(u32, Option<u32>, String)> {
    let at = line.find(&format!(" {file}:"))?;
    let rest = &line[at + 1 + file.len() + 1..];
    let mut parts = rest.split(|c: char| !c.is_ascii_digit());
    let l: u32 = parts.next()?.parse().ok()?;
    let after = &rest[l.to_string().len()..];
    let col = after
        .strip_prefix(':')
        .and_then(|c| c.split(|ch: char| !ch.is_ascii_digit()).next())
        .and_then(|c| c.parse().ok());
    let function = line
        .trim_start()
        .split_once(' ')
        .and_then(|(_, r)| {
            r.find(&format!(" {file}:"))
                .map(|i| r[..i].trim().to_string())
        })
        .unwrap_or_default();
    Some((l, col, function))
}

fn thread_name(name: &str) -> Option<CudaThread> {
    let rest = name.strip_prefix('b')?;
    let (b, t) = rest.split_once('t')?;
    Some(CudaThread {
        block: b.parse().ok()?,
        thread: t.parse().ok()?,
    })
}

/// Reads a run's standard error; `file` is the user's file as the `#line` directive named it,
/// `included` the files of the user's it includes (as `#line` names them, as mapcheck does).
pub fn parse(stderr: &str, file: &str, included: &[(String, String)]) -> Parsed {
    let mut out = Parsed::default();
    let lines: Vec<&str> = stderr.lines().collect();
    // Thread ids to CUDA threads, from every report's thread lines.
    let mut names: HashMap<u64, CudaThread> = HashMap::new();
    let mut regions: Vec<(u64, u64)> = Vec::new();
    for l in &lines {
        if let Some(rest) = l.strip_prefix("MC-REGION ") {
            let mut parts = rest.split_whitespace().map(hex);
            if let (Some(Some(a)), Some(Some(b))) = (parts.next(), parts.next()) {
                regions.push((a, b));
            }
        }
        let t = l.trim_start();
        if let Some(rest) = t.strip_prefix("Thread T") {
            let id = rest.split_whitespace().next().and_then(|i| i.parse().ok());
            let name = rest.split('\'').nth(1).and_then(thread_name);
            if let (Some(id), Some(name)) = (id, name) {
                names.insert(id, name);
            }
        }
    }
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if let Some(rest) = l.strip_prefix("MC-") {
            let (tag, text) = rest.split_once(' ').unwrap_or((rest, ""));
            let text = text.to_string();
            match tag {
                "DIVERGENCE" => {
                    out.divergence.get_or_insert(text);
                }
                "PRECONDITION" => {
                    out.precondition.get_or_insert(text);
                }
                "UNSUPPORTED" => {
                    out.unsupported.get_or_insert(text);
                }
                "USAGE" => {
                    out.usage.get_or_insert(text);
                }
                "NOTE" => out.notes.push(text),
                "DONE" => out.done = true,
                _ => {}
            }
        } else if l.contains("ThreadSanitizer:DEADLYSIGNAL") || l.contains("ThreadSanitizer: SEGV")
        {
            out.crash.get_or_insert_with(|| l.trim().to_string());
        } else if l.starts_with("WARNING: ThreadSanitizer: data race") {
            let mut accesses = Vec::new();
            let mut address = None;
            let mut global = false;
            let mut j = i + 1;
            while j < lines.len()
                && !lines[j].starts_with("SUMMARY:")
                && !lines[j].starts_with("=====")
            {
                if lines[j].trim_start().starts_with("Location is global") {
                    global = true;
                }
                if let Some((kind, at, tid)) = access_head(lines[j]) {
                    address = address.or(at);
                    let mut k = j + 1;
                    let mut place = None;
                    let mut in_file = None;
                    while k < lines.len() && lines[k].trim_start().starts_with('#') {
                        if place.is_none() {
                            place = frame_location(lines[k], file);
                            for (name, shown) in included {
                                if place.is_none() {
                                    place = frame_location(lines[k], name);
                                    in_file = place.as_ref().map(|_| shown.clone());
                                }
                            }
                        }
                        k += 1;
                    }
                    accesses.push(Access {
                        kind,
                        line: place.as_ref().map(|p| p.0),
                        file: in_file,
                        column: place.as_ref().and_then(|p| p.1),
                        function: place.map(|p| p.2),
                        thread: tid.and_then(|t| names.get(&t).copied()),
                    });
                    j = k;
                    continue;
                }
                j += 1;
            }
            if let [a, b, ..] = accesses.as_slice() {
                let race = Race {
                    first: a.clone(),
                    second: b.clone(),
                    address,
                };
                let known = global
                    || address.is_some_and(|x| regions.iter().any(|(s, e)| *s <= x && x < *e));
                let list = if known {
                    &mut out.races
                } else {
                    &mut out.stray
                };
                if !list
                    .iter()
                    .any(|r| r.first == race.first && r.second == race.second)
                {
                    list.push(race);
                }
            }
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPORT: &str = "MC-REGION 0x7fe9d52b0000 0x7fe9d52c0000
==================
WARNING: ThreadSanitizer: data race (pid=20058)
  Write of size 4 at 0x7fe9d52bf0f0 by thread T61:
    #0 racy(float*, int) /tmp/orc/k.cu:5 (k+0x36c1)

  Previous atomic read of size 4 at 0x7fe9d52bf0f0 by thread T125:
    #0 std::atomic_ref<float>::load() /work/runtime/mapcheck_host.h:300 (k+0x35cd)
    #1 racy(float*, int) /tmp/orc/k.cu:3:7 (k+0x35cd)

  Thread T61 'b0t60' (tid=20123, running) created by main thread at:
    #0 pthread_create tsan_interceptors_posix.cpp:1001 (libtsan.so.2+0x5e686)

  Thread T125 'b1t60' (tid=20188, running) created by main thread at:
    #0 pthread_create tsan_interceptors_posix.cpp:1001 (libtsan.so.2+0x5e686)

SUMMARY: ThreadSanitizer: data race /tmp/orc/k.cu:5 in racy(float*, int)
==================
MC-DIVERGENCE line 15: __syncthreads: 61 thread(s) wait at line 15, 3 returned
";

    #[test]
    fn a_report_gives_both_accesses_in_the_file() {
        let p = parse(REPORT, "/tmp/orc/k.cu", &[]);
        assert_eq!(p.races.len(), 1);
        let r = &p.races[0];
        assert_eq!(r.first.kind, AccessKind::Write);
        assert_eq!(r.first.line, Some(5));
        assert_eq!(r.first.column, None);
        assert_eq!(
            r.first.thread,
            Some(CudaThread {
                block: 0,
                thread: 60
            })
        );
        assert_eq!(r.second.kind, AccessKind::AtomicRead);
        assert_eq!((r.second.line, r.second.column), (Some(3), Some(7)));
        assert_eq!(
            r.second.thread,
            Some(CudaThread {
                block: 1,
                thread: 60
            })
        );
        assert!(r.inter_block());
        assert!(p.divergence.is_some_and(|d| d.contains("3 returned")));
        assert!(p.stray.is_empty());
        // The same report on memory the runtime did not announce is stray.
        let p = parse(
            &REPORT.replace("MC-REGION", "MC-OTHER"),
            "/tmp/orc/k.cu",
            &[],
        );
        assert!(p.races.is_empty());
        assert_eq!(p.stray.len(), 1);
        assert!(!p.done);
    }

    #[test]
    fn an_access_in_an_included_file_names_it() {
        let report = REPORT.replace("/tmp/orc/k.cu:3:7", "/tmp/orc/kern.cuh:9:2");
        let included = [("/tmp/orc/kern.cuh".to_string(), "kern.cuh".to_string())];
        let p = parse(&report, "/tmp/orc/k.cu", &included);
        let r = &p.races[0];
        assert_eq!((r.first.line, r.first.file.as_deref()), (Some(5), None));
        assert_eq!(
            (r.second.line, r.second.column, r.second.file.as_deref()),
            (Some(9), Some(2), Some("kern.cuh"))
        );
        assert!(r.second.to_string().contains("at kern.cuh:9:2"));
        // Without the included file, the access is outside the user's files.
        let p = parse(&report, "/tmp/orc/k.cu", &[]);
        assert_eq!(p.races[0].second.line, None);
    }
}
