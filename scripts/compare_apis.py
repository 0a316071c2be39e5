#!/usr/bin/env python3
"""Sets two runs of gpu_compare.sh side by side: one on OpenCL, one on CUDA.

Usage: compare_apis.py [--markdown] OPENCL_DIR CUDA_DIR, where each DIR holds
what one run of gpu_compare.sh wrote, with --api opencl and with --api cuda,
both of one commit on one machine (a warning says where their commit.txt
differ). Every table that compare.py prints of a run becomes one table of
both runs: the columns that name the case, then reikna's figure on OpenCL
and on CUDA with their ratio (CUDA / OpenCL), then each other figure of
the table (the peers' times, the ratios, the verdicts), each from its own
run and judged there against compare.py's targets, for the OpenCL run and
for the CUDA run in turn, and the target. A case, or a table, that only one
run has shows "—" in the other's columns. The notes of the two runs follow
their tables, once where they are the same and named by run where they
differ. --markdown prints the same as Markdown.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare
from compare import HEADING, KEY, LINE, NOTE, OURS, RUN, TABLE, TARGET

# The cell of a run that lacks the case or the table.
MISSING = "—"


class Run:
    """One run of gpu_compare.sh: its API, its directory, and compare.py's
    header and tables of it."""

    def __init__(self, api, d):
        self.api, self.d = api, d
        self.name = compare.API_NAMES[api]
        self.label = compare.reikna_label(api)
        self.head = compare.Report(False, self.label)
        compare.header(self.head, d)
        self.body = compare.Report(False, self.label)
        compare.tables(self.body, d)

    def own(self, text):
        """Returns a note of this run's, named by the run unless it names reikna's API already."""
        return text if self.label in text else f"{self.name} run: {text}"


def keyed(items):
    """Returns items as (item, occurrence) pairs, so that repeated items are told apart."""
    seen, out = {}, []
    for item in items:
        seen[item] = seen.get(item, 0) + 1
        out.append((item, seen[item]))
    return out


def merged(first, second):
    """Returns the items of first in their order, with the items of second
    that first lacks each before the next item that both have (at the end
    after the last)."""
    out, extra = list(first), []
    for item in second:
        if item not in out:
            extra.append(item)
        elif extra:
            at = out.index(item)
            out[at:at] = extra
            extra = []
    return out + extra


def sections(rep):
    """Returns the parts of a Report by heading: a dict of the heading ("" for
    the parts before the first) to the tables and the slots of text around
    them (slots[i] precedes tables[i], the last follows the last table)."""
    out = {}
    tables, slots = [], [[]]
    out[""] = (tables, slots)
    for kind, part in rep.parts:
        if kind == HEADING:
            tables, slots = [], [[]]
            out[part] = (tables, slots)
        elif kind == TABLE:
            tables.append(part)
            slots.append([])
        elif kind in (LINE, NOTE) and part.strip():
            slots[-1].append((kind, part.strip("\n")))
    return out


def merged_text(runs, slots):
    """Returns the lines and notes of the runs' slots (None for a run without
    it): those of both once, those of one named by its run."""
    items = [keyed(s or []) for s in slots]
    out = []
    for item in merged(*items):
        (kind, text), _ = item
        holders = [run for run, own in zip(runs, items) if item in own]
        out.append((kind, text if len(holders) == len(runs) else holders[0].own(text)))
    return out


def column_title(title, model, run):
    """Returns the title of a column of model's table (a table of the run
    model) for run: with run's API where it names reikna's, else with the
    run's name after it."""
    if model.label in title:
        return title.replace(model.label, run.label)
    return f"{title} ({run.name} run)"


def api_ratio(cells):
    """Returns the cell of reikna's figure on the second run over the first's."""
    if any(c is None for c in cells):
        return MISSING
    first, second = (getattr(c, "value", None) for c in cells)
    return compare.ratio(second / first if first and second else None)


def target_cell(cells, runs):
    """Returns the target of a case: the same in both runs, else each run's named."""
    present = [(run, c) for run, c in zip(runs, cells) if c is not None]
    if len({c for _, c in present}) == 1:
        return present[0][1]
    return ", ".join(f"{c} ({run.name})" for run, c in present)


def side_by_side(runs, tables):
    """Returns the table of the runs' tables (None for a run without it),
    their rows matched by their KEY columns."""
    model, model_table = next((run, t) for run, t in zip(runs, tables) if t)
    for run, t in zip(runs, tables):
        if t and (t.roles != model_table.roles):
            raise ValueError(f"the {run.name} run's table {t.header} differs from the {model.name} run's "
                             f"{model_table.header}: the runs are not of one commit")
    roles = model_table.roles
    keys = [i for i, role in enumerate(roles) if role == KEY]
    header = [model_table.header[i] for i in keys]
    for i, role in enumerate(roles):
        if role in (OURS, RUN):
            header += [column_title(model_table.header[i], model, run) for run in runs]
            if role == OURS:
                header.append(" / ".join(run.name for run in reversed(runs)))
        elif role == TARGET:
            header.append(model_table.header[i])
    out = compare.Table(header, left=len(keys))

    by_key = []
    for t in tables:
        rows = keyed(tuple(row[i] for i in keys) for row in (t.rows if t else []))
        by_key.append(dict(zip(rows, t.rows if t else [])))
    for key in merged(*[list(rows) for rows in by_key]):
        rows = [rows.get(key) for rows in by_key]
        cells = list(key[0])
        for i, role in enumerate(roles):
            column = [row[i] if row else None for row in rows]
            if role in (OURS, RUN):
                cells += [MISSING if c is None else c for c in column]
                if role == OURS:
                    cells.append(api_ratio(column))
            elif role == TARGET:
                cells.append(target_cell(column, runs))
        out.add(*cells)
    return out


def commit_warning(runs):
    """Returns a warning where the runs' commit.txt differ (the date aside), else None."""
    notes = []
    for run in runs:
        path = os.path.join(run.d, "commit.txt")
        if not os.path.exists(path):
            notes.append(None)
            continue
        with open(path) as f:
            notes.append([line.rstrip("\n") for line in f if not line.startswith("date ")])
    if notes[0] is not None and notes[0] == notes[1]:
        return None
    said = "; ".join(f"{run.name} run: " + (note[0] if note else "no commit.txt") for run, note in zip(runs, notes))
    return f"WARNING: the two runs are not of one commit, or of trees with different changes ({said}): the side-by-side figures compare different code"


def add_text(rep, kind, text):
    """Adds a line or a note to rep."""
    if kind == NOTE:
        rep.note(text)
    else:
        rep.line(text)


def compare_runs(runs, rep):
    """Adds the header of both runs and every side-by-side table to rep."""
    heads = [sections(run.head)[""][1][0] for run in runs]
    for kind, text in merged_text(runs, heads):
        add_text(rep, kind, text)
    warning = commit_warning(runs)
    if warning:
        rep.note(warning)
    first, second = runs
    rep.note(f"side by side: each figure of the {first.name} run, then the {second.name} run's; {second.name} / {first.name}: "
             f"reikna's figure on {second.name} over {first.name}'s (of times, below 1 {second.name} is faster; of TFLOP/s, above 1); "
             f"{MISSING}: a case that the run lacks")

    bodies = [sections(run.body) for run in runs]
    for heading in merged(*[list(b) for b in bodies]):
        parts = [b.get(heading) for b in bodies]
        count = max(len(p[0]) for p in parts if p)
        if heading:
            rep.heading(heading)
        for i in range(count + 1):
            slots = [p[1][i] if p and i < len(p[1]) else None for p in parts]
            text = merged_text(runs, slots)
            if text and i > 0:
                rep.line()
            for kind, line in text:
                add_text(rep, kind, line)
            if i < count:
                # A heading ends in a blank line of its own.
                if text or i > 0 or not heading:
                    rep.line()
                rep.table(side_by_side(runs, [p[0][i] if p and i < len(p[0]) else None for p in parts]))
    rep.line("\ntargets missed: " + ", ".join(f"{run.body.fails} on {run.name}" for run in runs))


def main():
    ap = argparse.ArgumentParser(description="Sets a run of gpu_compare.sh on OpenCL and one on CUDA side by side.")
    ap.add_argument("opencl_dir", help="the output directory of gpu_compare.sh --api opencl")
    ap.add_argument("cuda_dir", help="the output directory of gpu_compare.sh --api cuda")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    args = ap.parse_args()
    runs = []
    for api, d in (("opencl", args.opencl_dir), ("cuda", args.cuda_dir)):
        if not os.path.isdir(d):
            ap.error(f"{d} is not a directory")
        try:
            found = compare.run_api(d)
        except ValueError as e:
            ap.error(str(e))
        if found and found != api:
            ap.error(f"{d} is a run on {compare.API_NAMES[found]}, given as the {compare.API_NAMES[api]} run")
        runs.append(Run(api, d))
    rep = compare.Report(args.markdown)
    try:
        compare_runs(runs, rep)
    except ValueError as e:
        ap.error(str(e))
    rep.print()


if __name__ == "__main__":
    main()
