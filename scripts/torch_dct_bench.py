#!/usr/bin/env python3
"""Times the DCT and DST a PyTorch user builds from torch.fft, for comparison with reikna's NewDCT and NewDST.

Usage: torch_dct_bench.py [--cases NAME,...] [--mib M] [--json FILE]

PyTorch has no DCT: each case is what a user writes (see CASES, the cases
of `reikna bench --dct`), on float32 rows of one length as many as fill
512 MiB of input, or on a batch of 1024×1024 arrays over both axes, at
--mib 512, the default; a smaller --mib shrinks them as `reikna bench
--dct --mib M` does (the batch first), so that the two compare the same
shapes. The DCT-II (scipy.fft.dct's default) is Makhoul's: the reorder
v = concat(x[..., ::2], flip(x[..., 1::2])), torch.fft.rfft of v, the
twiddle multiply and the real part (the other half of the outputs from
the imaginary part, by the spectrum's symmetry); over two axes, one axis
after the other. Its inverse (scipy's idct, a DCT-III divided by 2N) runs
the same steps backwards through torch.fft.irfft; the DST-II is the
DCT-II of x·(-1)^n reversed; the DCT-IV is one complex torch.fft.fft of
N/2 points between two twiddle multiplies. The twiddles are made once per
length. Before it is timed, each case's result on the first items of its
batch is checked against scipy.fft (dct, idct, dst, dctn) in float64
where SciPy is installed: a case off by more than a relative L2 error of
1e-5 is reported wrong, not timed, and makes the exit status 1.

Every time is the median and minimum of 30 calls after 5 warm-up calls,
measured with CUDA events, the transform alternating between two inputs.
gbps counts the bytes of the float32 input and output. The device copy
bandwidth is measured in the same run.

JSON: {"device": ..., "copy_gbps": ..., "rows": [{"case": ..., "shape": [...],
"median_ms": ..., "min_ms": ..., "gbps": ..., "rel_error": ...}, ...]}
"""
import math
import sys

try:
    import torch
except ImportError:
    sys.exit("torch_dct_bench: PyTorch is not installed here")

import torch_algos_bench

# The largest relative L2 error of a checked result against SciPy.
TOLERANCE = 1e-5
# How many items of a batch the check compares.
CHECKED = 4

# Twiddle factors, signs and orders by what they are for, the length and
# the device, made once.
TABLES = {}
# Whether the check has said that SciPy is missing.
WARNED = []


def table(name, n, device, make):
    key = (name, n, device)
    if key not in TABLES:
        TABLES[key] = make().to(device)
    return TABLES[key]


def twiddles(sign, n, count, scale, device):
    """exp(sign·iπk/2n)·scale for k < count, complex64."""
    def make():
        k = torch.arange(count, dtype=torch.float64)
        return (torch.exp(sign * 1j * math.pi * k / (2 * n)) * scale).to(torch.complex64)

    return table(("twiddles", sign, count, scale), n, device, make)


def dct2(x, dim=-1):
    """scipy.fft.dct(x, type=2) along dim: Makhoul's reorder, rfft, the twiddle multiply and the real part."""
    x = x.movedim(dim, -1)
    n = x.shape[-1]
    v = torch.cat((x[..., ::2], x[..., 1::2].flip(-1)), dim=-1)
    # z[k] = exp(-iπk/2n) V[k] for k ≤ n/2; y[k] = 2 Re z[k], and
    # y[n-k] = -2 Im z[k] for 0 < k < n - n/2.
    z = torch.fft.rfft(v, dim=-1) * twiddles(-1, n, n // 2 + 1, 2, x.device)
    y = torch.cat((z.real, -z.imag[..., 1:n - n // 2].flip(-1)), dim=-1)
    return y.movedim(-1, dim)


def idct2(x):
    """scipy.fft.idct(x, type=2) along the last axis (a DCT-III divided by 2n): dct2's steps backwards through irfft."""
    n = x.shape[-1]
    h = n // 2 + 1
    # V[k] = exp(iπk/2n) (X[k] - i X[n-k]) / 2 for k ≤ n/2, X[n] = 0;
    # v = irfft(V); x[2j] = v[j], x[2j+1] = v[n-1-j].
    reversed_ = torch.cat((torch.zeros_like(x[..., :1]), x[..., n - n // 2:].flip(-1)), dim=-1)
    v = torch.fft.irfft(torch.complex(x[..., :h], -reversed_) * twiddles(1, n, h, 0.5, x.device), n=n, dim=-1)
    order = table("idct2 order", n, x.device,
                  lambda: torch.tensor([j // 2 if j % 2 == 0 else n - 1 - j // 2 for j in range(n)]))
    return v[..., order]


def dst2(x):
    """scipy.fft.dst(x, type=2) along the last axis: the DCT-II of x·(-1)^n, reversed."""
    n = x.shape[-1]
    signs = table("dst2 signs", n, x.device, lambda: torch.tensor([(-1.0) ** j for j in range(n)], dtype=torch.float32))
    return dct2(x * signs).flip(-1)


def dct4(x):
    """scipy.fft.dct(x, type=4) along the last axis (n even): one complex FFT of n/2 points between two twiddle multiplies."""
    n = x.shape[-1]
    j = lambda: torch.arange(n // 2, dtype=torch.float64)
    pre = table("dct4 pre", n, x.device, lambda: torch.exp(-1j * math.pi * (4 * j() + 1) / (4 * n)).to(torch.complex64))
    post = table("dct4 post", n, x.device, lambda: (2 * torch.exp(-1j * math.pi * j() / n)).to(torch.complex64))
    # t[j] = (x[2j] + i x[n-1-2j]) e^{-iπ(4j+1)/4n}; u = FFT(t) e^{-iπk/n};
    # y[2k] = 2 Re u[k], y[n-1-2k] = -2 Im u[k].
    u = torch.fft.fft(torch.complex(x[..., ::2], x[..., 1::2].flip(-1)) * pre, dim=-1) * post
    return torch.stack((u.real, -u.imag.flip(-1)), dim=-1).flatten(-2)


def moved(x):
    """The bytes of the float32 input x and of the output of its shape."""
    return 2 * x.numel() * x.element_size()


def rows(n):
    """The rows of length n that fill 512 MiB of float32 input at most: a power of two."""
    return 1 << (((512 << 20) // (4 * n)).bit_length() - 1)


def row_case(n, op):
    """The case of float32 rows of length n."""
    return (rows(n), n), torch.float32, op, moved


# Each case: the input's shape and dtype at 512 MiB, the transform, and
# the bytes it moves given the input.
CASES = {
    "dct2_f32_256": row_case(256, dct2),
    "dct2_f32_1000": row_case(1000, dct2),
    "dct2_f32_1024": row_case(1024, dct2),
    "dct2_f32_4096": row_case(4096, dct2),
    "dct2_f32_65536": row_case(1 << 16, dct2),
    "dct2_f32_1024x1024": ((128, 1024, 1024), torch.float32, lambda x: dct2(dct2(x, -1), -2), moved),
    "idct2_f32_4096": row_case(4096, idct2),
    "dst2_f32_4096": row_case(4096, dst2),
    "dct4_f32_4096": row_case(4096, dct4),
}

# What each case computes, as scipy.fft (module sf) computes it on a
# float64 array a whose leading axis is the batch.
REFERENCES = {
    "dct2_f32_1024x1024": lambda sf, a: sf.dctn(a, type=2, axes=(1, 2)),
    "idct2_f32_4096": lambda sf, a: sf.idct(a, type=2),
    "dst2_f32_4096": lambda sf, a: sf.dst(a, type=2),
    "dct4_f32_4096": lambda sf, a: sf.dct(a, type=4),
}


def check(name, x, y):
    """Compares y, the case's result on x, on the first CHECKED items of the
    batch with scipy.fft in float64, and returns the row's fields: the
    relative L2 error, or why the result is wrong; none without SciPy."""
    try:
        import numpy as np
        import scipy.fft as sf
    except ImportError:
        if not WARNED:
            WARNED.append(True)
            print("torch_dct_bench: no SciPy here: the results are not checked", file=sys.stderr)
        return {}
    a = x[:CHECKED].double().cpu().numpy()
    want = REFERENCES.get(name, lambda sf, a: sf.dct(a, type=2))(sf, a)
    got = y[:CHECKED].double().cpu().numpy()
    err = float(np.linalg.norm(got - want) / np.linalg.norm(want))
    if not err <= TOLERANCE:
        return {"rel_error": err, "wrong": f"relative L2 error {err:.3g} against scipy.fft, above {TOLERANCE:g}"}
    return {"rel_error": err}


if __name__ == "__main__":
    torch_algos_bench.main(CASES, __doc__, check=check)
