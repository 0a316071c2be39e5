#!/usr/bin/env python3
"""Times batched C2C FFTs through cuFFT (PyTorch) for comparison with reikna.

Usage: cufft_bench.py [--mib 512] [--sizes 16,32,...] [--precision single|double] [--json FILE]

For each length N the batch fills --mib MiB per array. Prints one line per
size: N, batch, median and minimum time in ms (CUDA events, after warm-up),
effective bandwidth 2*bytes/time in GB/s, and the device copy bandwidth
measured in the same run. Inputs rotate over several arrays so that no run
finds its data in the L2 cache.
"""
import argparse
import json
import statistics
import sys

try:
    import torch
except ImportError:
    sys.exit("cufft_bench: PyTorch is not installed here")


def time_ms(fn, reps=30, warmup=5):
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=int, default=512)
    ap.add_argument("--sizes", default=",".join(str(1 << p) for p in range(4, 25)))
    ap.add_argument("--precision", default="single", choices=["single", "double"])
    ap.add_argument("--json")
    ap.add_argument("--pipeline", action="store_true",
                    help="also time PyTorch doing combine → FFT → scale → split and pad 7N/8 → FFT unfused")
    args = ap.parse_args()
    if not torch.cuda.is_available():
        sys.exit("cufft_bench: no CUDA device")
    dtype = torch.complex64 if args.precision == "single" else torch.complex128
    item = 8 if dtype == torch.complex64 else 16
    nbytes = args.mib << 20

    a = torch.empty(nbytes // 4, dtype=torch.float32, device="cuda").normal_()
    b = torch.empty_like(a)
    copy_med, _ = time_ms(lambda: b.copy_(a))
    copy_bw = 2 * nbytes / (copy_med * 1e-3) / 1e9
    del a, b
    print(f"device {torch.cuda.get_device_name()}: copy {copy_bw:.0f} GB/s (read + write)")

    rows = []
    for n in [int(s) for s in args.sizes.split(",")]:
        batch = max(nbytes // (n * item), 1)
        sets = 2
        xs = [torch.randn(batch, n, dtype=dtype, device="cuda") for _ in range(sets)]
        state = {"i": 0}

        def run():
            # No out=: PyTorch would transform into a temporary and copy.
            # The result's memory comes from PyTorch's caching allocator.
            i = state["i"] % sets
            state["i"] += 1
            return torch.fft.fft(xs[i], dim=-1)

        med, mn = time_ms(run)
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
        del xs
        torch.cuda.empty_cache()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "copy_gbps": copy_bw, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
