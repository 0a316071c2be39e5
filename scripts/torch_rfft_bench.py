#!/usr/bin/env python3
"""Times torch.fft.rfft for comparison with reikna's RFFT.

Usage: torch_rfft_bench.py [--cases NAME,...] [--mib M] [--json FILE]

Each case transforms float32 rows of one length along the last axis, as
many as fill 512 MiB of input (see CASES, the cases of `reikna bench
--rfft`), at --mib 512, the default; a smaller --mib shrinks them as
`reikna bench --rfft --mib M` does (the rows first), so that the two
compare the same shapes. Every time is the median and minimum of 30 calls
after 5 warm-up calls, measured with CUDA events, the transform alternating
between two inputs. gbps counts the bytes of the input and of the half
spectrum. The device copy bandwidth is measured in the same run.

JSON: {"device": ..., "copy_gbps": ..., "rows": [{"case": ..., "shape": [...],
"median_ms": ..., "min_ms": ..., "gbps": ...}, ...]}
"""
import sys

try:
    import torch
except ImportError:
    sys.exit("torch_rfft_bench: PyTorch is not installed here")

import torch_algos_bench


def moved(x):
    """The bytes of the real input x and of its half spectrum."""
    rows, n = x.shape
    return rows * (4 * n + 8 * (n // 2 + 1))


def case(n):
    """The case of rows of length n at 512 MiB of float32 input."""
    return ((1 << 27) // n, n), torch.float32, lambda x: torch.fft.rfft(x, dim=-1), moved


CASES = {
    "rfft_f32_1024": case(1 << 10),
    "rfft_f32_4096": case(1 << 12),
    "rfft_f32_65536": case(1 << 16),
    "rfft_f32_2^20": case(1 << 20),
}


if __name__ == "__main__":
    torch_algos_bench.main(CASES, __doc__)
