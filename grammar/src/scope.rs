//! Scope checking, right after parsing: every name used is bound, every array declared, and
//! binders are distinct (the paper's convention, which the type checker, the SMT encoder and
//! the proofs rely on). Establishes the INVARIANT stated in `mapcheck_core::ast`.
//!
//! All scope errors of a file are reported, not only the first.

use mapcheck_core::ast::*;
use mapcheck_core::diag::Diagnostic;
use mapcheck_core::span::Span;
use std::collections::HashMap;

/// A name used or bound where the language does not allow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScopeError {
    UnknownVariable {
        name: String,
        span: Span,
    },
    /// An array name used as a number.
    ArrayAsValue {
        name: String,
        span: Span,
        decl: Span,
    },
    UndeclaredArray {
        name: String,
        span: Span,
    },
    /// A variable or parameter indexed like an array.
    NotAnArray {
        name: String,
        span: Span,
    },
    /// A name bound twice in one kernel (binders must be distinct, as in the paper).
    Rebound {
        name: String,
        span: Span,
        first: Span,
        first_is: &'static str,
    },
    /// A binder, parameter or array named like a built-in.
    BuiltinRebound {
        name: String,
        span: Span,
    },
    DuplicateKernel {
        name: String,
        span: Span,
        first: Span,
    },
    /// The same array indexed with different numbers of dimensions.
    Arity {
        name: String,
        span: Span,
        found: usize,
        expected: usize,
        first: Span,
    },
}

impl ScopeError {
    pub fn span(&self) -> Span {
        match self {
            ScopeError::UnknownVariable { span, .. }
            | ScopeError::ArrayAsValue { span, .. }
            | ScopeError::UndeclaredArray { span, .. }
            | ScopeError::NotAnArray { span, .. }
            | ScopeError::Rebound { span, .. }
            | ScopeError::BuiltinRebound { span, .. }
            | ScopeError::DuplicateKernel { span, .. }
            | ScopeError::Arity { span, .. } => *span,
        }
    }

    pub fn to_diagnostic(&self) -> Diagnostic {
        match self {
            ScopeError::UnknownVariable { name, span } => {
                Diagnostic::error(format!("unknown variable `{name}`"))
                    .with_primary(*span, "not bound here")
                    .with_help(
                        "variables are the parameters, `tid`, `ntid`, `bid`, `nbid`, loop variables and earlier `let`s of an enclosing block",
                    )
            }
            ScopeError::ArrayAsValue { name, span, decl } => {
                Diagnostic::error(format!("`{name}` is an array, not a number"))
                    .with_primary(*span, "used as a number")
                    .with_secondary(*decl, "declared here")
                    .with_help(format!("read a cell first: `let v = {name}[i];`"))
            }
            ScopeError::UndeclaredArray { name, span } => {
                Diagnostic::error(format!("undeclared array `{name}`"))
                    .with_primary(*span, "no `shared` or `global` declaration")
                    .with_help(format!(
                        "declare it at the top of the kernel: `shared {name};` or `global {name};`"
                    ))
            }
            ScopeError::NotAnArray { name, span } => {
                Diagnostic::error(format!("`{name}` is not an array"))
                    .with_primary(*span, "indexed here")
            }
            ScopeError::Rebound {
                name,
                span,
                first,
                first_is,
            } => Diagnostic::error(format!("`{name}` is already bound"))
                .with_primary(*span, "bound again here")
                .with_secondary(*first, format!("first bound here, as {first_is}"))
                .with_help("every binder of a kernel must have a distinct name: rename one"),
            ScopeError::BuiltinRebound { name, span } => {
                Diagnostic::error(format!("`{name}` is a built-in and cannot be bound"))
                    .with_primary(*span, "bound here")
            }
            ScopeError::DuplicateKernel { name, span, first } => {
                Diagnostic::error(format!("kernel `{name}` is defined twice"))
                    .with_primary(*span, "defined again here")
                    .with_secondary(*first, "first defined here")
            }
            ScopeError::Arity {
                name,
                span,
                found,
                expected,
                first,
            } => Diagnostic::error(format!(
                "`{name}` is indexed with {found} {} here but with {expected} before",
                if *found == 1 { "index" } else { "indices" }
            ))
            .with_primary(*span, format!("{found} here"))
            .with_secondary(*first, format!("{expected} here")),
        }
    }
}

/// Checks every kernel of `program`; all errors, in source order.
pub fn check(program: &Program) -> Vec<ScopeError> {
    let mut errors = Vec::new();
    let mut kernels: HashMap<&str, Span> = HashMap::new();
    for kernel in &program.kernels {
        if let Some(first) = kernels.get(kernel.name.name.as_str()) {
            errors.push(ScopeError::DuplicateKernel {
                name: kernel.name.name.clone(),
                span: kernel.name.span,
                first: *first,
            });
        } else {
            kernels.insert(&kernel.name.name, kernel.name.span);
        }
        KernelScope::new(kernel, &mut errors).block(&kernel.body);
    }
    errors.sort_by_key(|e| (e.span().start, e.span().end));
    errors
}

#[derive(Clone, Copy)]
enum Binding {
    Param(Span),
    Array(Span),
    Local(Span),
}

struct KernelScope<'k, 'e> {
    /// Every name bound anywhere in the kernel so far, for distinctness.
    bound: HashMap<&'k str, Binding>,
    /// Names usable at the current point, innermost scope last.
    visible: Vec<&'k str>,
    arrays: HashMap<&'k str, &'k ArrayDecl>,
    arity: HashMap<&'k str, (usize, Span)>,
    errors: &'e mut Vec<ScopeError>,
}

impl<'k, 'e> KernelScope<'k, 'e> {
    fn new(kernel: &'k Kernel, errors: &'e mut Vec<ScopeError>) -> Self {
        let mut scope = KernelScope {
            bound: HashMap::new(),
            visible: Vec::new(),
            arrays: HashMap::new(),
            arity: HashMap::new(),
            errors,
        };
        for param in &kernel.params {
            if scope.bind_name(&param.name, param.span, Binding::Param(param.span)) {
                scope.visible.push(&param.name);
            }
        }
        for array in &kernel.arrays {
            if scope.bind(&array.name, Binding::Array(array.name.span)) {
                scope.arrays.insert(&array.name.name, array);
            }
        }
        scope
    }

    /// Records a binder; false (and an error) when the name is taken.
    fn bind(&mut self, name: &'k Ident, as_what: Binding) -> bool {
        self.bind_name(&name.name, name.span, as_what)
    }

    /// [`Self::bind`] of a name and the span it is bound at.
    fn bind_name(&mut self, name: &'k str, span: Span, as_what: Binding) -> bool {
        if Builtin::from_name(name).is_some() {
            self.errors.push(ScopeError::BuiltinRebound {
                name: name.to_string(),
                span,
            });
            return false;
        }
        if let Some(first) = self.bound.get(name) {
            let (first, first_is) = match *first {
                Binding::Param(s) => (s, "a parameter"),
                Binding::Array(s) => (s, "an array"),
                Binding::Local(s) => (s, "a variable"),
            };
            self.errors.push(ScopeError::Rebound {
                name: name.to_string(),
                span,
                first,
                first_is,
            });
            return false;
        }
        self.bound.insert(name, as_what);
        true
    }

    fn block(&mut self, block: &'k Block) {
        let depth = self.visible.len();
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
        self.visible.truncate(depth);
    }

    fn stmt(&mut self, stmt: &'k Stmt) {
        match &stmt.kind {
            StmtKind::Skip | StmtKind::Sync | StmtKind::SyncWarp => {}
            StmtKind::Write { target, value } => {
                self.access(target);
                self.expr(value);
            }
            StmtKind::Read { source, .. } => self.access(source),
            StmtKind::Let { value, .. } => self.expr(value),
            StmtKind::Unknown { .. } => {}
            StmtKind::Atomic { target, value, .. } => {
                self.access(target);
                self.expr(value);
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.cond(cond);
                self.block(then_branch);
                if let Some(b) = else_branch {
                    self.block(b);
                }
            }
            StmtKind::For { var, range, body } => {
                self.expr(&range.start);
                self.expr(&range.bound);
                self.expr(&range.step.amount);
                let depth = self.visible.len();
                if self.bind(var, Binding::Local(var.span)) {
                    self.visible.push(&var.name);
                }
                self.block(body);
                self.visible.truncate(depth);
            }
            StmtKind::Assume { cond } => self.cond(cond),
        }
        // A binder is visible after its statement, to the end of the enclosing block.
        if let Some(var) = stmt.kind.binder() {
            if self.bind(var, Binding::Local(var.span)) {
                self.visible.push(&var.name);
            }
        }
    }

    fn access(&mut self, access: &'k Access) {
        let name = access.array.name.as_str();
        match self.arrays.get(name) {
            Some(_) => {
                let found = access.index.len();
                match self.arity.get(name) {
                    Some(&(expected, first)) if expected != found => {
                        self.errors.push(ScopeError::Arity {
                            name: name.to_string(),
                            span: access.span,
                            found,
                            expected,
                            first,
                        })
                    }
                    Some(_) => {}
                    None => {
                        self.arity.insert(name, (found, access.span));
                    }
                }
            }
            None if self.is_value(name) => self.errors.push(ScopeError::NotAnArray {
                name: name.to_string(),
                span: access.array.span,
            }),
            None => self.errors.push(ScopeError::UndeclaredArray {
                name: name.to_string(),
                span: access.array.span,
            }),
        }
        for index in &access.index {
            self.expr(index);
        }
    }

    fn is_value(&self, name: &str) -> bool {
        Builtin::from_name(name).is_some()
            || self.bound.contains_key(name) && !self.arrays.contains_key(name)
    }

    fn use_var(&mut self, name: &str, span: Span) {
        if Builtin::from_name(name).is_some() || self.visible.contains(&name) {
            return;
        }
        let error = match self.arrays.get(name) {
            Some(decl) => ScopeError::ArrayAsValue {
                name: name.to_string(),
                span,
                decl: decl.name.span,
            },
            None => ScopeError::UnknownVariable {
                name: name.to_string(),
                span,
            },
        };
        self.errors.push(error);
    }

    fn expr(&mut self, e: &'k Expr) {
        let mut uses = Vec::new();
        e.for_each_var(&mut |name, span| uses.push((name, span)));
        for (name, span) in uses {
            self.use_var(name, span);
        }
    }

    fn cond(&mut self, c: &'k Cond) {
        let mut uses = Vec::new();
        c.for_each_var(&mut |name, span| uses.push((name, span)));
        for (name, span) in uses {
            self.use_var(name, span);
        }
    }
}
