# Prototype: the float64 tensor-core GEMM of computations/matmul_mma.go with cp.async multi-stage copies
# (global -> shared without registers; STAGES slices in flight) against the register double buffer and cuBLAS.
import cupy as cp, numpy as np, sys

def src(BM, BN, BK, WM, WN, PAD, STAGES):
    TM, TN = WM // 16, WN // 8
    warps = (BM // WM) * (BN // WN); threads = 32 * warps
    la, lb = BM * BK // threads, BN * BK // threads
    fa = "\n".join(f"                fa[i][{r}] = sa[st][ks + t + {4*(r//2)}][wm + i*16 + g + {8*(r%2)}];" for r in range(8))
    fb = "\n".join(f"                fb[j][{r}] = sb[st][ks + t + {4*r}][wn + j*8 + g];" for r in range(4))
    mma = ('asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};" : '
           + ", ".join(f'"+d"(acc[i][j][{c}])' for c in range(4)) + " : "
           + ", ".join(f'"d"(fa[i][{r}])' for r in range(8)) + ", " + ", ".join(f'"d"(fb[j][{r}])' for r in range(4)) + ");")
    store = "\n".join(f"            C[(size_t)(row0 + wm + i*16 + g + {8*(c//2)}) * N + col0 + wn + j*8 + 2*t + {c%2}] = acc[i][j][{c}];" for c in range(4))
    return f'''
static __device__ __forceinline__ void cp8(void *dst, const void *src) {{
    unsigned int d = (unsigned int)__cvta_generic_to_shared(dst);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" :: "r"(d), "l"(src));
}}
extern "C" __global__ void __launch_bounds__({threads}) dgemm(const double* __restrict__ A, const double* __restrict__ B, double* __restrict__ C, int M, int N, int K)
{{
    extern __shared__ double smem[];
    double (*sa)[{BK}][{BM} + {PAD}] = (double (*)[{BK}][{BM} + {PAD}])smem;
    double (*sb)[{BK}][{BN} + {PAD}] = (double (*)[{BK}][{BN} + {PAD}])(smem + {STAGES} * {BK} * ({BM} + {PAD}));
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int wm = (warp / {BN // WN}) * {WM}, wn = (warp % {BN // WN}) * {WN};
    const int g = lane >> 2, t = lane & 3;
    const int row0 = blockIdx.y * {BM}, col0 = blockIdx.x * {BN};
    double acc[{TM}][{TN}][4];
    #pragma unroll
    for (int i = 0; i < {TM}; i++)
        #pragma unroll
        for (int j = 0; j < {TN}; j++)
            #pragma unroll
            for (int c = 0; c < 4; c++) acc[i][j][c] = 0.0;
    const int slices = K / {BK};
    #pragma unroll
    for (int p = 0; p < {STAGES - 1}; p++) {{
        if (p < slices) {{
            const int k0 = p * {BK};
            #pragma unroll
            for (int l = 0; l < {la}; l++) {{ const int kk = tid % {BK}, r = tid / {BK} + l * {threads // BK}; cp8(&sa[p][kk][r], &A[(size_t)(row0 + r) * K + k0 + kk]); }}
            #pragma unroll
            for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; cp8(&sb[p][kk][c], &B[(size_t)(k0 + kk) * N + col0 + c]); }}
        }}
        asm volatile("cp.async.commit_group;");
    }}
    for (int s = 0; s < slices; s++)
    {{
        asm volatile("cp.async.wait_group {STAGES - 2};");
        __syncthreads();
        const int st = s % {STAGES};
        {{
            const int n = s + {STAGES - 1};
            if (n < slices) {{
                const int k0 = n * {BK}, sn = n % {STAGES};
                #pragma unroll
                for (int l = 0; l < {la}; l++) {{ const int kk = tid % {BK}, r = tid / {BK} + l * {threads // BK}; cp8(&sa[sn][kk][r], &A[(size_t)(row0 + r) * K + k0 + kk]); }}
                #pragma unroll
                for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; cp8(&sb[sn][kk][c], &B[(size_t)(k0 + kk) * N + col0 + c]); }}
            }}
            asm volatile("cp.async.commit_group;");
        }}
        #pragma unroll
        for (int ks = 0; ks < {BK}; ks += 16)
        {{
            double fa[{TM}][8], fb[{TN}][4];
            #pragma unroll
            for (int i = 0; i < {TM}; i++) {{
{fa}
            }}
            #pragma unroll
            for (int j = 0; j < {TN}; j++) {{
{fb}
            }}
            #pragma unroll
            for (int i = 0; i < {TM}; i++)
                #pragma unroll
                for (int j = 0; j < {TN}; j++)
                    {mma}
        }}
    }}
    #pragma unroll
    for (int i = 0; i < {TM}; i++)
        #pragma unroll
        for (int j = 0; j < {TN}; j++) {{
{store}
        }}
}}
''', threads

def run(BM=128, BN=128, BK=16, WM=64, WN=32, PAD=4, STAGES=3, n=4096):
    code, threads = src(BM, BN, BK, WM, WN, PAD, STAGES)
    smem = 8 * STAGES * BK * (BM + BN + 2 * PAD)
    name = f"async {BM}x{BN}x{BK} W{WM}x{WN} pad{PAD} stages{STAGES} smem{smem}"
    try:
        k = cp.RawKernel(code, "dgemm", options=("--std=c++14",)); k.compile(); k.max_dynamic_shared_size_bytes = smem
    except Exception as e:
        print(f"{name}: compile failed: {str(e)[:400]}"); return
    M, N, K = 2 * BM, 3 * BN, 5 * BK
    a = cp.random.rand(M, K) - 0.5; b = cp.random.rand(K, N) - 0.5; c = cp.full((M, N), cp.nan)
    k((N // BN, M // BM), (threads,), (a, b, c, np.int32(M), np.int32(N), np.int32(K)), shared_mem=smem)
    ref = a.get() @ b.get()
    err = float(np.linalg.norm(c.get() - ref) / np.linalg.norm(ref))
    a = cp.random.rand(n, n); b = cp.random.rand(n, n); c = cp.empty((n, n))
    args = (a, b, c, np.int32(n), np.int32(n), np.int32(n))
    for _ in range(3): k((n // BN, n // BM), (threads,), args, shared_mem=smem)
    ts = []
    for _ in range(15):
        s, e = cp.cuda.Event(), cp.cuda.Event(); s.record(); k((n // BN, n // BM), (threads,), args, shared_mem=smem); e.record(); e.synchronize(); ts.append(cp.cuda.get_elapsed_time(s, e))
    t = sorted(ts)[7] * 1e-3
    print(f"{name}: rel err {err:.2e}, {2*n**3/t/1e12:.1f} TFLOP/s", flush=True)

def cublas(n=4096):
    a = cp.random.rand(n, n); b = cp.random.rand(n, n)
    for _ in range(3): c = a @ b
    ts = []
    for _ in range(15):
        s, e = cp.cuda.Event(), cp.cuda.Event(); s.record(); c = a @ b; e.record(); e.synchronize(); ts.append(cp.cuda.get_elapsed_time(s, e))
    print(f"cuBLAS float64: {2*n**3/(sorted(ts)[7]*1e-3)/1e12:.1f} TFLOP/s", flush=True)

if __name__ == "__main__":
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    import proto
    cublas()
    proto.run("m16n8k16", 128, 128, 16, 64, 32, 4)
    for cfg in [(128, 128, 16, 64, 32, 4, 2), (128, 128, 16, 64, 32, 4, 3), (128, 128, 16, 64, 32, 4, 4),
                (128, 128, 32, 64, 32, 4, 2), (128, 128, 32, 64, 32, 4, 3), (128, 128, 16, 32, 64, 4, 3),
                (128, 64, 16, 32, 32, 4, 3), (128, 64, 16, 32, 32, 4, 4), (64, 128, 16, 32, 32, 4, 4)]:
        run(*cfg)
    proto.run("m16n8k16", 128, 128, 16, 64, 32, 4)
    cublas()
