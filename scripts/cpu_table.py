#!/usr/bin/env python3
"""Prints the table of a run of cpu_compare.sh: reikna on the CPU device
against numpy's FFT and FFTW, per length, with the ratios.

Usage: cpu_table.py [--markdown] OUTDIR

OUTDIR holds reikna.json (reikna bench --json), numpy.json
(numpy_fft_bench.py --json) and fftw.json (fftw_bench --json); a file that
is missing leaves its columns empty. The targets: reikna at least 2 times
numpy's GB/s, and at least 25% of FFTW's with the same number of threads.
"""
import argparse
import json
import os
import sys

NUMPY_TARGET = 2.0  # reikna's GB/s over numpy's
FFTW_TARGET = 0.25  # reikna's GB/s over FFTW's


def load(path, key):
    """Returns the rows of a JSON report by length, and the report; empty
    where the file does not exist."""
    if not os.path.exists(path):
        return {}, {}
    with open(path) as f:
        report = json.load(f)
    return {r["n"]: r for r in report.get(key, []) if "gbps" in r or "gbs" in r}, report


def gbps(row):
    """Returns a row's GB/s, or None."""
    if row is None:
        return None
    return row.get("gbps", row.get("gbs"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("outdir")
    args = ap.parse_args()
    ours, rep = load(os.path.join(args.outdir, "reikna.json"), "results")
    numpy, nrep = load(os.path.join(args.outdir, "numpy.json"), "rows")
    fftw, frep = load(os.path.join(args.outdir, "fftw.json"), "rows")
    if not ours:
        sys.exit(f"cpu_table: no rows in {os.path.join(args.outdir, 'reikna.json')}")
    head = ["N", "batch", "ours ms", "ours GB/s", "numpy GB/s", "FFTW GB/s", "ours/numpy", "ours/FFTW", "targets"]
    lines = []
    missed = 0
    for n, r in ours.items():
        g, gn, gf = gbps(r), gbps(numpy.get(n)), gbps(fftw.get(n))
        rn = g / gn if gn else None
        rf = g / gf if gf else None
        ok = (rn is None or rn >= NUMPY_TARGET) and (rf is None or rf >= FFTW_TARGET)
        missed += not ok
        fmt = lambda v, spec: "-" if v is None else format(v, spec)
        lines.append([str(n), str(r["batch"]), fmt(r["median_ms"], ".3g"), fmt(g, ".3g"), fmt(gn, ".3g"),
                      fmt(gf, ".3g"), fmt(rn, ".2f") + ("×" if rn else ""), fmt(rf, ".0%"),
                      "met" if ok else "missed"])
    notes = [
        f"ours: {rep.get('device', '?')} ({rep.get('platform', '?')} {rep.get('driver_version', '')}), "
        "kernel time from OpenCL profiling",
        f"numpy: {nrep.get('library', 'not run')}, numpy.fft.fft on complex64 input, computed in float64, one thread",
        f"FFTW: {frep.get('library', 'not run')}, {frep.get('threads', '?')} threads, FFTW_MEASURE, out of place",
        f"targets: ours ≥ {NUMPY_TARGET:g}× numpy and ≥ {FFTW_TARGET:.0%} of FFTW; {missed} of {len(lines)} lengths miss",
    ]
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---:" for _ in head) + "|")
        for l in lines:
            print("| " + " | ".join(l) + " |")
        print()
        for note in notes:
            print(f"- {note}")
        return
    widths = [max(len(h), *(len(l[i]) for l in lines)) for i, h in enumerate(head)]
    print("  ".join(h.rjust(w) for h, w in zip(head, widths)))
    for l in lines:
        print("  ".join(c.rjust(w) for c, w in zip(l, widths)))
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
