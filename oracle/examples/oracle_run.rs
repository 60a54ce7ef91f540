//! Runs one kernel of a CUDA file in the oracle: `oracle_run FILE KERNEL GRID BLOCK [NAME=VALUE]...`
//! (GRID and BLOCK as `X,Y,Z`), with the file's GPUVerify `-D` flags, and prints what it saw.

use mapcheck_grammar::cuda::header::read_header;
use mapcheck_oracle::{Launch, Oracle};
use std::path::Path;
use std::process::ExitCode;

fn dims(s: &str) -> Option<[u32; 3]> {
    let mut d = [1u32; 3];
    for (slot, p) in d.iter_mut().zip(s.split(',')) {
        *slot = p.trim().parse().ok()?;
    }
    Some(d)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, kernel, grid, block, rest @ ..] = args.as_slice() else {
        eprintln!("usage: oracle_run FILE KERNEL GRID BLOCK [NAME=VALUE]...");
        return ExitCode::from(2);
    };
    let (Some(grid), Some(block)) = (dims(grid), dims(block)) else {
        eprintln!("GRID and BLOCK are X[,Y[,Z]]");
        return ExitCode::from(2);
    };
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let header = read_header(&text);
    let mut launch = Launch::new(grid, block);
    for p in rest {
        if let Some((n, v)) = p.split_once('=') {
            launch.params.insert(n.to_string(), v.to_string());
        }
    }
    let result = Oracle::new().and_then(|o| {
        let prepared = o.prepare(Path::new(file), &header.defines)?;
        for k in &prepared.kernels {
            println!("kernel {} {:?} {:?}", k.name, k.params, k.unsupported);
        }
        prepared.run(kernel, &launch)
    });
    match result {
        Ok(obs) => {
            println!("{:?}", obs.outcome);
            for r in &obs.races {
                println!("race: {r}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
