(* The driver of the extracted type checker: reads kernels on stdin, one per
   line, and prints one answer per line, flushed at once so that a caller can
   keep one process for many kernels.

   A kernel is an s-expression whose heads are the constructors of
   proofs/Syntax.v (atoms are maximal runs of characters other than blanks
   and parentheses; nullary constructors are bare atoms):

     (kernel (V1 V2 ...) S)       S : sprog, typed by sinfer [V1; V2; ...] S
     (kernel-relaxed (V1 ...) S)  the same, typed by sinfer_relaxed (the rules
                                  without the tid premises of TS_For/TS_If)

     sprog  (PU b) | PSync | (PSeq s s) | (PRead x a n s) | (PFor x n n s)
            | (PIf c s s) | (PLet x n s) | (PAtomic x a n s) | (PHavoc x s)
     stmt   (SWrite a n n) | (SRead x a n b) | (SSeq b b) | (SIf c b b)
            | (SFor x n n b) | SSkip | (SLet x n b) | (SAtomic x a n b)
            | (SHavoc x b) | (SAssume c)
     step   (Step CMP OP n)                a loop's guard x CMP bound and
                                           step x := x OP n
     (x a variable, a an array name: atoms; n in an access is an index:
     one expression, or (Idx n n ...) for several dimensions).  A loop without a step,
     (SFor x n n b) or (PFor x n n s), is the stride-1 loop [unit_step]
     (Step Lt Add (ELit 1)); a loop with a step is (SFor x n n step b).
     Protocols print loops the same way: without the step when it is
     [unit_step].
     expr   (ELit K) | (EVar x) | (EBin OP n n) | (ESel CMP n n n n)
                                                    K a natural, OP a binop
     cond   CTrue | CFalse | (CCmp CMP n n) | (CNot c) | (CAnd c c) | (COr c c)

   The answer is "(some P)" with P the protocol (an sproto, printed with the
   constructors of proofs/Syntax.v in the same syntax), "untypable" when
   the checker returns None, or "error MESSAGE" for a line that is not a kernel.
   Blank lines are skipped. *)

open Coq_infer

type sexp = Atom of string | List of sexp list

exception Bad of string

let bad fmt = Printf.ksprintf (fun s -> raise (Bad s)) fmt

(* Tokens, then one s-expression spanning the whole line. *)
let tokens line =
  let n = String.length line in
  let rec go i acc =
    if i >= n then List.rev acc
    else
      match line.[i] with
      | ' ' | '\t' | '\r' -> go (i + 1) acc
      | '(' -> go (i + 1) ("(" :: acc)
      | ')' -> go (i + 1) (")" :: acc)
      | _ ->
          let j = ref i in
          while
            !j < n
            && not (List.mem line.[!j] [ ' '; '\t'; '\r'; '('; ')' ])
          do
            incr j
          done;
          go !j (String.sub line i (!j - i) :: acc)
  in
  go 0 []

let parse line =
  let rec sexp = function
    | "(" :: rest ->
        let rec items acc = function
          | ")" :: rest -> (List (List.rev acc), rest)
          | [] -> bad "unclosed parenthesis"
          | toks ->
              let item, rest = sexp toks in
              items (item :: acc) rest
        in
        items [] rest
    | ")" :: _ -> bad "unexpected )"
    | atom :: rest -> (Atom atom, rest)
    | [] -> bad "empty input"
  in
  match sexp (tokens line) with
  | s, [] -> s
  | _, _ -> bad "trailing input after the kernel"

let binop = function
  | "Add" -> Add | "Sub" -> Sub | "Mul" -> Mul | "Div" -> Div | "Mod" -> Mod
  | "Shl" -> Shl | "Shr" -> Shr | "BAnd" -> BAnd | "BOr" -> BOr
  | "BXor" -> BXor | "Min" -> Min | "Max" -> Max
  | "UDiv" -> UDiv | "URem" -> URem | "UShr" -> UShr | "UMin" -> UMin
  | "UMax" -> UMax
  | o -> bad "unknown operator %s" o

let cmpop = function
  | "Eq" -> Eq | "Ne" -> Ne | "Lt" -> Lt | "Le" -> Le | "Gt" -> Gt
  | "Ge" -> Ge
  | "ULt" -> ULt | "ULe" -> ULe | "UGt" -> UGt | "UGe" -> UGe
  | o -> bad "unknown comparison %s" o

let var = function Atom x -> x | List _ -> bad "a variable must be an atom"

let rec expr = function
  | List [ Atom "ELit"; Atom k ] -> (
      match int_of_string_opt k with
      | Some k when k >= 0 -> ELit k
      | _ -> bad "literal %s is not a natural that fits an OCaml int" k)
  | List [ Atom "EVar"; x ] -> EVar (var x)
  | List [ Atom "EBin"; Atom o; a; b ] -> EBin (binop o, expr a, expr b)
  | List [ Atom "ESel"; Atom c; a; b; x; y ] ->
      ESel (cmpop c, expr a, expr b, expr x, expr y)
  | _ -> bad "not an expression"

(* An access's index: one expression, or (Idx e1 e2 ...). *)
let index = function
  | List (Atom "Idx" :: es) -> List.map expr es
  | e -> [ expr e ]

let rec cond = function
  | Atom "CTrue" -> CTrue
  | Atom "CFalse" -> CFalse
  | List [ Atom "CCmp"; Atom o; a; b ] -> CCmp (cmpop o, expr a, expr b)
  | List [ Atom "CNot"; c ] -> CNot (cond c)
  | List [ Atom "CAnd"; a; b ] -> CAnd (cond a, cond b)
  | List [ Atom "COr"; a; b ] -> COr (cond a, cond b)
  | _ -> bad "not a condition"

(* Coq's [unit_step], which the checker never mentions (so it is not
   extracted). *)
let unit_step = Step (Lt, Add, ELit 1)

let step = function
  | List [ Atom "Step"; Atom g; Atom o; k ] -> Step (cmpop g, binop o, expr k)
  | _ -> bad "not a step"

let rec stmt = function
  | List [ Atom "SWrite"; a; n; m ] -> SWrite (var a, index n, expr m)
  | List [ Atom "SRead"; x; a; n; b ] -> SRead (var x, var a, index n, stmt b)
  | List [ Atom "SSeq"; a; b ] -> SSeq (stmt a, stmt b)
  | List [ Atom "SIf"; c; a; b ] -> SIf (cond c, stmt a, stmt b)
  | List [ Atom "SFor"; x; n; m; b ] ->
      SFor (var x, expr n, expr m, unit_step, stmt b)
  | List [ Atom "SFor"; x; n; m; st; b ] ->
      SFor (var x, expr n, expr m, step st, stmt b)
  | Atom "SSkip" -> SSkip
  | List [ Atom "SLet"; x; e; b ] -> SLet (var x, expr e, stmt b)
  | List [ Atom "SAtomic"; x; a; n; b ] ->
      SAtomic (var x, var a, index n, stmt b)
  | List [ Atom "SHavoc"; x; b ] -> SHavoc (var x, stmt b)
  | List [ Atom "SAssume"; c ] -> SAssume (cond c)
  | _ -> bad "not a statement"

let rec sprog = function
  | List [ Atom "PU"; b ] -> PU (stmt b)
  | Atom "PSync" -> PSync
  | List [ Atom "PSeq"; a; b ] -> PSeq (sprog a, sprog b)
  | List [ Atom "PRead"; x; a; n; s ] -> PRead (var x, var a, index n, sprog s)
  | List [ Atom "PFor"; x; n; m; s ] ->
      PFor (var x, expr n, expr m, unit_step, sprog s)
  | List [ Atom "PFor"; x; n; m; st; s ] ->
      PFor (var x, expr n, expr m, step st, sprog s)
  | List [ Atom "PIf"; c; a; b ] -> PIf (cond c, sprog a, sprog b)
  | List [ Atom "PLet"; x; e; s ] -> PLet (var x, expr e, sprog s)
  | List [ Atom "PAtomic"; x; a; n; s ] ->
      PAtomic (var x, var a, index n, sprog s)
  | List [ Atom "PHavoc"; x; s ] -> PHavoc (var x, sprog s)
  | _ -> bad "not a synchronised program"

let kernel = function
  | List [ Atom "kernel"; List vs; s ] -> (sinfer, List.map var vs, sprog s)
  | List [ Atom "kernel-relaxed"; List vs; s ] ->
      (sinfer_relaxed, List.map var vs, sprog s)
  | _ -> bad "expected (kernel (VARS...) SPROG) or (kernel-relaxed ...)"

(* Printing, in the input's syntax. *)
let binop_name = function
  | Add -> "Add" | Sub -> "Sub" | Mul -> "Mul" | Div -> "Div" | Mod -> "Mod"
  | Shl -> "Shl" | Shr -> "Shr" | BAnd -> "BAnd" | BOr -> "BOr"
  | BXor -> "BXor" | Min -> "Min" | Max -> "Max"
  | UDiv -> "UDiv" | URem -> "URem" | UShr -> "UShr" | UMin -> "UMin"
  | UMax -> "UMax"

let cmpop_name = function
  | Eq -> "Eq" | Ne -> "Ne" | Lt -> "Lt" | Le -> "Le" | Gt -> "Gt" | Ge -> "Ge"
  | ULt -> "ULt" | ULe -> "ULe" | UGt -> "UGt" | UGe -> "UGe"

let rec pexpr b = function
  | ELit k -> Printf.bprintf b "(ELit %d)" k
  | EVar x -> Printf.bprintf b "(EVar %s)" x
  | EBin (o, x, y) ->
      Printf.bprintf b "(EBin %s " (binop_name o);
      pexpr b x;
      Buffer.add_char b ' ';
      pexpr b y;
      Buffer.add_char b ')'
  | ESel (c, x, y, e1, e2) ->
      Printf.bprintf b "(ESel %s " (cmpop_name c);
      List.iteri
        (fun k e ->
          if k > 0 then Buffer.add_char b ' ';
          pexpr b e)
        [ x; y; e1; e2 ];
      Buffer.add_char b ')'

let rec pcond b = function
  | CTrue -> Buffer.add_string b "CTrue"
  | CFalse -> Buffer.add_string b "CFalse"
  | CCmp (o, x, y) ->
      Printf.bprintf b "(CCmp %s " (cmpop_name o);
      pexpr b x;
      Buffer.add_char b ' ';
      pexpr b y;
      Buffer.add_char b ')'
  | CNot c ->
      Buffer.add_string b "(CNot ";
      pcond b c;
      Buffer.add_char b ')'
  | CAnd (x, y) -> pcond2 b "CAnd" x y
  | COr (x, y) -> pcond2 b "COr" x y

and pcond2 b head x y =
  Printf.bprintf b "(%s " head;
  pcond b x;
  Buffer.add_char b ' ';
  pcond b y;
  Buffer.add_char b ')'

(* A loop's bounds and, unless it is the stride-1 [unit_step], its step. *)
let pbounds b n m st =
  pexpr b n;
  Buffer.add_char b ' ';
  pexpr b m;
  Buffer.add_char b ' ';
  match st with
  | Step (Lt, Add, ELit 1) -> ()
  | Step (g, o, k) ->
      Printf.bprintf b "(Step %s %s " (cmpop_name g) (binop_name o);
      pexpr b k;
      Buffer.add_string b ") "

let rec pproto b = function
  | USkip -> Buffer.add_string b "USkip"
  | UAcc (o, a, n) ->
      Printf.bprintf b "(UAcc %s %s " (match o with Rd -> "Rd" | Wr -> "Wr" | At -> "At") a;
      (match n with
      | [ e ] -> pexpr b e
      | es ->
          Buffer.add_string b "(Idx";
          List.iter
            (fun e ->
              Buffer.add_char b ' ';
              pexpr b e)
            es;
          Buffer.add_char b ')');
      Buffer.add_char b ')'
  | USeq (u1, u2) ->
      Buffer.add_string b "(USeq ";
      pproto b u1;
      Buffer.add_char b ' ';
      pproto b u2;
      Buffer.add_char b ')'
  | UIf (c, u1, u2) ->
      Buffer.add_string b "(UIf ";
      pcond b c;
      Buffer.add_char b ' ';
      pproto b u1;
      Buffer.add_char b ' ';
      pproto b u2;
      Buffer.add_char b ')'
  | UFor (x, n, m, st, u) ->
      Printf.bprintf b "(UFor %s " x;
      pbounds b n m st;
      pproto b u;
      Buffer.add_char b ')'
  | UAssume c ->
      Buffer.add_string b "(UAssume ";
      pcond b c;
      Buffer.add_char b ')'
  | ULet (x, e, u) ->
      Printf.bprintf b "(ULet %s " x;
      pexpr b e;
      Buffer.add_char b ' ';
      pproto b u;
      Buffer.add_char b ')'

let rec psproto b = function
  | MU u ->
      Buffer.add_string b "(MU ";
      pproto b u;
      Buffer.add_char b ')'
  | MSync -> Buffer.add_string b "MSync"
  | MSeq (p1, p2) ->
      Buffer.add_string b "(MSeq ";
      psproto b p1;
      Buffer.add_char b ' ';
      psproto b p2;
      Buffer.add_char b ')'
  | MFor (x, n, m, st, p) ->
      Printf.bprintf b "(MFor %s " x;
      pbounds b n m st;
      psproto b p;
      Buffer.add_char b ')'
  | MIf (c, p1, p2) ->
      Buffer.add_string b "(MIf ";
      pcond b c;
      Buffer.add_char b ' ';
      psproto b p1;
      Buffer.add_char b ' ';
      psproto b p2;
      Buffer.add_char b ')'
  | MLet (x, e, p) ->
      Printf.bprintf b "(MLet %s " x;
      pexpr b e;
      Buffer.add_char b ' ';
      psproto b p;
      Buffer.add_char b ')'

let answer line =
  match kernel (parse line) with
  | exception Bad msg -> "error " ^ msg
  | check, vs, s -> (
      match check vs s with
      | None -> "untypable"
      | Some p ->
          let b = Buffer.create 256 in
          Buffer.add_string b "(some ";
          psproto b p;
          Buffer.add_char b ')';
          Buffer.contents b)

let () =
  try
    while true do
      let line = input_line stdin in
      if String.trim line <> "" then begin
        print_string (answer line);
        print_char '\n';
        flush stdout
      end
    done
  with End_of_file -> ()
