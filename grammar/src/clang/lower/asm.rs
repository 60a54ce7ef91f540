//! Inline assembly: `bar.sync`/`barrier` is a barrier; anything else may write what its
//! operands reach, which the lowering refuses unless it has no outputs.

use super::*;

impl Lower<'_, '_> {
    /// Inline assembly: `bar.sync`/`barrier` is a barrier; anything else may write what its
    /// operands reach, which the lowering refuses unless it has no outputs.
    pub(super) fn asm(&mut self, n: &Node, span: Span, out: &mut Vec<Stmt>) -> Cond {
        let text = n
            .span_in_main()
            .and_then(|s| self.text.get(s.start..s.end))
            .unwrap_or("")
            .to_string();
        if text.is_empty() {
            self.error(
                span,
                "inline assembly mapcheck cannot read",
                "the `asm` text is not in this file",
            );
            return tt(span);
        }
        let lowered = text.to_ascii_lowercase();
        if lowered.contains("bar.sync")
            || lowered.contains("barrier")
            || lowered.contains("bar.arrive")
        {
            if lowered.contains("bar.sync 0")
                || lowered.contains("barrier.sync 0")
                || lowered.contains("bar.sync\t0")
            {
                self.emit(out, stmt(StmtKind::Sync, span));
            } else {
                self.error(
                    span,
                    "an inline barrier of a named or partial barrier",
                    "only `bar.sync 0` is modelled",
                );
            }
            return tt(span);
        }
        // Operands: outputs are lvalues; their places are written with unknown values.
        for op in n.exprs() {
            if op.is_lvalue() {
                let p = self.place(op, out);
                let ty = p.ty();
                let v = self.unknown_val("asm_output", &ty, span, out);
                self.write(p, v, span, out);
            } else {
                let v = self.rvalue(op, out);
                if let Val::Ptr(p) = v {
                    if !matches!(p, Ptr::Private) {
                        self.error(
                            span,
                            "inline assembly with a pointer operand",
                            "it may access memory mapcheck cannot see",
                        );
                    }
                }
            }
        }
        if lowered.contains("st.")
            || lowered.contains("ld.")
            || lowered.contains("atom.")
            || lowered.contains("red.")
        {
            self.error(
                span,
                "inline assembly that accesses memory",
                "mapcheck does not read PTX memory instructions",
            );
        }
        tt(span)
    }
}
