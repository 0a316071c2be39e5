"""Timing of GPU work through PyTorch's CUDA events, shared by the peer
benchmarks (cufft_bench.py, torch_algos_bench.py)."""
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
