#!/usr/bin/env python3
"""Prints reikna's FFT times against cuFFT's and VkFFT's, case by case, with the targets.

Usage: compare.py [--markdown] DIR, where DIR holds the files gpu_compare.sh
writes. Each case is judged against the faster of the peers measured; a
peer that was not measured shows n/a. --markdown prints the same tables as
Markdown, for BENCHMARKS.md.
"""
import argparse
import glob
import json
import os
import sys

# The peers: the name in the table and the prefix of their JSON files.
PEERS = (("cuFFT", "cufft"), ("VkFFT", "vkfft"))

# The Bluestein lengths among the mixed ones, whose target differs.
BLUESTEIN = (1009, 4095, 65537)


def load(d, name):
    path = os.path.join(d, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def by_n(rows):
    return {r["n"]: r for r in rows or [] if not r.get("skipped")}


def verdict(ok):
    return "pass" if ok else "FAIL"


def ms(v):
    return f"{v:.3f}" if v else "n/a"


def ratio(v):
    return f"{v:.2f}" if v else "n/a"


class Table:
    """A table that prints as aligned text or as Markdown."""

    def __init__(self, header, left=1):
        self.header, self.left, self.rows = header, left, []

    def add(self, *cells):
        self.rows.append([str(c) for c in cells])

    def text(self):
        widths = [max(len(r[i]) for r in [self.header] + self.rows) for i in range(len(self.header))]

        def line(cells):
            out = [c.ljust(w) if i < self.left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))]
            return "  ".join(out).rstrip()

        return "\n".join(line(r) for r in [self.header] + self.rows)

    def markdown(self):
        align = ["---" if i < self.left else "---:" for i in range(len(self.header))]
        return "\n".join("| " + " | ".join(r) + " |" for r in [self.header, align] + self.rows)


class Report:
    """Collects the lines and tables of the comparison and prints them in one format."""

    def __init__(self, markdown):
        self.markdown, self.parts, self.fails = markdown, [], 0

    def line(self, text=""):
        self.parts.append(text)

    def note(self, text):
        """Adds a line of the header: an item of a list in Markdown."""
        self.parts.append(f"- {text}" if self.markdown else text)

    def heading(self, text):
        self.parts.append(f"\n## {text}\n" if self.markdown else f"\n{text}\n")

    def table(self, t):
        self.parts.append(t.markdown() if self.markdown else t.text())

    def print(self):
        print("\n".join(self.parts))


def commit_lines(d):
    """Returns the lines of commit.txt that say what was measured, and whether the tree was clean."""
    path = os.path.join(d, "commit.txt")
    if not os.path.exists(path):
        return ["commit: unknown (no commit.txt)"], None, False
    with open(path) as f:
        lines = [l.rstrip("\n") for l in f]
    info = dict(l.split(" ", 1) for l in lines if " " in l and not l.startswith(" "))
    commit = info.get("commit", "unknown")
    revision = commit.split()[0]
    clean = commit.endswith(" clean")
    out = [f"commit: {commit}, run on {info.get('date', 'an unknown date')}"]
    return out, (None if revision == "unknown" else revision), clean


def header(rep, d, ours):
    lines, revision, clean = commit_lines(d)
    for l in lines:
        rep.note(l)
    if not clean:
        rep.note("WARNING: the tree was not a clean checkout of a known commit; this run cannot be recorded in BENCHMARKS.md")
    first = next((r for r in ours if r), None)
    if first is None:
        rep.note("no reikna results in this directory")
        return
    builds = []
    for r in ours:
        build = r.get("build") or {}
        if build.get("revision") and build not in builds:
            builds.append(build)
    for build in builds:
        state = " with uncommitted changes" if build.get("modified") else ""
        rep.note(f"reikna binary: {build['go']}, built from {build['revision']}{state}")
        if build.get("modified") or (revision and build["revision"] != revision):
            rep.note("WARNING: the reikna binary was not built from the commit measured, or with changes to it")
    rep.note(f"device: {first['device']} ({first['platform']}, driver {first['driver_version']}), {first['date']}")
    copies = [f"reikna {first['copy_bandwidth_gbs']:.0f} GB/s"]
    for name, prefix in PEERS:
        copy = peer_copy(d, prefix)
        copies.append(f"{name} {copy:.0f} GB/s" if copy else f"{name} n/a")
    rep.note("copy bandwidth (read + write) measured in each run: " + "; ".join(copies))
    rep.note("times: median kernel time per call, ms; ratios: reikna / peer, below 1 reikna is faster; "
             "the verdict is against the faster peer measured")


def peer_copy(d, prefix):
    """Returns the copy bandwidth that a peer's first run with one measured, or None."""
    for path in sorted(glob.glob(os.path.join(d, f"{prefix}*.json"))):
        copy = (load(d, os.path.basename(path)) or {}).get("copy_gbps")
        if copy:
            return copy
    return None


def cases_1d(d, ours, mibs):
    """Yields the cases of the 1-D sets: (set, N, our row, {peer: ms}, target, copy target)."""
    sets = [("pow2", "pow2.json", ""), ("mixed", "mixed.json", ""), ("complex128", "double.json", "_double")]
    for label, name, suffix in sets:
        rep = load(d, name)
        if not rep:
            continue
        ours.append(rep)
        mibs.add(rep["mib_per_array"])
        peers = {p: by_n((load(d, f"{prefix}{suffix}.json") or {}).get("rows")) for p, prefix in PEERS}
        for r in sorted(rep["results"], key=lambda r: r["n"]):
            n = r["n"]
            theirs = {p: peers[p].get(n, {}).get("median_ms") for p, _ in PEERS}
            if label == "pow2":
                yield label, str(n), r, theirs, 1.0, 90 if 16 <= n <= 8192 else None
            elif label == "mixed":
                yield ("Bluestein", str(n), r, theirs, 1.0, None) if n in BLUESTEIN else ("3-5-7", str(n), r, theirs, 1.1, None)
            else:
                yield label, str(n), r, theirs, 1.1, None


def cases_nd(d, ours):
    """Yields the multi-dimensional cases, nd-NAME.json against cufft_nd-NAME.json and vkfft_nd-NAME.json."""
    names = set()
    for prefix in ["nd"] + [f"{prefix}_nd" for _, prefix in PEERS]:
        names.update(os.path.basename(p)[len(prefix) + 1:-len(".json")] for p in glob.glob(os.path.join(d, f"{prefix}-*.json")))
    for name in sorted(names):
        rep = load(d, f"nd-{name}.json")
        peers = {p: (load(d, f"{prefix}_nd-{name}.json") or {}).get("rows", [{}])[0] for p, prefix in PEERS}
        if rep:
            ours.append(rep)
            r = rep["results"][0]
            dtype = rep["dtype"]
        else:
            # A case that only peers measured: its shape from theirs.
            r = next(row for row in peers.values() if row)
            r = {"shape": r["shape"], "axes": r["axes"], "skipped": f"no nd-{name}.json"}
            dtype = ""
        shape, axes = r["shape"], r["axes"]
        theirs = {}
        for p, row in peers.items():
            if row and (row.get("shape") != shape or row.get("axes") != axes):
                print(f"compare: the {p} case {name} is of shape {row.get('shape')} over axes {row.get('axes')}, "
                      f"and reikna's of {shape} over {axes}: left out", file=sys.stderr)
                row = {}
            theirs[p] = row.get("median_ms")
        axes_text = ",".join(str(a) for a in axes)
        dtype = "" if dtype in ("complex64", "") else f" {dtype}"
        case = "×".join(str(n) for n in shape) + f" axes {axes_text}{dtype}"
        yield "N-D", case, r, theirs, 1.0, None


def ratios_table(rep, d):
    ours, mibs = [], set()
    cases = list(cases_1d(d, ours, mibs)) + list(cases_nd(d, ours))
    header(rep, d, ours)
    if mibs:
        rep.note("1-D sets: " + ", ".join(f"{m:g}" for m in sorted(mibs)) + " MiB per array; N-D: the whole array")
    names = [p for p, _ in PEERS]
    t = Table(["set", "N / shape", "reikna ms"] + [f"{p} ms" for p in names] +
              [f"ratio to {p}" for p in names] + ["ratio to faster peer", "target", "verdict", "% of copy"], left=2)
    skipped = []
    for label, case, r, theirs, target, copy_target in cases:
        target_text = f"≤ {target:.1f}" + (f", ≥ {copy_target}% copy" if copy_target else "")
        if r.get("skipped"):
            skipped.append(f"{label} {case}: {r['skipped']}")
            t.add(label, case, "skipped", *[ms(theirs[p]) for p in names], *["" for _ in names], "", target_text, "not measured", "")
            continue
        mine = r["median_ms"]
        ratios = [mine / theirs[p] if theirs[p] else None for p in names]
        # The faster peer takes less time: ours over its time is the larger ratio.
        best = max((x for x in ratios if x), default=None)
        ok = best is None or best <= target
        copy_ok = copy_target is None or r["copy_percent"] >= copy_target
        judged = best is not None or not copy_ok
        v = verdict(ok and copy_ok) if judged else "n/a"
        rep.fails += 0 if v != "FAIL" else 1
        t.add(label, case, ms(mine), *[ms(theirs[p]) for p in names], *[ratio(x) for x in ratios],
              ratio(best), target_text, v, f"{r['copy_percent']:.0f}")
    rep.line()
    rep.table(t)
    if skipped:
        rep.line("\nnot measured by reikna:")
        for s in skipped:
            rep.note(s)


def pipelines_table(rep, d):
    pipes = load(d, "pipelines.json")
    if not pipes:
        return
    cup = by_n((load(d, "cufft_pipelines.json") or {}).get("rows"))
    rep.heading("Fused pipelines: time against the bare FFT of the same run (PyTorch doing the same steps unfused, where measured)")
    t = Table(["N", "pipeline", "ms", "ratio to bare FFT", "target", "verdict", "PyTorch unfused"], left=2)
    for n, r in sorted(by_n(pipes["results"]).items()):
        for p in r.get("pipelines", []):
            if p.get("skipped"):
                continue
            key = "combine" if p["name"].startswith("combine") else "pad"
            target = 1.1 if key == "combine" else 1.0
            ok = p["ratio_to_fft"] <= target
            rep.fails += 0 if ok else 1
            torch = cup.get(n, {}).get("pipelines", {}).get(key)
            t.add(n, p["name"], ms(p["median_ms"]), f"{p['ratio_to_fft']:.2f}", f"≤ {target:.1f}", verdict(ok),
                  f"{torch:.2f}" if torch else "n/a")
    rep.table(t)


def startup_line(rep, d):
    cold, warm = load(d, "startup_cold.json"), load(d, "startup_warm.json")
    if not (cold and warm):
        return
    c, w = cold["results"][0]["plan_ms"], warm["results"][0]["plan_ms"]
    ok = w <= 50
    rep.fails += 0 if ok else 1
    rep.heading("Start-up")
    rep.line(f"plan of N=1024 (render, build or load from the program cache, tables): {c:.1f} ms in a first process, "
             f"{w:.1f} ms in a second one; target 50 ms: {verdict(ok)}")


def main():
    ap = argparse.ArgumentParser(description="Compares reikna's FFT times with cuFFT's and VkFFT's.")
    ap.add_argument("dir", help="the output directory of gpu_compare.sh")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    args = ap.parse_args()
    if not os.path.isdir(args.dir):
        ap.error(f"{args.dir} is not a directory")
    rep = Report(args.markdown)
    ratios_table(rep, args.dir)
    pipelines_table(rep, args.dir)
    startup_line(rep, args.dir)
    rep.line(f"\n{rep.fails} target(s) missed")
    rep.print()


if __name__ == "__main__":
    main()
