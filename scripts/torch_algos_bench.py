#!/usr/bin/env python3
"""Times PyTorch's transpose, sum, cumsum and fftshift for comparison with reikna.

Usage: torch_algos_bench.py [--cases NAME,...] [--mib M] [--json FILE]

Each case is one fixed workload (see CASES) at --mib 512, the default; a
smaller --mib shrinks each as `reikna bench --algos --mib M` does (see
sized_shape), so that the two compare the same shapes. Every time is the median and
minimum of 30 calls after 5 warm-up calls, measured with CUDA events, out of
place, the input rotating over two arrays so that the L2 cache holds none of
it. gbps counts the bytes read plus the bytes written once each. The device
copy bandwidth is measured in the same run.

JSON: {"device": ..., "copy_gbps": ..., "rows": [{"case": ..., "shape": [...],
"median_ms": ..., "min_ms": ..., "gbps": ...}, ...]}
"""
import json
import os
import math
import sys

try:
    import torch
except ImportError:
    sys.exit("torch_algos_bench: PyTorch is not installed here")

from torch_timing import case_args, copy_bandwidth, time_ms


def random(shape, dtype):
    if dtype.is_complex:
        return torch.randn(shape, dtype=dtype, device="cuda")
    return torch.rand(shape, dtype=dtype, device="cuda")


def nbytes(t):
    return t.numel() * t.element_size()


# Each case: the input's shape and dtype, the operation, and how many bytes
# it moves (read + write) given the input.
CASES = {
    "transpose_c64_8192x8192": (
        (8192, 8192), torch.complex64,
        lambda x: x.t().contiguous(), lambda x: 2 * nbytes(x)),
    "transpose_f32_16384x8192": (
        (16384, 8192), torch.float32,
        lambda x: x.t().contiguous(), lambda x: 2 * nbytes(x)),
    "permute201_c64_256x256x256": (
        (256, 256, 256), torch.complex64,
        lambda x: x.permute(2, 0, 1).contiguous(), lambda x: 2 * nbytes(x)),
    "sum_f32_2^27": (
        (1 << 27,), torch.float32,
        lambda x: x.sum(), lambda x: nbytes(x)),
    "sum_rows_f32_8192x16384": (
        (8192, 16384), torch.float32,
        lambda x: x.sum(dim=1), lambda x: nbytes(x)),
    "sum_cols_f32_8192x16384": (
        (8192, 16384), torch.float32,
        lambda x: x.sum(dim=0), lambda x: nbytes(x)),
    "cumsum_f32_2^27": (
        (1 << 27,), torch.float32,
        lambda x: torch.cumsum(x, 0), lambda x: 2 * nbytes(x)),
    "cumsum_rows_f32_8192x16384": (
        (8192, 16384), torch.float32,
        lambda x: torch.cumsum(x, 1), lambda x: 2 * nbytes(x)),
    "fftshift_c64_8192x8192": (
        (8192, 8192), torch.complex64,
        lambda x: torch.fft.fftshift(x), lambda x: 2 * nbytes(x)),
}


# The cases have their own sizes at this --mib; shrinking leaves an axis
# no shorter than MIN_SIDE.
FULL_MIB = 512
MIN_SIDE = 16


def sized_shape(shape, mib):
    """Returns shape at mib MiB per array: the same at FULL_MIB, and otherwise
    smaller by the power of two nearest to FULL_MIB / mib, taken from the
    leading axes first, each axis halved while it stays at least MIN_SIDE
    long (the rule of reikna bench --algos)."""
    shape = list(shape)
    shrink = 1 << max(math.floor(math.log2(FULL_MIB / mib) + 0.5), 0)
    for i in range(len(shape)):
        while shrink > 1 and shape[i] % 2 == 0 and shape[i] // 2 >= MIN_SIDE:
            shape[i] //= 2
            shrink //= 2
    return shape


def main(cases=CASES, doc=__doc__, make_input=random, check=None):
    """Times the named cases of cases (name: shape, dtype, operation, bytes
    moved given the input) on inputs that make_input(shape, dtype) makes,
    as the command line asks; doc is the script's documentation. Where
    check is given, check(name, x, y) first judges the case's result y on
    its input x and returns fields for its row: one named "wrong" says why
    the result is wrong, and the case is then not timed, and the exit
    status is 1."""
    prog = os.path.basename(sys.argv[0])
    args, names = case_args(doc.split("\n")[0], cases, FULL_MIB)
    if not torch.cuda.is_available():
        sys.exit(f"{prog}: no CUDA device")
    copy = copy_bandwidth(512 << 20)
    print(f"device copy: {copy:.0f} GB/s")
    rows = []
    wrong = 0
    for n in names:
        shape, dtype, op, moved = cases[n]
        shape = sized_shape(shape, args.mib)
        xs = [make_input(shape, dtype) for _ in range(2)]
        fields = check(n, xs[0], op(xs[0])) if check else {}
        if fields.get("wrong"):
            wrong += 1
            rows.append({"case": n, "shape": shape, **fields})
            print(f"{n:32s} WRONG: {fields['wrong']}")
            del xs
            torch.cuda.empty_cache()
            continue
        state = {"i": 0}

        def call():
            state["i"] ^= 1
            return op(xs[state["i"]])

        med, mn = time_ms(call)
        gbps = moved(xs[0]) / (med * 1e-3) / 1e9
        rows.append({"case": n, "shape": shape, "median_ms": med, "min_ms": mn, "gbps": gbps, **fields})
        print(f"{n:32s} {med:8.3f} ms (min {mn:.3f})  {gbps:7.0f} GB/s  {gbps / copy:5.1%} of copy")
        del xs
        torch.cuda.empty_cache()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "copy_gbps": copy, "rows": rows}, f, indent=1)
    if wrong:
        sys.exit(f"{prog}: {wrong} case(s) gave wrong results")


if __name__ == "__main__":
    main()
