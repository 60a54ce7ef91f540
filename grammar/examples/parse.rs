//! Parses a `.bcu` file and prints the tree back, or the errors (a debugging aid).
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: parse FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    match mapcheck_grammar::parse(&text) {
        Ok(p) => print!("{p}"),
        Err(errors) => {
            let index = mapcheck_core::span::LineIndex::new(&text);
            for e in errors {
                let at = e.span().map(|s| index.line_col(&text, s.start));
                eprintln!(
                    "{:?}: {} [{}] help={:?}",
                    at.map(|a| (a.line, a.column)),
                    e.message,
                    e.primary.map(|p| p.message).unwrap_or_default(),
                    e.help
                );
            }
            std::process::exit(2);
        }
    }
}
