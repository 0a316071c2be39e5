"""scipy.fft's complex128 FFT of rows of 8 MiB, best of 1 and 2 workers: the median of 15 calls after 3."""
import sys, time, statistics
import numpy as np, scipy.fft
def t(f):
    for _ in range(3): f()
    ts = []
    for _ in range(15):
        s = time.perf_counter(); f(); ts.append((time.perf_counter() - s) * 1e3)
    return statistics.median(ts)
rng = np.random.default_rng(1)
for n in map(int, sys.argv[1].split(",")):
    rows = (8 << 20) // (16 * n)
    x = rng.standard_normal((rows, n)) + 1j * rng.standard_normal((rows, n))
    print(f"scipy c128 N {n}: {min(t(lambda: scipy.fft.fft(x, axis=1, workers=w)) for w in (1, 2)):.2f} ms")
