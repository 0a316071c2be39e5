# Prototype: float64 GEMM on the FP64 tensor cores (mma.sync f64) through NVRTC (CuPy), against cuBLAS.
import cupy as cp, numpy as np, sys, time

SHAPES = {  # name: (MS, NS, KS, A regs (row, col) fn, B regs fn, C regs fn)
  "m8n8k4":  (8, 8, 4,  lambda g,t: [(g, t)],
                        lambda g,t: [(t, g)],
                        lambda g,t: [(g, 2*t), (g, 2*t+1)]),
  "m16n8k4": (16, 8, 4, lambda g,t: [(g, t), (g+8, t)],
                        lambda g,t: [(t, g)],
                        lambda g,t: [(g, 2*t), (g, 2*t+1), (g+8, 2*t), (g+8, 2*t+1)]),
  "m16n8k8": (16, 8, 8, lambda g,t: [(g, t), (g+8, t), (g, t+4), (g+8, t+4)],
                        lambda g,t: [(t, g), (t+4, g)],
                        lambda g,t: [(g, 2*t), (g, 2*t+1), (g+8, 2*t), (g+8, 2*t+1)]),
  "m16n8k8b": (16, 8, 8, lambda g,t: [(g, t), (g, t+4), (g+8, t), (g+8, t+4)],
                        lambda g,t: [(t, g), (t+4, g)],
                        lambda g,t: [(g, 2*t), (g, 2*t+1), (g+8, 2*t), (g+8, 2*t+1)]),
  "m16n8k16b": (16, 8, 16, lambda g,t: [(g + 8*(r//4), t + 4*(r%4)) for r in range(8)],
                        lambda g,t: [(t + 4*r, g) for r in range(4)],
                        lambda g,t: [(g, 2*t), (g, 2*t+1), (g+8, 2*t), (g+8, 2*t+1)]),
  "m16n8k16": (16, 8, 16, lambda g,t: [(g + 8*(r%2), t + 4*(r//2)) for r in range(8)],
                        lambda g,t: [(t + 4*r, g) for r in range(4)],
                        lambda g,t: [(g, 2*t), (g, 2*t+1), (g+8, 2*t), (g+8, 2*t+1)]),
}

def regs_expr(fn, n):
    # the fragment functions give (row, col) for symbolic g, t: evaluate with strings
    class S(str):
        def __add__(s, o): return S(f"({s}+{o})")
        __radd__ = __add__
        def __rmul__(s, o): return S(f"({o}*{s})")
        __mul__ = __rmul__
    return fn(S("g"), S("t"))

def kernel_src(shape, BM, BN, BK, WM, WN, PAD, SEC=False):
    SW = PAD < 0
    if SW:
        PAD = 0
    MS, NS, KS, fa, fb, fc = SHAPES[shape]
    A = regs_expr(fa, 0); B = regs_expr(fb, 0); Cc = regs_expr(fc, 0)
    nA, nB, nC = len(A), len(B), len(Cc)
    TM, TN = WM // MS, WN // NS
    warps = (BM // WM) * (BN // WN); threads = 32 * warps
    la, lb = BM * BK // threads, BN * BK // threads
    asm_ops = ",".join(f"%{i}" for i in range(nC))
    a_ops = ",".join(f"%{nC+i}" for i in range(nA))
    b_ops = ",".join(f"%{nC+nA+i}" for i in range(nB))
    ptxshape = shape.rstrip("b")
    mma = f'asm volatile("mma.sync.aligned.{ptxshape}.row.col.f64.f64.f64.f64 {{{asm_ops}}}, {{{a_ops}}}, {{{b_ops}}}, {{{asm_ops}}};" : ' + \
          ", ".join(f'"+d"(acc[i][j][{c}])' for c in range(nC)) + " : " + \
          ", ".join(f'"d"(fa[i][{r}])' for r in range(nA)) + ", " + ", ".join(f'"d"(fb[j][{r}])' for r in range(nB)) + ");"
    sw = (lambda k: f" ^ SWZ({k})") if SW else (lambda k: "")
    loadA = "\n".join(f"            fa[i][{r}] = sa[buf][ks + {c}][(wm + i*{MS} + {rr}){sw('ks + ' + str(c))}];" for r, (rr, c) in enumerate(A))
    loadB = "\n".join(f"            fb[j][{r}] = sb[buf][ks + {rr}][(wn + j*{NS} + {c}){sw('ks + ' + str(rr))}];" for r, (rr, c) in enumerate(B))
    aidx = "const int kk = tid % 4 + 4 * (l % 4), r = tid / 4 + 64 * (l / 4);" if SEC else f"const int kk = tid % {BK}, r = tid / {BK} + l * {threads // BK};"
    swz = "#define SWZ(k) ((((k) & 1) << 3) | (((k) >> 1) & 7))" if SW else ""
    stA = "sa[{b}][kk][r ^ SWZ(kk)]" if SW else "sa[{b}][kk][r]"
    stB = "sb[{b}][kk][c ^ SWZ(kk)]" if SW else "sb[{b}][kk][c]"
    store = "\n".join(f"            C[(size_t)(row0 + wm + i*{MS} + {rr}) * N + col0 + wn + j*{NS} + {c}] = acc[i][j][{k}];" for k, (rr, c) in enumerate(Cc))
    return f'''
{swz}
extern "C" __global__ void __launch_bounds__({threads}) dgemm(const double* __restrict__ A, const double* __restrict__ B, double* __restrict__ C, int M, int N, int K)
{{
    extern __shared__ double smem[];
    double (*sa)[{BK}][{BM} + {PAD}] = (double (*)[{BK}][{BM} + {PAD}])smem;
    double (*sb)[{BK}][{BN} + {PAD}] = (double (*)[{BK}][{BN} + {PAD}])(smem + 2 * {BK} * ({BM} + {PAD}));
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int wm = (warp / {BN // WN}) * {WM}, wn = (warp % {BN // WN}) * {WN};
    const int g = lane >> 2, t = lane & 3;
    const int row0 = blockIdx.y * {BM}, col0 = blockIdx.x * {BN};
    double acc[{TM}][{TN}][{nC}];
    #pragma unroll
    for (int i = 0; i < {TM}; i++)
        #pragma unroll
        for (int j = 0; j < {TN}; j++)
            #pragma unroll
            for (int c = 0; c < {nC}; c++) acc[i][j][c] = 0.0;
    double na[{la}], nb[{lb}];
    const int slices = K / {BK};
    #pragma unroll
    for (int l = 0; l < {la}; l++) {{ {aidx} na[l] = A[(size_t)(row0 + r) * K + kk]; }}
    #pragma unroll
    for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; nb[l] = B[(size_t)kk * N + col0 + c]; }}
    #pragma unroll
    for (int l = 0; l < {la}; l++) {{ {aidx} {stA.format(b=0)} = na[l]; }}
    #pragma unroll
    for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; {stB.format(b=0)} = nb[l]; }}
    __syncthreads();
    for (int s = 0; s < slices; s++)
    {{
        const int buf = s & 1;
        if (s + 1 < slices)
        {{
            const int k0 = (s + 1) * {BK};
            #pragma unroll
            for (int l = 0; l < {la}; l++) {{ {aidx} na[l] = A[(size_t)(row0 + r) * K + k0 + kk]; }}
            #pragma unroll
            for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; nb[l] = B[(size_t)(k0 + kk) * N + col0 + c]; }}
        }}
        #pragma unroll
        for (int ks = 0; ks < {BK}; ks += {KS})
        {{
            double fa[{TM}][{nA}], fb[{TN}][{nB}];
            #pragma unroll
            for (int i = 0; i < {TM}; i++) {{
{loadA}
            }}
            #pragma unroll
            for (int j = 0; j < {TN}; j++) {{
{loadB}
            }}
            #pragma unroll
            for (int i = 0; i < {TM}; i++)
                #pragma unroll
                for (int j = 0; j < {TN}; j++)
                    {mma}
        }}
        if (s + 1 < slices)
        {{
            #pragma unroll
            for (int l = 0; l < {la}; l++) {{ {aidx} {stA.format(b="buf ^ 1")} = na[l]; }}
            #pragma unroll
            for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; {stB.format(b="buf ^ 1")} = nb[l]; }}
        }}
        __syncthreads();
    }}
    #pragma unroll
    for (int i = 0; i < {TM}; i++)
        #pragma unroll
        for (int j = 0; j < {TN}; j++) {{
{store}
        }}
}}
''', threads

def run(shape, BM=128, BN=128, BK=16, WM=64, WN=32, PAD=0, n=4096, check=True, SEC=False):
    src, threads = kernel_src(shape, BM, BN, BK, WM, WN, PAD, SEC)
    smem = 8 * 2 * BK * (BM + BN + 2 * max(PAD, 0))
    try:
        k = cp.RawKernel(src, "dgemm", options=("--std=c++14",))
        k.compile()
        k.max_dynamic_shared_size_bytes = smem
    except Exception as e:
        print(f"{'sectors ' if SEC else ''}{shape} BM{BM} BN{BN} BK{BK} W{WM}x{WN} pad{PAD if PAD >= 0 else 'swizzle'}: compile failed: {str(e)[:300]}"); return
    if check:
        M, N, K = 2 * BM, 3 * BN, 4 * BK
        a = cp.random.rand(M, K); b = cp.random.rand(K, N); c = cp.full((M, N), cp.nan)
        k((N // BN, M // BM), (threads,), (a, b, c, np.int32(M), np.int32(N), np.int32(K)), shared_mem=smem)
        ref = a.get() @ b.get()
        err = float(np.linalg.norm(c.get() - ref) / np.linalg.norm(ref))
    else:
        err = float("nan")
    a = cp.random.rand(n, n); b = cp.random.rand(n, n); c = cp.empty((n, n))
    args = (a, b, c, np.int32(n), np.int32(n), np.int32(n))
    grid = (n // BN, n // BM)
    for _ in range(3): k(grid, (threads,), args, shared_mem=smem)
    ts = []
    for _ in range(10):
        s, e = cp.cuda.Event(), cp.cuda.Event(); s.record(); k(grid, (threads,), args, shared_mem=smem); e.record(); e.synchronize(); ts.append(cp.cuda.get_elapsed_time(s, e))
    t = sorted(ts)[5] * 1e-3
    print(f"{'sectors ' if SEC else ''}{shape} BM{BM} BN{BN} BK{BK} W{WM}x{WN} pad{PAD if PAD >= 0 else 'swizzle'}: rel err {err:.2e}, {2*n**3/t/1e12:.1f} TFLOP/s", flush=True)

def cublas(n=4096):
    a = cp.random.rand(n, n); b = cp.random.rand(n, n)
    for _ in range(3): c = a @ b
    ts = []
    for _ in range(10):
        s, e = cp.cuda.Event(), cp.cuda.Event(); s.record(); c = a @ b; e.record(); e.synchronize(); ts.append(cp.cuda.get_elapsed_time(s, e))
    t = sorted(ts)[5] * 1e-3
    print(f"cuBLAS: {2*n**3/t/1e12:.1f} TFLOP/s", flush=True)

if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "src":
        print(kernel_src(sys.argv[2], 128, 128, 16, 64, 32, 0)[0]); sys.exit()
    cublas()
    run("m16n8k16", 128, 128, 16, 64, 32, 4)
    run("m16n8k16", 128, 128, 16, 64, 32, 4, SEC=True)
    run("m16n8k16", 128, 128, 16, 64, 32, 8, SEC=True)
    run("m16n8k16", 128, 128, 16, 64, 32, 12, SEC=True)
    run("m16n8k16", 128, 128, 16, 32, 64, 4, SEC=True)
    run("m16n8k16", 128, 128, 16, 64, 32, 4)
    run("m16n8k16", 128, 128, 16, 64, 32, 4, SEC=True)
    cublas()
