#!/usr/bin/env python3
"""Prints reikna's FFT times against cuFFT's, size by size, with the targets.

Usage: compare.py DIR, where DIR holds the JSON files gpu_compare.sh writes.
"""
import json
import os
import sys


def load(d, name):
    path = os.path.join(d, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def by_n(rows):
    return {r["n"]: r for r in rows or [] if not r.get("skipped")}


def verdict(ok):
    return "pass" if ok else "FAIL"


def main():
    d = sys.argv[1]
    pow2 = load(d, "pow2.json")
    mixed = load(d, "mixed.json")
    double = load(d, "double.json")
    pipes = load(d, "pipelines.json")
    cufft = load(d, "cufft.json") or {}
    cufft_double = load(d, "cufft_double.json") or {}
    cufft_pipes = load(d, "cufft_pipelines.json") or {}
    cu = by_n(cufft.get("rows"))
    cu2 = by_n(cufft_double.get("rows"))
    cup = by_n(cufft_pipes.get("rows"))
    print(f"device: {pow2['device']} ({pow2['platform']}, driver {pow2['driver_version']}), {pow2['date']}")
    print(f"reikna copy bandwidth {pow2['copy_bandwidth_gbs']:.0f} GB/s; cuFFT run copy {cufft.get('copy_gbps', 0):.0f} GB/s")
    print("times: median kernel time per call, ms, 512 MiB per array unless noted\n")

    fails = 0

    def row(label, n, ours, theirs, target, extra=""):
        nonlocal fails
        ratio = ours / theirs if theirs else float("nan")
        ok = theirs == 0 or ratio <= target
        if extra.startswith("!"):
            ok, extra = False, extra[1:]
        fails += 0 if ok else 1
        th = f"{theirs:8.3f}" if theirs else "     n/a"
        v = verdict(ok) if theirs or not ok else "n/a "
        print(f"{label:9s} {n:>9d} {ours:8.3f} {th} {ratio:7.2f} {target:6.2f}  {v}  {extra}")

    print(f"{'set':9s} {'N':>9s} {'reikna':>8s} {'cuFFT':>8s} {'ratio':>7s} {'target':>6s}  verdict")
    copy = pow2["copy_bandwidth_gbs"]
    for n, r in sorted(by_n(pow2["results"]).items()):
        theirs = cu.get(n, {}).get("median_ms", 0)
        extra = f"{r['copy_percent']:.0f}% of copy"
        if 16 <= n <= 8192 and r["copy_percent"] < 90:
            extra = "!" + extra + " (target 90%)"
        row("pow2", n, r["median_ms"], theirs, 1.0, extra)
    for n, r in sorted(by_n(mixed["results"]).items()):
        prime = n in (1009, 4095, 65537)
        row("bluestein" if prime else "3-5-7", n, r["median_ms"], cu.get(n, {}).get("median_ms", 0), 1.0 if prime else 1.1)
    for n, r in sorted(by_n(double["results"]).items()):
        row("double", n, r["median_ms"], cu2.get(n, {}).get("median_ms", 0), 1.1)

    print("\nfused pipelines: time against the bare FFT of the same run (PyTorch doing the same steps unfused, where measured)")
    for n, r in sorted(by_n(pipes["results"]).items()):
        for p in r.get("pipelines", []):
            if p.get("skipped"):
                continue
            target = 1.1 if p["name"].startswith("combine") else 1.0
            ok = p["ratio_to_fft"] <= target
            fails += 0 if ok else 1
            key = "combine" if p["name"].startswith("combine") else "pad"
            torch = cup.get(n, {}).get("pipelines", {}).get(key, None)
            t = f"   PyTorch {torch:.2f}x" if torch else ""
            print(f"  N={n:<9d} {p['name']:32s} {p['median_ms']:8.3f} ms  {p['ratio_to_fft']:5.2f}x bare  target {target:.1f}  {verdict(ok)}{t}")

    cold, warm = load(d, "startup_cold.json"), load(d, "startup_warm.json")
    if cold and warm:
        c, w = cold["results"][0]["plan_ms"], warm["results"][0]["plan_ms"]
        ok = w <= 50
        fails += 0 if ok else 1
        print(f"\nstart-up: plan of N=1024 (render, build or load from the program cache, tables): {c:.1f} ms in a first process, {w:.1f} ms in a second one  target 50 ms  {verdict(ok)}")
    print(f"\n{fails} target(s) missed")


if __name__ == "__main__":
    main()
