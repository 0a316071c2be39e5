#!/usr/bin/env python3
"""Times PyTorch's uniform_ and normal_ fills for comparison with reikna's CBRNG.

Usage: torch_random_bench.py [--cases NAME,...] [--mib M] [--json FILE]

Each case fills an array of one fixed shape (see CASES, the shapes of
`reikna bench --random`) at --mib 512, the default; a smaller --mib shrinks
it as `reikna bench --random --mib M` does, so that the two compare the
same shapes. Every time is the median and minimum of 30 calls after 5
warm-up calls, measured with CUDA events, the fill alternating between two
arrays. gbps counts the bytes written. The device copy bandwidth is
measured in the same run.

JSON: {"device": ..., "copy_gbps": ..., "rows": [{"case": ..., "shape": [...],
"median_ms": ..., "min_ms": ..., "gbps": ...}, ...]}
"""
import sys

try:
    import torch
except ImportError:
    sys.exit("torch_random_bench: PyTorch is not installed here")

import torch_algos_bench

# The generators of reikna's cases: the last axis of each shape.
GENERATORS = 1 << 19


def written(x):
    return x.numel() * x.element_size()


def empty(shape, dtype):
    return torch.empty(shape, dtype=dtype, device="cuda")


# Each case: the shape and dtype of the array, the fill, and the bytes it
# writes.
CASES = {
    "uniform_f32_2^27": ((1 << 27 >> 19, GENERATORS), torch.float32, lambda x: x.uniform_(), written),
    "normal_f32_2^27": ((1 << 27 >> 19, GENERATORS), torch.float32, lambda x: x.normal_(), written),
    "uniform_f64_2^26": ((1 << 26 >> 19, GENERATORS), torch.float64, lambda x: x.uniform_(), written),
}


if __name__ == "__main__":
    torch_algos_bench.main(CASES, __doc__, empty)
