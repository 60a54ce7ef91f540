//! Inline assembly, read instruction by instruction. clang's JSON does not carry an `asm`
//! statement's template, so it is read from the statement's text in the file (for a statement
//! written inside a macro, the macro's definition, where clang places its spelling): the
//! string literals before the first `:`, concatenated and unescaped as C does. A template
//! built with a macro (`asm(SYNC "...")`) cannot be read that way and is refused, never
//! guessed. Each PTX instruction is then
//!
//! * `bar.sync 0` / `barrier.sync 0` (with `.cta`, `.aligned`): the block's barrier, `sync;`;
//!   a named barrier, a thread count (`bar.sync 0, 64`), `bar.arrive`, `bar.red` or a
//!   predicated barrier is refused (a partial barrier is not modelled);
//! * `membar`/`fence`: nothing (SPEC §4: only barriers order accesses);
//! * an instruction that reads or writes memory (`ld`, `st`, `atom`, `red`, `cp.async`,
//!   `ldmatrix`, `stmatrix`, `mbarrier`, surfaces, textures, …) or changes control flow
//!   (`bra`, `call`, `ret`, `exit`, `trap`, a label): refused, with the instruction named;
//! * a register instruction of PTX's arithmetic, logic, conversion, move and warp-exchange
//!   families: its outputs are unknown values; an instruction mapcheck does not know is
//!   refused.
//!
//! Input operands are read before the instructions, output operands written with unknown
//! values after them.

use super::*;

/// PTX instructions that only compute registers from registers (and special registers such as
/// `%laneid`), by their first name component.
const REGISTER_ONLY: &[&str] = &[
    "abs",
    "activemask",
    "add",
    "addc",
    "and",
    "bfe",
    "bfi",
    "bfind",
    "bmsk",
    "brev",
    "clz",
    "cnot",
    "copysign",
    "cos",
    "cvt",
    "cvta",
    "div",
    "dp2a",
    "dp4a",
    "elect",
    "ex2",
    "fma",
    "fns",
    "isspacep",
    "lg2",
    "lop3",
    "mad",
    "mad24",
    "madc",
    "match",
    "max",
    "min",
    "mma",
    "mov",
    "mul",
    "mul24",
    "nanosleep",
    "neg",
    "not",
    "or",
    "popc",
    "prefetch",
    "prefetchu",
    "prmt",
    "rcp",
    "redux",
    "rem",
    "rsqrt",
    "sad",
    "selp",
    "set",
    "setp",
    "shf",
    "shfl",
    "shl",
    "shr",
    "sin",
    "slct",
    "sqrt",
    "sub",
    "subc",
    "szext",
    "tanh",
    "testp",
    "vote",
    "xor",
];

/// PTX instructions that access memory (by their first name component).
const MEMORY: &[&str] = &[
    "ld",
    "ldu",
    "st",
    "atom",
    "red",
    "cp",
    "ldmatrix",
    "stmatrix",
    "mbarrier",
    "suld",
    "sust",
    "sured",
    "suq",
    "tex",
    "tld4",
    "txq",
    "wmma",
    "multimem",
    "tensormap",
    "applypriority",
    "discard",
    "createpolicy",
    "alloca",
    "stackrestore",
    "stacksave",
    "cvt.pack",
];

/// What one instruction of a template is.
#[derive(Debug, PartialEq, Eq)]
enum Instruction {
    Barrier,
    Fence,
    Register,
    /// Refused: the message's label.
    Refused(String),
}

impl Lower<'_, '_> {
    pub(super) fn asm(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let text = n
            .span_in_main()
            .and_then(|s| self.text.get(s.start..s.end))
            .unwrap_or("")
            .to_string();
        let template = match template(&text) {
            Ok(t) => t,
            Err(why) => {
                self.error(span, "inline assembly mapcheck cannot read", why);
                return tt(span);
            }
        };
        let mut barriers = 0;
        for line in instructions(&template) {
            match classify(&line) {
                Instruction::Barrier => barriers += 1,
                Instruction::Fence | Instruction::Register => {}
                Instruction::Refused(why) => {
                    self.error(span, format!("inline assembly `{line}`"), why);
                    return tt(span);
                }
            }
        }
        // The special registers of the launch the template reads (`%ctaid.x`, `%tid.y`,
        // `%laneid`) are reads of the geometry: kept as such, so that the launch conventions
        // do not take such a dimension to be 1 (the outputs computed from them are unknown).
        for b in geometry_registers(&template) {
            let var = Ident::new(
                self.fresh(&format!("asm_reads_{}", b.replace('.', "_"))),
                span,
            );
            let value = Expr::var(b, span);
            self.emit(out, stmt(StmtKind::Let { var, value }, span));
        }
        // Inputs are read before the instructions run; the compiler stores the outputs into
        // their places after them (after its barriers too). No instruction left dereferences
        // a pointer operand.
        let mut outputs = Vec::new();
        for op in n.exprs() {
            if op.is_lvalue() {
                outputs.push(self.place(op, out));
            } else {
                self.rvalue(op, out);
            }
        }
        for _ in 0..barriers {
            self.emit(out, stmt(StmtKind::Sync, span));
        }
        for p in outputs {
            let ty = p.ty();
            let v = self.unknown_val("asm_output", &ty, span, out);
            self.write(p, v, span, out);
        }
        tt(span)
    }
}

/// The geometry built-ins (`tid.x`, `nbid.y`, ...) that the PTX special registers named in
/// `template` read: `%tid`, `%ntid`, `%ctaid` and `%nctaid` by component; the lane and warp
/// registers (`%laneid`, `%warpid`, `%lanemask_lt`, ...), which are functions of the thread's
/// linear index in its block, every component of the thread's index and of the block's size.
fn geometry_registers(template: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in template.match_indices('%') {
        let name: String = template[at..]
            .trim_start_matches('%')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
            .collect();
        let (register, component) = name.split_once('.').unwrap_or((name.as_str(), ""));
        let base = match register {
            "tid" => "tid",
            "ntid" => "ntid",
            "ctaid" => "bid",
            "nctaid" => "nbid",
            r if matches!(r, "laneid" | "warpid") || r.starts_with("lanemask_") => {
                for b in ["tid", "ntid"] {
                    for c in ["x", "y", "z"] {
                        found.insert(format!("{b}.{c}"));
                    }
                }
                continue;
            }
            _ => continue,
        };
        let component = &component[..component.len().min(1)];
        if matches!(component, "x" | "y" | "z") {
            found.insert(format!("{base}.{component}"));
        } else {
            // The whole vector register (`%tid` in a `mov.v4`): every component.
            for c in ["x", "y", "z"] {
                found.insert(format!("{base}.{c}"));
            }
        }
    }
    found
}

/// The template of an `asm` statement's text: its string literals before the first top-level
/// `:` (or the closing parenthesis), concatenated and unescaped.
fn template(text: &str) -> Result<String, String> {
    let open = text
        .find('(')
        .ok_or_else(|| "the `asm` text is not in this file".to_string())?;
    let head = text[..open].trim();
    if !(head.starts_with("asm") || head.starts_with("__asm")) {
        return Err("the `asm` statement is written by a macro of another file".into());
    }
    let mut out = String::new();
    let mut chars = text[open + 1..].chars().peekable();
    loop {
        match chars.next() {
            None => return Err("the `asm` statement does not end in this file".into()),
            Some(c) if c.is_whitespace() => {}
            Some(':' | ')') => return Ok(out),
            Some('"') => loop {
                match chars.next() {
                    None => return Err("an unterminated string in the `asm` template".into()),
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some('n') => out.push('\n'),
                        Some('t') => out.push('\t'),
                        Some('r') => out.push('\r'),
                        Some('0') => out.push('\0'),
                        Some(c) => out.push(c),
                        None => return Err("an unterminated string in the `asm` template".into()),
                    },
                    Some(c) => out.push(c),
                }
            },
            Some('/') if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            Some(_) => {
                return Err(
                    "its template is built with a macro or an expression: mapcheck reads only \
                     string literals"
                        .into(),
                )
            }
        }
    }
}

/// The instructions of a template: separated by `;` and new lines, comments, braces and
/// register declarations left out.
fn instructions(template: &str) -> Vec<String> {
    let mut clean = String::with_capacity(template.len());
    let mut rest = template;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.find('\n').map_or("", |k| &r[k..]);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.find("*/").map_or("", |k| &r[k + 2..]);
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            clean.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    clean
        .split([';', '\n', '{', '}'])
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty() && !s.starts_with('.'))
        .collect()
}

/// What the instruction `line` is.
fn classify(line: &str) -> Instruction {
    if line.ends_with(':') || line.starts_with('$') && !line.contains(' ') {
        return Instruction::Refused("a label: control flow mapcheck does not follow".into());
    }
    let predicated = line.starts_with('@');
    let line = if predicated {
        line.split_once(' ').map_or("", |(_, rest)| rest)
    } else {
        line
    };
    let (opcode, operands) = line.split_once(' ').unwrap_or((line, ""));
    let mut parts = opcode.split('.');
    let root = parts.next().unwrap_or("");
    let modifiers: Vec<&str> = parts.collect();
    match root {
        "bar" | "barrier" => {
            let operands: Vec<&str> = operands
                .split(',')
                .map(str::trim)
                .filter(|o| !o.is_empty())
                .collect();
            let sync = modifiers.first() == Some(&"sync")
                || modifiers.first() == Some(&"cta") && modifiers.get(1) == Some(&"sync");
            let plain = modifiers
                .iter()
                .all(|m| matches!(*m, "sync" | "cta" | "aligned"));
            if predicated {
                Instruction::Refused("a barrier under a predicate is not modelled".into())
            } else if !sync || !plain {
                Instruction::Refused(
                    "only the block's barrier `bar.sync 0` is modelled (not `arrive`, `red` or \
                     a cluster's)"
                        .into(),
                )
            } else if !matches!(operands.as_slice(), [id] if ptx_integer(id) == Some(0)) {
                Instruction::Refused(
                    "a named barrier or one with a thread count is a partial barrier, which is \
                     not modelled"
                        .into(),
                )
            } else {
                Instruction::Barrier
            }
        }
        "membar" | "fence" => Instruction::Fence,
        _ if MEMORY.contains(&root) || MEMORY.contains(&opcode) => Instruction::Refused(
            "an instruction that accesses memory: mapcheck does not read PTX memory \
             instructions"
                .into(),
        ),
        "bra" | "brx" | "call" | "ret" | "exit" | "trap" | "brkpt" => {
            Instruction::Refused("control flow mapcheck does not follow".into())
        }
        _ if REGISTER_ONLY.contains(&root) => Instruction::Register,
        _ => Instruction::Refused("an instruction mapcheck does not know".into()),
    }
}

/// The value of a PTX integer literal (`0`, `0x0`, `0b0`, `00`, with an optional `U`
/// suffix), `None` for anything else (a register, an expression).
fn ptx_integer(text: &str) -> Option<u64> {
    let t = text.strip_suffix(['U', 'u']).unwrap_or(text);
    let (digits, radix) = if let Some(h) = t.strip_prefix("0x").or(t.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = t.strip_prefix("0b").or(t.strip_prefix("0B")) {
        (b, 2)
    } else if t.len() > 1 && t.starts_with('0') {
        (&t[1..], 8)
    } else {
        (t, 10)
    };
    u64::from_str_radix(digits, radix).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Result<Vec<Instruction>, String> {
        Ok(instructions(&template(text)?)
            .iter()
            .map(|l| classify(l))
            .collect())
    }

    #[test]
    fn the_template_is_its_string_literals_unescaped() {
        assert_eq!(
            template(r#"asm volatile("bar.sync 0;" "\n\tmov.u32 %0, %1;" : "=r"(v) : "r"(x))"#),
            Ok("bar.sync 0;\n\tmov.u32 %0, %1;".to_string())
        );
        assert_eq!(template(r#"asm("membar.cta;")"#), Ok("membar.cta;".into()));
        assert!(template(r#"asm volatile(SYNC "mov.u32 %0, 1;" : "=r"(v))"#).is_err());
    }

    #[test]
    fn the_launch_registers_a_template_reads_are_geometry_reads() {
        let read = |t: &str| {
            geometry_registers(t)
                .into_iter()
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(read("mov.u32 %0, %%ctaid.x;"), "bid.x");
        assert_eq!(
            read("mov.u32 %0, %tid.y; mov.u32 %1, %nctaid.z;"),
            "nbid.z tid.y"
        );
        assert_eq!(read("mov.u32 %0, %ntid.x;"), "ntid.x");
        assert_eq!(
            read("mov.u32 %0, %laneid;"),
            "ntid.x ntid.y ntid.z tid.x tid.y tid.z"
        );
        assert_eq!(read("mov.u32 %0, %smid; add.s32 %0, %1, %2;"), "");
    }

    #[test]
    fn every_instruction_is_classified() {
        use Instruction::*;
        assert_eq!(kinds(r#"asm("bar.sync 0;")"#), Ok(vec![Barrier]));
        assert_eq!(
            kinds(r#"asm("barrier.sync.aligned 0;")"#),
            Ok(vec![Barrier])
        );
        assert_eq!(kinds(r#"asm("bar.cta.sync 0;")"#), Ok(vec![Barrier]));
        // Barrier 0 in every spelling of a PTX integer.
        for zero in ["0x0", "0X0", "00", "0b0", "0U"] {
            let text = format!(r#"asm("bar.sync {zero};")"#);
            assert_eq!(kinds(&text), Ok(vec![Barrier]), "{zero}");
        }
        assert_ne!(kinds(r#"asm("bar.sync 0x1;")"#), Ok(vec![Barrier]));
        assert_eq!(
            kinds(r#"asm volatile("mov.u32 %0, %%laneid;" : "=r"(l))"#),
            Ok(vec![Register])
        );
        assert_eq!(
            kinds(r#"asm("membar.gl; fence.acq_rel.cta;")"#),
            Ok(vec![Fence, Fence])
        );
        // A second instruction after a barrier is read too.
        let k = kinds(r#"asm("bar.sync 0; st.shared.u32 [%0], %1;" :: "r"(a), "r"(v))"#)
            .unwrap_or_default();
        assert_eq!(k[0], Barrier);
        assert!(matches!(k[1], Refused(_)));
        // Partial, named and predicated barriers are refused.
        for t in [
            r#"asm("bar.sync 0, 64;")"#,
            r#"asm("bar.sync 1;")"#,
            r#"asm("bar.arrive 0, 64;")"#,
            r#"asm("@p bar.sync 0;")"#,
            r#"asm("barrier.cluster.arrive;")"#,
        ] {
            assert!(
                matches!(kinds(t).unwrap_or_default()[..], [Refused(_)]),
                "{t}"
            );
        }
        for t in [
            r#"asm("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p))"#,
            r#"asm("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(s), "l"(g))"#,
            r#"asm("red.global.add.u32 [%0], 1;" :: "l"(p))"#,
            r#"asm("exit;")"#,
            r#"asm("frobnicate.u32 %0;" : "=r"(v))"#,
        ] {
            assert!(
                matches!(kinds(t).unwrap_or_default()[..], [Refused(_)]),
                "{t}"
            );
        }
    }
}
