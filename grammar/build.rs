//! Generates the LR(1) parsers from the `.lalrpop` grammars in `src/`.
fn main() {
    lalrpop::Processor::new()
        .emit_rerun_directives(true)
        .process_current_dir()
        .unwrap_or_else(|e| {
            eprintln!("lalrpop failed: {e}");
            std::process::exit(1)
        });
}
