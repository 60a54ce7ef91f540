//! A typed model of clang's JSON AST (`-Xclang -ast-dump=json`), for the node kinds kernels
//! use.
//!
//! Every node is a [`Node`]: its [`Kind`] (a closed enum of the kinds the lowering knows, and
//! [`Kind::Other`] keeping the name of any other, so that the lowering can refuse it with a
//! located error instead of skipping it), its location, its type, its children and the
//! kind-specific fields the lowering reads (an unknown field is ignored by serde; a missing one
//! is `None`). Fields clang prints only for some kinds are all optional here.
//!
//! clang prints a location's `file` (and `line`) only when it differs from the location
//! printed before it, in document order. [`resolve_files`] walks the tree in that order and
//! fills every location's file in, so that [`Node::span_in_main`] can tell locations in the
//! main file (the standard input) from those in headers.

use mapcheck_core::span::Span;
use serde::Deserialize;

/// The node kinds the lowering reads; any other is [`Kind::Other`] with its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    TranslationUnitDecl,
    NamespaceDecl,
    LinkageSpecDecl,
    FunctionDecl,
    CXXMethodDecl,
    CXXConversionDecl,
    FunctionTemplateDecl,
    ClassTemplateDecl,
    ClassTemplateSpecializationDecl,
    CXXRecordDecl,
    RecordDecl,
    FieldDecl,
    VarDecl,
    ParmVarDecl,
    TypedefDecl,
    TypeAliasDecl,
    EnumDecl,
    EnumConstantDecl,
    UsingDirectiveDecl,
    NamespaceAliasDecl,
    StaticAssertDecl,
    // Statements.
    CompoundStmt,
    DeclStmt,
    IfStmt,
    ForStmt,
    WhileStmt,
    DoStmt,
    SwitchStmt,
    CaseStmt,
    DefaultStmt,
    BreakStmt,
    ContinueStmt,
    ReturnStmt,
    NullStmt,
    GotoStmt,
    LabelStmt,
    GCCAsmStmt,
    AttributedStmt,
    // Expressions.
    IntegerLiteral,
    CharacterLiteral,
    FloatingLiteral,
    StringLiteral,
    CXXBoolLiteralExpr,
    CXXNullPtrLiteralExpr,
    CXXThisExpr,
    DeclRefExpr,
    ImplicitCastExpr,
    CStyleCastExpr,
    CXXStaticCastExpr,
    CXXReinterpretCastExpr,
    CXXConstCastExpr,
    CXXFunctionalCastExpr,
    BinaryOperator,
    CompoundAssignOperator,
    UnaryOperator,
    ConditionalOperator,
    ArraySubscriptExpr,
    MemberExpr,
    ParenExpr,
    CallExpr,
    CXXMemberCallExpr,
    CXXOperatorCallExpr,
    CXXConstructExpr,
    CXXTemporaryObjectExpr,
    ConstantExpr,
    ExprWithCleanups,
    MaterializeTemporaryExpr,
    CXXBindTemporaryExpr,
    SubstNonTypeTemplateParmExpr,
    UnaryExprOrTypeTraitExpr,
    InitListExpr,
    ImplicitValueInitExpr,
    CXXDefaultArgExpr,
    CUDAKernelCallExpr,
    Other(String),
}

impl From<String> for Kind {
    fn from(s: String) -> Kind {
        use Kind::*;
        match s.as_str() {
            "TranslationUnitDecl" => TranslationUnitDecl,
            "NamespaceDecl" => NamespaceDecl,
            "LinkageSpecDecl" => LinkageSpecDecl,
            "FunctionDecl" => FunctionDecl,
            "CXXMethodDecl" => CXXMethodDecl,
            "CXXConversionDecl" => CXXConversionDecl,
            "CXXThisExpr" => CXXThisExpr,
            "FunctionTemplateDecl" => FunctionTemplateDecl,
            "ClassTemplateDecl" => ClassTemplateDecl,
            "ClassTemplateSpecializationDecl" => ClassTemplateSpecializationDecl,
            "CXXRecordDecl" => CXXRecordDecl,
            "RecordDecl" => RecordDecl,
            "FieldDecl" => FieldDecl,
            "VarDecl" => VarDecl,
            "ParmVarDecl" => ParmVarDecl,
            "TypedefDecl" => TypedefDecl,
            "TypeAliasDecl" => TypeAliasDecl,
            "EnumDecl" => EnumDecl,
            "EnumConstantDecl" => EnumConstantDecl,
            "UsingDirectiveDecl" => UsingDirectiveDecl,
            "NamespaceAliasDecl" => NamespaceAliasDecl,
            "StaticAssertDecl" => StaticAssertDecl,
            "CompoundStmt" => CompoundStmt,
            "DeclStmt" => DeclStmt,
            "IfStmt" => IfStmt,
            "ForStmt" => ForStmt,
            "WhileStmt" => WhileStmt,
            "DoStmt" => DoStmt,
            "SwitchStmt" => SwitchStmt,
            "CaseStmt" => CaseStmt,
            "DefaultStmt" => DefaultStmt,
            "BreakStmt" => BreakStmt,
            "ContinueStmt" => ContinueStmt,
            "ReturnStmt" => ReturnStmt,
            "NullStmt" => NullStmt,
            "GotoStmt" => GotoStmt,
            "LabelStmt" => LabelStmt,
            "GCCAsmStmt" => GCCAsmStmt,
            "AttributedStmt" => AttributedStmt,
            "IntegerLiteral" => IntegerLiteral,
            "CharacterLiteral" => CharacterLiteral,
            "FloatingLiteral" => FloatingLiteral,
            "StringLiteral" => StringLiteral,
            "CXXBoolLiteralExpr" => CXXBoolLiteralExpr,
            "CXXNullPtrLiteralExpr" => CXXNullPtrLiteralExpr,
            "DeclRefExpr" => DeclRefExpr,
            "ImplicitCastExpr" => ImplicitCastExpr,
            "CStyleCastExpr" => CStyleCastExpr,
            "CXXStaticCastExpr" => CXXStaticCastExpr,
            "CXXReinterpretCastExpr" => CXXReinterpretCastExpr,
            "CXXConstCastExpr" => CXXConstCastExpr,
            "CXXFunctionalCastExpr" => CXXFunctionalCastExpr,
            "BinaryOperator" => BinaryOperator,
            "CompoundAssignOperator" => CompoundAssignOperator,
            "UnaryOperator" => UnaryOperator,
            "ConditionalOperator" => ConditionalOperator,
            "ArraySubscriptExpr" => ArraySubscriptExpr,
            "MemberExpr" => MemberExpr,
            "ParenExpr" => ParenExpr,
            "CallExpr" => CallExpr,
            "CXXMemberCallExpr" => CXXMemberCallExpr,
            "CXXOperatorCallExpr" => CXXOperatorCallExpr,
            "CXXConstructExpr" => CXXConstructExpr,
            "CXXTemporaryObjectExpr" => CXXTemporaryObjectExpr,
            "ConstantExpr" => ConstantExpr,
            "ExprWithCleanups" => ExprWithCleanups,
            "MaterializeTemporaryExpr" => MaterializeTemporaryExpr,
            "CXXBindTemporaryExpr" => CXXBindTemporaryExpr,
            "SubstNonTypeTemplateParmExpr" => SubstNonTypeTemplateParmExpr,
            "UnaryExprOrTypeTraitExpr" => UnaryExprOrTypeTraitExpr,
            "InitListExpr" => InitListExpr,
            "ImplicitValueInitExpr" => ImplicitValueInitExpr,
            "CXXDefaultArgExpr" => CXXDefaultArgExpr,
            "CUDAKernelCallExpr" => CUDAKernelCallExpr,
            _ => Other(s),
        }
    }
}

/// The kind of the empty objects clang prints for absent children (`for (;;)`).
impl Default for Kind {
    fn default() -> Kind {
        Kind::Other(String::new())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Kind, D::Error> {
        String::deserialize(d).map(Kind::from)
    }
}

/// One position as clang prints it; `file` is filled in by [`resolve_files`].
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Pos {
    pub offset: Option<usize>,
    pub file: Option<String>,
    #[serde(rename = "tokLen")]
    pub tok_len: Option<usize>,
    /// A location inside a macro expansion: where the text was written, and where the macro
    /// was used.
    #[serde(rename = "spellingLoc")]
    pub spelling: Option<Box<Pos>>,
    #[serde(rename = "expansionLoc")]
    pub expansion: Option<Box<Pos>>,
}

impl Pos {
    /// The offset of this position in the main file, preferring where the text was written
    /// (a macro argument) over where a macro was used.
    fn main_offset(&self, end: bool) -> Option<usize> {
        let here = |p: &Pos| {
            (p.file.as_deref() == Some(super::driver::STDIN_NAME))
                .then_some(p.offset)
                .flatten()
                .map(|o| if end { o + p.tok_len.unwrap_or(0) } else { o })
        };
        match (&self.spelling, &self.expansion) {
            (Some(s), Some(e)) => here(s).or_else(|| here(e)),
            _ => here(self),
        }
    }
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct SrcRange {
    #[serde(default)]
    pub begin: Pos,
    #[serde(default)]
    pub end: Pos,
}

/// A C type as clang prints it: the spelled type and, through typedefs, the canonical one.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Type {
    #[serde(rename = "qualType", default)]
    pub qual: String,
    #[serde(rename = "desugaredQualType")]
    pub desugared: Option<String>,
}

impl Type {
    /// The type with typedefs removed.
    pub fn canonical(&self) -> &str {
        self.desugared.as_deref().unwrap_or(&self.qual)
    }
}

/// A reference from one node to a declaration (`referencedDecl`, `decl`, ...).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct DeclRef {
    pub id: String,
    pub kind: Option<Kind>,
    pub name: Option<String>,
    #[serde(rename = "type")]
    pub ty: Option<Type>,
}

/// A node of clang's AST.
#[derive(Clone, Debug, Deserialize)]
pub struct Node {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub kind: Kind,
    #[serde(default)]
    pub loc: Option<Pos>,
    #[serde(default)]
    pub range: Option<SrcRange>,
    pub name: Option<String>,
    #[serde(rename = "mangledName")]
    pub mangled_name: Option<String>,
    #[serde(rename = "type")]
    pub ty: Option<Type>,
    #[serde(rename = "valueCategory")]
    pub value_category: Option<String>,
    #[serde(default)]
    pub inner: Vec<Node>,
    /// Literals: the value as text.
    pub value: Option<serde_json::Value>,
    /// Operators: `+`, `<<=`, `++`, ...
    pub opcode: Option<String>,
    #[serde(rename = "isPostfix")]
    pub is_postfix: Option<bool>,
    /// `CompoundAssignOperator`: the type C computes the operation in.
    #[serde(rename = "computeLHSType")]
    pub compute_lhs_type: Option<Type>,
    #[serde(rename = "castKind")]
    pub cast_kind: Option<String>,
    #[serde(rename = "referencedDecl")]
    pub referenced_decl: Option<DeclRef>,
    /// A type node (`RecordType`, ...): the declaration it names.
    #[serde(rename = "decl")]
    pub type_decl: Option<DeclRef>,
    #[serde(rename = "referencedMemberDecl")]
    pub referenced_member_decl: Option<String>,
    #[serde(rename = "isArrow")]
    pub is_arrow: Option<bool>,
    #[serde(rename = "storageClass")]
    pub storage_class: Option<String>,
    /// `VarDecl`: `c` (`= e`), `call` (`(e)`), `list` (`{e}`).
    pub init: Option<String>,
    #[serde(rename = "isImplicit")]
    pub is_implicit: Option<bool>,
    #[serde(rename = "isReferenced")]
    pub is_referenced: Option<bool>,
    #[serde(rename = "isInvalid")]
    pub is_invalid: Option<bool>,
    /// `IfStmt`, `ForStmt`, ...: which optional children are present.
    #[serde(rename = "hasElse")]
    pub has_else: Option<bool>,
    #[serde(rename = "hasInit")]
    pub has_init: Option<bool>,
    #[serde(rename = "hasVar")]
    pub has_var: Option<bool>,
    /// `TemplateTypeParmDecl`, `NonTypeTemplateParmDecl`: a `...` pack.
    #[serde(rename = "isParameterPack")]
    pub is_parameter_pack: Option<bool>,
    #[serde(rename = "isConstexpr")]
    pub is_constexpr: Option<bool>,
    /// A GNU case range `case LO ... HI:` (its first two children are the bounds).
    #[serde(rename = "isGNURange")]
    pub is_gnu_range: Option<bool>,
    /// `UnaryExprOrTypeTraitExpr`: `sizeof`, ...; `argType` when applied to a type.
    #[serde(rename = "argType")]
    pub arg_type: Option<Type>,
    /// `GCCAsmStmt` has no text in the dump; `StringLiteral` children hold it.
    #[serde(rename = "tagUsed")]
    pub tag_used: Option<String>,
    /// `InitListExpr` of an array it does not fill: the filler, then the elements written
    /// (moved to `inner` when the JSON is read).
    #[serde(rename = "array_filler")]
    pub array_filler: Option<Vec<Node>>,
    /// `EnumDecl`: the type written after `:` (`enum class E : unsigned char`).
    #[serde(rename = "fixedUnderlyingType")]
    pub fixed_underlying_type: Option<Type>,
    #[serde(rename = "completeDefinition")]
    pub complete_definition: Option<bool>,
    /// `FunctionDecl` of a template instantiation: the template arguments.
    #[serde(rename = "explicitTemplateArgs")]
    pub explicit_template_args: Option<serde_json::Value>,
    /// `CallExpr` through an overload set, `CXXConstructExpr`: the constructor.
    #[serde(rename = "ctorType")]
    pub ctor_type: Option<Type>,
    /// `CXXRecordDecl`: what clang knows of the class (`isPolymorphic`, whether its
    /// destructor and special constructors are trivial).
    #[serde(rename = "definitionData")]
    pub definition_data: Option<serde_json::Value>,
    /// `CXXConstructorDecl`, `CXXMethodDecl`: `default` for `= default`.
    #[serde(rename = "explicitlyDefaulted")]
    pub explicitly_defaulted: Option<String>,
    /// `CXXCtorInitializer`: the field it initialises (a base initialiser has `baseInit`).
    #[serde(rename = "anyInit")]
    pub any_init: Option<serde_json::Value>,
    #[serde(rename = "variadic")]
    pub variadic: Option<bool>,
    /// `FunctionDecl`: `inline`, `constexpr`, ...
    pub inline: Option<bool>,
    pub constexpr: Option<bool>,
    /// `IntegerLiteral`/`ConstantExpr`: clang's evaluated value of a constant expression.
    #[serde(rename = "isPartOfExplicitCast")]
    pub part_of_explicit_cast: Option<bool>,
    /// `CXXRecordDecl`: its base classes, when it has any.
    pub bases: Option<serde_json::Value>,
    /// A method declared `virtual` (or overriding one).
    #[serde(rename = "virtual")]
    pub is_virtual: Option<bool>,
    /// A redeclaration (a constructor defined outside its class): the id of the earlier one.
    #[serde(rename = "previousDecl")]
    pub previous_decl: Option<String>,
    /// `FieldDecl` of a bit-field (its width is its child; so is a default member
    /// initialiser's value, which this tells apart).
    #[serde(rename = "isBitfield")]
    pub is_bitfield: Option<bool>,
}

/// Deepest nesting of nodes accepted: deeper ASTs are refused before any recursive pass.
pub const MAX_DEPTH: usize = 400;

impl Node {
    /// The span of this node in the main file (begin of the range to the end of its last
    /// token), or of its location when the range is not in the main file.
    pub fn span_in_main(&self) -> Option<Span> {
        if let Some(r) = &self.range {
            if let (Some(b), Some(e)) = (r.begin.main_offset(false), r.end.main_offset(true)) {
                if b <= e {
                    return Some(Span::new(b, e));
                }
            }
            if let Some(b) = r.begin.main_offset(false) {
                return Some(Span::new(b, b));
            }
        }
        self.loc
            .as_ref()
            .and_then(|l| l.main_offset(false))
            .map(|o| Span::new(o, o))
    }

    /// The empty object clang prints for an absent child (the init of `for (; c; )`).
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, Kind::Other(k) if k.is_empty())
    }

    /// The file of this node's location (after [`resolve_files`]).
    pub fn file(&self) -> Option<&str> {
        let pos = self.loc.as_ref()?;
        let pos = match (&pos.spelling, &pos.expansion) {
            (_, Some(e)) => e,
            _ => pos,
        };
        pos.file.as_deref()
    }

    pub fn is_in_main_file(&self) -> bool {
        self.file() == Some(super::driver::STDIN_NAME)
    }

    /// The type, as written (empty when clang printed none).
    pub fn qual_type(&self) -> &str {
        self.ty.as_ref().map_or("", |t| t.canonical())
    }

    pub fn is_lvalue(&self) -> bool {
        self.value_category.as_deref() == Some("lvalue")
    }

    /// Whether this declaration has `attr` (`CUDAGlobalAttr`, `CUDASharedAttr`, ...) among
    /// its children.
    pub fn has_attr(&self, attr: &str) -> bool {
        self.inner
            .iter()
            .any(|n| matches!(&n.kind, Kind::Other(k) if k == attr))
    }

    /// The children that are expressions or statements (attributes, types and comments left
    /// out).
    pub fn exprs(&self) -> impl Iterator<Item = &Node> {
        self.inner.iter().filter(|n| !n.is_meta())
    }

    /// Attributes, type nodes and comments: children that are not part of the program's
    /// behaviour.
    pub fn is_meta(&self) -> bool {
        match &self.kind {
            Kind::Other(k) => {
                k.ends_with("Attr")
                    || k.ends_with("Type")
                    || k.ends_with("Comment")
                    || k == "TemplateArgument"
                    || k == "TemplateTypeParmDecl"
                    || k == "NonTypeTemplateParmDecl"
            }
            _ => false,
        }
    }

    /// The literal value of an `IntegerLiteral` or `CharacterLiteral`, or clang's evaluated
    /// value of a `ConstantExpr`.
    /// A constant clang evaluated (`ConstantExpr` with a value) or a literal, through casts,
    /// parentheses and a minus sign.
    pub fn constant_value(&self) -> Option<i128> {
        match self.kind {
            Kind::ConstantExpr | Kind::IntegerLiteral | Kind::CharacterLiteral => self.int_value(),
            Kind::ImplicitCastExpr | Kind::ParenExpr => {
                self.exprs().next().and_then(Node::constant_value)
            }
            Kind::UnaryOperator if self.opcode.as_deref() == Some("-") => self
                .exprs()
                .next()
                .and_then(Node::constant_value)
                .map(|v| -v),
            _ => None,
        }
    }

    /// An `EnumDecl`'s enumerators with their values: the one written, else one more than the
    /// previous (the first 0).
    pub fn enumerators(&self) -> Vec<(&Node, i128)> {
        let mut next = 0i128;
        let mut out = Vec::new();
        for e in self
            .inner
            .iter()
            .filter(|e| e.kind == Kind::EnumConstantDecl)
        {
            if let Some(v) = e.inner.iter().find_map(Node::constant_value) {
                next = v;
            }
            out.push((e, next));
            next += 1;
        }
        out
    }

    pub fn int_value(&self) -> Option<i128> {
        match self.value.as_ref()? {
            serde_json::Value::String(s) => s.parse().ok(),
            serde_json::Value::Number(n) => n
                .as_i64()
                .map(i128::from)
                .or_else(|| n.as_u64().map(i128::from)),
            serde_json::Value::Bool(b) => Some(i128::from(*b)),
            _ => None,
        }
    }

    /// The depth of the tree below this node, stopping at `limit`.
    pub fn depth_exceeds(&self, limit: usize) -> bool {
        fn go(n: &Node, left: usize) -> bool {
            left == 0 || n.inner.iter().any(|c| go(c, left - 1))
        }
        go(self, limit)
    }
}

/// Fills in every location's file: clang prints `file` only where it changes, in document
/// order (a node's `loc`, then its `range` begin and end, then its children; within a macro
/// location the spelling before the expansion).
pub fn resolve_files(root: &mut Node) {
    fn pos(p: &mut Pos, current: &mut Option<String>) {
        if let Some(s) = p.spelling.as_deref_mut() {
            pos(s, current);
        }
        if let Some(e) = p.expansion.as_deref_mut() {
            pos(e, current);
        }
        if p.spelling.is_some() || p.expansion.is_some() {
            return;
        }
        match &p.file {
            Some(f) => *current = Some(f.clone()),
            None if p.offset.is_some() => p.file.clone_from(current),
            None => {}
        }
    }
    // An explicit stack: the tree may be deep.
    let mut current = None;
    let mut stack: Vec<&mut Node> = vec![root];
    while let Some(n) = stack.pop() {
        if let Some(l) = n.loc.as_mut() {
            pos(l, &mut current);
        }
        if let Some(r) = n.range.as_mut() {
            pos(&mut r.begin, &mut current);
            pos(&mut r.end, &mut current);
        }
        stack.extend(n.inner.iter_mut().rev());
    }
}

/// An array's initialiser list that leaves elements out (`{1, 2}` for `int[3]`) comes from
/// clang's JSON with all its children under `array_filler`: first the filler (the value the
/// elements left out get, zero), then the elements written. They become the list's children,
/// as for a complete list; the elements left out are the rest of the array, which its type
/// says.
fn unfold_array_fillers(root: &mut Node) {
    let mut stack: Vec<&mut Node> = vec![root];
    while let Some(n) = stack.pop() {
        if let Some(mut filled) = n.array_filler.take() {
            if n.inner.is_empty() && !filled.is_empty() {
                filled.remove(0);
                n.inner = filled;
            }
        }
        stack.extend(n.inner.iter_mut());
    }
}

/// Reads clang's JSON dump (serde_json's nesting limit of 128 bounds the recursion; a kernel
/// nested deeper than that is refused). The error is serde_json's own: it already says what
/// and where, and the caller words it for the user.
pub fn parse_json(json: &[u8]) -> Result<Node, serde_json::Error> {
    Ok(prepare(serde_json::from_slice(json)?))
}

/// Reads clang's JSON dump from `reader` as [`parse_json`] reads it from memory: the text is
/// never held whole (a file of thousands of kernels dumps hundreds of megabytes of it).
///
/// From a slice: serde_json reads a reader byte by byte through `std::io::Bytes`, and a
/// slice with its fast paths (strings scanned, not stepped). Measured on the 6.7 MB dump of
/// `a[i] = 2 * a[i]` with mapcheck's prelude: 45 ms of CPU from a reader, 27 ms from a slice.
pub fn read_json(json: &[u8]) -> Result<Node, serde_json::Error> {
    let root: Node = serde_json::from_slice(json)?;
    Ok(prepare(root))
}

/// [`read_json`] from a reader, for a dump too large to hold in memory beside its tree.
pub fn read_json_from(reader: impl std::io::Read) -> Result<Node, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_reader(reader);
    let root = Node::deserialize(&mut de)?;
    de.end()?;
    Ok(prepare(root))
}

/// The tree as the front end reads it, from the tree of clang's JSON.
fn prepare(mut root: Node) -> Node {
    unfold_array_fillers(&mut root);
    resolve_files(&mut root);
    super::typedefs::desugar(&mut root);
    root
}
