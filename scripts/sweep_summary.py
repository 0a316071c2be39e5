#!/usr/bin/env python3
"""Summarizes the sweep of FFT lengths: reikna's time against the faster peer's at every length.

Usage: sweep_summary.py [--markdown] [--brief] [--ratios FILE] DIR, where DIR
holds what gpu_compare.sh writes for the set sweep: sweep.json (reikna bench
--sweep), cufft_sweep.json (cufft_bench.py) and vkfft_sweep.json
(vkfft_bench), all of the same lengths.

At every length that reikna and a peer measured at the same batch, the ratio
is reikna's median kernel time over the faster peer's (the smaller of
cuFFT's and VkFFT's times): below 1 reikna is faster. Over all the lengths,
and over the lengths of each kind that reikna bench --sweep gives them
(smooth up to 4096, smooth above 4096, prime, one large prime factor,
other), it prints the median ratio, the 90th percentile (nearest rank: the
smallest ratio that 90% of the lengths are at or below), the worst ratio and
its length, and the share of the lengths at a ratio of 1.0 or less; then the
lengths that have no ratio and why, and the table of every length (left out
with --brief). --markdown prints the same as Markdown. --ratios FILE also
writes every length's ratio, kind and faster peer as JSON, which `reikna
sweep-plot DIR` draws (gpu_compare.sh writes it to DIR/sweep_ratios.json).
"""
import argparse
import json
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import OURS, PEERS, RUN, Report, Table, by_n, header, load, ms, ratio, reikna_label, run_api

# The kinds of length in the order of reikna bench --sweep (sweepKinds in
# internal/lab/sweep.go); a kind not listed follows them.
KINDS = ("smooth up to 4096", "smooth above 4096", "prime", "one large prime factor", "other")

# The ratio at or below which reikna is as fast as the faster peer.
PAR = 1.0


def percentile(values, p):
    """Returns the p-th percentile of values by nearest rank: the smallest
    value that p% of them are at or below."""
    s = sorted(values)
    return s[max(math.ceil(p / 100 * len(s)), 1) - 1]


def stats(lengths):
    """Returns the count, median, 90th percentile, worst ratio with its
    length, and the share at PAR or below, of lengths, a list of (N, ratio)."""
    ratios = [x for _, x in lengths]
    worst_n, worst = max(lengths, key=lambda l: l[1])
    return {"count": len(ratios), "median": statistics.median(ratios), "p90": percentile(ratios, 90), "worst": worst,
            "worst_n": worst_n, "share": sum(1 for x in ratios if x <= PAR) / len(ratios)}


def sweep_rows(ours, peers):
    """Yields each of reikna's rows with the peers' times at its length and
    batch ({peer: ms or None}), the ratio to the faster peer and its name
    (None where there is none), and why a peer's time is left out."""
    for r in sorted(ours["results"], key=lambda r: r["n"]):
        n, times, why = r["n"], {}, []
        for name, rows in peers.items():
            row = rows.get(n, {})
            t = row.get("median_ms")
            if t and r.get("median_ms") and row.get("batch") != r.get("batch"):
                why.append(f"{name}'s batch is {row.get('batch')}, reikna's {r.get('batch')}: run both at the same MIB")
                t = None
            times[name] = t
        measured = {p: t for p, t in times.items() if t}
        best = None
        if r.get("median_ms") and measured:
            best = min(measured, key=measured.get)
        x = r["median_ms"] / measured[best] if best else None
        yield r, times, x, best, why


def summary(rep, d, brief):
    """Adds the summary of the sweep in d to rep, and returns the ratios by
    length for --ratios."""
    ours = load(d, "sweep.json")
    if not ours:
        raise FileNotFoundError(f"{d} has no sweep.json (reikna bench --sweep --json)")
    peers = {name: by_n((load(d, f"{prefix}_sweep.json") or {}).get("rows")) for name, prefix in PEERS}
    measured_peers = [p for p, rows in peers.items() if rows]
    rows = list(sweep_rows(ours, peers))
    compared = [(r["n"], r.get("kind", "unknown"), x, best) for r, _, x, best, _ in rows if x]
    rep.heading(f"Sweep of FFT lengths: {rep.reikna} against the faster peer")
    rep.note(f"{rep.reikna}: {ours['device']}; {ours.get('dtype', 'complex64')}, {ours.get('mib_per_array', 0):g} MiB per array; "
             f"{len(rows)} lengths, {len(compared)} with a ratio; peers measured: {', '.join(measured_peers) or 'none'}")
    rep.note(f"ratio: reikna's median kernel time / the faster peer's at the same length and batch, below 1 reikna is faster; "
             f"p90: the 90th percentile (nearest rank); worst: the largest ratio, at N; ≤ {PAR:.1f}: the share of lengths "
             "where reikna is as fast as the faster peer or faster")
    # The kinds of reikna's lengths, those without a ratio too.
    present = {r.get("kind", "unknown") for r, _, _, _, _ in rows}
    kinds = [k for k in KINDS if k in present] + sorted(present - set(KINDS))
    t = Table(["lengths", ("count", RUN), ("median", RUN), ("p90", RUN), ("worst", RUN), ("at N", RUN), (f"≤ {PAR:.1f}", RUN)])
    for label, group in [("all", compared)] + [(k, [c for c in compared if c[1] == k]) for k in kinds]:
        if not group:
            t.add(label, 0, "n/a", "n/a", "n/a", "", "n/a")
            continue
        s = stats([(n, x) for n, _, x, _ in group])
        t.add(label, s["count"], f"{s['median']:.2f}", f"{s['p90']:.2f}", f"{s['worst']:.2f}", s["worst_n"], f"{100 * s['share']:.0f}%")
    rep.line()
    if compared:
        rep.table(t)
    else:
        rep.line("no length has a ratio: no peer measured the lengths reikna did")
    missing = []
    for r, _, x, _, why in rows:
        if r.get("skipped"):
            missing.append(f"N = {r['n']}: reikna skipped it: {r['skipped']}")
        elif not x:
            missing.append(f"N = {r['n']}: " + ("; ".join(why) if why else "no peer measured it"))
    if measured_peers:
        rep.notes("\nlengths without a ratio:", missing)
    if not brief:
        rep.heading("Every length")
        t = Table(["N", "kind", "batch", (f"{rep.reikna} ms", OURS)] + [(f"{p} ms", RUN) for p, _ in PEERS] +
                  [("ratio to faster peer", RUN), ("faster peer", RUN)], left=2)
        for r, times, x, best, _ in rows:
            mine = "skipped" if r.get("skipped") else ms(r.get("median_ms"))
            t.add(r["n"], r.get("kind", "unknown"), r.get("batch", ""), mine, *[ms(times[p]) for p, _ in PEERS], ratio(x), best or "n/a")
        rep.table(t)
    return {"reikna": rep.reikna, "device": ours["device"], "date": ours.get("date", ""), "dtype": ours.get("dtype", ""),
            "mib_per_array": ours.get("mib_per_array"), "peers": measured_peers,
            "lengths": [{"n": n, "kind": k, "ratio": x, "peer": best} for n, k, x, best in compared]}


def main():
    ap = argparse.ArgumentParser(description="Summarizes reikna's sweep of FFT lengths against the faster of cuFFT and VkFFT.")
    ap.add_argument("dir", help="the output directory of gpu_compare.sh")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    ap.add_argument("--brief", action="store_true", help="leave out the table of every length")
    ap.add_argument("--ratios", metavar="FILE", help="also write every length's ratio as JSON, for reikna sweep-plot")
    args = ap.parse_args()
    if not os.path.isdir(args.dir):
        ap.error(f"{args.dir} is not a directory")
    try:
        rep = Report(args.markdown, reikna_label(run_api(args.dir)))
    except ValueError as e:
        ap.error(str(e))
    header(rep, args.dir)
    try:
        ratios = summary(rep, args.dir, args.brief)
    except FileNotFoundError as e:
        ap.error(str(e))
    rep.print()
    if args.ratios:
        with open(args.ratios, "w") as f:
            json.dump(ratios, f, indent=1)


if __name__ == "__main__":
    main()
