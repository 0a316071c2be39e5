#!/usr/bin/env python3
"""Times FFT lengths with several reikna binaries in interleaved rounds and compares each with the first.

Usage: bench_ab.py [--rounds N] [--sizes LIST] [--mib MiB] [--api API] [--runs N]
                   [--deadline S] [--run-timeout S] [--threshold T] [--pack]
                   OUTDIR NAME=BINARY NAME=BINARY ...
       bench_ab.py --test-binary FFT_TEST [options] OUTDIR NAME=VAR=VALUE[,VAR=VALUE] ...
       bench_ab.py --summarize OUTDIR [NAME ...]

Each round runs `BINARY bench --sweep --sizes LIST --json OUTDIR/NAME-ROUND.json`
for every binary, the order rotating from round to round, so that a drift of
the device between runs falls on every binary alike. The first binary is the
reference: at every length the script takes each other binary's median
kernel time over the reference's within each round, and reports the median
of those ratios over the rounds (below 1 the other binary is faster), the
lengths that moved by more than --threshold (default 0.03), and over all
lengths the median, the smallest and the largest ratio. --deadline stops
starting runs after that many seconds, so that a call on a lent machine
keeps what it measured. --summarize reads the JSON files of an earlier
OUTDIR (NAME-ROUND.json; the names in the order given, else sorted, the
first the reference) and prints the same. --pack writes the summary into
OUTDIR/summary.txt and the whole of OUTDIR into OUTDIR.tgz, one file to
bring back from a lent machine that returns a few files of a call; it is
rewritten after every run, so that a call cut short keeps what it ran. A
name without runs (a deadline before its first) is left out of the
summary.

With --test-binary the candidates are not binaries but environments of one
test binary of computations/fft (`go test -c`): each NAME=VAR=VALUE,... runs
`FFT_TEST -test.run none -test.bench 'BenchmarkFFT$/^N='` (with --bench RFFT,
BenchmarkRFFT's forward transforms) with those variables
(such as REIKNA_BENCH_LARGE_PASSES=2, which BenchmarkFFT's benchTuning
reads) beside REIKNA_BENCH_SIZES, REIKNA_BENCH_MIB, REIKNA_API and
REIKNA_BENCH_KERNELS=1, so one build compares plans the tuning chooses,
without the host's reference transform that `reikna bench` checks each
length against (about half the time of a run at 512 MiB). --sizes is then
a comma-separated list. Each run's lines are kept in NAME-ROUND.txt and
read into NAME-ROUND.json (the median per call and each kernel's median),
also where --run-timeout cut the run short.

A comparison of two plans before a change is recorded (docs/fft-gpu-notes.md
§20 and docs/benchmarks/h200-2026-11-28-padding-ab); the record itself comes
from scripts/gpu_compare.sh.
"""
import argparse
import contextlib
import glob
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile
import time


def run_rounds(args, binaries):
    """Runs the rounds and returns the names, in the order given."""
    os.makedirs(args.outdir, exist_ok=True)
    names = [n for n, _ in binaries]
    start = time.monotonic()
    for rnd in range(1, args.rounds + 1):
        shift = (rnd - 1) % len(binaries)
        for name, binary in binaries[shift:] + binaries[:shift]:
            if args.deadline and time.monotonic() - start > args.deadline:
                print(f"deadline of {args.deadline} s reached before {name} of round {rnd}", file=sys.stderr)
                return names
            out = os.path.join(args.outdir, f"{name}-{rnd}")
            cmd, env = command(args, binary, out)
            with open(out + ".txt", "w") as f:
                try:
                    rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env,
                                        timeout=args.run_timeout or None).returncode
                except subprocess.TimeoutExpired:
                    rc = "timeout"
            if args.test_binary:
                write_bench_json(out + ".txt", out + ".json")
            print(f"round {rnd}, {name}: rc={rc} at {time.monotonic() - start:.0f} s", file=sys.stderr)
            if args.pack:
                # After every run, so that a call cut short keeps the runs
                # it finished.
                pack(args.outdir, names, args.threshold)
    return names


def command(args, candidate, out):
    """Returns the command and environment of one run of a candidate: a
    reikna binary, or with --test-binary the variables VAR=VALUE,... of a
    run of BenchmarkFFT."""
    if not args.test_binary:
        cmd = [candidate, "bench", "--sweep", "--sizes", args.sizes, "--json", out + ".json", "--cpu=false"]
        if args.mib:
            cmd += ["--mib", str(args.mib)]
        if args.api:
            cmd += ["--api", args.api]
        if args.runs:
            cmd += ["--runs", str(args.runs)]
        return cmd, None
    env = dict(os.environ, REIKNA_BENCH_SIZES=args.sizes, REIKNA_BENCH_KERNELS="1")
    if args.mib:
        env["REIKNA_BENCH_MIB"] = str(args.mib)
    if args.api:
        env["REIKNA_API"] = args.api
    for assignment in filter(None, candidate.split(",")):
        var, _, value = assignment.partition("=")
        env[var] = value
    cmd = [args.test_binary, "-test.run", "none", "-test.bench", f"Benchmark{args.bench}$/^N=",
           "-test.benchtime", f"{args.runs or 10}x"]
    return cmd, env


# A result line of BenchmarkFFT (or BenchmarkRFFT's forward transforms)
# with REIKNA_BENCH_KERNELS=1, such as
# "BenchmarkFFT/N=66528-16  10  836829 ns/op ... 0.3464 k0-ms  0.4745 k1-ms  0.8219 ms/call".
BENCH_LINE = re.compile(r"^Benchmark(?:FFT|RFFT)/N=(\d+)(?:-\d+)?\s")
BENCH_METRIC = re.compile(r"([\d.]+(?:e[-+]?\d+)?) (k\d+-ms|ms/call)")


def write_bench_json(txt, path):
    """Reads BenchmarkFFT's lines in txt into path, in the shape of reikna
    bench's JSON: results of n, median_ms and kernels_ms."""
    results = []
    with open(txt, errors="replace") as f:
        for line in f:
            m = BENCH_LINE.match(line)
            if not m:
                continue
            metrics = dict((unit, float(v)) for v, unit in BENCH_METRIC.findall(line))
            if "ms/call" not in metrics:
                continue
            kernels = [metrics[k] for k in sorted((k for k in metrics if k != "ms/call"), key=lambda k: int(k[1:-3]))]
            results.append({"n": int(m.group(1)), "median_ms": metrics["ms/call"], "kernels_ms": kernels})
    with open(path, "w") as f:
        json.dump({"results": results}, f, indent=1)


def load(path):
    """Returns {length: median ms} of a reikna bench --json file."""
    with open(path) as f:
        rows = json.load(f).get("results") or []
    return {r["n"]: r["median_ms"] for r in rows if r.get("median_ms")}


class SummaryError(Exception):
    """There are too few runs in OUTDIR to compare."""


def summarize(outdir, names, threshold):
    """Prints the comparison of every name with the first."""
    files = glob.glob(os.path.join(outdir, "*-*.json"))
    pat = re.compile(r"^(.*)-(\d+)\.json$")
    runs = {}
    for f in files:
        m = pat.match(os.path.basename(f))
        if m:
            runs.setdefault(m.group(1), {})[int(m.group(2))] = load(f)
    if not names:
        names = sorted(runs)
    missing = [n for n in names if n not in runs]
    if missing:
        print(f"no runs of {', '.join(missing)} in {outdir}: left out")
    names = [n for n in names if n in runs]
    if len(names) < 2 or names[0] in missing:
        raise SummaryError(f"bench_ab: need the reference and another name with runs in {outdir} (found {sorted(runs)})")
    ref = names[0]
    for other in names[1:]:
        rounds = sorted(set(runs[ref]) & set(runs[other]))
        if not rounds:
            print(f"{other} against {ref}: no round has both")
            continue
        per_length = {}
        for rnd in rounds:
            a, b = runs[ref][rnd], runs[other][rnd]
            for n in a:
                if n in b:
                    per_length.setdefault(n, []).append((b[n] / a[n], a[n], b[n]))
        print(f"{other} against {ref}: {len(rounds)} round(s) with both, {len(per_length)} lengths; "
              f"ratio: {other}'s median kernel time over {ref}'s within a round, median over the rounds")
        if len(rounds) < 2:
            print("warning: one round: each ratio carries the device's drift between two runs, one after "
                  "the other; the rounds' order does not cancel it")
        ratios = {}
        for n in sorted(per_length):
            rs = per_length[n]
            ratios[n] = statistics.median(r for r, _, _ in rs)
        moved = [n for n in sorted(ratios) if abs(ratios[n] - 1) > threshold]
        print(f"{'N':>10} {ref + ' ms':>12} {other + ' ms':>12} {'ratio':>7}  (moved by more than {threshold:.0%})")
        for n in moved:
            rs = per_length[n]
            print(f"{n:>10} {statistics.median(x for _, x, _ in rs):>12.4f} {statistics.median(y for _, _, y in rs):>12.4f} {ratios[n]:>7.3f}")
        vals = list(ratios.values())
        print(f"all {len(vals)} lengths: median {statistics.median(vals):.3f}, smallest {min(vals):.3f} "
              f"({min(ratios, key=ratios.get)}), largest {max(vals):.3f} ({max(ratios, key=ratios.get)}); "
              f"{sum(v < 1 - threshold for v in vals)} faster and {sum(v > 1 + threshold for v in vals)} slower "
              f"by more than {threshold:.0%}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--sizes", default="16-65536", help="the lengths, as reikna bench --sizes takes them")
    ap.add_argument("--mib", type=int, default=0, help="MiB per array (default: reikna bench's)")
    ap.add_argument("--api", default="", help="opencl or cuda (default: reikna bench's)")
    ap.add_argument("--runs", type=int, default=0, help="timed runs per length (default: reikna bench's)")
    ap.add_argument("--deadline", type=float, default=0, help="start no run after this many seconds")
    ap.add_argument("--run-timeout", type=float, default=0, help="stop a run after this many seconds")
    ap.add_argument("--test-binary", default="",
                    help="computations/fft's test binary: the candidates are NAME=VAR=VALUE,... environments of its BenchmarkFFT (or --bench's)")
    ap.add_argument("--bench", default="FFT", choices=["FFT", "RFFT"],
                    help="with --test-binary: BenchmarkFFT or BenchmarkRFFT's forward transforms")
    ap.add_argument("--threshold", type=float, default=0.03, help="the move that a length is listed for")
    ap.add_argument("--summarize", action="store_true", help="summarize the runs in OUTDIR only")
    ap.add_argument("--pack", action="store_true",
                    help="write OUTDIR.tgz of the runs and the summary (one file to bring back from a machine that returns few)")
    ap.add_argument("outdir")
    ap.add_argument("binaries", nargs="*", help="NAME=BINARY, the first the reference (with --summarize: NAME)")
    args = ap.parse_args()
    if args.bench != "FFT" and not args.test_binary:
        ap.error("--bench chooses a benchmark of --test-binary; reikna binaries run reikna bench --sweep")
    if args.summarize:
        try:
            summarize(args.outdir, args.binaries, args.threshold)
        except SummaryError as e:
            sys.exit(str(e))
        return
    binaries = []
    what = "NAME=VAR=VALUE,..." if args.test_binary else "NAME=BINARY"
    for b in args.binaries:
        name, sep, path = b.partition("=")
        if not sep or not name or not path or "-" in name:
            ap.error(f"{b!r}: give {what}, a name without '-'")
        if args.test_binary and any("=" not in a for a in path.split(",") if a):
            ap.error(f"{b!r}: give {what}")
        binaries.append((name, path))
    if len(binaries) < 2:
        ap.error("give two candidates or more")
    if args.test_binary and not re.fullmatch(r"\d+(,\d+)*", args.sizes):
        ap.error(f"--sizes {args.sizes!r}: BenchmarkFFT takes a comma-separated list of lengths")
    # With --pack, run_rounds wrote the archive after the last run.
    names = run_rounds(args, binaries)
    try:
        summarize(args.outdir, names, args.threshold)
    except SummaryError as e:
        sys.exit(str(e))


def pack(outdir, names, threshold):
    """Writes the summary into OUTDIR/summary.txt and OUTDIR and its files
    into OUTDIR.tgz."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            summarize(outdir, names, threshold)
        except SummaryError as e:
            print(e)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(buf.getvalue())
    outdir = os.path.normpath(outdir)
    # Through a temporary file, so that a call cut short leaves the last
    # whole archive.
    with tarfile.open(outdir + ".tgz.tmp", "w:gz") as t:
        t.add(outdir, arcname=os.path.basename(outdir))
    os.replace(outdir + ".tgz.tmp", outdir + ".tgz")


if __name__ == "__main__":
    main()
