#!/usr/bin/env python3
"""Compare the Go reference of the DCT and DST with scipy.fft.

    REIKNA_R2R_DUMP=/tmp/r2r.json go test -run TestR2RReferenceDump ./computations/fft
    python3 scripts/r2r_reference_check.py /tmp/r2r.json

SciPy before 1.11 scales the first element of the orthonormal DST-II and
DST-III, which is not orthogonal (scipy gh-18452, fixed by gh-18613 to the
last element); on such a SciPy those cases are compared with the fixed
definition, built from orthogonalize=False.
"""
import json
import sys

import numpy as np
import scipy
import scipy.fft as sf

cases = json.load(open(sys.argv[1]))
old = tuple(int(p) for p in scipy.__version__.split(".")[:2]) < (1, 11)
bad = 0
for c in cases:
    x = np.array(c["X"])
    sine, typ, norm, inv = c["Sine"], c["Type"], c["Norm"], c["Inverse"]
    eff = {1: 1, 2: 3, 3: 2, 4: 4}[typ] if inv else typ
    if old and sine and eff in (2, 3) and norm == "ortho":
        if eff == 2:
            want = sf.dst(x, type=2, norm="ortho", orthogonalize=False)
            want[-1] /= np.sqrt(2)
        else:
            xx = x.copy()
            xx[-1] *= np.sqrt(2)
            want = sf.dst(xx, type=3, norm="ortho", orthogonalize=False)
    else:
        f = {(False, False): sf.dct, (False, True): sf.idct, (True, False): sf.dst, (True, True): sf.idst}[(sine, inv)]
        want = f(x, type=typ, norm=norm)
    err = np.max(np.abs(np.array(c["Y"]) - want)) / max(1e-300, np.max(np.abs(want)))
    if err > 1e-12:
        bad += 1
        print("mismatch:", "dst" if sine else "dct", typ, norm, "inverse" if inv else "", len(x), err)
print(f"{len(cases)} cases, {bad} mismatches (scipy {scipy.__version__})")
sys.exit(1 if bad else 0)
