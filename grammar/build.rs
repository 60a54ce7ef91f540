//! Generates the LR(1) parsers from the `.lalrpop` grammars in `src/` into `OUT_DIR`.
fn main() {
    if let Err(e) = lalrpop::Configuration::new()
        .emit_rerun_directives(true)
        .process_current_dir()
    {
        eprintln!("lalrpop failed: {e}");
        std::process::exit(1);
    }
}
