"""Timing of GPU work through PyTorch's CUDA events and the copy bandwidth, shared by the peer
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


def copy_bandwidth(nbytes):
    """Measures the device's copy bandwidth, read + write, in GB/s, by
    copying an array of nbytes bytes."""
    a = torch.empty(nbytes // 4, dtype=torch.float32, device="cuda").normal_()
    b = torch.empty_like(a)
    copy_med, _ = time_ms(lambda: b.copy_(a))
    del a, b
    torch.cuda.empty_cache()
    return 2 * nbytes / (copy_med * 1e-3) / 1e9
