//! `mapcheck fix` as a user runs it: exit codes, the summary on stderr, and a stdout that
//! parses back and is proven race free and free of divergence.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../repair/tests/common/crosscheck.rs"]
mod crosscheck;
mod geometry;

use geometry::one_dimensional;

use std::path::PathBuf;
use std::process::Command;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name)
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// `mapcheck fix ARGS`. The CUDA kernels of these tests are written for one-dimensional
/// launches, which mapcheck never assumes (a kernel that reads only `threadIdx.x` races in a
/// block of two rows): a `.cu` input gets a 1-D geometry unless the test gives one.
fn fix(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .arg("fix")
        .args(args)
        .args(one_dimensional(args))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    Run {
        code: output.status.code().unwrap(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// The printed text parses, and every kernel in it is proven clean.
fn assert_proven_clean(text: &str) {
    let program = mapcheck_grammar::parse(text).unwrap();
    for kernel in &program.kernels {
        let d = mapcheck_repair::verify(kernel, &mapcheck_smt::Options::default());
        assert!(mapcheck_smt::redundant::clean(&d), "{text}");
    }
}

#[test]
fn racy_examples_are_repaired_and_proven() {
    for name in [
        "loop_barrier_straddle.bcu",
        "sesa_reduction_no_barrier.bcu",
        "simulee_barrier_in_branch.bcu",
    ] {
        let path = example(name);
        let run = fix(&[path.to_str().unwrap()]);
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        assert!(
            run.stderr.contains("inserted sync at"),
            "{name}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("proven race free"),
            "{name}: {}",
            run.stderr
        );
        assert_proven_clean(&run.stdout);
    }
}

#[test]
fn a_clean_example_is_printed_unchanged() {
    let path = example("sesa_reduction.bcu");
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, std::fs::read_to_string(&path).unwrap());
    assert!(
        run.stderr
            .contains("is already race free and free of divergence"),
        "{}",
        run.stderr
    );
}

#[test]
fn races_no_barrier_can_fix_exit_1_with_the_reason() {
    let grid = example("grid_global_race.bcu");
    let run = fix(&[grid.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("different blocks"), "{}", run.stderr);

    let same = example("aucs_colonel.bcu");
    let run = fix(&[same.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("same cell"), "{}", run.stderr);
}

#[test]
fn input_errors_exit_2() {
    let run = fix(&["/nonexistent/k.bcu"]);
    assert_eq!(run.code, 2);
    let path = example("sesa_race.bcu");
    let run = fix(&[path.to_str().unwrap(), "--kernel", "nope"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn branches_are_if_converted_on_one_block() {
    let path = example("aucs_device_global.bcu");
    let run = fix(&[path.to_str().unwrap(), "--grid-dim", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("if-conversion"), "{}", run.stderr);
    assert!(
        run.stdout.contains("if tid < N && !(tid % 2 == 1)"),
        "{}",
        run.stdout
    );
    let program = mapcheck_grammar::parse(&run.stdout).unwrap();
    let options = mapcheck_smt::Options {
        fixed: mapcheck_smt::Fixed {
            grid: Some([1, 1, 1]),
            ..mapcheck_smt::Fixed::default()
        },
        ..mapcheck_smt::Options::default()
    };
    let d = mapcheck_repair::verify(&program.kernels[0], &options);
    assert!(mapcheck_smt::redundant::clean(&d), "{}", run.stdout);
}

/// A scratch directory for CUDA inputs.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mapcheck-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The exit code of `mapcheck PATH` (with [`one_dimensional`]'s geometry for CUDA).
fn check_code(path: &std::path::Path) -> i32 {
    let name = path.to_str().unwrap_or_default();
    Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .arg(path)
        .args(one_dimensional(&[name]))
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
        .status
        .code()
        .unwrap()
}

const NEIGHBOUR_CU: &str = "// a neighbour update
__global__ void neighbour(int *out, int n) {
  __shared__ int a[256];
  int i = threadIdx.x;
  a[i] = i;   // own cell
  int r = a[(i + 1) % blockDim.x];
  if (i < n) {
    out[blockIdx.x * blockDim.x + i] = r;
  }
}
";

#[test]
fn cuda_text_gets_a_barrier_line_and_keeps_everything_else() {
    let path = scratch("neighbour.cu", NEIGHBOUR_CU);
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = NEIGHBOUR_CU.replace(
        "  a[i] = i;   // own cell\n",
        "  a[i] = i;   // own cell\n  __syncthreads();\n",
    );
    assert_eq!(run.stdout, expected);
    assert!(
        run.stderr.contains("inserted `__syncthreads();`"),
        "{}",
        run.stderr
    );
    let fixed = scratch("neighbour_fixed.cu", &run.stdout);
    assert_eq!(check_code(&fixed), 0, "{}", run.stdout);
    cuda_crosscheck(&path, NEIGHBOUR_CU, &run.stdout);
}

const REDUCE_CU: &str = "//pass
//--blockDim=64 --gridDim=1
__global__ void reduce(int *in, int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) {
      s[t] += s[t + k];
      __syncthreads();   // wrong place
    }
  }
  if (t == 0) out[0] = s[0];
}
";

/// A kernel outside the CUDA subset does not stop `--kernel` from fixing its neighbour, as it
/// does not stop `mapcheck --kernel` from checking it; without `--kernel` the file is an input
/// error whose help names the kernels that can be fixed.
#[test]
fn a_kernel_that_does_not_lower_leaves_its_neighbour_to_be_fixed() {
    let bad = "__global__ void bad(int *A) {\n  goto done;\ndone:\n  A[0] = 1;\n}\n";
    let path = scratch("with_goto.cu", &format!("{NEIGHBOUR_CU}\n{bad}"));
    let path = path.to_str().unwrap();
    let run = fix(&[path]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(run.stderr.contains("`goto`"), "{}", run.stderr);
    assert!(run.stderr.contains("--kernel neighbour"), "{}", run.stderr);

    let run = fix(&[path, "--kernel", "neighbour"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("__syncthreads();"), "{}", run.stdout);
    assert!(run.stdout.ends_with(bad), "{}", run.stdout);

    let run = fix(&[path, "--kernel", "bad"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("`goto`"), "{}", run.stderr);
}

#[test]
fn a_divergent_cuda_barrier_is_moved_out_keeping_its_comment() {
    let path = scratch("reduce.cu", REDUCE_CU);
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("      // wrong place\n"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stdout.matches("__syncthreads();").count(),
        1,
        "{}",
        run.stdout
    );
    // Everything but the barrier lines is the original, line for line.
    let strip = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| l.replace("__syncthreads();", "").trim().to_string())
            .filter(|l| !l.trim().is_empty())
            .collect()
    };
    assert_eq!(strip(&run.stdout), strip(REDUCE_CU));
    let fixed = scratch("reduce_fixed.cu", &run.stdout);
    assert_eq!(check_code(&fixed), 0, "{}", run.stdout);
    cuda_crosscheck(&path, REDUCE_CU, &run.stdout);
}

#[test]
fn a_race_inside_one_cuda_statement_is_refused() {
    // AuCS's `a[i] += a[i+1]`: one statement, no point inside it.
    let text = "__global__ void compound(int *out) {
  __shared__ int a[256];
  unsigned i = threadIdx.x;
  a[i] += a[(i + 1) % blockDim.x]; /* one statement */
}
";
    let path = scratch("compound.cu", text);
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, text);
    assert!(run.stderr.contains("one CUDA statement"), "{}", run.stderr);
}

/// AuCS's `device_global` on one block, in CUDA: the guard `t < n` is split around the
/// barrier, its condition evaluated once into a fresh `const bool`.
const DEVICE_GLOBAL_CU: &str = "//pass
//--gridDim=1
// device_global, one block: odd threads write their cell, even threads read
// their right neighbour's, under one thread-dependent guard.
__global__ void device_global(unsigned *input, unsigned *out, unsigned n) {
  unsigned t = threadIdx.x;
  unsigned mapcheck_c0 = 0; /* the fresh name must not clash */
  if (t < n) {
    if (t % 2 == 1) {
      input[t] = t + mapcheck_c0;   // odd threads write
    }
    if (t % 2 == 0) {
      out[t] = input[t + 1];
    }
  } else {
    out[t] = 0;
  }
}
";

#[test]
fn a_cuda_branch_is_if_converted_at_source_positions() {
    let path = scratch("device_global1.cu", DEVICE_GLOBAL_CU);
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = DEVICE_GLOBAL_CU.replace(
        "  if (t < n) {
    if (t % 2 == 1) {
      input[t] = t + mapcheck_c0;   // odd threads write
    }
",
        "  const bool mapcheck_c1 = (t < n);
  if (mapcheck_c1) {
    if (t % 2 == 1) {
      input[t] = t + mapcheck_c0;   // odd threads write
    }
  }
  __syncthreads();
  if (mapcheck_c1) {
",
    );
    assert_eq!(run.stdout, expected);
    assert!(run.stderr.contains("if-conversion"), "{}", run.stderr);
    let fixed = scratch("device_global1_fixed.cu", &run.stdout);
    assert_eq!(check_code(&fixed), 0, "{}", run.stdout);
    cuda_crosscheck(&path, DEVICE_GLOBAL_CU, &run.stdout);
}

#[test]
fn a_cuda_condition_that_reads_what_the_branch_writes_is_evaluated_once() {
    // `flag[t] == 0` is true before the branch and false after `S1`: the split must test the
    // value it had when the `if` was reached.
    let text = "//pass
//--gridDim=1
__global__ void once(unsigned *flag, unsigned *a, unsigned *out) {
  unsigned t = threadIdx.x;
  if (flag[t] == 0) {
    flag[t] = 1;
    a[t] = t;
    out[t] = a[(t + 1) % blockDim.x];
  }
}
";
    let path = scratch("once.cu", text);
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("  const bool mapcheck_c0 = (flag[t] == 0);\n  if (mapcheck_c0) {\n"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stdout.matches("if (mapcheck_c0)").count(),
        2,
        "{}",
        run.stdout
    );
    let fixed = scratch("once_fixed.cu", &run.stdout);
    assert_eq!(check_code(&fixed), 0, "{}", run.stdout);
    cuda_crosscheck(&path, text, &run.stdout);
}

/// Runs `mapcheck fix` on `text` (one block), expects exit 0 and `expected`, and checks the
/// result: proven clean by `mapcheck`, and the same final memory as the original in the
/// interpreter on random configurations.
fn assert_fixed_to(name: &str, text: &str, expected: &str) -> Run {
    assert_fixed_to_with(name, text, expected, true)
}

/// [`assert_fixed_to`], comparing final memories only when `compare_memory` (see
/// `crosscheck_with`).
fn assert_fixed_to_with(name: &str, text: &str, expected: &str, compare_memory: bool) -> Run {
    // The geometry goes in a GPUVerify header, so that `mapcheck` reads the printed file alike.
    let header = "//pass\n//--gridDim=1\n";
    let (text, expected) = (format!("{header}{text}"), format!("{header}{expected}"));
    let path = scratch(name, &text);
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, expected, "{}", run.stderr);
    let fixed = scratch(&format!("fixed_{name}"), &run.stdout);
    assert_eq!(check_code(&fixed), 0, "{}", run.stdout);
    cuda_crosscheck_with(&path, &text, &run.stdout, compare_memory);
    run
}

#[test]
fn a_declaration_used_after_the_split_moves_before_it() {
    // Pure: the whole declaration moves, with its comment.
    let text = "__global__ void decl(unsigned *input, unsigned *out, unsigned n) {
  unsigned t = threadIdx.x;
  if (t < n) {
    unsigned v = t * 2; // used after the barrier point
    input[t] = v;
    out[t] = input[(t + 1) % n] + v;
  }
}
";
    let run = assert_fixed_to(
        "decl.cu",
        text,
        "__global__ void decl(unsigned *input, unsigned *out, unsigned n) {
  unsigned t = threadIdx.x;
  unsigned v = t * 2; // used after the barrier point
  const bool mapcheck_c0 = (t < n);
  if (mapcheck_c0) {
    input[t] = v;
  }
  __syncthreads();
  if (mapcheck_c0) {
    out[t] = input[(t + 1) % n] + v;
  }
}
",
    );
    assert!(
        run.stderr.contains("moved before the split branch"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_local_read_before_the_split_is_declared_before_it_and_assigned_in_place() {
    // The read stays where it was (threads that skip the branch must not read); only the
    // declaration moves, so the value crosses the barrier in the local. The front end havocs
    // `x` after the first half (the read's binder ends with the branch), so the interpreter's
    // value for it is not the original's: races and divergence are cross-checked, not memory.
    let text = "__global__ void shift(int *a, int n) {
  unsigned t = threadIdx.x;
  if (t + 1 < n) {
    const int x = a[t + 1]; // read the right neighbour
    a[t] = x;         // and write my own cell
  }
}
";
    assert_fixed_to_with(
        "shift_local.cu",
        text,
        "__global__ void shift(int *a, int n) {
  unsigned t = threadIdx.x;
  int x;
  const bool mapcheck_c0 = (t + 1 < n);
  if (mapcheck_c0) {
    x = a[t + 1]; // read the right neighbour
  }
  __syncthreads();
  if (mapcheck_c0) {
    a[t] = x;         // and write my own cell
  }
}
",
        false,
    );
}

#[test]
fn a_moved_declaration_that_would_capture_another_name_is_refused() {
    let text = "__global__ void coll(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  if (t + 1 < n) {
    int x = a[t + 1];
    a[t] = x;
  }
  for (int x = 0; x < 2; x++) b[t * 2 + x] = x;
}
";
    let path = scratch("coll.cu", text);
    let run = fix(&[path.to_str().unwrap(), "--grid-dim", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, text);
    assert!(
        run.stderr
            .contains("the kernel has another `x`; rename one"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_point_in_the_else_branch_reopens_on_the_negated_flag() {
    let text = "__global__ void els(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  if (t >= n) {
    b[t] = 0;
  } else {
    a[t] = t;
    b[t] = a[(t + 1) % n];
  }
}
";
    assert_fixed_to(
        "els.cu",
        text,
        "__global__ void els(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  const bool mapcheck_c0 = (t >= n);
  if (mapcheck_c0) {
    b[t] = 0;
  } else {
    a[t] = t;
  }
  __syncthreads();
  if (!mapcheck_c0) {
    b[t] = a[(t + 1) % n];
  }
}
",
    );
}

#[test]
fn two_points_in_one_branch_split_it_in_three() {
    let text = "__global__ void multi(int *a, int *b, int *c, int n) {
  unsigned t = threadIdx.x;
  if (t < n) {
    a[t] = t;
    b[t] = a[(t + 1) % n];
    c[t] = b[(t + 1) % n];
  }
}
";
    assert_fixed_to(
        "multi.cu",
        text,
        "__global__ void multi(int *a, int *b, int *c, int n) {
  unsigned t = threadIdx.x;
  const bool mapcheck_c0 = (t < n);
  if (mapcheck_c0) {
    a[t] = t;
  }
  __syncthreads();
  if (mapcheck_c0) {
    b[t] = a[(t + 1) % n];
  }
  __syncthreads();
  if (mapcheck_c0) {
    c[t] = b[(t + 1) % n];
  }
}
",
    );
}

#[test]
fn an_else_if_is_braced_to_take_its_flag() {
    let text = "__global__ void elif(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  if (t >= n) {
    b[t] = 0;
  } else if (t % 2 == 0) {
    a[t] = t;
    b[t] = a[(t + 2) % n];
  }
}
";
    assert_fixed_to(
        "elif.cu",
        text,
        "__global__ void elif(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  bool mapcheck_c1 = false;
  const bool mapcheck_c0 = (t >= n);
  if (mapcheck_c0) {
    b[t] = 0;
  } else { mapcheck_c1 = (t % 2 == 0); if (mapcheck_c1) {
    a[t] = t;
    }
  }
  __syncthreads();
  if (!mapcheck_c0) {
    if (mapcheck_c1) {
    b[t] = a[(t + 2) % n];
  } }
}
",
    );
}

#[test]
fn a_branch_around_a_loop_is_pushed_into_it() {
    // AuCS's loop interchange: the guard is evaluated once, the loop runs in every thread, and
    // the guard splits inside its body around the barrier.
    let text = "__global__ void loop(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  if (t < n) {
    for (int i = 0; i < 4; i++) {
      a[t * 4 + i] = t;
      b[t * 4 + i] = a[((t + 1) % n) * 4 + i];
    }
  }
}
";
    assert_fixed_to(
        "loop.cu",
        text,
        "__global__ void loop(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  const bool mapcheck_c0 = (t < n);
  for (int i = 0; i < 4; i++) {
    if (mapcheck_c0) {
      a[t * 4 + i] = t;
    }
    __syncthreads();
    if (mapcheck_c0) {
      b[t * 4 + i] = a[((t + 1) % n) * 4 + i];
    }
  }
}
",
    );
}

#[test]
fn a_loop_carried_race_in_a_guarded_loop_gets_a_barrier_at_each_iteration() {
    // Statements before and after the loop stay under the guard; the local read before the
    // point is declared before the guard; a barrier opens every iteration (the write of one
    // iteration against the neighbour's read in the next).
    let text = "#define N 64
__global__ void smooth(int *out, int steps) {
  __shared__ int s[N + 1];
  unsigned t = threadIdx.x;
  if (t < N) {
    s[t] = t; // seed
    for (int k = 0; k < steps; k++) {
      int v = s[t] + s[t + 1];
      s[t] = v / 2;
    }
    out[t] = s[t];
  }
}
";
    assert_fixed_to_with(
        "smooth.cu",
        text,
        "#define N 64
__global__ void smooth(int *out, int steps) {
  __shared__ int s[N + 1];
  unsigned t = threadIdx.x;
  int v;
  const bool mapcheck_c0 = (t < N);
  if (mapcheck_c0) {
    s[t] = t; // seed
  }
  for (int k = 0; k < steps; k++) {
    __syncthreads();
    if (mapcheck_c0) {
      v = s[t] + s[t + 1];
    }
    __syncthreads();
    if (mapcheck_c0) {
      s[t] = v / 2;
    }
  }
  if (mapcheck_c0) {
    out[t] = s[t];
  }
}
",
        // `v` is an unknown in the lowered output (see the test above).
        false,
    );
}

#[test]
fn a_point_inside_a_while_loop_of_the_branch_is_refused_on_cuda_text() {
    let text = "__global__ void wloop(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  if (t < n) {
    int i = 0;
    while (i < 4) {
      a[t * 4 + i] = t;
      b[t * 4 + i] = a[((t + 1) % n) * 4 + i];
      i++;
    }
  }
}
";
    let path = scratch("wloop.cu", text);
    let run = fix(&[path.to_str().unwrap(), "--grid-dim", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, text);
    assert!(run.stderr.contains("only one `for` loop"), "{}", run.stderr);
}

#[test]
fn a_cuda_split_across_a_return_is_refused() {
    // The lowering nests what follows `return` under the `if`'s else-branch, so no single
    // split applies; the text edit would refuse a `return` in the split `if` anyway.
    let text = "__global__ void ret(unsigned *a, unsigned *out, unsigned n) {
  unsigned t = threadIdx.x;
  if (t < n) {
    a[t] = t;
    if (t == 0) return;
    out[t] = a[(t + 1) % n];
  }
}
";
    let path = scratch("ret.cu", text);
    let run = fix(&[path.to_str().unwrap(), "--grid-dim", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, text);
}

#[test]
fn nested_cuda_branches_are_if_converted_with_one_flag_each() {
    // AuCS's `device_global` as written: the accesses sit in the two branches of an `if`
    // nested in another thread-dependent `if` — AuCS's `if (c && d) {..} sync; if (c && !d)`,
    // written as nested `if`s on flags evaluated where the conditions were.
    let text = "__global__ void device_global(unsigned *input, unsigned n) {
  if (threadIdx.x < n) {
    if (threadIdx.x % 2 == 1) {
      input[threadIdx.x] = threadIdx.x;
    } else {
      unsigned next = input[threadIdx.x + 1];
    }
  }
}
";
    assert_fixed_to(
        "device_global.cu",
        text,
        "__global__ void device_global(unsigned *input, unsigned n) {
  bool mapcheck_c1 = false;
  const bool mapcheck_c0 = (threadIdx.x < n);
  if (mapcheck_c0) {
    mapcheck_c1 = (threadIdx.x % 2 == 1);
    if (mapcheck_c1) {
      input[threadIdx.x] = threadIdx.x;
    }
  }
  __syncthreads();
  if (mapcheck_c0) {
    if (!mapcheck_c1) {
      unsigned next = input[threadIdx.x + 1];
    }
  }
}
",
    );
}

#[test]
fn cuda_examples_are_repaired_or_refused() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/cuda");
    // With the situations of Simulee (Figures 2-4) and AuCS (`colonel`, `deadlock_0`,
    // `deadlock_2`, `device_global`, `a[i] += a[i+1]`) written in CUDA.
    for (name, code) in [
        ("reduce_nosync.cu", 0),
        ("reduce_sync.cu", 0),
        ("shift_racy.cu", 1),
        ("transpose_nosync.cu", 0),
        ("simulee_block_min.cu", 0),
        ("simulee_redundant_barrier.cu", 0),
        ("simulee_barrier_in_branch.cu", 0),
        ("aucs_colonel.cu", 1),
        ("aucs_deadlock0.cu", 0),
        ("aucs_deadlock2.cu", 0),
        ("aucs_device_global.cu", 0),
        ("aucs_compound_neighbour.cu", 1),
    ] {
        let path = dir.join(name);
        let run = fix(&[path.to_str().unwrap()]);
        assert_eq!(run.code, code, "{name}: {}", run.stderr);
        let fixed = scratch(name, &run.stdout);
        let original = std::fs::read_to_string(&path).unwrap();
        if code == 0 {
            assert_eq!(check_code(&fixed), 0, "{name}: {}", run.stdout);
            cuda_crosscheck(&path, &original, &run.stdout);
        } else {
            assert_eq!(
                run.stdout, original,
                "{name}: refused, so printed unchanged"
            );
        }
    }
}

#[test]
fn cuda_corpus_kernels_are_repaired_and_reverify() {
    // Corpus kernels (tests/cuda/) whose repairs exercise the text edits: a split with a flag
    // (the template tile), a split between unbraced branches (the unsigned wrap), a barrier
    // before a loop whose header holds the lowered reads (the stencil, the histogram), and a
    // barrier at the end of a tiled loop's body (the matrix product), and one between the last
    // statement of a `while` body and the counter's step that the lowering moved into the loop
    // (the halving reduction).
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/cuda");
    // `template_reverse_tile_nosync.cu` never instantiates its template, which the clang front
    // end (the one `mapcheck` checks the result with) refuses: the same kernel with an explicit
    // instantiation.
    let template = std::fs::read_to_string(dir.join("template_reverse_tile_nosync.cu")).unwrap()
        + "\ntemplate __global__ void reverse_tile_racy<float, 128>(const float *, float *);\n";
    let template = scratch("template_reverse_tile_nosync.cu", &template);
    for path in [
        template,
        dir.join("unsigned_wrap_first_thread.cu"),
        dir.join("stencil1d_halo_nosync.cu"),
        dir.join("histogram_missing_init_barrier.cu"),
        dir.join("matmul_tiled_missing_second_barrier.cu"),
        dir.join("loop_while_halving_racy.cu"),
    ] {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let run = fix(&[path.to_str().unwrap()]);
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        let original = std::fs::read_to_string(&path).unwrap();
        assert_ne!(run.stdout, original, "{name}");
        let fixed = scratch(&format!("fixed_{name}"), &run.stdout);
        assert_eq!(check_code(&fixed), 0, "{name}: {}", run.stdout);
        cuda_crosscheck(&path, &original, &run.stdout);
    }
}

/// Lowers the original and the edited CUDA text as `mapcheck` reads them (with the geometry of
/// the file's header) and runs both in the interpreter on random configurations: no race, no
/// divergence, the same final memory where the original ran race free.
fn cuda_crosscheck(path: &std::path::Path, original: &str, edited: &str) {
    cuda_crosscheck_with(path, original, edited, true);
}

fn cuda_crosscheck_with(
    path: &std::path::Path,
    original: &str,
    edited: &str,
    compare_memory: bool,
) {
    use mapcheck::input::{self, LoadOptions, Loaded};
    let lower = |text: &str| match input::parse_text(path, text.into(), &LoadOptions::default()) {
        Loaded::Parsed {
            source,
            program,
            errors,
        } if errors.is_empty() => (source, program),
        other => panic!("{other:?}"),
    };
    let ((source, before), (_, after)) = (lower(original), lower(edited));
    let mut fixed = input::fixed_for(&mapcheck_smt::Fixed::default(), &source);
    // Small blocks keep the runs short; a header's geometry is what the kernel assumes.
    fixed.grid = fixed.grid.map(|[x, y, z]| [x.min(2), y.min(2), z.min(2)]);
    let fixed = mapcheck_smt::Options {
        fixed,
        ..mapcheck_smt::Options::default()
    };
    for (k, r) in before.kernels.iter().zip(&after.kernels) {
        let tally = if compare_memory {
            crosscheck::crosscheck(k, r, &fixed, 30, 5)
        } else {
            crosscheck::crosscheck_with(k, r, &fixed, 30, 5, false)
        };
        assert!(tally.tried > 0, "{tally:?}");
    }
}

#[test]
fn a_bcu_repair_is_printed_as_edits_keeping_comments() {
    // Only the barrier lines change: the header comments and the layout stay.
    let path = example("halving_reduction.bcu");
    let original = std::fs::read_to_string(&path).unwrap();
    let run = fix(&[path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = original.replace("    if R_SYNC == 1 {\n      sync;\n    }\n", "    sync;\n");
    assert_eq!(run.stdout, expected);
    assert_proven_clean(&run.stdout);
}

// Edits placed by clang's source ranges (issue 14 item 5): what the ranges make possible or
// safer. Each expected text is the original with the split written out as the module doc of
// `fix/split.rs` says, checked by reading it against CUDA's semantics; `assert_fixed_to` checks
// that `mapcheck` proves it clean and that it runs as the original in the interpreter.

#[test]
fn a_condition_with_parentheses_and_braces_in_a_macro_and_comments_is_split() {
    // The `)` and `{` in the macro's body, a `)` in a character literal and a `}` in a
    // comment are no tokens of the `if`: its head ends at the `)` before the then-branch.
    let text = "#define BELOW(x, m) ((x) < (m) /* ) { */)
__global__ void cond_macro(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  if (BELOW(t, n) && t != ')') { /* } */
    a[t] = t;
    b[t] = a[(t + 1) % n];
  }
}
";
    assert_fixed_to(
        "cond_macro.cu",
        text,
        "#define BELOW(x, m) ((x) < (m) /* ) { */)
__global__ void cond_macro(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  const bool mapcheck_c0 = (BELOW(t, n) && t != ')');
  if (mapcheck_c0) { /* } */
    a[t] = t;
  }
  __syncthreads();
  if (mapcheck_c0) {
    b[t] = a[(t + 1) % n];
  }
}
",
    );
}

#[test]
fn a_declaration_with_several_declarators_moves_as_one() {
    // `x` reads memory and `y` calls a function: the declaration moves before the split as
    // `int x, y, z;` and its initialisers stay in place as one comma expression (evaluated left
    // to right, as the declarators were); `z` has none. The moved locals are unknowns after
    // the first half in the lowering, so memories are not compared.
    let text = "__device__ int twice(int v) { return 2 * v; }
__global__ void decls(int *a, int n) {
  unsigned t = threadIdx.x;
  if (t + 1 < n) {
    int x = a[t + 1], y = twice(x), z;
    a[t] = x + y;
  }
}
";
    assert_fixed_to_with(
        "decls.cu",
        text,
        "__device__ int twice(int v) { return 2 * v; }
__global__ void decls(int *a, int n) {
  unsigned t = threadIdx.x;
  int x, y, z;
  const bool mapcheck_c0 = (t + 1 < n);
  if (mapcheck_c0) {
    x = a[t + 1], y = twice(x);
  }
  __syncthreads();
  if (mapcheck_c0) {
    a[t] = x + y;
  }
}
",
        false,
    );
}

#[test]
fn a_declaration_initialised_by_a_constructor_call_is_refused_where_it_is() {
    // `int x(a[t + 1]);` is two statements' worth of work in one declaration that cannot become
    // an assignment by moving text: refused with its location, the file printed unchanged.
    let text = "__global__ void ctor(int *a, int n) {
  unsigned t = threadIdx.x;
  if (t + 1 < n) {
    int x(a[t + 1]);
    a[t] = x;
  }
}
";
    let path = scratch("ctor.cu", text);
    let run = fix(&[path.to_str().unwrap(), "--grid-dim", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, text);
    assert!(
        run.stderr.contains(
            "the declaration at line 4, column 5 is used after the barrier point and cannot move"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn statements_a_macro_writes_are_refused_with_the_macro_use() {
    // The write and the racing read are two statements of one macro: no barrier can go
    // between them in the text, and the refusal names where the macro is used.
    let text = "#define STEP(i) a[i] = i; b[i] = a[((i) + 1) % n]
__global__ void step_macro(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  STEP(t);
}
";
    let path = scratch("step_macro.cu", text);
    let run = fix(&[path.to_str().unwrap(), "--grid-dim", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, text);
    assert!(
        run.stderr.contains("are written by the macro used at")
            && run
                .stderr
                .contains("step_macro.cu:4:3, and no barrier can go inside a macro"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_barrier_a_macro_writes_is_not_deleted_from_the_macro() {
    // The divergent barrier is `SYNC`, whose text is the `#define`: deleting it there would
    // change every use of the macro, so the edit is refused at the use.
    let text = "#define SYNC __syncthreads()
__global__ void sync_macro(int *a, int *b) {
  unsigned t = threadIdx.x;
  a[t] = t;
  if (t < 32) {
    SYNC;
  }
  b[t] = a[(t + 1) % blockDim.x];
}
";
    let path = scratch("sync_macro.cu", text);
    let run = fix(&[path.to_str().unwrap(), "--grid-dim", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, text);
    assert!(
        run.stderr
            .contains("is written by the macro used at line 6, column 5"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_else_if_chain_takes_one_flag_per_if() {
    // `b[t] = a[...]` runs when `!(t >= n) && !(t == 0) && t % 2 == 0`: the second half tests
    // exactly that on the flags, each condition evaluated once where the chain evaluated it.
    let text = "__global__ void elif3(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  if (t >= n) {
    b[t] = 0;
  } else if (t == 0) {
    b[t] = 1;
  } else if (t % 2 == 0) {
    a[t] = t;
    b[t] = a[(t + 2) % n];
  }
}
";
    assert_fixed_to(
        "elif3.cu",
        text,
        "__global__ void elif3(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  bool mapcheck_c1 = false;
  bool mapcheck_c2 = false;
  const bool mapcheck_c0 = (t >= n);
  if (mapcheck_c0) {
    b[t] = 0;
  } else { mapcheck_c1 = (t == 0); if (mapcheck_c1) {
    b[t] = 1;
  } else { mapcheck_c2 = (t % 2 == 0); if (mapcheck_c2) {
    a[t] = t;
      }
    }
  }
  __syncthreads();
  if (!mapcheck_c0) {
    if (!mapcheck_c1) {
      if (mapcheck_c2) {
    b[t] = a[(t + 2) % n];
  } } }
}
",
    );
}

#[test]
fn a_loop_whose_header_spans_lines_is_interchanged_with_its_guard() {
    // The header's lines move out with the loop (only the first is re-indented); the guard is
    // evaluated once and tested around the barrier in the body.
    let text = "__global__ void forlines(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  if (t < n) {
    for (int i = 0;
         i < 4;
         i++) {
      a[t * 4 + i] = t;
      b[t * 4 + i] = a[((t + 1) % n) * 4 + i];
    }
  }
}
";
    assert_fixed_to(
        "forlines.cu",
        text,
        "__global__ void forlines(int *a, int *b, int n) {
  unsigned t = threadIdx.x;
  const bool mapcheck_c0 = (t < n);
  for (int i = 0;
         i < 4;
         i++) {
    if (mapcheck_c0) {
      a[t * 4 + i] = t;
    }
    __syncthreads();
    if (mapcheck_c0) {
      b[t * 4 + i] = a[((t + 1) % n) * 4 + i];
    }
  }
}
",
    );
}

#[test]
fn a_comment_with_braces_between_two_statements_is_not_a_boundary() {
    // The barrier goes right after `a[t] = t;`, before the comment, on the same line.
    let text = "__global__ void comment_braces(int *a, int *b) {
  unsigned t = threadIdx.x;
  a[t] = t; /* } { */ b[t] = a[(t + 1) % blockDim.x]; // ; }
}
";
    assert_fixed_to(
        "comment_braces.cu",
        text,
        "__global__ void comment_braces(int *a, int *b) {
  unsigned t = threadIdx.x;
  a[t] = t; __syncthreads(); /* } { */ b[t] = a[(t + 1) % blockDim.x]; // ; }
}
",
    );
}

/// `mapcheck oracle` (the execution oracle: the file compiled under ThreadSanitizer) on a
/// repaired file with a 1-D block of 64 threads: `false` when it observed a race, `true` when
/// it observed none or could not run here (no C++ compiler with ThreadSanitizer).
fn oracle_agrees(path: &std::path::Path) -> bool {
    let output = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .arg("oracle")
        .arg(path)
        .args(["--block-dim", "64"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !stdout.contains("result: no race observed") && !stdout.contains("result: racy") {
        eprintln!(
            "the oracle did not run on {}: {}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        return true;
    }
    !stdout.contains("result: racy")
}

/// [`assert_fixed_to`], and the oracle observes no race in the printed kernel.
fn assert_fixed_to_and_run(name: &str, text: &str, expected: &str) {
    let run = assert_fixed_to(name, text, expected);
    let fixed = scratch(&format!("oracle_{name}"), &run.stdout);
    assert!(oracle_agrees(&fixed), "{}", run.stdout);
}

#[test]
fn a_race_in_a_helper_defined_above_the_kernel_is_repaired_with_one_barrier() {
    // The read runs in `neighbour`, whose text lies above the kernel: the point between the
    // write and the call lies between the two accesses in program order, not in the text's
    // (probe 8 F3a).
    let text = "__device__ int neighbour(const int *s, int i) { return s[i]; }
__global__ void helper_above(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = neighbour(s, (threadIdx.x + 1) % 64);
}
";
    assert_fixed_to_and_run(
        "helper_above.cu",
        text,
        &text.replace(
            "threadIdx.x;\n  out",
            "threadIdx.x;\n  __syncthreads();\n  out",
        ),
    );
}

#[test]
fn a_method_called_twice_is_placed_by_its_calls() {
    // Both accesses run in `Tile::at`, called once per statement: each lowered access stands
    // for the call of its statement, so the barrier goes between the two statements.
    let text = "struct Tile {
  float *base;
  __device__ float &at(int r, int c) { return base[r * 17 + c]; }
};
__global__ void tile_method(const float *in, float *out) {
  __shared__ float buf[16 * 17];
  Tile t{buf};
  t.at(threadIdx.x / 16, threadIdx.x % 16) = in[threadIdx.x];
  out[threadIdx.x] = t.at(threadIdx.x % 16, threadIdx.x / 16);
}
";
    assert_fixed_to_and_run(
        "tile_method.cu",
        text,
        &text.replace(
            "in[threadIdx.x];\n  out",
            "in[threadIdx.x];\n  __syncthreads();\n  out",
        ),
    );
}

#[test]
fn a_helper_taking_a_pointer_by_reference_between_two_accesses_is_repaired() {
    // `p += 2;` in `advance` rebinds the caller's `p`: its lowered `let` lies in the text of
    // that statement, which the call stands for (probe 8 F3b), not across both functions.
    let text = "__device__ void advance(int *&p) { p += 2; }
__global__ void pointer_reference(int *out) {
  __shared__ int s[200];
  int *p = s + 2 * threadIdx.x;
  *p = 1;
  advance(p);
  *p = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
";
    assert_fixed_to_and_run(
        "pointer_reference.cu",
        text,
        &text.replace("*p = 1;\n", "*p = 1;\n  __syncthreads();\n"),
    );
}

#[test]
fn no_barrier_goes_where_a_continue_skips_it() {
    // The lowering guards the rest of the body after `continue` with an `if`; the point after
    // that `if` (reached by every thread) has no place in the text, where the end of the body
    // is inside the rest. The repair puts its barrier before the `continue` instead, and the
    // one between the read and the write (probe 7's `x03`).
    let text = "__global__ void loop_continue(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  for (int i = 0; i < n; i++) {
    if (i % 2) continue;
    int v = s[(t + 1) % 64];
    s[t] = v + 1;
    __syncthreads();
  }
  out[t] = s[t];
}
";
    let expected = "__global__ void loop_continue(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  for (int i = 0; i < n; i++) {
    __syncthreads();
    if (i % 2) continue;
    int v = s[(t + 1) % 64];
    __syncthreads();
    s[t] = v + 1;
  }
  out[t] = s[t];
}
";
    let run = assert_fixed_to("loop_continue.cu", text, expected);
    assert!(!run.stderr.contains("internal error"), "{}", run.stderr);
    let fixed = scratch("oracle_loop_continue.cu", &run.stdout);
    assert!(oracle_agrees(&fixed), "{}", run.stdout);
}
