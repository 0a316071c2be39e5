"""scipy.fft on rows filling 8 MiB, best of 1 and 2 workers: the median of
15 calls after 3. Usage: scipy_rows.py fft|fft128|rfft SIZES (comma-separated):
fft on complex64 rows, fft128 on complex128 rows, rfft on float32 rows."""
import sys, time, statistics
import numpy as np, scipy.fft


def timed(f):
    for _ in range(3):
        f()
    ts = []
    for _ in range(15):
        s = time.perf_counter()
        f()
        ts.append((time.perf_counter() - s) * 1e3)
    return statistics.median(ts)


kind, sizes = sys.argv[1], map(int, sys.argv[2].split(","))
rng = np.random.default_rng(1)
for n in sizes:
    if kind == "rfft":
        x = rng.standard_normal((8 << 20) // 4).astype(np.float32).reshape(-1, n)
        f, label = scipy.fft.rfft, f"scipy rfft N {n}"
    else:
        item = 16 if kind == "fft128" else 8
        rows = (8 << 20) // (item * n)
        x = rng.standard_normal((rows, n)) + 1j * rng.standard_normal((rows, n))
        if kind == "fft":
            x = x.astype(np.complex64)
        f, label = scipy.fft.fft, f"scipy c128 N {n}" if kind == "fft128" else f"scipy N {n}"
    print(f"{label}: {min(timed(lambda: f(x, axis=1, workers=w)) for w in (1, 2)):.2f} ms")
