#!/usr/bin/env python3
"""Times PyTorch's circular convolution by fft, multiply and ifft for comparison with reikna's Convolve.

Usage: torch_convolve_bench.py [--cases NAME,...] [--mib M] [--json FILE]

Each case convolves a batch of complex64 rows of one length (see CASES,
the shapes of `reikna bench --convolve`) with one filter of that length,
which serves every row, at --mib 512, the default; a smaller --mib shrinks
it as `reikna bench --convolve --mib M` does. A call is what reikna's call
does, unfused: torch.fft.fft of the filter, torch.fft.fft of the rows, the
product, and torch.fft.ifft. Every time is the median and minimum of 30
calls after 5 warm-up calls, measured with CUDA events, the rows
alternating between two arrays. gbps counts the rows read and written once
each. The device copy bandwidth is measured in the same run.

JSON: {"device": ..., "copy_gbps": ..., "rows": [{"case": ..., "shape": [...],
"median_ms": ..., "min_ms": ..., "gbps": ...}, ...]}
"""
import sys

try:
    import torch
except ImportError:
    sys.exit("torch_convolve_bench: PyTorch is not installed here")

import torch_algos_bench

# The row lengths of reikna's cases, each at 512 MiB of complex64 rows.
LENGTHS = (1024, 2048, 4096, 1 << 16, 1 << 20)

# One filter per row length, made once.
FILTERS = {}


def convolve(x):
    n = x.shape[-1]
    if n not in FILTERS:
        FILTERS[n] = torch.randn((1, n), dtype=torch.complex64, device="cuda")
    return torch.fft.ifft(torch.fft.fft(x, dim=-1) * torch.fft.fft(FILTERS[n], dim=-1), dim=-1)


def moved(x):
    return 2 * x.numel() * x.element_size()


# Each case: the shape and dtype of the rows, the convolution, and the bytes
# it moves.
CASES = {
    f"circular_c64_{n}": (((512 << 20 >> 3) // n, n), torch.complex64, convolve, moved)
    for n in LENGTHS
}


if __name__ == "__main__":
    torch_algos_bench.main(CASES, __doc__, torch_algos_bench.random)
