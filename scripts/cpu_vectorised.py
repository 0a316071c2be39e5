#!/usr/bin/env python3
"""Checks which of reikna's kernels PoCL compiles to vector arithmetic on
the CPU device, and fails when a kernel that should run on vectors no
longer does.

Usage: scripts/cpu_vectorised.py [--reikna bin/reikna] [--keep DIR]
(from the repository's root; needs PoCL as the device that `reikna bench`
picks, on x86-64 with AVX2 or AVX-512, and objdump from binutils).

For each case below it runs `reikna bench` on small arrays with PoCL's
kernel cache and reikna's program cache in fresh directories, finds the
kernels PoCL built for the launches (the shared objects of the cache's
work-group-size directories), disassembles them, and takes each kernel's
hottest loop: the loop (a backward jump and its target) with the most
floating-point and vector-integer arithmetic. It counts there:

  wide     packed floating-point arithmetic on 256- or 512-bit registers
           (vaddps, vmulpd, vfmadd…ps on %ymm or %zmm): the loop runs on
           vectors of 8 or 16 floats
  narrow   packed floating-point arithmetic on 128-bit registers: a
           float2 or float4 value's parts, not lanes across work
  scalar   scalar floating-point arithmetic (vaddss, vmulsd, …)
  vint     vector integer arithmetic on %ymm or %zmm
  inserts  element-wise inserts, extracts and gathers

A kernel with a requirement (the wide arithmetic of its hottest loop at
least MIN) fails when it is below; the others are reported, with what is
known of them, so that a change that vectorises them shows here. The exit
status is 1 if any requirement failed, 2 for a run that could not measure.

The requirements: the FFT's passes in lanes and its looped passes
(docs/fft-gpu-notes.md §17.1 and §17.2: 8 sub-transforms a work-item,
real and imaginary parts in the halves of a float16; the real FFT of 1024
and 4096 in one looped pass; the longer one's half in passes of lanes and
its twist over runs, docs/fft-gpu-notes.md §34), CBRNG's Philox rounds in uint8 lanes (8
generators a work-item: vector integer arithmetic, vint) and MatrixMul's
CPU tiles (float4 or float8 vectors along one dimension;
scripts/cpu_matmul_vectorised.sh checks each of its kinds and dtypes). PoCL's own vectoriser remarks (POCL_VECTORIZER_REMARKS=1) are
kept in each case's directory with --keep.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The cases: what `reikna bench` runs, and for each kernel (a regular
# expression on its name) the least wide arithmetic of its hottest loop (or
# a pair of another count and its least, as ("vint", 16)), or None where it
# is reported only, with what is known of it.
CASES = [
    {
        "name": "fft",
        "args": ["--cpu=false", "--sizes", "1024,65536", "--mib", "8"],
        "kernels": [(r"fft_axis\d+_pass\d+", 32, "passes in lanes")],
    },
    {
        "name": "fft-c128",
        "args": ["--cpu=false", "--precision", "double", "--sizes", "1024", "--mib", "8"],
        "kernels": [(r"fft_axis\d+_pass\d+", 32, "passes in double16 lanes")],
    },
    {
        "name": "rfft",
        "args": ["--rfft", "--mib", "4", "--cases", "rfft_f32_1024,rfft_f32_4096"],
        "kernels": [(r"fft_axis\d+_pass0", 32, "one looped pass in lanes, the twist in its stores")],
    },
    {
        "name": "rfft-long",
        "args": ["--rfft", "--mib", "4", "--cases", "rfft_f32_65536"],
        "kernels": [(r"fft_axis\d+_pass0", None,
                     "built twice: the forward's first pass in lanes, reading the real pairs, and the inverse's looped pass "
                     "over a scratch array (16 wide, 97 narrow at ccc316a; 62 wide with the twist on the lanes)"),
                    (r"fft_axis\d+_pass[1-9]\d*", 32, "the forward's half in passes of lanes"),
                    (r"rfft_twist_runs", 8, "the twist over runs of outputs, a loop over real and imaginary parts: 12 at the plan's commit")],
    },
    {
        "name": "algos",
        "args": ["--algos", "--mib", "4"],
        "kernels": [
            (r"reduce_pass\d+", None, "a contiguous run a work-item, on 128-bit vectors"),
            (r"scan_\w+", None, "contiguous chunks: a chain of scalar operations a lane, the totals' blocks on 128-bit vectors"),
            (r"transpose\w*", None, "moves only (the whole blocks' shuffles compile to element inserts)"),
            (r"fftshift\w*", None, "moves only"),
        ],
    },
    {
        "name": "random",
        "args": ["--random", "--mib", "4", "--cases", "uniform_f32_2^27"],
        "kernels": [(r"cbrng\w*", ("vint", 8), "Philox rounds in uint8 lanes, 8 generators a work-item: 14 at 0887d30")],
    },
    {
        "name": "matmul",
        "args": ["--matmul", "--mib", "1"],
        "kernels": [(r"matrix_mul", 12, "float16 tiles: 6×1 of them on AVX2 (12 FMAs on 256-bit registers), more with AVX-512")],
    },
]

INSTRUCTION = re.compile(r"^\s*([0-9a-f]+):\t(.*)$")
FUNCTION = re.compile(r"^[0-9a-f]+ <(.*)>:$")
BACK_JUMP = re.compile(r"^j[a-z]+\s+([0-9a-f]+) <")
FP_ARITH = r"v(add|sub|mul|fn?m(add|sub)\d*|div|max|min|sqrt)"
PACKED = re.compile(rf"^{FP_ARITH}p[sd]$")
SCALAR = re.compile(rf"^{FP_ARITH}s[sd]$")
VINT = re.compile(r"^vp(add|sub|mul|xor|or|and|sll|srl|sra|shuf|perm|ternlog|cmp|min|max)")
INSERT = re.compile(r"^v(p?insr|insert(ps|f|i)|p?extr|extract(ps|f|i)|p?gather)")
WIDE = re.compile(r"%[yz]mm")


def loops(path):
    """Returns, for each loop of the shared object, its function and the
    counts of its instructions."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", path],
                         capture_output=True, text=True, check=True).stdout
    function, code = None, []
    for line in out.splitlines():
        m = FUNCTION.match(line)
        if m:
            function = m.group(1)
            continue
        m = INSTRUCTION.match(line)
        if m and function:
            code.append((function, int(m.group(1), 16), m.group(2).strip()))
    found = []
    for function, address, text in code:
        m = BACK_JUMP.match(text)
        if not m or int(m.group(1), 16) >= address:
            continue
        target = int(m.group(1), 16)
        counts = dict(wide=0, narrow=0, scalar=0, vint=0, inserts=0)
        for f, a, t in code:
            if f != function or not target <= a <= address:
                continue
            op, args = (t.split(None, 1) + [""])[:2]
            if PACKED.match(op):
                counts["wide" if WIDE.search(args) else "narrow"] += 1
            elif SCALAR.match(op):
                counts["scalar"] += 1
            elif VINT.match(op) and WIDE.search(args):
                counts["vint"] += 1
            if INSERT.match(op):
                counts["inserts"] += 1
        found.append((function, counts))
    return found


def hottest(path):
    """The counts of the loop of path with the most arithmetic (all zero
    where it has no loop)."""
    best = dict(wide=0, narrow=0, scalar=0, vint=0, inserts=0)
    for _, c in loops(path):
        if c["wide"] + c["narrow"] + c["scalar"] + c["vint"] > best["wide"] + best["narrow"] + best["scalar"] + best["vint"]:
            best = c
    return best


def built_kernels(cache):
    """The kernels PoCL built for launches into cache: (name, path) of
    each shared object under a work-group-size directory (the 0-0-0
    directories hold the builds for any size, not launched here)."""
    found = []
    for root, _, files in os.walk(cache):
        if os.path.basename(root) == "0-0-0":
            continue
        for f in files:
            if f.endswith(".so"):
                found.append((f[:-3], os.path.join(root, f)))
    return sorted(found)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reikna", default="bin/reikna", help="the reikna program [bin/reikna]")
    ap.add_argument("--keep", help="keep the caches, outputs and vectoriser remarks in this directory")
    args = ap.parse_args()
    if not shutil.which("objdump"):
        sys.exit("cpu_vectorised: objdump is missing (Debian: binutils)")
    try:
        with open("/proc/cpuinfo") as f:
            flags = f.read()
    except OSError:
        flags = ""
    if not re.search(r"\bavx2\b", flags):
        sys.exit("cpu_vectorised: this CPU has no AVX2 (or no /proc/cpuinfo): its widest vectors are 128 bits, and the counts here assume 256 or 512")
    if not os.access(args.reikna, os.X_OK):
        sys.exit(f"cpu_vectorised: {args.reikna} is not an executable program (make build makes bin/reikna)")
    work = args.keep or tempfile.mkdtemp(prefix="cpu-vectorised-")
    os.makedirs(work, exist_ok=True)
    failed, rows = 0, []
    for case in CASES:
        d = os.path.join(work, case["name"])
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(os.path.join(d, "pocl"))
        env = dict(os.environ, POCL_CACHE_DIR=os.path.join(d, "pocl"),
                   REIKNA_CACHE_DIR=os.path.join(d, "reikna"), POCL_VECTORIZER_REMARKS="1")
        with open(os.path.join(d, "output.txt"), "w") as out:
            run = subprocess.run([args.reikna, "bench", *case["args"]], env=env, stdout=out, stderr=subprocess.STDOUT)
        if run.returncode != 0:
            print(f"cpu_vectorised: {case['name']}: reikna bench {' '.join(case['args'])} failed (its output: {d}/output.txt with --keep)", file=sys.stderr)
            sys.exit(2)
        kernels = built_kernels(os.path.join(d, "pocl"))
        for pattern, least, known in case["kernels"]:
            names = sorted({n for n, _ in kernels if re.fullmatch(pattern, n)})
            if not names:
                print(f"cpu_vectorised: {case['name']}: no kernel {pattern} was built: the case no longer runs it", file=sys.stderr)
                sys.exit(2)
            for name in names:
                # Every build of the kernel (one a plan that uses it): the
                # least wide arithmetic and the most of the others.
                builds = [hottest(p) for n, p in kernels if n == name]
                c = {k: max(b[k] for b in builds) for k in builds[0]}
                c["wide"] = min(b["wide"] for b in builds)
                metric = "wide"
                if isinstance(least, tuple):
                    metric, least = least
                    c[metric] = min(b[metric] for b in builds)
                if least is None:
                    verdict = f"reported: {known}"
                elif c[metric] >= least:
                    verdict = f"ok ({metric} ≥ {least}: {known})"
                else:
                    verdict = f"FAIL: {metric} < {least} ({known})"
                    failed = 1
                rows.append((case["name"], name, len(builds), c, verdict))
    print(f"{'case':8} {'kernel':20} {'builds':>6} {'wide':>5} {'narrow':>6} {'scalar':>6} {'vint':>5} {'inserts':>7}  verdict")
    for case, name, n, c, verdict in rows:
        print(f"{case:8} {name:20} {n:6} {c['wide']:5} {c['narrow']:6} {c['scalar']:6} {c['vint']:5} {c['inserts']:7}  {verdict}")
    print("the hottest loop of each kernel over its builds: the least packed floating-point arithmetic on 256/512-bit registers (wide), the most on 128-bit ones (narrow), of scalar, of vector integer arithmetic and of element-wise inserts")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(failed)


if __name__ == "__main__":
    main()
