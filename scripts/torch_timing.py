"""Timing of GPU work through PyTorch's CUDA events and the copy bandwidth, and the command line
of the benchmarks of named cases, shared by the peer benchmarks (cufft_bench.py,
torch_algos_bench.py, torch_matmul_bench.py)."""
import argparse
import statistics

import torch


def time_ms(fn, reps=30, warmup=5):
    """Returns the median and the minimum in milliseconds of reps calls of
    fn, each timed by CUDA events, after warmup calls."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times), min(times)


def copy_bandwidth(nbytes):
    """Measures the device's copy bandwidth, read + write, in GB/s, by
    copying an array of nbytes bytes."""
    a = torch.empty(nbytes // 4, dtype=torch.float32, device="cuda").normal_()
    b = torch.empty_like(a)
    copy_med, _ = time_ms(lambda: b.copy_(a))
    del a, b
    torch.cuda.empty_cache()
    return 2 * nbytes / (copy_med * 1e-3) / 1e9


def case_args(description, cases, full_mib):
    """Parses the command line of a benchmark of named cases with their own
    sizes at full_mib: --cases, --mib and --json. Returns the arguments and
    the names of the cases chosen."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--cases", default=",".join(cases), help="comma-separated case names")
    ap.add_argument("--mib", type=float, default=full_mib,
                    help=f"MiB per array: the cases' own sizes at {full_mib}, smaller below (default {full_mib})")
    ap.add_argument("--json", help="write the rows to this file")
    args = ap.parse_args()
    if not 0 < args.mib <= full_mib:
        ap.error(f"--mib {args.mib:g}: the cases have their own sizes at {full_mib}, and shrink below it")
    names = args.cases.split(",")
    for n in names:
        if n not in cases:
            ap.error(f"--cases: unknown case {n!r}; known: {', '.join(cases)}")
    return args, names
