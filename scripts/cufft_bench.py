#!/usr/bin/env python3
"""Times batched C2C FFTs through cuFFT (PyTorch) for comparison with reikna.

Usage: cufft_bench.py [--mib 512] [--sizes 16,32,...] [--precision single|double] [--json FILE]
       cufft_bench.py --shape D0,D1,... [--axes A,B,...] [--precision single|double] [--json FILE]

For each length N the batch fills --mib MiB per array. Prints one line per
size: N, batch, median and minimum time in ms (CUDA events, after warm-up),
effective bandwidth 2*bytes/time in GB/s, and the device copy bandwidth
measured in the same run. Inputs rotate over several arrays so that no run
finds its data in the L2 cache.

With --shape, one multi-dimensional FFT (torch.fft.fftn) of an array of
exactly that shape (row-major, as numpy) over --axes (default: all), the
other axes being the batch; --sizes and --mib do not apply.
"""
import argparse
import json
import os
import sys

try:
    import torch
except ImportError:
    sys.exit("cufft_bench: PyTorch is not installed here")

from torch_timing import copy_bandwidth, time_ms


def parse_ints(ap, flag, text, least):
    """Parses a comma-separated list of whole numbers, each at least least."""
    try:
        values = [int(f) for f in text.split(",")]
    except ValueError:
        ap.error(f"{flag} {text}: want whole numbers separated by commas")
    for v in values:
        if v < least:
            ap.error(f"{flag} {text}: {v} is less than {least}")
    return values


def parse_shape(ap, args):
    """Returns the shape and axes of --shape and --axes, checked."""
    shape = parse_ints(ap, "--shape", args.shape, 1)
    if args.axes is None:
        return shape, list(range(len(shape)))
    axes = parse_ints(ap, "--axes", args.axes, 0)
    for i, a in enumerate(axes):
        if a >= len(shape):
            ap.error(f"--axes {args.axes}: the array has axes 0 to {len(shape) - 1}")
        if a in axes[:i]:
            ap.error(f"--axes {args.axes}: axis {a} is repeated")
    return shape, axes


def rotated(xs, transform):
    """Returns a call that transforms the arrays of xs in turn."""
    state = {"i": 0}

    def run():
        # No out=: PyTorch would transform into a temporary and copy.
        # The result's memory comes from PyTorch's caching allocator.
        i = state["i"] % len(xs)
        state["i"] += 1
        return transform(xs[i])

    return run


def bench_shape(shape, axes, dtype, item):
    """Times the FFT of one array of the given shape over axes."""
    nbytes = item
    for d in shape:
        nbytes *= d
    copy_bw = copy_bandwidth(max(nbytes, 64 << 20))
    print(f"device {torch.cuda.get_device_name()}: copy {copy_bw:.0f} GB/s (read + write)")
    xs = [torch.randn(*shape, dtype=dtype, device="cuda") for _ in range(2)]
    med, mn = time_ms(rotated(xs, lambda x: torch.fft.fftn(x, dim=axes)))
    bw = 2 * nbytes / (med * 1e-3) / 1e9
    dims = "x".join(str(d) for d in shape)
    print(f"shape={dims} axes={','.join(str(a) for a in axes)} median {med:8.3f} ms  min {mn:8.3f} ms  {bw:7.0f} GB/s  {100 * bw / copy_bw:5.1f}% of copy")
    return copy_bw, [{"shape": shape, "axes": axes, "median_ms": med, "min_ms": mn, "gbps": bw}]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=int, help="MiB per array that the batch of each length fills (default 512)")
    ap.add_argument("--sizes", help="comma-separated lengths (default 16 to 2^24, the powers of two)")
    ap.add_argument("--precision", default="single", choices=["single", "double"])
    ap.add_argument("--json")
    ap.add_argument("--pipeline", action="store_true",
                    help="also time PyTorch doing combine → FFT → scale → split and pad 7N/8 → FFT unfused")
    ap.add_argument("--shape", help="time one FFT of an array of exactly this row-major shape, such as 8192,8192")
    ap.add_argument("--axes", help="with --shape, the transformed axes, such as 0,1 (default: all)")
    args = ap.parse_args()
    if args.shape is not None:
        for flag, given in (("--sizes", args.sizes is not None), ("--mib", args.mib is not None), ("--pipeline", args.pipeline)):
            if given:
                ap.error(f"{flag} cannot be combined with --shape: the array is exactly that shape")
        shape, axes = parse_shape(ap, args)
    elif args.axes is not None:
        ap.error("--axes needs --shape")
    if args.mib is not None and args.mib < 1:
        ap.error(f"--mib {args.mib}: want at least 1")
    if not torch.cuda.is_available():
        sys.exit("cufft_bench: no CUDA device")
    dtype = torch.complex64 if args.precision == "single" else torch.complex128
    item = 8 if dtype == torch.complex64 else 16
    if args.shape is not None:
        copy_bw, rows = bench_shape(shape, axes, dtype, item)
        write_json(args.json, copy_bw, rows)
        return
    sizes = args.sizes or ",".join(str(1 << p) for p in range(4, 25))
    nbytes = (args.mib or 512) << 20
    copy_bw = copy_bandwidth(nbytes)
    print(f"device {torch.cuda.get_device_name()}: copy {copy_bw:.0f} GB/s (read + write)")

    rows = []
    for n in parse_ints(ap, "--sizes", sizes, 1):
        batch = max(nbytes // (n * item), 1)
        xs = [torch.randn(batch, n, dtype=dtype, device="cuda") for _ in range(2)]
        med, mn = time_ms(rotated(xs, lambda x: torch.fft.fft(x, dim=-1)))
        bw = 2 * batch * n * item / (med * 1e-3) / 1e9
        row = {"n": n, "batch": batch, "median_ms": med, "min_ms": mn, "gbps": bw}
        if args.pipeline:
            real = torch.float32 if dtype == torch.complex64 else torch.float64
            re = torch.randn(batch, n, dtype=real, device="cuda")
            im = torch.randn(batch, n, dtype=real, device="cuda")
            short = torch.randn(batch, 7 * n // 8, dtype=dtype, device="cuda")

            def combine():
                y = torch.fft.fft(torch.complex(re, im), dim=-1) * (1.0 / n)
                return y.real.contiguous(), y.imag.contiguous()

            def pad():
                return torch.fft.fft(short, n=n, dim=-1)

            row["pipelines"] = {"combine": time_ms(combine)[0] / med, "pad": time_ms(pad)[0] / med}
            del re, im, short
        rows.append(row)
        print(f"N={n:9d} batch={batch:9d} median {med:8.3f} ms  min {mn:8.3f} ms  {bw:7.0f} GB/s  {100 * bw / copy_bw:5.1f}% of copy")
        # The rows so far, so that a run stopped by its time limit keeps them.
        write_json(args.json, copy_bw, rows)
        del xs
        # Each length's plan serves it alone: a sweep of thousands of
        # lengths (gpu_compare.sh's set sweep) keeps none of them.
        torch.backends.cuda.cufft_plan_cache.clear()
        torch.cuda.empty_cache()
    write_json(args.json, copy_bw, rows)


def write_json(path, copy_bw, rows):
    """Writes the rows in the format of the peers' JSON, where path is given:
    to a file beside it, then renamed, so that the file is whole whenever
    the run stops."""
    if path:
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "copy_gbps": copy_bw, "rows": rows}, f, indent=1)
        os.replace(tmp, path)


if __name__ == "__main__":
    main()
