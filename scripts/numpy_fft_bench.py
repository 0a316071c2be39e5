#!/usr/bin/env python3
"""Times batched 1-D C2C FFTs with numpy.fft.fft for comparison with reikna.

Usage: numpy_fft_bench.py [--mib 8] [--sizes 16,256,...] [--precision single|double] [--json FILE]

For each length N the batch fills --mib MiB per array of complex64 (or
complex128 with --precision double), transformed along its rows by
numpy.fft.fft on one thread. numpy's FFT computes in float64 whatever the
input: complex64 input is converted and the output is complex128. The
figures are nevertheless those of the complex64 array (GB/s = 2 × its
bytes / median), as for the other programs. Each row is the median and
minimum of 30 timed calls (wall clock) after 5 warm-up calls, the calls
rotating over two input arrays. copy_gbps is numpy.copyto of one array
into another, read + write.
"""
import argparse
import json
import platform
import sys
import time

try:
    import numpy as np
except ImportError:
    sys.exit("numpy_fft_bench: numpy is not installed for " + sys.executable)

WARMUP_CALLS = 5
TIMED_CALLS = 30


def parse_sizes(ap, text):
    """Parses a comma-separated list of positive lengths."""
    try:
        sizes = [int(f) for f in text.split(",")]
    except ValueError:
        ap.error(f"--sizes {text}: want whole numbers separated by commas")
    for n in sizes:
        if n < 1:
            ap.error(f"--sizes {text}: {n} is not a positive length")
    return sizes


def timed(call):
    """Returns the median and minimum in ms of TIMED_CALLS calls of call(i)
    after WARMUP_CALLS, i counting the calls."""
    times = []
    for i in range(WARMUP_CALLS + TIMED_CALLS):
        t0 = time.perf_counter()
        call(i)
        if i >= WARMUP_CALLS:
            times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    mid = len(times) // 2
    median = times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2
    return median, times[0]


def device_name():
    """Returns the processor's model name."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "CPU"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mib", type=float, default=8, help="MiB per array (default 8)")
    ap.add_argument("--sizes", default="16,256,1024,4096,65536,262144,1048576,1000,1009")
    ap.add_argument("--precision", choices=["single", "double"], default="single")
    ap.add_argument("--json", help="also write the results as JSON to this file")
    args = ap.parse_args()
    if not args.mib > 0:
        ap.error(f"--mib {args.mib}: want a positive size")
    sizes = parse_sizes(ap, args.sizes)
    dtype = np.complex64 if args.precision == "single" else np.complex128
    itemsize = np.dtype(dtype).itemsize
    array_bytes = int(args.mib * (1 << 20))
    rng = np.random.default_rng(1)

    a = np.ones(array_bytes // 8, dtype=np.float64)
    b = np.empty_like(a)
    copy_ms, _ = timed(lambda i: np.copyto(b, a))
    copy = 2 * a.nbytes / (copy_ms * 1e-3) / 1e9
    del a, b
    device = device_name()
    print(f"numpy {np.__version__} fft ({device}), {np.dtype(dtype).name} input computed in float64, "
          f"one thread; copy {copy:.1f} GB/s")

    rows = []
    for n in sizes:
        batch = max(array_bytes // (n * itemsize), 1)
        xs = []
        for _ in range(2):
            re = rng.standard_normal((batch, n), dtype=np.float32 if dtype == np.complex64 else np.float64)
            im = rng.standard_normal((batch, n), dtype=re.dtype)
            xs.append((re + 1j * im).astype(dtype))
        median, least = timed(lambda i: np.fft.fft(xs[i % 2], axis=-1))
        gbps = 2 * xs[0].nbytes / (median * 1e-3) / 1e9
        rows.append({"n": n, "batch": batch, "median_ms": median, "min_ms": least, "gbps": gbps})
        print(f"{n:9d}  batch {batch:7d}  median {median:9.3f} ms  min {least:9.3f} ms  {gbps:7.2f} GB/s", flush=True)
    if args.json:
        report = {"device": device, "library": f"numpy {np.__version__}", "copy_gbps": copy, "rows": rows}
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
