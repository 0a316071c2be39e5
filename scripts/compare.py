#!/usr/bin/env python3
"""Prints reikna's FFT times against cuFFT's and VkFFT's, case by case, with the targets.

Usage: compare.py [--markdown] DIR, where DIR holds the files gpu_compare.sh
writes. Each case is judged against the faster of the peers measured; a
peer that was not measured shows n/a. --markdown prints the same tables as
Markdown, for BENCHMARKS.md. The header and the tables name reikna's figures
with the API of the run, such as "reikna (CUDA)": the API that api.txt in
DIR names (gpu_compare.sh --api writes it), else the one that the platform
of reikna's reports shows.

Where DIR holds algos.json (reikna bench --algos) and torch_algos.json
(torch_algos_bench.py), the table "Algorithms against PyTorch" judges
Transpose, Reduce, Scan and FFTShift: the movements (transpose, permute,
fftshift) against 85% of reikna's copy bandwidth, the sums against a ratio
of 1.0 to PyTorch, the prefix sums against 1/1.2; and the table of fused
transformations judges each case with a scale on its input against 1.05
times the bare case.

Where DIR holds random.json (reikna bench --random) and torch_random.json
(torch_random_bench.py), the table "Random numbers against PyTorch" judges
CBRNG's uniform and normal float32 fills against a ratio of 1.0 to
PyTorch's uniform_ and normal_, and each case with a scale fused into its
output against 1.05 times the bare case.

Where DIR holds matmul.json (reikna bench --matmul) and torch_matmul.json
(torch_matmul_bench.py), the table "Matrix products against PyTorch"
judges MatrixMul in TFLOP/s against cuBLAS: the float32 and complex64
products against 80% of cuBLAS's, the batch of small float32 products
against 1.0 times torch.bmm's, and the float64 product through CUDA
against 80% of cuBLAS's (both on the FP64 tensor cores), through OpenCL,
which cannot reach them, against 70% of the H200's FP64 FMA peak, with its
ratio to cuBLAS shown; the tilings timed from REIKNA_MATMUL_TILE follow in a table of
their own.

Where DIR holds convolve.json (reikna bench --convolve), the table
"Convolution against two FFTs" judges the circular convolution of
complex64 rows with one filter against 1.1 times two bare FFTs of the same
rows, timed in the same run, and shows PyTorch's fft → multiply → ifft
from torch_convolve.json (torch_convolve_bench.py) beside it.

Where DIR holds rfft.json (reikna bench --rfft) and torch_rfft.json
(torch_rfft_bench.py), the table "Real FFTs against PyTorch" judges RFFT
of batched float32 rows against a ratio of 1.0 to torch.fft.rfft, and each
case with a scale fused into its input against 1.05 times the bare case.

Where DIR holds dct.json (reikna bench --dct), the table "DCT and DST
against the complex FFT and PyTorch" judges each DCT or DST of float32
data against 1.1 times the complex64 FFT of the same shape over the same
axes, timed in the same run, and, where torch_dct.json
(torch_dct_bench.py) holds PyTorch's time of the case and the case's
peer is built from torch.fft.rfft or irfft (the DCT-II, its inverse and
the DST-II), against 0.5 times PyTorch's time (twice as fast).

Where DIR holds half.json (reikna bench --half), the table "Half-precision
storage" judges each batched FFT of complex32 data, read and written as
halves through FromHalf and ToHalf, against 0.55 times the time of the
complex64 FFT of the same length and number of elements, timed in the same
run.
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


class Value(str):
    """A cell of a table that keeps the number it shows (None where it shows none)."""

    def __new__(cls, text, value=None):
        cell = super().__new__(cls, text)
        cell.value = value
        return cell


def ms(v):
    return Value(f"{v:.3f}", v) if v else Value("n/a")


def ratio(v):
    return Value(f"{v:.2f}", v) if v else Value("n/a")


def dims(shape):
    """Returns a shape as a cell of a table, such as 64×1024."""
    return "×".join(str(n) for n in shape)


# The roles of a table's columns, which compare_apis.py reads to set two
# runs' tables side by side: KEY columns name the case (rows of two runs
# with the same keys are the same case), OURS is reikna's own figure, RUN
# any other figure of a run (a peer's, a ratio, a verdict), TARGET the
# target, the same in both runs. A column without a role is left out of
# the side-by-side tables.
KEY, OURS, RUN, TARGET = "key", "ours", "run", "target"


class Table:
    """A table that prints as aligned text or as Markdown.

    Each item of header is a column's title, or a pair of its title and its
    role; the first left columns are aligned left, and are KEY columns
    unless they name another role; the others have no role unless they
    name one.
    """

    def __init__(self, header, left=1):
        self.header, self.roles, self.left, self.rows = [], [], left, []
        for i, column in enumerate(header):
            title, role = column if isinstance(column, tuple) else (column, KEY if i < left else None)
            self.header.append(title)
            self.roles.append(role)

    def add(self, *cells):
        self.rows.append([c if isinstance(c, str) else str(c) for c in cells])

    def text(self):
        widths = [max(len(r[i]) for r in [self.header] + self.rows) for i in range(len(self.header))]

        def line(cells):
            out = [c.ljust(w) if i < self.left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))]
            return "  ".join(out).rstrip()

        return "\n".join(line(r) for r in [self.header] + self.rows)

    def markdown(self):
        align = ["---" if i < self.left else "---:" for i in range(len(self.header))]
        return "\n".join("| " + " | ".join(r) + " |" for r in [self.header, align] + self.rows)


# The kinds of the parts of a Report.
LINE, NOTE, HEADING, TABLE = "line", "note", "heading", "table"


class Report:
    """Collects the lines and tables of the comparison and prints them in one format.

    reikna is how the tables name reikna's figures: "reikna", or with the
    API of the run, such as "reikna (CUDA)" (see reikna_label).
    """

    def __init__(self, markdown, reikna="reikna"):
        self.markdown, self.reikna, self.parts, self.fails = markdown, reikna, [], 0

    def line(self, text=""):
        self.parts.append((LINE, text))

    def note(self, text):
        """Adds a line of the header: an item of a list in Markdown."""
        self.parts.append((NOTE, text))

    def heading(self, text):
        self.parts.append((HEADING, text))

    def table(self, t):
        self.parts.append((TABLE, t))

    def notes(self, title, items):
        """Adds the line title and each of the list items as a note under it, or nothing where items is empty."""
        if items:
            self.line(title)
            for item in items:
                self.note(item)

    def render(self, kind, part):
        """Returns one part as the report prints it."""
        if kind == NOTE:
            return f"- {part}" if self.markdown else part
        if kind == HEADING:
            return f"\n## {part}\n" if self.markdown else f"\n{part}\n"
        if kind == TABLE:
            return part.markdown() if self.markdown else part.text()
        return part

    def print(self):
        print("\n".join(self.render(kind, part) for kind, part in self.parts))


# The APIs that reikna runs on: the name api.txt (gpu_compare.sh --api)
# holds and the name the tables show.
API_NAMES = {"opencl": "OpenCL", "cuda": "CUDA"}

# The platform that reikna's reports name for a CUDA device
# (cluda.CUDAPlatformName); every other platform is an OpenCL one.
CUDA_PLATFORM = "CUDA driver API"


def recorded_api(d):
    """Returns the API that api.txt in d names ("opencl" or "cuda"), None where there is no api.txt."""
    path = os.path.join(d, "api.txt")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        api = f.read().strip().lower()
    if api not in API_NAMES:
        raise ValueError(f"{path}: unknown API {api!r} (want one of {', '.join(API_NAMES)})")
    return api


def platform_api(d):
    """Returns the API that reikna's first report in d ran on, judged by its platform; None where there is none."""
    first = next((r for r in reikna_reports(d) if r.get("platform")), None)
    if first is None:
        return None
    return "cuda" if first["platform"] == CUDA_PLATFORM else "opencl"


def run_api(d):
    """Returns the API of the run in d: what api.txt names, else what reikna's reports ran on, else None."""
    return recorded_api(d) or platform_api(d)


def reikna_label(api):
    """Returns how the tables name reikna's figures of a run on api (None where it is unknown)."""
    return f"reikna ({API_NAMES[api]})" if api else "reikna"


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


def copy_gbps(report):
    """Returns the copy bandwidth of one of reikna's reports, FFT or algorithms."""
    return report.get("copy_bandwidth_gbs") or report.get("copy_gbps") or 0


# reikna's reports of the sets other than the FFT's, in the order the header reads them.
OTHER_REPORTS = ("algos.json", "random.json", "matmul.json", "convolve.json", "rfft.json", "dct.json", "half.json")


def nd_names(d, prefix):
    """Returns the names of the N-D cases of which d holds PREFIX-NAME.json, sorted."""
    return sorted(os.path.basename(p)[len(prefix) + 1:-len(".json")] for p in glob.glob(os.path.join(d, f"{prefix}-*.json")))


def reikna_reports(d):
    """Returns reikna's reports in d: those of the 1-D FFT sets and of the sweep, of the N-D cases, then of the other sets."""
    names = ["pow2.json", "mixed.json", "double.json", "sweep.json"] + [f"nd-{n}.json" for n in nd_names(d, "nd")] + list(OTHER_REPORTS)
    return [r for r in (load(d, n) for n in names) if r]


def api_notes(rep, d):
    """Adds the API of the run in d to the header, with a warning where api.txt and reikna's platform disagree."""
    recorded, ran = recorded_api(d), platform_api(d)
    if recorded:
        rep.note(f"API: {API_NAMES[recorded]} (api.txt)")
        if ran and ran != recorded:
            rep.note(f"WARNING: api.txt names {API_NAMES[recorded]}, but reikna's reports are of a {API_NAMES[ran]} platform")
    elif ran:
        rep.note(f"API: {API_NAMES[ran]} (no api.txt: judged by the platform of reikna's reports)")


def header(rep, d):
    """Adds what the run in d measured: the commit, the API, reikna's binary, the device and the copy bandwidths."""
    ours = reikna_reports(d)
    lines, revision, clean = commit_lines(d)
    for l in lines:
        rep.note(l)
    if not clean:
        rep.note("WARNING: the tree was not a clean checkout of a known commit; this run cannot be recorded in BENCHMARKS.md")
    api_notes(rep, d)
    if not ours:
        rep.note("no reikna results in this directory")
        return
    first = ours[0]
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
    own_copy = next((copy_gbps(r) for r in ours if copy_gbps(r)), 0)
    copies = [f"{rep.reikna} {own_copy:.0f} GB/s" if own_copy else f"{rep.reikna} n/a"]
    peers = (PEERS + (ALGO_PEERS if load(d, "algos.json") else ()) + (RANDOM_PEERS if load(d, "random.json") else ()) +
             (CONVOLVE_PEERS if load(d, "convolve.json") else ()) + (RFFT_PEERS if load(d, "rfft.json") else ()) +
             (DCT_PEERS if load(d, "dct.json") else ()))
    for name, prefix in peers:
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


# The 1-D sets: the name in the table, reikna's report and the suffix of the peers' reports.
SETS_1D = (("pow2", "pow2.json", ""), ("mixed", "mixed.json", ""), ("complex128", "double.json", "_double"))


def cases_1d(d):
    """Yields the cases of the 1-D sets: (set, N, our row, {peer: ms}, target, copy target)."""
    for label, name, suffix in SETS_1D:
        rep = load(d, name)
        if not rep:
            continue
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


def cases_nd(d):
    """Yields the multi-dimensional cases, nd-NAME.json against cufft_nd-NAME.json and vkfft_nd-NAME.json."""
    names = set()
    for prefix in ["nd"] + [f"{prefix}_nd" for _, prefix in PEERS]:
        names.update(nd_names(d, prefix))
    for name in sorted(names):
        rep = load(d, f"nd-{name}.json")
        peers = {p: (load(d, f"{prefix}_nd-{name}.json") or {}).get("rows", [{}])[0] for p, prefix in PEERS}
        if rep:
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
        case = dims(shape) + f" axes {axes_text}{dtype}"
        yield "N-D", case, r, theirs, 1.0, None


def ratios_table(rep, d):
    """Adds the table of the FFT cases, each against the faster peer."""
    cases = list(cases_1d(d)) + list(cases_nd(d))
    if not cases:
        return
    mibs = {r["mib_per_array"] for r in (load(d, name) for _, name, _ in SETS_1D) if r}
    if mibs:
        rep.note("1-D sets: " + ", ".join(f"{m:g}" for m in sorted(mibs)) + " MiB per array; N-D: the whole array")
    names = [p for p, _ in PEERS]
    t = Table(["set", "N / shape", (f"{rep.reikna} ms", OURS)] + [(f"{p} ms", RUN) for p in names] +
              [f"ratio to {p}" for p in names] + [("ratio to faster peer", RUN), ("target", TARGET), ("verdict", RUN),
                                                  ("% of copy", RUN)], left=2)
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
    rep.notes("\nnot measured by reikna:", skipped)


def pipelines_table(rep, d):
    pipes = load(d, "pipelines.json")
    if not pipes:
        return
    cup = by_n((load(d, "cufft_pipelines.json") or {}).get("rows"))
    rep.heading("Fused pipelines: time against the bare FFT of the same run (PyTorch doing the same steps unfused, where measured)")
    t = Table(["N", "pipeline", (f"{rep.reikna} ms", OURS), ("ratio to bare FFT", RUN), ("target", TARGET), ("verdict", RUN),
               ("PyTorch unfused", RUN)], left=2)
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


# The peer of the algorithm cases: the name in the tables and the prefix of its JSON file.
ALGO_PEERS = (("PyTorch (algorithms)", "torch_algos"),)

# The algorithm cases have their own sizes at this reikna --mib.
ALGO_FULL_MIB = 512

# The targets of the algorithm cases: the share of the copy bandwidth of
# the movements, the ratio to PyTorch of the sums and of the prefix sums
# (1.2 times faster), and the cost of a fused transformation.
ALGO_COPY_TARGET = 85
ALGO_SUM_TARGET = 1.0
ALGO_CUMSUM_TARGET = 1 / 1.2
ALGO_FUSED_TARGET = 1.05


def algo_target(case):
    """Returns the kind of target of an algorithm case, "copy" or "ratio", and its value."""
    if case.startswith("cumsum"):
        return "ratio", ALGO_CUMSUM_TARGET
    if case.startswith("sum"):
        return "ratio", ALGO_SUM_TARGET
    return "copy", ALGO_COPY_TARGET


def torch_section(rep, d, name, heading, copy=False, torch_note=""):
    """Starts the section of the set name against PyTorch: where DIR/name.json
    holds reikna's report, adds heading and a note of both devices (with
    their copy bandwidths where copy, PyTorch's device followed by
    torch_note), and returns reikna's report, PyTorch's of
    DIR/torch_name.json ({} where there is none) and its rows by case;
    where it does not, adds nothing and returns None for reikna's report."""
    ours = load(d, name + ".json")
    if not ours:
        return None, {}, {}
    theirs_report = load(d, "torch_" + name + ".json") or {}
    theirs = {r["case"]: r for r in theirs_report.get("rows", [])}
    rep.heading(heading)
    mine, peer = ours["device"], theirs_report.get("device", "unknown device") + torch_note
    if copy:
        mine += f", copy {copy_gbps(ours):.0f} GB/s"
        peer += f", copy {theirs_report.get('copy_gbps', 0):.0f} GB/s"
    rep.note(f"{rep.reikna}: {mine}; PyTorch: " + (peer if theirs_report else "not measured"))
    return ours, theirs_report, theirs


def warn_shrunk(rep, ours, targets="the targets are those of the full sizes", unit="MiB per array", own="their own sizes at"):
    """Notes that reikna's cases ran smaller than their full size (MIB below 512), whose targets they are judged by."""
    if ours.get("mib_per_array") != ALGO_FULL_MIB:
        rep.note(f"WARNING: the cases were shrunk to {ours.get('mib_per_array'):g} {unit} ({own} {ALGO_FULL_MIB}): {targets}")


def torch_peer(notes, case, r, theirs):
    """Returns PyTorch's row of case (theirs: its rows by case; {} where it
    has none) and its median time: None where it has none, or where it ran
    another shape than reikna's row r, which notes then tells."""
    peer_row = theirs.get(case, {})
    peer = peer_row.get("median_ms")
    if peer and peer_row.get("shape") != r.get("shape"):
        notes.append(f"{case}: PyTorch's time left out, of the shape {peer_row.get('shape')} (reikna {r.get('shape')}): run both at the same MIB")
        peer = None
    return peer_row, peer


def untimed(rep, notes, case, r):
    """Where reikna did not time its row r of case, its result wrong or the
    case skipped, counts a wrong one in rep.fails, tells why in notes and
    returns the row's cells of the time and of the verdict; else None."""
    why = r.get("wrong") or r.get("skipped")
    if not why:
        return None
    rep.fails += 1 if r.get("wrong") else 0
    notes.append(f"{case}: {why}")
    return ("wrong", "WRONG") if r.get("wrong") else ("skipped", "not measured")


def algos_tables(rep, d):
    ours, theirs_report, theirs = torch_section(rep, d, "algos", "Algorithms against PyTorch", copy=True)
    if not ours:
        return
    torch_copy = theirs_report.get("copy_gbps")
    rep.note(f"targets: transpose, permute and fftshift ≥ {ALGO_COPY_TARGET}% of reikna's copy bandwidth; "
             f"sums ratio ≤ {ALGO_SUM_TARGET:.2f}; prefix sums ratio ≤ 1/1.2 = {ALGO_CUMSUM_TARGET:.2f}; ratio: reikna / PyTorch")
    warn_shrunk(rep, ours)

    def same_shape(r, peer_row):
        """Whether PyTorch's row is of reikna's shape (a row without one is of the full size)."""
        if "shape" in peer_row:
            return peer_row["shape"] == r.get("shape")
        return ours.get("mib_per_array") == ALGO_FULL_MIB

    differ = []
    t = Table(["case", "shape", (f"{rep.reikna} ms", OURS), ("PyTorch ms", RUN), (f"ratio {rep.reikna}/PyTorch", RUN), ("% of copy", RUN),
               "PyTorch % of copy", ("target", TARGET), ("verdict", RUN)], left=2)
    bare, fused = split_scaled(ours["rows"])
    for case, r in bare.items():
        kind, target = algo_target(case)
        target_text = f"≥ {target}% copy" if kind == "copy" else f"ratio ≤ {target:.2f}"
        shape = dims(r.get("shape", []))
        peer = theirs.get(case, {}).get("median_ms")
        if peer and not same_shape(r, theirs[case]):
            differ.append(case)
            peer = None
        peer_pct = theirs.get(case, {}).get("gbps", 0) / torch_copy * 100 if peer and torch_copy else None
        peer_pct_text = f"{peer_pct:.0f}" if peer_pct else "n/a"
        if r.get("wrong") or r.get("skipped"):
            v = "WRONG" if r.get("wrong") else "not measured"
            rep.fails += 1 if r.get("wrong") else 0
            t.add(case, shape, "wrong" if r.get("wrong") else "skipped", ms(peer), "", "", peer_pct_text, target_text, v)
            continue
        mine = r["median_ms"]
        x = mine / peer if peer else None
        if kind == "copy":
            v = verdict(r["copy_percent"] >= target)
        elif x is None:
            v = "n/a"
        else:
            v = verdict(x <= target)
        rep.fails += 1 if v == "FAIL" else 0
        t.add(case, shape, ms(mine), ms(peer), ratio(x), f"{r['copy_percent']:.0f}", peer_pct_text, target_text, v)
    rep.line()
    rep.table(t)
    rep.notes("\nPyTorch's time left out, of another shape than reikna's (run both at the same MIB):",
              [f"{case}: PyTorch {theirs[case].get('shape', 'at its full size')}, reikna {bare[case].get('shape')}" for case in differ])
    rep.notes("\nnot timed by reikna:",
              [f"{r['case']}: {r.get('wrong') or r.get('skipped')}" for r in ours["rows"] if r.get("wrong") or r.get("skipped")])

    fused_table(rep, "Algorithms with a fused transformation: a scale on the input against the bare case", fused, bare, ALGO_FUSED_TARGET)


def split_scaled(rows):
    """Returns the rows of bare cases by case, and the rows of cases with a fused scale ("CASE+scale") in their order."""
    bare = {r["case"]: r for r in rows if not r["case"].endswith("+scale")}
    return bare, [r for r in rows if r["case"].endswith("+scale")]


def fused_table(rep, title, fused, bare, target):
    """Adds the table that judges each "+scale" row of fused against its bare case (bare: rows by case) with the target ratio."""
    rep.heading(f"{title} (target ≤ {target})")
    t = Table(["case", (f"{rep.reikna} bare ms", RUN), ("+scale ms", OURS), ("ratio", RUN), ("target", TARGET), ("verdict", RUN)])
    for r in fused:
        case = r["case"][:-len("+scale")]
        base, mine = bare.get(case, {}).get("median_ms"), r.get("median_ms")
        if r.get("wrong"):
            rep.fails += 1
            t.add(case, ms(base), "wrong", "", f"≤ {target}", "WRONG")
        elif not (base and mine):
            t.add(case, ms(base), ms(mine), "", f"≤ {target}", "not measured")
        else:
            ok = mine / base <= target
            rep.fails += 0 if ok else 1
            t.add(case, ms(base), ms(mine), f"{mine / base:.2f}", f"≤ {target}", verdict(ok))
    rep.table(t)


# The peer of the random number cases: the name in the tables and the prefix of its JSON file.
RANDOM_PEERS = (("PyTorch (random numbers)", "torch_random"),)

# The targets of the random number cases: the ratio to PyTorch of the cases
# the issue names (the others are shown without a verdict), and the cost of
# a fused transformation.
RANDOM_TARGETS = {"uniform_f32_2^27": 1.0, "normal_f32_2^27": 1.0}
RANDOM_FUSED_TARGET = 1.05


def random_tables(rep, d):
    torch_case_tables(rep, d, "random", "Random numbers against PyTorch", RANDOM_TARGETS, "bytes written",
                      "Random numbers with a fused transformation: a scale on the output against the bare case",
                      RANDOM_FUSED_TARGET, extra=("bijection", "bijection"))


def torch_case_tables(rep, d, name, heading, targets, counted, fused_title, fused_target, extra=None):
    """Adds the tables of the set name: reikna's rows (name.json) against
    PyTorch's (torch_name.json), each case judged by its ratio to PyTorch
    against targets (by case; a case without one has no verdict), then
    each case with a fused scale against its bare one. counted says what
    GB/s counts; extra, where given, is a column (its title and the key of
    reikna's rows) after the shape."""
    ours, _, theirs = torch_section(rep, d, name, heading, copy=True)
    if not ours:
        return
    rep.note("targets: " + "; ".join(f"{c} ratio ≤ {x:.2f}" for c, x in targets.items()) +
             f"; ratio: reikna / PyTorch; GB/s: {counted} / median time")
    warn_shrunk(rep, ours)
    extra_title, extra_key = extra or (None, None)
    columns = ["case", "shape"] + ([extra_title] if extra else []) + [
        (f"{rep.reikna} ms", OURS), ("PyTorch ms", RUN), (f"ratio {rep.reikna}/PyTorch", RUN), f"{rep.reikna} GB/s", "PyTorch GB/s",
        ("target", TARGET), ("verdict", RUN)]
    t = Table(columns, left=len(columns) - 7)
    bare, fused = split_scaled(ours["rows"])
    notes = []
    for case, r in bare.items():
        target = targets.get(case)
        target_text = f"ratio ≤ {target:.2f}" if target else "-"
        lead = [case, dims(r.get("shape", []))] + ([r.get(extra_key, "")] if extra else [])
        peer_row, peer = torch_peer(notes, case, r, theirs)
        peer_gbps = f"{peer_row['gbps']:.4g}" if peer else "n/a"
        not_timed = untimed(rep, notes, case, r)
        if not_timed:
            time_cell, v = not_timed
            t.add(*lead, time_cell, ms(peer), "", "", peer_gbps, target_text, v)
            continue
        x = r["median_ms"] / peer if peer else None
        v = "-" if not target else ("n/a" if x is None else verdict(x <= target))
        rep.fails += 1 if v == "FAIL" else 0
        t.add(*lead, ms(r["median_ms"]), ms(peer), ratio(x), f"{r['gbps']:.4g}", peer_gbps, target_text, v)
    rep.line()
    rep.table(t)
    rep.notes("", notes)

    fused_table(rep, fused_title, fused, bare, fused_target)


# The peer of the real FFT cases: the name in the tables and the prefix of its JSON file.
RFFT_PEERS = (("PyTorch (rfft)", "torch_rfft"),)

# The targets of the real FFT cases: the ratio to torch.fft.rfft, and the
# cost of a fused transformation.
RFFT_TARGETS = {c: 1.0 for c in ("rfft_f32_1024", "rfft_f32_4096", "rfft_f32_65536", "rfft_f32_2^20")}
RFFT_FUSED_TARGET = 1.05


def rfft_tables(rep, d):
    torch_case_tables(rep, d, "rfft", "Real FFTs against PyTorch", RFFT_TARGETS, "bytes of the real input and the half spectrum",
                      "Real FFTs with a fused transformation: a scale on the input against the bare case", RFFT_FUSED_TARGET)


# The peer of the DCT and DST cases: the name in the tables and the prefix of its JSON file.
DCT_PEERS = (("PyTorch (DCT from rfft)", "torch_dct"),)

# The targets of the DCT and DST cases: the most time in multiples of the
# complex FFT of the same shape (every case), and in multiples of PyTorch's
# time (the cases whose peer is built from torch.fft.rfft or irfft; the
# DCT-IV's is one complex FFT of N/2 points, shown without a verdict).
DCT_FFT_TARGET = 1.1
DCT_TORCH_TARGET = 0.5
DCT_TORCH_JUDGED = ("dct2_", "idct2_", "dst2_")


def dct_tables(rep, d):
    ours, _, theirs = torch_section(rep, d, "dct", "DCT and DST against the complex FFT and PyTorch", copy=True)
    if not ours:
        return
    rep.note(f"targets: every case ≤ {DCT_FFT_TARGET} times the complex64 FFT of its shape over the same axes (reikna's, same run); "
             f"the DCT-II, its inverse and the DST-II ≤ {DCT_TORCH_TARGET} times PyTorch's (built from torch.fft.rfft or irfft, the "
             "reorder and the twiddles; the DCT-IV's from a complex FFT of N/2 points, without a verdict); "
             "GB/s: bytes of the float32 input and output / median time; verdict: pass where every target of the case is met, "
             "n/a where one could not be judged")
    warn_shrunk(rep, ours)
    t = Table(["case", "shape", (f"{rep.reikna} ms", OURS), ("FFT ms", RUN), ("to FFT", RUN), ("PyTorch ms", RUN),
               (f"ratio {rep.reikna}/PyTorch", RUN), f"{rep.reikna} GB/s", "PyTorch GB/s", ("target", TARGET), ("verdict", RUN)], left=2)
    notes = []
    for r in ours["rows"]:
        case = r["case"]
        shape = dims(r.get("shape", []))
        if r.get("axes") and len(r["axes"]) > 1:
            shape += " axes " + ",".join(str(a) for a in r["axes"])
        judged_torch = case.startswith(DCT_TORCH_JUDGED)
        target_text = f"FFT ≤ {DCT_FFT_TARGET}" + (f", PyTorch ≤ {DCT_TORCH_TARGET}" if judged_torch else "")
        if theirs.get(case, {}).get("wrong"):
            notes.append(f"{case}: PyTorch's result was wrong: {theirs[case]['wrong']}")
        peer_row, peer = torch_peer(notes, case, r, theirs)
        peer_gbps = f"{peer_row['gbps']:.4g}" if peer else "n/a"
        not_timed = untimed(rep, notes, case, r)
        if not_timed:
            time_cell, v = not_timed
            t.add(case, shape, time_cell, ms(r.get("fft_median_ms")), "", ms(peer), "", "", peer_gbps, target_text, v)
            continue
        if r.get("fft_skipped"):
            notes.append(f"{case}: the complex FFT was not timed: {r['fft_skipped']}")
        to_fft = r.get("to_fft")
        x = r["median_ms"] / peer if peer else None
        # Each target: whether it was met, None where it could not be judged.
        met = [to_fft <= DCT_FFT_TARGET if to_fft else None]
        if judged_torch:
            met.append(x <= DCT_TORCH_TARGET if x is not None else None)
        if False in met:
            v = "FAIL"
        elif None in met:
            v = "n/a"
        else:
            v = "pass"
        rep.fails += 1 if v == "FAIL" else 0
        t.add(case, shape, ms(r["median_ms"]), ms(r.get("fft_median_ms")), ratio(to_fft), ms(peer), ratio(x), f"{r['gbps']:.4g}",
              peer_gbps, target_text, v)
    rep.line()
    rep.table(t)
    rep.notes("", notes)


# The matrix product cases: the minimum ratio of reikna's TFLOP/s to
# cuBLAS's (through PyTorch, TF32 off), or to the FP64 FMA peak.
MATMUL_CUBLAS_TARGETS = {"f32_4096": 0.80, "f32_8192": 0.80, "c64_4096": 0.80, "f32_batch1024_64": 1.0}
MATMUL_PEAK_TARGETS = {"f64_4096": 0.70}
# Through CUDA the float64 product runs on the FP64 tensor cores, as
# cuBLAS's does: its target is a ratio to cuBLAS.
MATMUL_CUDA_CUBLAS_TARGETS = {"f64_4096": 0.80}
# The reduced-precision float32 products (MatrixMulOptions.Precision), each
# against cuBLAS in the same mode: reported, with no target.
MATMUL_REDUCED = ("tf32_4096", "bf16_4096", "f16_4096")
# The H200's FP64 FMA peak (not its tensor cores): 132 SMs × 64 FP64 FMA
# per clock × 2 operations × 1.98 GHz.
FP64_FMA_PEAK_TFLOPS = 33.5


def tflops(v):
    if not v:
        return Value("n/a")
    return Value(f"{v:.1f}" if v >= 1 else f"{v:.3g}", v)


def matmul_tables(rep, d):
    ours, _, theirs = torch_section(rep, d, "matmul", "Matrix products against PyTorch", torch_note=" (cuBLAS, TF32 off but in tf32_4096)")
    if not ours:
        return
    cuda = "CUDA" in rep.reikna
    peak_targets = {} if cuda else MATMUL_PEAK_TARGETS
    cublas_targets = dict(MATMUL_CUBLAS_TARGETS, **(MATMUL_CUDA_CUBLAS_TARGETS if cuda else {}))
    f64_target = (f"float64 ≥ {MATMUL_CUDA_CUBLAS_TARGETS['f64_4096']:.0%} of cuBLAS (both on the FP64 tensor cores)" if cuda else
                  f"float64 ≥ {MATMUL_PEAK_TARGETS['f64_4096']:.0%} of the FP64 FMA peak of the H200 ({FP64_FMA_PEAK_TFLOPS} TFLOP/s)")
    rep.note("TFLOP/s: 2·batch·m·n·k per call (8· for complex) / median time; ratio: reikna's TFLOP/s / cuBLAS's, above 1 reikna is faster; "
             f"targets: float32 and complex64 ≥ {MATMUL_CUBLAS_TARGETS['f32_4096']:.0%} of cuBLAS, the batch of small products "
             f"≥ {MATMUL_CUBLAS_TARGETS['f32_batch1024_64']:.1f}× torch.bmm, {f64_target}; "
             f"{', '.join(MATMUL_REDUCED)}: float32 operands rounded to TF32, bfloat16 or half on the tensor cores (CUDA; "
             "elsewhere reikna computes them in float32), against cuBLAS in TF32 and on bfloat16 and half operands, reported without a target")
    warn_shrunk(rep, ours)
    t = Table(["case", "batch×m×n×k", ("tiling", RUN), (f"{rep.reikna} TFLOP/s", OURS), ("cuBLAS TFLOP/s", RUN), ("ratio", RUN),
               ("target", TARGET), ("verdict", RUN)], left=3)
    tuned = Table(["case", "batch×m×n×k", "tiling", (f"{rep.reikna} median ms", RUN), ("TFLOP/s", OURS), ("to the plan's tiling", RUN)],
                  left=3)
    planned = {}
    problems = []
    for r in ours["rows"]:
        case = r["case"]
        shape = dims(r.get("shape", []))
        if r.get("wrong") or r.get("skipped"):
            problems.append(f"{case} {r.get('tiling', '')}: {r.get('wrong') or r.get('skipped')}")
        if r.get("tuned"):
            mine, base = r.get("tflops"), planned.get(case)
            cell = "WRONG" if r.get("wrong") else ratio(mine / base if mine and base else None)
            rep.fails += 1 if r.get("wrong") else 0
            tuned.add(case, shape, r.get("tiling", ""), ms(r.get("median_ms")), tflops(mine), cell)
            continue
        planned[case] = r.get("tflops")
        peer_row = theirs.get(case, {})
        peer = peer_row.get("tflops") if peer_row.get("shape", r.get("shape")) == r.get("shape") else None
        mine = r.get("tflops")
        x = mine / peer if mine and peer else None
        if case in MATMUL_REDUCED:
            target_text, ok, judged = "—", True, False
        elif case in peak_targets:
            target = peak_targets[case]
            target_text = f"≥ {target * FP64_FMA_PEAK_TFLOPS:.1f} TFLOP/s"
            ok = mine is not None and mine >= target * FP64_FMA_PEAK_TFLOPS
            judged = mine is not None
        else:
            target = cublas_targets.get(case, 1.0)
            target_text = f"ratio ≥ {target:.2f}"
            ok, judged = x is not None and x >= target, x is not None
        if r.get("wrong"):
            v = "WRONG"
        elif r.get("skipped"):
            v = "not measured"
        elif case in MATMUL_REDUCED:
            v = "reported"
        else:
            v = verdict(ok) if judged else "n/a"
        rep.fails += 1 if v in ("FAIL", "WRONG") else 0
        t.add(case, shape, r.get("tiling", ""), tflops(mine), tflops(peer), ratio(x), target_text, v)
    rep.line()
    rep.table(t)
    if tuned.rows:
        rep.heading("Matrix products with the tilings of REIKNA_MATMUL_TILE (ratio: TFLOP/s to the plan's tiling's)")
        rep.table(tuned)
    rep.notes("\nnot timed by reikna:", problems)


# The peer of the convolution cases: the name in the tables and the prefix of its JSON file.
CONVOLVE_PEERS = (("PyTorch (convolution)", "torch_convolve"),)

# The target of the convolution cases: the convolution's time over two bare FFTs of its rows.
CONVOLVE_TARGET = 1.1


def convolve_tables(rep, d):
    ours, _, theirs = torch_section(rep, d, "convolve", "Convolution against two FFTs")
    if not ours:
        return
    rep.note(f"target: the circular convolution with one filter ≤ {CONVOLVE_TARGET} times two bare FFTs of its rows (reikna's, "
             "same run); PyTorch: fft of the filter and the rows, product, ifft, unfused; ratio to PyTorch shown without a verdict")
    warn_shrunk(rep, ours, "the target is that of the full sizes")
    t = Table(["case", "shape", (f"{rep.reikna} ms", OURS), ("FFT ms", RUN), ("to 2 FFTs", RUN), ("PyTorch ms", RUN),
               f"{rep.reikna}/PyTorch", ("target", TARGET), ("verdict", RUN)], left=2)
    notes = []
    for r in ours["rows"]:
        case = r["case"]
        shape = dims(r.get("shape", []))
        _, peer = torch_peer(notes, case, r, theirs)
        target_text = f"≤ {CONVOLVE_TARGET}"
        not_timed = untimed(rep, notes, case, r)
        if not_timed:
            time_cell, v = not_timed
            t.add(case, shape, time_cell, ms(r.get("fft_median_ms")), "", ms(peer), "", target_text, v)
            continue
        two = r.get("to_two_ffts")
        v = verdict(two <= CONVOLVE_TARGET) if two else "n/a"
        rep.fails += 1 if v == "FAIL" else 0
        if r.get("fft_skipped"):
            notes.append(f"{case}: the bare FFT was not timed: {r['fft_skipped']}")
        t.add(case, shape, ms(r["median_ms"]), ms(r.get("fft_median_ms")), f"{two:.2f}" if two else "n/a", ms(peer),
              ratio(r["median_ms"] / peer if peer else None), target_text, v)
    rep.line()
    rep.table(t)
    rep.notes("", notes)


# The half-precision FFT's target: its time over the complex64 FFT's of the
# same length and number of elements.
HALF_TARGET = 0.55


def half_tables(rep, d):
    ours = load(d, "half.json")
    if not ours:
        return
    rep.heading(f"Half-precision storage: FFTs of complex32 data against complex64 (target ratio ≤ {HALF_TARGET})")
    rep.note(f"{rep.reikna}: {ours['device']}, copy {copy_gbps(ours):.0f} GB/s; {ours.get('mib_per_array'):g} MiB of complex32 data per array; "
             "ratio: the complex32 FFT's median time / the complex64 FFT's, measured in the same run")
    warn_shrunk(rep, ours, "the target is that of the full size", "MiB of complex32 data", "their own size is")
    t = Table(["N", "batch×N", (f"{rep.reikna} complex64 ms", RUN), ("complex32 ms", OURS), ("ratio", RUN), ("complex32 rel L2", RUN),
               ("target", TARGET), ("verdict", RUN)], left=2)
    bare, problems = {}, []
    for r in ours["rows"]:
        case = r["case"]
        if r.get("wrong") or r.get("skipped"):
            problems.append(f"{case}: {r.get('wrong') or r.get('skipped')}")
        if not case.endswith("+half"):
            bare[case] = r
            continue
        base = bare.get(case[:-len("+half")], {})
        shape = dims(r.get("shape", []))
        mine, theirs = r.get("median_ms"), base.get("median_ms")
        if r.get("wrong") or base.get("wrong"):
            v = "WRONG"
        elif mine and theirs:
            v = verdict(mine / theirs <= HALF_TARGET)
        else:
            v = "not measured"
        rep.fails += 1 if v in ("FAIL", "WRONG") else 0
        rel = f"{r['rel_l2']:.2g}" if r.get("rel_l2") else "n/a"
        t.add(str(r["shape"][-1]) if r.get("shape") else "", shape, ms(theirs), ms(mine), ratio(mine / theirs if mine and theirs else None), rel,
              f"≤ {HALF_TARGET}", v)
    rep.line()
    rep.table(t)
    rep.notes("\nnot timed by reikna:", problems)


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


def tables(rep, d):
    """Adds every table of the run in d, after the header, counting the targets missed in rep.fails."""
    ratios_table(rep, d)
    pipelines_table(rep, d)
    algos_tables(rep, d)
    random_tables(rep, d)
    matmul_tables(rep, d)
    convolve_tables(rep, d)
    rfft_tables(rep, d)
    dct_tables(rep, d)
    half_tables(rep, d)
    startup_line(rep, d)


def main():
    ap = argparse.ArgumentParser(description="Compares reikna's FFT times with cuFFT's and VkFFT's, and its algorithms' and random numbers' with PyTorch's.")
    ap.add_argument("dir", help="the output directory of gpu_compare.sh")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    args = ap.parse_args()
    if not os.path.isdir(args.dir):
        ap.error(f"{args.dir} is not a directory")
    try:
        api = run_api(args.dir)
    except ValueError as e:
        ap.error(str(e))
    rep = Report(args.markdown, reikna_label(api))
    header(rep, args.dir)
    tables(rep, args.dir)
    rep.line(f"\n{rep.fails} target(s) missed")
    rep.print()


if __name__ == "__main__":
    main()
