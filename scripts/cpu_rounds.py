#!/usr/bin/env python3
"""Times every computation of reikna on the CPU device beside what a CPU
user already has, in interleaved rounds, and prints one table of medians
and ratios against the targets.

Usage: scripts/cpu_rounds.py [--rounds 5] [--reikna bin/reikna] [--out cpu-rounds]
                             [--fft-sizes 1024,4096,65536] [--rfft-sizes 1024,4096,65536]
                             [--fft-only] [--no-gonum]

Each round runs, in an order that rotates from round to round: reikna's
benchmarks (`reikna bench`: the FFT, the real FFT, Reduce, Scan,
Transpose, CBRNG and MatrixMul on the cases below, kernel times from
OpenCL profiling), numpy and scipy in this process (wall times), FFTW
(scripts/fftw_bench.c, built here against libfftw3-dev, 2 threads: its
complex FFTs and its real-to-complex ones) and
gonum (scripts/gonum_bench.go: its FFT and its matrix product). Every
figure of a round is a median of that program's own timed calls; a ratio
is taken within a round (the peer's time over reikna's: above 1 reikna is
faster), and the table gives the median of each over the rounds, so that
the machine's drift between programs cancels.

The targets are those of the CPU device's issue: the FFT and the real FFT
at least as fast as scipy.fft in float32 with its best worker count (1 or
2) and at least half as fast as FFTW with 2 threads; sum and cumsum at
least as fast as numpy; the transpose at least twice numpy's copy of a.T
and at least reikna 0.9 on PoCL (32.8 ms, measured once on this machine);
the random numbers at least numpy's Generator(Philox); MatrixMul at least
half of OpenBLAS through numpy; everything at least 5 times gonum where
gonum has the computation. Reported beside them, with no target of their
own: the DCT-II of rows of 4096 against scipy.fft.dct, fftshift against
numpy.fft.fftshift, and the complex128 FFT of 1024 against scipy.fft and
FFTW in double precision.

--fft-sizes sets the lengths of the complex FFT's rows (8 MiB of complex64
each), --rfft-sizes those of the real FFT's (8 MiB of float32 each: any
lengths, run as `reikna bench --rfft --cases rfft_f32_N`);
--fft-only times the FFTs alone (the complex and the real ones, with
their peers), as a sweep of lengths wants; --no-gonum leaves gonum out
(its FFT takes time quadratic in a large prime factor: minutes a call at
lengths such as 688069, a prime).

--out receives rounds.json (every figure of every round), table.txt and
table.md. numpy and scipy must be importable by the interpreter that runs
the script (Debian: python3-numpy and python3-scipy, for /usr/bin/python3).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

try:
    import numpy as np
    import scipy
    import scipy.fft
except ImportError as e:
    sys.exit(f"cpu_rounds: {e}: install numpy and scipy for {sys.executable} (Debian: python3-numpy python3-scipy, for /usr/bin/python3)")

HERE = os.path.dirname(os.path.abspath(__file__))
FFT_SIZES = [1024, 4096, 65536]
RFFT_SIZES = [1024, 4096, 65536]
RFFT_CASES = {1024: "rfft_f32_1024", 4096: "rfft_f32_4096", 65536: "rfft_f32_65536", 1 << 20: "rfft_f32_2^20"}
FFT_MIB = 8            # MiB of complex64 per FFT batch
ELEMS = 1 << 24        # the sums, scans and random numbers: 64 MiB of float32
TRANSPOSE = (2048, 8192)
REIKNA09_TRANSPOSE_MS = 32.8  # reikna 0.9 on PoCL, float32 2048×8192 (the figure)
PEER_WARMUP, PEER_CALLS = 3, 15

# The reikna runs of a round besides the complex FFT's (fft_run): the
# arguments of `reikna bench` and where each case's figure is in its JSON.
REIKNA_RUNS = [
    ("algos", ["--algos", "--mib", "64", "--cases", "sum_f32_2^27,cumsum_f32_2^27,transpose_f32_16384x8192"]),
    ("random", ["--random", "--mib", "64", "--cases", "uniform_f32_2^27,normal_f32_2^27"]),
    ("matmul_f32", ["--matmul", "--mib", "32", "--cases", "f32_4096"]),  # 1024³
    ("matmul_c64", ["--matmul", "--mib", "8", "--cases", "c64_4096"]),   # 512³
    ("dct", ["--dct", "--mib", str(FFT_MIB), "--cases", "dct2_f32_4096"]),
    ("fftshift", ["--algos", "--mib", "64", "--cases", "fftshift_c64_8192x8192"]),  # 1024×8192
    ("fft_c128", ["--precision", "double", "--sizes", "1024", "--mib", str(FFT_MIB), "--runs", "20", "--cpu=false"]),
]

# FFT_ONLY: the rounds time the FFTs alone (--fft-only).
FFT_ONLY = False
# NO_GONUM leaves gonum out (--no-gonum).
NO_GONUM = False


def fft_run():
    """Returns the reikna run of the complex FFT's lengths."""
    return ("fft", ["--sizes", ",".join(map(str, FFT_SIZES)), "--mib", str(FFT_MIB), "--runs", "20", "--cpu=false"])


def rfft_case(n):
    """Returns the name of reikna bench --rfft's case of rows of n points."""
    return RFFT_CASES.get(n, f"rfft_f32_{n}")


def rfft_run():
    """Returns the reikna run of the real FFT's lengths."""
    return ("rfft", ["--rfft", "--mib", str(FFT_MIB), "--cases", ",".join(rfft_case(n) for n in RFFT_SIZES)])


def rfft_rows():
    """Returns the table's rows of the real FFT's lengths."""
    return [(f"real FFT f32 {n}, {FFT_MIB} MiB", f"rfft_{n}", [("scipy.fft.rfft, best of 1 and 2 workers", f"scipy_rfft_{n}", 1.0),
                                                              ("FFTW float r2c, 2 threads, MEASURE", f"fftw_rfft_{n}", 0.5)])
            for n in RFFT_SIZES]


def fft_rows():
    """Returns the table's rows of the complex FFT's lengths."""
    def peers(n):
        ps = [("scipy.fft, best of 1 and 2 workers", f"scipy_fft_{n}", 1.0), ("FFTW float, 2 threads, MEASURE", f"fftw_{n}", 0.5)]
        if not NO_GONUM:
            ps.append(("gonum dsp/fourier, complex128, 2 goroutines", f"gonum_fft_{n}", 5.0))
        return ps
    return [(f"FFT c64 {n}, {FFT_MIB} MiB", f"fft_{n}", peers(n)) for n in FFT_SIZES]


# The table's rows besides the complex FFT's: our case, its peers (name,
# case, target ratio), and what the ratio means.
ROWS = [
    ("sum of 2^24 float32", "sum", [("numpy.sum", "numpy_sum", 1.0)]),
    ("cumsum of 2^24 float32", "cumsum", [("numpy.cumsum", "numpy_cumsum", 1.0)]),
    ("transpose f32 2048×8192", "transpose", [("numpy.ascontiguousarray(a.T)", "numpy_transpose", 2.0),
                                               ("reikna 0.9 on PoCL (the issue's 32.8 ms)", "reikna09_transpose", 1.0)]),
    ("uniform f32, 2^24", "uniform", [("numpy Generator(Philox).random", "numpy_uniform", 1.0)]),
    ("normal f32, 2^24", "normal", [("numpy Generator(Philox).standard_normal", "numpy_normal", 1.0)]),
    ("matmul f32 1024³", "matmul_f32", [("numpy on OpenBLAS, 2 threads", "numpy_matmul_f32", 0.5),
                                        ("gonum mat.Dense.Mul, float64 1024³", "gonum_matmul_f64", 5.0)]),
    ("matmul c64 512³", "matmul_c64", [("numpy on OpenBLAS, 2 threads", "numpy_matmul_c64", 0.5)]),
    # Reported beside the targets, with none of their own: the FFT family's
    # other members and a movement.
    (f"DCT-II f32 4096, {FFT_MIB} MiB", "dct2_4096", [("scipy.fft.dct, best of 1 and 2 workers", "scipy_dct2_4096", None)]),
    ("fftshift c64 1024×8192", "fftshift", [("numpy.fft.fftshift", "numpy_fftshift", None)]),
    (f"FFT c128 1024, {FFT_MIB} MiB", "fft_c128_1024", [("scipy.fft, best of 1 and 2 workers", "scipy_fft_c128_1024", None),
                                                     ("FFTW double, 2 threads, MEASURE", "fftw_c128_1024", None)]),
]


def run(cmd, **kw):
    """Runs cmd, printing it, and returns its standard output."""
    print("+ " + " ".join(cmd), file=sys.stderr, flush=True)
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True, **kw).stdout


def reikna_round(reikna, out):
    """Runs reikna's benchmarks once and returns their medians by case."""
    got = {}
    runs = [fft_run(), rfft_run(), *REIKNA_RUNS]
    if FFT_ONLY:
        runs = runs[:2]
    for name, args in runs:
        path = os.path.join(out, f"reikna_{name}.json")
        run([reikna, "bench", *args, "--json", path])
        with open(path) as f:
            rep = json.load(f)
        if name in ("fft", "fft_c128"):
            prefix = "fft_" if name == "fft" else "fft_c128_"
            for r in rep["results"]:
                got[f"{prefix}{r['n']}"] = r["median_ms"]
            continue
        for r in rep["rows"]:
            case = r.get("case", "")
            if "+" in case or not r.get("median_ms"):
                continue  # the variants with a fused scale, and skipped rows
            key = {**{rfft_case(n): f"rfft_{n}" for n in RFFT_SIZES}, "sum_f32_2^27": "sum", "cumsum_f32_2^27": "cumsum",
                   "transpose_f32_16384x8192": "transpose", "uniform_f32_2^27": "uniform",
                   "normal_f32_2^27": "normal", "f32_4096": "matmul_f32", "c64_4096": "matmul_c64",
                   "dct2_f32_4096": "dct2_4096", "fftshift_c64_8192x8192": "fftshift"}.get(case)
            if key and key not in got:
                got[key] = r["median_ms"]
    return got


def timed(f):
    """Returns the median wall time in ms of PEER_CALLS calls of f after
    PEER_WARMUP calls."""
    for _ in range(PEER_WARMUP):
        f()
    ts = []
    for _ in range(PEER_CALLS):
        start = time.perf_counter()
        f()
        ts.append((time.perf_counter() - start) * 1e3)
    return statistics.median(ts)


def numpy_round():
    """Times numpy's and scipy's counterparts once and returns their medians."""
    rng = np.random.default_rng(1)
    got = {}
    for n in FFT_SIZES:
        batch = FFT_MIB * (1 << 20) // (8 * n)
        x = (rng.standard_normal((batch, n)) + 1j * rng.standard_normal((batch, n))).astype(np.complex64)
        got[f"scipy_fft_{n}"] = min(timed(lambda: scipy.fft.fft(x, axis=1, workers=w)) for w in (1, 2))
    for n in RFFT_SIZES:
        r = rng.standard_normal((FFT_MIB * (1 << 20) // (4 * n), n)).astype(np.float32)
        got[f"scipy_rfft_{n}"] = min(timed(lambda: scipy.fft.rfft(r, axis=1, workers=w)) for w in (1, 2))
    if FFT_ONLY:
        return got
    v = rng.standard_normal(ELEMS).astype(np.float32)
    got["numpy_sum"] = timed(lambda: np.sum(v))
    got["numpy_cumsum"] = timed(lambda: np.cumsum(v))
    a = rng.standard_normal(TRANSPOSE).astype(np.float32)
    got["numpy_transpose"] = timed(lambda: np.ascontiguousarray(a.T))
    g = np.random.Generator(np.random.Philox(7))
    got["numpy_uniform"] = timed(lambda: g.random(ELEMS, dtype=np.float32))
    got["numpy_normal"] = timed(lambda: g.standard_normal(ELEMS, dtype=np.float32))
    m32 = rng.standard_normal((2, 1024, 1024)).astype(np.float32)
    got["numpy_matmul_f32"] = timed(lambda: m32[0] @ m32[1])
    m64 = (rng.standard_normal((2, 512, 512)) + 1j * rng.standard_normal((2, 512, 512))).astype(np.complex64)
    got["numpy_matmul_c64"] = timed(lambda: m64[0] @ m64[1])
    d = rng.standard_normal((FFT_MIB * (1 << 20) // (4 * 4096), 4096)).astype(np.float32)
    got["scipy_dct2_4096"] = min(timed(lambda: scipy.fft.dct(d, type=2, axis=1, workers=w)) for w in (1, 2))
    sh = (rng.standard_normal((1024, 8192)) + 1j * rng.standard_normal((1024, 8192))).astype(np.complex64)
    got["numpy_fftshift"] = timed(lambda: np.fft.fftshift(sh))
    z = rng.standard_normal((FFT_MIB * (1 << 20) // (16 * 1024), 1024)) + 1j * rng.standard_normal((FFT_MIB * (1 << 20) // (16 * 1024), 1024))
    got["scipy_fft_c128_1024"] = min(timed(lambda: scipy.fft.fft(z, axis=1, workers=w)) for w in (1, 2))
    got["reikna09_transpose"] = REIKNA09_TRANSPOSE_MS
    return got


def fftw_round(fftw, out):
    """Runs FFTW's benchmark once and returns its medians."""
    got = {}
    runs = [("fftw.json", FFT_SIZES, "fftw_", []), ("fftw_real.json", RFFT_SIZES, "fftw_rfft_", ["--real"])]
    if not FFT_ONLY:
        runs.append(("fftw_double.json", [1024], "fftw_c128_", ["--precision", "double"]))
    for kind, sizes, prefix, real in runs:
        path = os.path.join(out, kind)
        run([fftw, *real, "--mib", str(FFT_MIB), "--sizes", ",".join(map(str, sizes)), "--threads", "2", "--json", path])
        with open(path) as f:
            got.update({f"{prefix}{r['n']}": r["median_ms"] for r in json.load(f)["rows"]})
    return got


def gonum_round(gonum, out):
    """Runs gonum's benchmark once and returns its medians."""
    path = os.path.join(out, "gonum.json")
    matmul = ["-matmul", "0" if FFT_ONLY else "1024"]
    run([gonum, "-fft", ",".join(map(str, FFT_SIZES)), "-mib", str(FFT_MIB), *matmul, "-json", path])
    with open(path) as f:
        rows = json.load(f)["rows"]
    got = {}
    for r in rows:
        case = r["case"].replace("fft_c128_", "gonum_fft_").replace("matmul_f64_1024", "gonum_matmul_f64")
        got[case] = r["median_ms"]
    return got


def build_peers(out):
    """Builds FFTW's program into out, and gonum's but with --no-gonum, and
    returns their paths (gonum's None where it is left out)."""
    fftw = os.path.join(out, "fftw_bench")
    run(["cc", "-O2", "-o", fftw, os.path.join(HERE, "fftw_bench.c"),
         "-lfftw3f_threads", "-lfftw3f", "-lfftw3_threads", "-lfftw3", "-lm", "-lpthread"])
    if NO_GONUM:
        return fftw, None
    gonum = os.path.join(out, "gonum_bench")
    run(["go", "build", "-o", gonum, os.path.join(HERE, "gonum_bench.go")], cwd=os.path.dirname(HERE))
    return fftw, gonum


def table(rounds, markdown):
    """Returns the table of the medians over rounds and of the per-round
    ratios, with each target's verdict."""
    lines, met, total = [], 0, 0
    if markdown:
        lines += ["| case | ours ms | the peer | peer ms | ours against it | target | verdict |",
                  "|---|---:|---|---:|---:|---:|---|"]
    rows = fft_rows() + rfft_rows() + ([] if FFT_ONLY else ROWS)
    for title, ours, peers in rows:
        ours_ms = statistics.median(r[ours] for r in rounds if ours in r)
        for i, (peer, key, target) in enumerate(peers):
            pairs = [(r[key], r[ours]) for r in rounds if key in r and ours in r]
            ratio = statistics.median(p / o for p, o in pairs)
            peer_ms = statistics.median(p for p, _ in pairs)
            if target is None:
                verdict = "reported"
            else:
                ok = ratio >= target
                met, total = met + ok, total + 1
                verdict = "met" if ok else "missed"
            name, ms = (title, f"{ours_ms:.3g}") if i == 0 else ("", "")
            if markdown:
                goal = "—" if target is None else f"≥ {target:g}×"
                lines.append(f"| {name} | {ms} | {peer} | {peer_ms:.3g} | {ratio:.2f}× | {goal} | {verdict} |")
            else:
                goal = "no target" if target is None else f">= {target:g}x"
                lines.append(f"{name:28} {ms:>8} {peer:46} {peer_ms:8.3g} {ratio:6.2f}x  {goal}  {verdict}")
    lines.append(f"\n{met} of {total} targets met over {len(rounds)} rounds (ratios: the peer's time over ours, medians of per-round ratios).")
    return "\n".join(lines) + "\n"


def main():
    global FFT_SIZES, RFFT_SIZES, FFT_ONLY, NO_GONUM
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reikna", default="bin/reikna")
    ap.add_argument("--out", default="cpu-rounds")
    ap.add_argument("--fft-sizes", default=",".join(map(str, FFT_SIZES)))
    ap.add_argument("--rfft-sizes", default=",".join(map(str, RFFT_SIZES)))
    ap.add_argument("--fft-only", action="store_true")
    ap.add_argument("--no-gonum", action="store_true")
    args = ap.parse_args()
    try:
        FFT_SIZES = [int(n) for n in args.fft_sizes.split(",")]
    except ValueError:
        sys.exit(f"cpu_rounds: --fft-sizes {args.fft_sizes}: want a comma-separated list of lengths")
    if any(n < 1 or FFT_MIB * (1 << 20) // (8 * n) < 1 for n in FFT_SIZES):
        sys.exit(f"cpu_rounds: --fft-sizes {args.fft_sizes}: every length from 1 to {FFT_MIB * (1 << 20) // 8}")
    try:
        RFFT_SIZES = [int(n) for n in args.rfft_sizes.split(",")]
    except ValueError:
        sys.exit(f"cpu_rounds: --rfft-sizes {args.rfft_sizes}: want a comma-separated list of lengths")
    if any(n < 2 or FFT_MIB * (1 << 20) // (4 * n) < 1 for n in RFFT_SIZES):
        sys.exit(f"cpu_rounds: --rfft-sizes {args.rfft_sizes}: every length from 2 to {FFT_MIB * (1 << 20) // 4}")
    FFT_ONLY, NO_GONUM = args.fft_only, args.no_gonum
    if args.rounds < 1:
        sys.exit("cpu_rounds: --rounds must be at least 1")
    if shutil.which(args.reikna) is None and not os.access(args.reikna, os.X_OK):
        sys.exit(f"cpu_rounds: {args.reikna} is not an executable program (make build makes bin/reikna)")
    os.makedirs(args.out, exist_ok=True)
    fftw, gonum = build_peers(args.out)
    programs = [("reikna", lambda: reikna_round(args.reikna, args.out)), ("numpy and scipy", numpy_round),
                ("FFTW", lambda: fftw_round(fftw, args.out))]
    if not NO_GONUM:
        programs.append(("gonum", lambda: gonum_round(gonum, args.out)))
    rounds = []
    for i in range(args.rounds):
        got = {}
        for name, f in programs[i % len(programs):] + programs[:i % len(programs)]:
            print(f"round {i + 1} of {args.rounds}: {name}", file=sys.stderr, flush=True)
            got.update(f())
        rounds.append(got)
        with open(os.path.join(args.out, "rounds.json"), "w") as f:
            json.dump({"numpy": np.__version__, "scipy": scipy.__version__, "rounds": rounds}, f, indent=1)
    for name, md in (("table.txt", False), ("table.md", True)):
        with open(os.path.join(args.out, name), "w") as f:
            f.write(table(rounds, md))
    sys.stdout.write(table(rounds, False))


if __name__ == "__main__":
    main()
