# Prototype for the opt-in reduced-precision float32 products (issue 35): TF32 (mma m16n8k8 .tf32, inputs rounded
# with cvt.rna.tf32.f32) and bf16 / fp16 inputs (mma m16n8k16 .bf16 / .f16) with float32 accumulation, against
# cuBLAS in the same mode (torch with allow_tf32, and bf16 / fp16 matmuls with float32 output through cupy).
# Same kernel structure as ../../docs/benchmarks/h200-2026-11-28-matmul-f64-mma/proto.py; fragments:
#   tf32 m16n8k8:  A a_r = (g + 8(r%2), t + 4(r/2)), r < 4; B b_r = (t + 4r, g), r < 2
#   16-bit m16n8k16: A register r holds two values, rows g + 8(r%2), cols 2t + 8(r/2) + {0,1}; B register r holds
#                    rows 2t + 8r + {0,1}, col g; C (all): (g + 8(c/2), 2t + c%2)
import cupy as cp, numpy as np, sys

def src(mode, BM, BN, BK, WM, WN, PAD):
    KS = 8 if mode == "tf32" else 16
    TM, TN = WM // 16, WN // 8
    warps = (BM // WM) * (BN // WN); threads = 32 * warps
    la, lb = BM * BK // threads, BN * BK // threads
    if mode == "tf32":
        conv = "static __device__ unsigned int cvt(float x) { unsigned int r; asm(\"cvt.rna.tf32.f32 %0, %1;\" : \"=r\"(r) : \"f\"(x)); return r; }"
        fa = "\n".join(f"                fa[i][{r}] = cvt(sa[buf][ks + t + {4*(r//2)}][wm + i*16 + g + {8*(r%2)}]);" for r in range(4))
        fb = "\n".join(f"                fb[j][{r}] = cvt(sb[buf][ks + t + {4*r}][wn + j*8 + g]);" for r in range(2))
        nA, nB, shape, ab = 4, 2, "m16n8k8", "tf32.tf32"
    else:
        ty, pk = ("__nv_bfloat16", "__floats2bfloat162_rn") if mode == "bf16" else ("__half", "__floats2half2_rn")
        conv = (f"#include <cuda_{'bf16' if mode == 'bf16' else 'fp16'}.h>\n"
                f"static __device__ unsigned int pack(float lo, float hi) {{ auto v = {pk}(lo, hi); return *(unsigned int *)&v; }}")
        fa = "\n".join(f"                fa[i][{r}] = pack(sa[buf][ks + 2*t + {8*(r//2)}][wm + i*16 + g + {8*(r%2)}], sa[buf][ks + 2*t + {8*(r//2)} + 1][wm + i*16 + g + {8*(r%2)}]);" for r in range(4))
        fb = "\n".join(f"                fb[j][{r}] = pack(sb[buf][ks + 2*t + {8*r}][wn + j*8 + g], sb[buf][ks + 2*t + {8*r} + 1][wn + j*8 + g]);" for r in range(2))
        nA, nB, shape, ab = 4, 2, "m16n8k16", ("bf16.bf16" if mode == "bf16" else "f16.f16")
    ops = lambda a, n: ",".join(f"%{a+i}" for i in range(n))
    mma = (f'asm volatile("mma.sync.aligned.{shape}.row.col.f32.{ab}.f32 {{{ops(0,4)}}}, {{{ops(4,nA)}}}, {{{ops(4+nA,nB)}}}, {{{ops(0,4)}}};" : '
           + ", ".join(f'"+f"(acc[i][j][{c}])' for c in range(4)) + " : "
           + ", ".join(f'"r"(fa[i][{r}])' for r in range(nA)) + ", " + ", ".join(f'"r"(fb[j][{r}])' for r in range(nB)) + ");")
    store = "\n".join(f"            C[(size_t)(row0 + wm + i*16 + g + {8*(c//2)}) * N + col0 + wn + j*8 + 2*t + {c%2}] = acc[i][j][{c}];" for c in range(4))
    return f'''{conv}
extern "C" __global__ void __launch_bounds__({threads}) gemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M, int N, int K)
{{
    extern __shared__ float smem[];
    float (*sa)[{BK}][{BM} + {PAD}] = (float (*)[{BK}][{BM} + {PAD}])smem;
    float (*sb)[{BK}][{BN} + {PAD}] = (float (*)[{BK}][{BN} + {PAD}])(smem + 2 * {BK} * ({BM} + {PAD}));
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int wm = (warp / {BN // WN}) * {WM}, wn = (warp % {BN // WN}) * {WN};
    const int g = lane >> 2, t = lane & 3;
    const int row0 = blockIdx.y * {BM}, col0 = blockIdx.x * {BN};
    float acc[{TM}][{TN}][4];
    for (int i = 0; i < {TM}; i++) for (int j = 0; j < {TN}; j++) for (int c = 0; c < 4; c++) acc[i][j][c] = 0.0f;
    float na[{la}], nb[{lb}];
    const int slices = K / {BK};
    for (int l = 0; l < {la}; l++) {{ const int kk = tid % {BK}, r = tid / {BK} + l * {threads // BK}; sa[0][kk][r] = A[(size_t)(row0 + r) * K + kk]; }}
    for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; sb[0][kk][c] = B[(size_t)kk * N + col0 + c]; }}
    __syncthreads();
    for (int s = 0; s < slices; s++)
    {{
        const int buf = s & 1;
        if (s + 1 < slices)
        {{
            const int k0 = (s + 1) * {BK};
            #pragma unroll
            for (int l = 0; l < {la}; l++) {{ const int kk = tid % {BK}, r = tid / {BK} + l * {threads // BK}; na[l] = A[(size_t)(row0 + r) * K + k0 + kk]; }}
            #pragma unroll
            for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; nb[l] = B[(size_t)(k0 + kk) * N + col0 + c]; }}
        }}
        #pragma unroll
        for (int ks = 0; ks < {BK}; ks += {KS})
        {{
            unsigned int fa[{TM}][{nA}], fb[{TN}][{nB}];
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
        if (s + 1 < slices)
        {{
            #pragma unroll
            for (int l = 0; l < {la}; l++) {{ const int kk = tid % {BK}, r = tid / {BK} + l * {threads // BK}; sa[buf ^ 1][kk][r] = na[l]; }}
            #pragma unroll
            for (int l = 0; l < {lb}; l++) {{ const int c = tid % {BN}, kk = tid / {BN} + l * {threads // BN}; sb[buf ^ 1][kk][c] = nb[l]; }}
        }}
        __syncthreads();
    }}
    for (int i = 0; i < {TM}; i++)
        for (int j = 0; j < {TN}; j++) {{
{store}
        }}
}}
''', threads

def rounded(x, mode):
    if mode == "tf32":
        b = x.astype(np.float32).view(np.uint32)
        return ((b + 0x1000) & 0xFFFFE000).view(np.float32)  # round to nearest, 10 mantissa bits
    if mode == "bf16":
        b = x.astype(np.float32).view(np.uint32)
        return ((b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000).view(np.float32)
    return x.astype(np.float16).astype(np.float32)

def run(mode, BM=128, BN=128, BK=32, WM=64, WN=32, PAD=4, n=4096):
    code, threads = src(mode, BM, BN, BK, WM, WN, PAD)
    smem = 4 * 2 * BK * (BM + BN + 2 * PAD)
    try:
        k = cp.RawKernel(code, "gemm", options=("--std=c++17",)); k.compile(); k.max_dynamic_shared_size_bytes = smem
    except Exception as e:
        print(f"{mode} {BM}x{BN}x{BK} W{WM}x{WN} pad{PAD}: compile failed: {str(e)[:400]}"); return
    M, N, K = 2 * BM, 3 * BN, 4 * BK
    a = cp.random.rand(M, K, dtype=cp.float32) - 0.5; b = cp.random.rand(K, N, dtype=cp.float32) - 0.5; c = cp.full((M, N), cp.nan, dtype=cp.float32)
    k((N // BN, M // BM), (threads,), (a, b, c, np.int32(M), np.int32(N), np.int32(K)), shared_mem=smem)
    ref = rounded(a.get(), mode).astype(np.float64) @ rounded(b.get(), mode).astype(np.float64)
    err = float(np.linalg.norm(c.get() - ref) / np.linalg.norm(ref))
    a = cp.random.rand(n, n, dtype=cp.float32); b = cp.random.rand(n, n, dtype=cp.float32); c = cp.empty((n, n), dtype=cp.float32)
    args = (a, b, c, np.int32(n), np.int32(n), np.int32(n))
    for _ in range(3): k((n // BN, n // BM), (threads,), args, shared_mem=smem)
    ts = []
    for _ in range(10):
        s, e = cp.cuda.Event(), cp.cuda.Event(); s.record(); k((n // BN, n // BM), (threads,), args, shared_mem=smem); e.record(); e.synchronize(); ts.append(cp.cuda.get_elapsed_time(s, e))
    t = sorted(ts)[5] * 1e-3
    print(f"{mode} {BM}x{BN}x{BK} W{WM}x{WN} pad{PAD}: rel err {err:.2e} against the rounded inputs' float64 product, {2*n**3/t/1e12:.1f} TFLOP/s", flush=True)

def peers(n=4096):
    import torch
    a = torch.rand(n, n, device="cuda"); b = torch.rand(n, n, device="cuda")
    def time(f):
        for _ in range(3): f()
        ts = []
        for _ in range(10):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True); s.record(); f(); e.record(); e.synchronize(); ts.append(s.elapsed_time(e))
        return 2 * n**3 / (sorted(ts)[5] * 1e-3) / 1e12
    torch.backends.cuda.matmul.allow_tf32 = False
    print(f"cuBLAS float32: {time(lambda: a @ b):.1f} TFLOP/s")
    torch.backends.cuda.matmul.allow_tf32 = True
    print(f"cuBLAS tf32: {time(lambda: a @ b):.1f} TFLOP/s")
    for dt in (torch.bfloat16, torch.float16):
        x, y = a.to(dt), b.to(dt)
        print(f"cuBLAS {dt} (its own output type): {time(lambda: x @ y):.1f} TFLOP/s")

if __name__ == "__main__":
    peers()
    for mode in ("tf32", "bf16", "f16"):
        for cfg in [(128, 128, 32, 64, 32, 4), (128, 128, 32, 64, 32, 8), (128, 128, 16, 64, 32, 4), (128, 256, 32, 64, 64, 4)]:
            run(mode, *cfg)
