"""scipy.fft.rfft of float32 rows of 8 MiB, best of 1 and 2 workers: the median of 15 calls after 3."""
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
    x = rng.standard_normal((8 << 20) // 4).astype(np.float32).reshape(-1, n)
    print(f"scipy rfft N {n}: {min(t(lambda: scipy.fft.rfft(x, axis=1, workers=w)) for w in (1, 2)):.2f} ms")
