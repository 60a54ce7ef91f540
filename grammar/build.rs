//! Generates the LR(1) parsers from the `.lalrpop` grammars in `src/` into `OUT_DIR`.
fn main() {
    // lalrpop names the grammars it found; a grammar added later must also rerun this script.
    println!("cargo:rerun-if-changed=src");
    if let Err(e) = lalrpop::Configuration::new()
        .emit_rerun_directives(true)
        .process_current_dir()
    {
        eprintln!("lalrpop failed: {e}");
        std::process::exit(1);
    }
}
