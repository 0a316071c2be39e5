#!/usr/bin/env python3
"""Counts the instructions of the CUDA kernels that reikna renders, by kind, on a machine without a GPU.

Usage: ptx_mix.py [--reikna BIN] [--clang CLANG] [--arch sm_80] [--top N] -- RENDER_ARGS...
       ptx_mix.py [--clang CLANG] [--arch sm_80] [--top N] --source FILE

It runs `reikna render RENDER_ARGS --api cuda --model gpu` (add --model,
--shape and the rest as `reikna render` takes them; `fft --shape
185897,361 --axes 1` for instance), compiles each kernel of the output to
PTX with clang's CUDA front end (`-x cuda --cuda-device-only -nocudainc
-nocudalib -O3`, a small header standing in for the CUDA runtime's types
and functions), and prints per kernel the PTX instructions of one
work-item in straight-line code: all of them, the floating-point ones
(add, mul, fma, ... on .f32 and .f64), the loads and stores, and the rest
(integer and address arithmetic, conversions, moves), then the most
frequent. --source FILE counts a file of reikna render's CUDA output
instead (edited by hand, say, to try a change of the generated code
before making it in the templates).

PTX is what NVRTC's front end would hand to the driver's assembler, not
the SASS that runs, and clang's optimiser is not NVRTC's: the counts are a
proxy. They tell what a change of generated code adds or takes away (the
padding of local memory rows in docs/fft-gpu-notes.md §20: 283 of 1926
instructions of N = 361), without device time. Loops the compiler keeps
count once.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The CUDA runtime's vector types and functions that the CLUDA prelude
# names; the prelude defines helpers on all of them, so each needs a
# declaration, whether a kernel calls it or not.
VECTOR_BASES = {
    "char": ("signed char", 1), "uchar": ("unsigned char", 1),
    "short": ("short", 2), "ushort": ("unsigned short", 2),
    "int": ("int", 4), "uint": ("unsigned int", 4),
    "long": ("long", 8), "ulong": ("unsigned long", 8),
    "longlong": ("long long", 8), "ulonglong": ("unsigned long long", 8),
    "float": ("float", 4), "double": ("double", 8),
}

SHIM_HEAD = """\
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __host__ __attribute__((host))
#define __forceinline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(n) __attribute__((aligned(n)))
#include <__clang_cuda_builtin_vars.h>
typedef unsigned long size_t;
extern "C" __device__ void __syncthreads(void) __asm("llvm.nvvm.barrier0");
#define REIKNA_PTX_DECL(ty, name) template <class... T> __device__ ty name(T...);
REIKNA_PTX_DECL(void, sincos)
REIKNA_PTX_DECL(void, sincosf)
"""


def shim(names):
    """Returns the header: the vector types, then a declaration of each
    function in names (float-valued where the name ends in f)."""
    out = [SHIM_HEAD]
    for name, (ctype, size) in VECTOR_BASES.items():
        for k in (1, 2, 3, 4):
            fields = "xyzw"[:k]
            align = min(size * (4 if k == 3 else k), 16)
            out.append(f"struct __attribute__((aligned({align}))) {name}{k} {{ "
                       + " ".join(f"{ctype} {f};" for f in fields) + " };")
            params = ", ".join(f"{ctype} {f}" for f in fields)
            sets = " ".join(f"r.{f} = {f};" for f in fields)
            out.append(f"static __device__ inline {name}{k} make_{name}{k}({params}) "
                       f"{{ {name}{k} r; {sets} return r; }}")
    for n in sorted(names):
        ty = "float" if n.endswith("f") else "double"
        if n.startswith(("atomic", "__popc", "__clz", "__ffs", "__float_as_int", "__any", "__all")):
            ty = "int"
        if n.startswith(("__threadfence", "sincos")):
            ty = "void"
        out.append(f"REIKNA_PTX_DECL({ty}, {n})")
    return "\n".join(out) + "\n"


UNDECLARED = re.compile(r"use of undeclared identifier '([A-Za-z_][A-Za-z_0-9]*)'")


def compile_ptx(clang, arch, source, workdir):
    """Compiles source to PTX, declaring what clang finds undeclared, and
    returns the PTX text."""
    names = set()
    cu = os.path.join(workdir, "kernel.cu")
    ptx = os.path.join(workdir, "kernel.ptx")
    for _ in range(8):
        with open(cu, "w") as f:
            f.write(shim(names) + source)
        r = subprocess.run([clang, "-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
                            f"--cuda-gpu-arch={arch}", "-O3", "-ferror-limit=0", "-w", "-S", cu, "-o", ptx],
                           capture_output=True, text=True)
        if r.returncode == 0:
            with open(ptx) as f:
                return f.read()
        missing = set(UNDECLARED.findall(r.stderr)) - names
        if not missing:
            sys.exit(f"ptx_mix: clang failed:\n{r.stderr[:4000]}")
        names |= missing
    sys.exit("ptx_mix: clang still finds undeclared names after 8 tries")


def mix(ptx):
    """Returns the counter of PTX opcodes of the instructions in ptx."""
    ops = collections.Counter()
    for line in ptx.splitlines():
        t = line.strip()
        if not t or t.startswith(("//", ".", "{", "}", "$", ")", "(")) or t.endswith(":"):
            continue
        op = t.split()[0]
        if op.startswith("@"):  # a predicated instruction: @%p1 op ...
            parts = t.split()
            if len(parts) < 2:
                continue
            op = parts[1]
        op = op.rstrip(";")
        if op in ("ret", "exit") or not re.match(r"^[a-z]", op):
            continue
        ops[op] += 1
    return ops


def kind(op):
    """Returns the kind of the opcode op: fp, mem or other."""
    if op.startswith(("ld.", "st.", "atom.", "red.")):
        return "mem"
    if op.endswith((".f32", ".f64", ".f16", ".f16x2")) and not op.startswith(("mov", "cvt")):
        return "fp"
    return "other"


def split_kernels(rendered):
    """Returns (name, program) for each kernel of reikna render's output."""
    parts = re.split(r"^// ==== kernel \d+ of \d+: (\S+) ====\n", rendered, flags=re.M)
    out = []
    for i in range(1, len(parts), 2):
        body = parts[i + 1]
        start = body.find("#define REIKNA_CUDA")
        if start < 0:
            sys.exit(f"ptx_mix: kernel {parts[i]} is not a CUDA program (render with --api cuda)")
        out.append((parts[i], body[start:]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reikna", default="bin/reikna", help="the reikna binary (default bin/reikna)")
    ap.add_argument("--clang", default=None, help="clang with the NVPTX target (default: clang-15, else clang)")
    ap.add_argument("--arch", default="sm_80", help="the GPU architecture of the PTX (default sm_80)")
    ap.add_argument("--top", type=int, default=12, help="the most frequent opcodes to print per kernel")
    ap.add_argument("--source", default=None, help="count this file of reikna render's CUDA output instead")
    ap.add_argument("render", nargs=argparse.REMAINDER, help="after --: what reikna render takes")
    args = ap.parse_args()
    render = [a for a in args.render if a != "--"]
    if not render and not args.source:
        ap.error("give reikna render's arguments after --, such as: -- fft --shape 185897,361 --axes 1")
    clang = args.clang or shutil.which("clang-15") or shutil.which("clang")
    if not clang:
        sys.exit("ptx_mix: no clang found (apt-get install clang)")
    if args.source:
        with open(args.source) as f:
            rendered = f.read()
    else:
        extra = [] if "--model" in render or any(a.startswith("--model=") for a in render) else ["--model", "gpu"]
        r = subprocess.run([args.reikna, "render", *render, "--api", "cuda", *extra], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"ptx_mix: reikna render failed:\n{r.stderr}")
        rendered = r.stdout
    kernels = split_kernels(rendered)
    if not kernels:
        sys.exit("ptx_mix: the render holds no kernel")
    with tempfile.TemporaryDirectory() as work:
        for name, program in kernels:
            ops = mix(compile_ptx(clang, args.arch, program, work))
            by = collections.Counter()
            for op, n in ops.items():
                by[kind(op)] += n
            total = sum(ops.values())
            print(f"{name}: {total} instructions: floating point {by['fp']}, loads and stores {by['mem']}, other {by['other']}")
            for op, n in ops.most_common(args.top):
                print(f"  {n:6d} {op}")


if __name__ == "__main__":
    main()
