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
use std::sync::Arc;

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
    /// 32 bits, as clang's own source locations: a tree has three positions per node.
    pub offset: Option<u32>,
    /// Shared: every location of a file names it, and most name the main file.
    #[serde(default, deserialize_with = "shared_name")]
    pub file: Option<Arc<str>>,
    #[serde(rename = "tokLen")]
    pub tok_len: Option<u32>,
    /// A location inside a macro expansion: where the text was written, and where the macro
    /// was used.
    #[serde(rename = "spellingLoc")]
    pub spelling: Option<Box<Pos>>,
    #[serde(rename = "expansionLoc")]
    pub expansion: Option<Box<Pos>>,
}

impl Pos {
    /// The byte offset, when clang printed one.
    pub fn at(&self) -> Option<usize> {
        self.offset.map(|o| o as usize)
    }

    /// The length of the token at this position (0 when clang printed none).
    pub fn token_len(&self) -> usize {
        self.tok_len.map_or(0, |l| l as usize)
    }

    /// The offset of this position in the main file, preferring where the text was written
    /// (a macro argument) over where a macro was used.
    fn main_offset(&self, end: bool) -> Option<usize> {
        let here = |p: &Pos| {
            (p.file.as_deref() == Some(super::driver::STDIN_NAME))
                .then(|| p.at())
                .flatten()
                .map(|o| if end { o + p.token_len() } else { o })
        };
        match (&self.spelling, &self.expansion) {
            (Some(s), Some(e)) => here(s).or_else(|| here(e)),
            _ => here(self),
        }
    }
}

/// The one copy of a word of clang's vocabulary (`prvalue`, `+`, `LValueToRValue`): every
/// expression node carries one or two, and their set is small. A word is leaked once, the
/// first time any dump uses it.
fn intern(word: &str) -> &'static str {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static WORDS: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut words = WORDS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match words.get(word) {
        Some(w) => w,
        None => {
            let w: &'static str = Box::leak(word.into());
            words.insert(w);
            w
        }
    }
}

fn shared_name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Arc<str>>, D::Error> {
    Option::<String>::deserialize(d).map(|s| s.map(Arc::from))
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

/// A node as clang's JSON has it: every field, as serde reads it (one per level of the
/// recursion is alive at a time), before [`Node::from`] keeps it lean.
#[derive(Deserialize)]
struct Raw {
    #[serde(default)]
    id: String,
    #[serde(default)]
    kind: Kind,
    #[serde(default)]
    loc: Option<Pos>,
    #[serde(default)]
    range: Option<SrcRange>,
    name: Option<String>,
    #[serde(rename = "mangledName")]
    mangled_name: Option<String>,
    #[serde(rename = "type")]
    ty: Option<Type>,
    #[serde(rename = "valueCategory")]
    value_category: Option<String>,
    #[serde(default)]
    inner: Vec<Node>,
    /// Literals: the value as text.
    value: Option<serde_json::Value>,
    /// Operators: `+`, `<<=`, `++`, ...
    opcode: Option<String>,
    #[serde(rename = "isPostfix")]
    is_postfix: Option<bool>,
    /// `CompoundAssignOperator`: the type C computes the operation in.
    #[serde(rename = "computeLHSType")]
    compute_lhs_type: Option<Type>,
    #[serde(rename = "castKind")]
    cast_kind: Option<String>,
    #[serde(rename = "referencedDecl")]
    referenced_decl: Option<DeclRef>,
    /// A type node (`RecordType`, ...): the declaration it names.
    #[serde(rename = "decl")]
    type_decl: Option<DeclRef>,
    #[serde(rename = "referencedMemberDecl")]
    referenced_member_decl: Option<String>,
    #[serde(rename = "isArrow")]
    is_arrow: Option<bool>,
    #[serde(rename = "storageClass")]
    storage_class: Option<String>,
    /// `VarDecl`: `c` (`= e`), `call` (`(e)`), `list` (`{e}`).
    init: Option<String>,
    #[serde(rename = "isImplicit")]
    is_implicit: Option<bool>,
    #[serde(rename = "isReferenced")]
    is_referenced: Option<bool>,
    #[serde(rename = "isInvalid")]
    is_invalid: Option<bool>,
    /// `IfStmt`, `ForStmt`, ...: which optional children are present.
    #[serde(rename = "hasElse")]
    has_else: Option<bool>,
    #[serde(rename = "hasInit")]
    has_init: Option<bool>,
    #[serde(rename = "hasVar")]
    has_var: Option<bool>,
    /// `TemplateTypeParmDecl`, `NonTypeTemplateParmDecl`: a `...` pack.
    #[serde(rename = "isParameterPack")]
    is_parameter_pack: Option<bool>,
    #[serde(rename = "isConstexpr")]
    is_constexpr: Option<bool>,
    /// A GNU case range `case LO ... HI:` (its first two children are the bounds).
    #[serde(rename = "isGNURange")]
    is_gnu_range: Option<bool>,
    /// `UnaryExprOrTypeTraitExpr`: `sizeof`, ...; `argType` when applied to a type.
    #[serde(rename = "argType")]
    arg_type: Option<Type>,
    /// `GCCAsmStmt` has no text in the dump; `StringLiteral` children hold it.
    #[serde(rename = "tagUsed")]
    tag_used: Option<String>,
    /// `InitListExpr` of an array it does not fill: the filler, then the elements written
    /// (moved to `inner` when the JSON is read).
    #[serde(rename = "array_filler")]
    array_filler: Option<Vec<Node>>,
    /// `EnumDecl`: the type written after `:` (`enum class E : unsigned char`).
    #[serde(rename = "fixedUnderlyingType")]
    fixed_underlying_type: Option<Type>,
    #[serde(rename = "completeDefinition")]
    complete_definition: Option<bool>,
    /// `FunctionDecl` of a template instantiation: the template arguments.
    #[serde(rename = "explicitTemplateArgs")]
    explicit_template_args: Option<serde_json::Value>,
    /// `CallExpr` through an overload set, `CXXConstructExpr`: the constructor.
    #[serde(rename = "ctorType")]
    ctor_type: Option<Type>,
    /// `CXXRecordDecl`: what clang knows of the class (`isPolymorphic`, whether its
    /// destructor and special constructors are trivial).
    #[serde(rename = "definitionData")]
    definition_data: Option<serde_json::Value>,
    /// `CXXConstructorDecl`, `CXXMethodDecl`: `default` for `= default`.
    #[serde(rename = "explicitlyDefaulted")]
    explicitly_defaulted: Option<String>,
    /// `CXXCtorInitializer`: the field it initialises (a base initialiser has `baseInit`).
    #[serde(rename = "anyInit")]
    any_init: Option<serde_json::Value>,
    #[serde(rename = "variadic")]
    variadic: Option<bool>,
    /// `FunctionDecl`: `inline`, `constexpr`, ...
    inline: Option<bool>,
    constexpr: Option<bool>,
    /// `IntegerLiteral`/`ConstantExpr`: clang's evaluated value of a constant expression.
    #[serde(rename = "isPartOfExplicitCast")]
    part_of_explicit_cast: Option<bool>,
    /// `CXXRecordDecl`: its base classes, when it has any.
    bases: Option<serde_json::Value>,
    /// A method declared `virtual` (or overriding one).
    #[serde(rename = "virtual")]
    is_virtual: Option<bool>,
    /// A redeclaration (a constructor defined outside its class): the id of the earlier one.
    #[serde(rename = "previousDecl")]
    previous_decl: Option<String>,
    /// `FieldDecl` of a bit-field (its width is its child; so is a default member
    /// initialiser's value, which this tells apart).
    #[serde(rename = "isBitfield")]
    is_bitfield: Option<bool>,
}

/// A node of clang's AST. The fields most nodes carry are inline; those only some declarations
/// carry are in [`Rare`], boxed only when one is present, which `Node` dereferences to (`n.loc`,
/// `n.ctor_type`): a file of thousands of kernels is a tree of millions of nodes, and an inline
/// field every node pays for is megabytes.
#[derive(Clone, Debug)]
pub struct Node {
    pub id: String,
    pub kind: Kind,
    pub range: Option<SrcRange>,
    pub name: Option<String>,
    pub ty: Option<Type>,
    pub value_category: Option<&'static str>,
    pub inner: Vec<Node>,
    /// Literals: the value as text.
    pub value: Option<serde_json::Value>,
    /// Operators: `+`, `<<=`, `++`, ...
    pub opcode: Option<&'static str>,
    pub is_postfix: Option<bool>,
    pub cast_kind: Option<&'static str>,
    pub referenced_decl: Option<Box<DeclRef>>,
    pub referenced_member_decl: Option<String>,
    pub is_arrow: Option<bool>,
    pub is_implicit: Option<bool>,
    pub is_referenced: Option<bool>,
    pub is_invalid: Option<bool>,
    /// `IfStmt`, `ForStmt`, ...: which optional children are present.
    pub has_else: Option<bool>,
    pub has_init: Option<bool>,
    pub has_var: Option<bool>,
    /// `TemplateTypeParmDecl`, `NonTypeTemplateParmDecl`: a `...` pack.
    pub is_parameter_pack: Option<bool>,
    pub is_constexpr: Option<bool>,
    /// A GNU case range `case LO ... HI:` (its first two children are the bounds).
    pub is_gnu_range: Option<bool>,
    pub complete_definition: Option<bool>,
    pub variadic: Option<bool>,
    /// `FunctionDecl`: `inline`, `constexpr`, ...
    pub inline: Option<bool>,
    pub constexpr: Option<bool>,
    /// `IntegerLiteral`/`ConstantExpr`: clang's evaluated value of a constant expression.
    pub part_of_explicit_cast: Option<bool>,
    /// A method declared `virtual` (or overriding one).
    pub is_virtual: Option<bool>,
    /// `FieldDecl` of a bit-field (its width is its child; so is a default member
    /// initialiser's value, which this tells apart).
    pub is_bitfield: Option<bool>,
    rare: Option<Box<Rare>>,
}

/// The fields of [`Node`] that only some declarations (and a few expressions) carry.
#[derive(Clone, Debug)]
pub struct Rare {
    pub loc: Option<Pos>,
    pub mangled_name: Option<String>,
    /// `CompoundAssignOperator`: the type C computes the operation in.
    pub compute_lhs_type: Option<Type>,
    /// A type node (`RecordType`, ...): the declaration it names.
    pub type_decl: Option<DeclRef>,
    pub storage_class: Option<String>,
    /// `VarDecl`: `c` (`= e`), `call` (`(e)`), `list` (`{e}`).
    pub init: Option<String>,
    /// `UnaryExprOrTypeTraitExpr`: `sizeof`, ...; `argType` when applied to a type.
    pub arg_type: Option<Type>,
    /// `GCCAsmStmt` has no text in the dump; `StringLiteral` children hold it.
    pub tag_used: Option<String>,
    /// `EnumDecl`: the type written after `:` (`enum class E : unsigned char`).
    pub fixed_underlying_type: Option<Type>,
    /// `FunctionDecl` of a template instantiation: the template arguments.
    pub explicit_template_args: Option<serde_json::Value>,
    /// `CallExpr` through an overload set, `CXXConstructExpr`: the constructor.
    pub ctor_type: Option<Type>,
    /// `CXXRecordDecl`: what clang knows of the class (`isPolymorphic`, whether its
    /// destructor and special constructors are trivial).
    pub definition_data: Option<serde_json::Value>,
    /// `CXXConstructorDecl`, `CXXMethodDecl`: `default` for `= default`.
    pub explicitly_defaulted: Option<String>,
    /// `CXXCtorInitializer`: the field it initialises (a base initialiser has `baseInit`).
    pub any_init: Option<serde_json::Value>,
    /// `CXXRecordDecl`: its base classes, when it has any.
    pub bases: Option<serde_json::Value>,
    /// A redeclaration (a constructor defined outside its class): the id of the earlier one.
    pub previous_decl: Option<String>,
}

/// What a node without rare fields dereferences to.
static NO_RARE: Rare = Rare {
    loc: None,
    mangled_name: None,
    compute_lhs_type: None,
    type_decl: None,
    storage_class: None,
    init: None,
    arg_type: None,
    tag_used: None,
    fixed_underlying_type: None,
    explicit_template_args: None,
    ctor_type: None,
    definition_data: None,
    explicitly_defaulted: None,
    any_init: None,
    bases: None,
    previous_decl: None,
};

impl std::ops::Deref for Node {
    type Target = Rare;
    fn deref(&self) -> &Rare {
        self.rare.as_deref().unwrap_or(&NO_RARE)
    }
}

/// No `DerefMut`: writing a rare field through it would allocate them for every node a pass
/// over the tree visits; passes reach them through [`Node::rare_mut`].
impl Node {
    /// The rare fields, if this node has any.
    pub fn rare_mut(&mut self) -> Option<&mut Rare> {
        self.rare.as_deref_mut()
    }

    /// The rare fields, allocated if this node had none: for setting one.
    pub fn rare_entry(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(|| Box::new(NO_RARE.clone()))
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        Raw::deserialize(d).map(Node::from)
    }
}

impl From<Raw> for Node {
    /// An array's initialiser list that leaves elements out (`{1, 2}` for `int[3]`) comes from
    /// clang's JSON with all its children under `array_filler`: first the filler (the value the
    /// elements left out get, zero), then the elements written. They become the list's
    /// children, as for a complete list; the elements left out are the rest of the array,
    /// which its type says.
    fn from(raw: Raw) -> Node {
        let mut inner = raw.inner;
        if let Some(mut filled) = raw.array_filler {
            if inner.is_empty() && !filled.is_empty() {
                filled.remove(0);
                inner = filled;
            }
        }
        // serde grows the vector by doubling from four: most nodes have one or two children.
        inner.shrink_to_fit();
        let rare = Rare {
            loc: raw.loc,
            mangled_name: raw.mangled_name,
            compute_lhs_type: raw.compute_lhs_type,
            type_decl: raw.type_decl,
            storage_class: raw.storage_class,
            init: raw.init,
            arg_type: raw.arg_type,
            tag_used: raw.tag_used,
            fixed_underlying_type: raw.fixed_underlying_type,
            explicit_template_args: raw.explicit_template_args,
            ctor_type: raw.ctor_type,
            definition_data: raw.definition_data,
            explicitly_defaulted: raw.explicitly_defaulted,
            any_init: raw.any_init,
            bases: raw.bases,
            previous_decl: raw.previous_decl,
        };
        let any = rare.loc.is_some()
            || rare.mangled_name.is_some()
            || rare.compute_lhs_type.is_some()
            || rare.type_decl.is_some()
            || rare.storage_class.is_some()
            || rare.init.is_some()
            || rare.arg_type.is_some()
            || rare.tag_used.is_some()
            || rare.fixed_underlying_type.is_some()
            || rare.explicit_template_args.is_some()
            || rare.ctor_type.is_some()
            || rare.definition_data.is_some()
            || rare.explicitly_defaulted.is_some()
            || rare.any_init.is_some()
            || rare.bases.is_some()
            || rare.previous_decl.is_some();
        Node {
            id: raw.id,
            kind: raw.kind,
            range: raw.range,
            name: raw.name,
            ty: raw.ty,
            value_category: raw.value_category.as_deref().map(intern),
            inner,
            value: raw.value,
            opcode: raw.opcode.as_deref().map(intern),
            is_postfix: raw.is_postfix,
            cast_kind: raw.cast_kind.as_deref().map(intern),
            referenced_decl: raw.referenced_decl.map(Box::new),
            referenced_member_decl: raw.referenced_member_decl,
            is_arrow: raw.is_arrow,
            is_implicit: raw.is_implicit,
            is_referenced: raw.is_referenced,
            is_invalid: raw.is_invalid,
            has_else: raw.has_else,
            has_init: raw.has_init,
            has_var: raw.has_var,
            is_parameter_pack: raw.is_parameter_pack,
            is_constexpr: raw.is_constexpr,
            is_gnu_range: raw.is_gnu_range,
            complete_definition: raw.complete_definition,
            variadic: raw.variadic,
            inline: raw.inline,
            constexpr: raw.constexpr,
            part_of_explicit_cast: raw.part_of_explicit_cast,
            is_virtual: raw.is_virtual,
            is_bitfield: raw.is_bitfield,
            rare: any.then(|| Box::new(rare)),
        }
    }
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
        self.value_category == Some("lvalue")
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
            Kind::UnaryOperator if self.opcode == Some("-") => self
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
    fn pos(p: &mut Pos, current: &mut Option<Arc<str>>) {
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
        if let Some(l) = n.rare_mut().and_then(|r| r.loc.as_mut()) {
            pos(l, &mut current);
        }
        if let Some(r) = n.range.as_mut() {
            pos(&mut r.begin, &mut current);
            pos(&mut r.end, &mut current);
        }
        stack.extend(n.inner.iter_mut().rev());
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
    resolve_files(&mut root);
    super::typedefs::desugar(&mut root);
    root
}
