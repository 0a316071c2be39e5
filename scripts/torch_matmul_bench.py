#!/usr/bin/env python3
"""Times PyTorch's matrix products (cuBLAS, TF32 off but where a case asks) for comparison with reikna's MatrixMul.

Usage: torch_matmul_bench.py [--cases NAME,...] [--mib M] [--json FILE]

Each case is batch products of m×k by k×n matrices (see CASES) at --mib 512,
the default; a smaller --mib shrinks each as `reikna bench --matmul --mib M`
does (see sized), so that the two compare the same sizes. Every time is the
median and minimum of 30 calls after 5 warm-up calls, measured with CUDA
events, the operands rotating over two sets. TF32 is off, so that float32
products run in float32 as reikna's do, except in the reduced-precision
cases that reikna runs with MatrixMulOptions.Precision: tf32_4096 runs
float32 operands with TF32 allowed, bf16_4096 and f16_4096 multiply bfloat16
and half operands (cuBLAS accumulates in float32; its output is of the
operands' type, where reikna's is float32 from float32 operands). tflops counts 2·batch·m·n·k
floating-point operations per call, 8·batch·m·n·k for complex matrices.

JSON: {"device": ..., "rows": [{"case": ..., "shape": [batch, m, n, k],
"dtype": ..., "median_ms": ..., "min_ms": ..., "tflops": ...}, ...]}
"""
import json
import math
import sys

try:
    import torch
except ImportError:
    sys.exit("torch_matmul_bench: PyTorch is not installed here")

from torch_timing import case_args, time_ms

# Each case: the dtype, the sizes (batch, m, n, k) at FULL_MIB, and a
# reduced precision of the product where one is allowed ("tf32", or the
# operands' dtype bfloat16 or float16).
CASES = {
    "f32_4096": (torch.float32, (1, 4096, 4096, 4096)),
    "f32_8192": (torch.float32, (1, 8192, 8192, 8192)),
    "c64_4096": (torch.complex64, (1, 4096, 4096, 4096)),
    "f32_batch1024_64": (torch.float32, (1024, 64, 64, 64)),
    "f64_4096": (torch.float64, (1, 4096, 4096, 4096)),
    "tf32_4096": (torch.float32, (1, 4096, 4096, 4096), "tf32"),
    "bf16_4096": (torch.float32, (1, 4096, 4096, 4096), torch.bfloat16),
    "f16_4096": (torch.float32, (1, 4096, 4096, 4096), torch.float16),
}

# The cases have their own sizes at this --mib; shrinking leaves a side no
# shorter than MIN_SIDE.
FULL_MIB = 512
MIN_SIDE = 16


def sized(sizes, mib):
    """Returns the sizes (batch, m, n, k) at mib MiB per array: the same at
    FULL_MIB, and otherwise smaller by the power of two nearest to
    FULL_MIB / mib in the size of each operand: the batch halves first, down
    to one product, then the sides, each halving dividing the size by four,
    while they stay at least MIN_SIDE long (the rule of reikna bench
    --matmul)."""
    batch, m, n, k = sizes
    shrink = 1 << max(math.floor(math.log2(FULL_MIB / mib) + 0.5), 0)
    while shrink > 1 and batch > 1:
        batch //= 2
        shrink //= 2
    while shrink >= 4 and min(m, n, k) // 2 >= MIN_SIDE:
        m, n, k = m // 2, n // 2, k // 2
        shrink //= 4
    return [batch, m, n, k]


def operands(dtype, sizes, reduced=None):
    batch, m, n, k = sizes
    a = torch.randn((batch, m, k), dtype=dtype, device="cuda")
    b = torch.randn((batch, k, n), dtype=dtype, device="cuda")
    if isinstance(reduced, torch.dtype):
        a, b = a.to(reduced), b.to(reduced)
    if batch == 1:
        a, b = a[0], b[0]
    return a, b


def main():
    args, names = case_args(__doc__.split("\n")[0], CASES, FULL_MIB)
    if not torch.cuda.is_available():
        sys.exit("torch_matmul_bench: no CUDA device")
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    rows = []
    for name in names:
        dtype, full, *reduced = CASES[name]
        reduced = reduced[0] if reduced else None
        torch.backends.cuda.matmul.allow_tf32 = reduced == "tf32"
        sizes = sized(full, args.mib)
        sets = [operands(dtype, sizes, reduced) for _ in range(2)]
        state = {"i": 0}
        mul = torch.bmm if sizes[0] > 1 else torch.mm

        def call():
            state["i"] ^= 1
            return mul(*sets[state["i"]])

        med, mn = time_ms(call)
        batch, m, n, k = sizes
        flops = (8 if dtype.is_complex else 2) * batch * m * n * k
        tflops = flops / (med * 1e-3) / 1e12
        kind = reduced if reduced == "tf32" else reduced or dtype
        rows.append({"case": name, "shape": sizes, "dtype": str(kind).replace("torch.", ""),
                     "median_ms": med, "min_ms": mn, "tflops": tflops})
        print(f"{name:20s} {'×'.join(map(str, sizes)):>18s} {med:9.3f} ms (min {mn:.3f})  {tflops:7.2f} TFLOP/s")
        del sets
        torch.cuda.empty_cache()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
