//! What mapcheck does with each attribute clang can attach to the code a kernel reaches.
//!
//! clang's JSON gives every attribute as a child node of kind `<Name>Attr` (`CUDASharedAttr`,
//! `CXXAssumeAttr`, `CleanupAttr`, ...). The lowering reads the few that change what a kernel
//! does; every other one must be shown not to matter, or the kernel is refused — an attribute
//! is never skipped because nobody looked at it (`__attribute__((cleanup(f)))` runs `f` at the
//! end of the variable's scope: skipped, its writes were missed races). [`ATTRIBUTES`] is the
//! one table: each attribute mapcheck knows, with its [`Handling`] and the reason for it; an
//! attribute that is not in it is refused ([`handling`]). The lowering checks every attribute
//! of the kernel, of the functions whose bodies it inlines and of the file-scope variables it
//! names against it (`lower::Lower::check_attributes`), and the test
//! `tests/tests/clang_attributes.rs` checks that every attribute mapcheck's headers carry is
//! in it.

/// What the lowering does with one attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handling {
    /// The lowering reads it where it stands: the reason says where and what for.
    Read(&'static str),
    /// It cannot change which accesses a thread makes, what they read or write, or how
    /// threads are ordered: the reason says why.
    NoEffect(&'static str),
    /// It changes what the code does in a way mapcheck does not model: the kernel is refused
    /// with a located error saying why.
    Refused(&'static str),
}

/// A promise about what a function does, made to the optimiser: mapcheck follows what the
/// function does (its body, or for a body-less callee every effect it may have), which covers
/// every run the promise allows.
const PROMISE: &str = "a promise to the optimiser about the function's effects or values; mapcheck follows the code itself, which covers every run the promise allows";
/// Code generation, linking, diagnostics or documentation only.
const COMPILATION: &str =
    "it changes how the code is compiled, linked or diagnosed, not what it does";

/// Every attribute mapcheck has a rule for, by the kind clang's JSON gives it.
pub const ATTRIBUTES: &[(&str, Handling)] = &[
    // Read by the lowering.
    ("CUDAGlobalAttr", Handling::Read("marks a kernel: the kernels checked are the functions that carry it")),
    ("CUDADeviceAttr", Handling::Read("device code: clang's errors in functions without it are host code's (warnings); on a variable, global memory")),
    ("CUDAHostAttr", Handling::Read("host code: with `__device__`, a function both sides call, checked like device code")),
    ("CUDASharedAttr", Handling::Read("`__shared__`: one copy per block")),
    ("CUDAConstantAttr", Handling::Read("`__constant__`: global memory the kernel does not write")),
    ("HIPManagedAttr", Handling::Read("`__managed__`: global memory")),
    ("CUDALaunchBoundsAttr", Handling::Read("`__launch_bounds__(N)`: an assumption that blocks have at most N threads")),
    ("CXXAssumeAttr", Handling::Read("`[[assume(e)]]`: an assumption from where it stands, as `__builtin_assume(e)`")),
    ("AlignedAttr", Handling::Read("alignment: read by the record layouts (a field's offset)")),
    ("PackedAttr", Handling::Read("packing: in clang's layout, which the byte-addressed lowering reads")),
    ("MaxFieldAlignmentAttr", Handling::Read("`#pragma pack`: in clang's layout, which the byte-addressed lowering reads")),
    ("BuiltinAttr", Handling::Read("a function clang knows by name: the lowering's rule for clang's builtins and the C library's functions")),
    ("CUDADeviceBuiltinTextureTypeAttr", Handling::Read("texture types of mapcheck's headers: fetches are reads of the bound texture")),
    ("CUDADeviceBuiltinSurfaceTypeAttr", Handling::Read("surface types of mapcheck's headers: surface writes are refused where they are called")),
    ("ModeAttr", Handling::Read("`mode(QI)` and its kin: clang gives the typedef the type of that width, which is the type the lowering reads")),
    // Promises about effects and values.
    ("NoThrowAttr", Handling::NoEffect("device code throws no exceptions")),
    ("ConstAttr", Handling::NoEffect(PROMISE)),
    ("PureAttr", Handling::NoEffect(PROMISE)),
    ("NonNullAttr", Handling::NoEffect(PROMISE)),
    ("ReturnsNonNullAttr", Handling::NoEffect(PROMISE)),
    ("RestrictAttr", Handling::NoEffect(PROMISE)),
    ("AllocSizeAttr", Handling::NoEffect(PROMISE)),
    ("AllocAlignAttr", Handling::NoEffect(PROMISE)),
    ("AssumeAlignedAttr", Handling::NoEffect(PROMISE)),
    ("NoEscapeAttr", Handling::NoEffect(PROMISE)),
    ("LifetimeBoundAttr", Handling::NoEffect(PROMISE)),
    ("CXX11NoReturnAttr", Handling::NoEffect("`[[noreturn]]`: mapcheck follows the body; a body-less callee is taken to return, which adds runs, never removes an access")),
    ("NoReturnAttr", Handling::NoEffect("`noreturn`: mapcheck follows the body; a body-less callee is taken to return, which adds runs, never removes an access")),
    ("C11NoReturnAttr", Handling::NoEffect("`_Noreturn`: mapcheck follows the body; a body-less callee is taken to return, which adds runs, never removes an access")),
    ("ReturnsTwiceAttr", Handling::NoEffect("`setjmp`-like host functions; no device code calls them")),
    ("CUDAGridConstantAttr", Handling::NoEffect("`__grid_constant__`: the parameter is read only, which the code already says")),
    ("ConstInitAttr", Handling::NoEffect("`constinit`: the variable is initialised before the kernel runs, as every file-scope variable is")),
    // Statements.
    ("LoopHintAttr", Handling::NoEffect("`#pragma unroll` and loop hints: the loop runs the same iterations unrolled or not")),
    ("OpenCLUnrollHintAttr", Handling::NoEffect("unrolling hint: the loop runs the same iterations unrolled or not")),
    ("CodeAlignAttr", Handling::NoEffect("loop code alignment: the same iterations")),
    ("LikelyAttr", Handling::NoEffect("`[[likely]]`: a branch weight")),
    ("UnlikelyAttr", Handling::NoEffect("`[[unlikely]]`: a branch weight")),
    ("FallThroughAttr", Handling::NoEffect("`[[fallthrough]]`: the fall-through C++ does anyway")),
    ("MustTailAttr", Handling::NoEffect(COMPILATION)),
    ("NoMergeAttr", Handling::NoEffect(COMPILATION)),
    // Compilation, linking, diagnostics.
    ("AlwaysInlineAttr", Handling::NoEffect("inlining: mapcheck inlines every body it follows")),
    ("NoInlineAttr", Handling::NoEffect("inlining: mapcheck inlines every body it follows")),
    ("FlattenAttr", Handling::NoEffect("inlining: mapcheck inlines every body it follows")),
    ("GNUInlineAttr", Handling::NoEffect(COMPILATION)),
    ("AsmLabelAttr", Handling::NoEffect("the function's symbol name")),
    ("FormatAttr", Handling::NoEffect("format string checking")),
    ("FormatArgAttr", Handling::NoEffect("format string checking")),
    ("VisibilityAttr", Handling::NoEffect(COMPILATION)),
    ("TypeVisibilityAttr", Handling::NoEffect(COMPILATION)),
    ("WarnUnusedResultAttr", Handling::NoEffect(COMPILATION)),
    ("WarnUnusedAttr", Handling::NoEffect(COMPILATION)),
    ("DeprecatedAttr", Handling::NoEffect(COMPILATION)),
    ("UnavailableAttr", Handling::NoEffect(COMPILATION)),
    ("DiagnoseIfAttr", Handling::NoEffect(COMPILATION)),
    ("UnusedAttr", Handling::NoEffect(COMPILATION)),
    ("UsedAttr", Handling::NoEffect(COMPILATION)),
    ("AbiTagAttr", Handling::NoEffect(COMPILATION)),
    ("PointerAttr", Handling::NoEffect("lifetime analysis of the standard library's types")),
    ("OwnerAttr", Handling::NoEffect("lifetime analysis of the standard library's types")),
    ("EnableIfAttr", Handling::NoEffect("overload resolution, which clang has done")),
    ("AvailableOnlyInDefaultEvalMethodAttr", Handling::NoEffect(COMPILATION)),
    ("OverrideAttr", Handling::NoEffect("`override`: checked by clang")),
    ("FinalAttr", Handling::NoEffect("`final`: checked by clang")),
    ("ColdAttr", Handling::NoEffect(COMPILATION)),
    ("HotAttr", Handling::NoEffect(COMPILATION)),
    ("NoDebugAttr", Handling::NoEffect(COMPILATION)),
    ("ArtificialAttr", Handling::NoEffect(COMPILATION)),
    ("OptimizeNoneAttr", Handling::NoEffect(COMPILATION)),
    ("MinSizeAttr", Handling::NoEffect(COMPILATION)),
    ("SectionAttr", Handling::NoEffect(COMPILATION)),
    ("NoSanitizeAttr", Handling::NoEffect(COMPILATION)),
    ("NoInstrumentFunctionAttr", Handling::NoEffect(COMPILATION)),
    ("AnnotateAttr", Handling::NoEffect(COMPILATION)),
    ("ConvergentAttr", Handling::NoEffect(COMPILATION)),
    ("NoConvergentAttr", Handling::NoEffect(COMPILATION)),
    ("ExternalSourceSymbolAttr", Handling::NoEffect(COMPILATION)),
    ("PreferredNameAttr", Handling::NoEffect(COMPILATION)),
    ("StandaloneDebugAttr", Handling::NoEffect(COMPILATION)),
    ("NoSpecializationsAttr", Handling::NoEffect(COMPILATION)),
    ("InternalLinkageAttr", Handling::NoEffect(COMPILATION)),
    ("TargetAttr", Handling::NoEffect(COMPILATION)),
    // Refused: they change what runs or where data lies.
    ("CleanupAttr", Handling::Refused("`cleanup(f)` calls `f` where the variable's scope ends, a call without a call in the source, which mapcheck does not follow")),
    ("AliasAttr", Handling::Refused("`alias` makes this function another one's body, which mapcheck does not follow")),
    ("IFuncAttr", Handling::Refused("`ifunc` chooses the body at load time, which mapcheck does not follow")),
    ("NoUniqueAddressAttr", Handling::Refused("`[[no_unique_address]]` changes the record's layout, which mapcheck derives without it")),
    ("TrivialABIAttr", Handling::Refused("`trivial_abi` changes when copies and destructors run, which mapcheck does not follow")),
    ("EmptyBasesAttr", Handling::Refused("`empty_bases` changes the record's layout, which mapcheck derives without it")),
    ("ThreadAttr", Handling::Refused("thread-local storage is not CUDA device memory")),
];

/// The rule for the attribute clang calls `kind` (`CleanupAttr`): the table's, or a refusal
/// for an attribute mapcheck has no rule for.
pub fn handling(kind: &str) -> Handling {
    ATTRIBUTES.iter().find(|(k, _)| *k == kind).map_or(
        Handling::Refused(
            "an attribute mapcheck has no rule for: it might change what the code does",
        ),
        |(_, h)| *h,
    )
}

/// Whether mapcheck has a rule of its own for `kind` (not the refusal of unknown ones).
pub fn is_known(kind: &str) -> bool {
    ATTRIBUTES.iter().any(|(k, _)| *k == kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_attribute_has_one_rule() {
        let mut seen = std::collections::HashSet::new();
        for (kind, _) in ATTRIBUTES {
            assert!(kind.ends_with("Attr"), "{kind} is not an attribute kind");
            assert!(seen.insert(kind), "{kind} is listed twice");
        }
    }

    #[test]
    fn unknown_attributes_are_refused() {
        assert!(matches!(handling("SomeFutureAttr"), Handling::Refused(_)));
        assert!(!is_known("SomeFutureAttr"));
        assert!(matches!(handling("CleanupAttr"), Handling::Refused(_)));
        assert!(matches!(handling("CXXAssumeAttr"), Handling::Read(_)));
    }
}
