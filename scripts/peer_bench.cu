// peer_bench: all-to-all of blocks between the GPUs of one host by copy
// engines (on the receiver's or the sender's stream, all at once or in
// rounds of disjoint pairs) and by kernels that write or read the peer's
// memory; per-device GB/s = bytes sent / time. Also a device's own rows
// by the driver's 2-D copy and by a kernel.
//
//	nvcc -O3 -arch=sm_90 -o peer_bench scripts/peer_bench.cu
//	./peer_bench DEVICES MIB_PER_BLOCK     # such as ./peer_bench 4 512
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <chrono>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1);} } while (0)

// copy_strided copies n units from s to d, this thread's from i on, step
// apart, U loads in flight before their stores.
template <int U>
__device__ void copy_strided(uint4 *__restrict__ d, const uint4 *__restrict__ s, size_t n, size_t i, size_t step) {
    for (; i + (U - 1) * step < n; i += U * step) {
        uint4 v[U];
#pragma unroll
        for (int k = 0; k < U; k++) v[k] = s[i + k * step];
#pragma unroll
        for (int k = 0; k < U; k++) d[i + k * step] = v[k];
    }
    for (; i < n; i += step) d[i] = s[i];
}

template <int U>
__global__ void copyk(uint4 *__restrict__ d, const uint4 *__restrict__ s, size_t n) {
    copy_strided<U>(d, s, n, blockIdx.x * (size_t)blockDim.x + threadIdx.x, (size_t)gridDim.x * blockDim.x);
}

// One kernel per device sending to every peer: block b serves destination b % P.
struct Multi { uint4 *d[8]; const uint4 *s[8]; };
template <int U>
__global__ void copymulti(Multi m, int P, size_t n) {
    int dest = blockIdx.x % P;
    size_t step = (size_t)(gridDim.x / P) * blockDim.x;
    copy_strided<U>(m.d[dest], m.s[dest], n, (blockIdx.x / P) * (size_t)blockDim.x + threadIdx.x, step);
}

// rows copy: rows of w bytes, pitches sp and dp, by 16-byte units
__global__ void rows2d(char *__restrict__ d, const char *__restrict__ s, size_t w, size_t rows, size_t dp, size_t sp) {
    size_t wu = w / 16;
    for (size_t r = blockIdx.y; r < rows; r += gridDim.y)
        for (size_t x = blockIdx.x * (size_t)blockDim.x + threadIdx.x; x < wu; x += (size_t)gridDim.x * blockDim.x)
            ((uint4 *)(d + r * dp))[x] = ((const uint4 *)(s + r * sp))[x];
}

int P; size_t B; int sms;
std::vector<char*> src, dst;       // src[d]: P blocks (block e for device e); dst[e]: P blocks (block d from d)
std::vector<std::vector<cudaStream_t>> st; // st[a][b]

void syncall() { for (int a = 0; a < P; a++) { CK(cudaSetDevice(a)); CK(cudaDeviceSynchronize()); } }

template <typename F> double timeit(F f, int runs = 7) {
    std::vector<double> t;
    for (int r = 0; r < runs + 2; r++) {
        syncall();
        auto t0 = std::chrono::steady_clock::now();
        f();
        syncall();
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (r >= 2) t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

void report(const char *name, double ms, bool own) {
    double sent = (double)B * (P - 1);
    printf("%-28s %8.3f ms  %7.1f GB/s per device%s\n", name, ms, sent / ms / 1e6, own ? " (own block too)" : "");
}

int main(int argc, char **argv) {
    P = argc > 1 ? atoi(argv[1]) : 2;
    B = (size_t)(argc > 2 ? atof(argv[2]) : 512) << 20;
    CK(cudaGetDeviceCount(&sms)); if (sms < P) { printf("%d devices\n", sms); return 1; }
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    src.resize(P); dst.resize(P); st.assign(P, std::vector<cudaStream_t>(P));
    for (int a = 0; a < P; a++) {
        CK(cudaSetDevice(a));
        for (int b = 0; b < P; b++) if (a != b) { int can; CK(cudaDeviceCanAccessPeer(&can, a, b)); if (can) CK(cudaDeviceEnablePeerAccess(b, 0)); }
        CK(cudaMalloc(&src[a], B * P)); CK(cudaMalloc(&dst[a], B * P));
        CK(cudaMemset(src[a], a + 1, B * P));
        for (int b = 0; b < P; b++) CK(cudaStreamCreateWithFlags(&st[a][b], cudaStreamNonBlocking));
    }
    printf("%d devices, %zu MiB per block, %d SMs\n", P, B >> 20, sms);
    // a device's own rows: 2-D copies within device 0 by the driver and by a kernel
    for (size_t w : {(size_t)4096, (size_t)1 << 20}) {
        size_t rows = B / w / 2; // half the block, rows 2w apart
        CK(cudaSetDevice(0));
        double ce = timeit([&] { CK(cudaMemcpy2DAsync(dst[0], w, src[0], 2 * w, w, rows, cudaMemcpyDeviceToDevice, st[0][0])); });
        double k = timeit([&] { dim3 g(std::max<size_t>(1, std::min<size_t>(w / 16 / 256, 1056)), std::min<size_t>(rows, std::max<size_t>(1, 1056 / std::max<size_t>(1, std::min<size_t>(w / 16 / 256, 1056))))); rows2d<<<g, 256, 0, st[0][0]>>>(dst[0], src[0], w, rows, w, 2 * w); });
        printf("local rows of %zu B: driver 2-D copy %.3f ms %.0f GB/s, kernel %.3f ms %.0f GB/s (read+write)\n", w, ce, 2.0 * w * rows / ce / 1e6, k, 2.0 * w * rows / k / 1e6);
    }
    // one pair, one way, by the engines
    { double ms = timeit([&] { CK(cudaMemcpyPeerAsync(dst[1], 1, src[0], 0, B, st[1][0])); });
      printf("%-28s %8.3f ms  %7.1f GB/s\n", "pair 0->1 engine (recv)", ms, B / ms / 1e6); }
    { double ms = timeit([&] { CK(cudaMemcpyPeerAsync(dst[1], 1, src[0], 0, B, st[0][1])); });
      printf("%-28s %8.3f ms  %7.1f GB/s\n", "pair 0->1 engine (send)", ms, B / ms / 1e6); }
    for (int bps : {1, 2, 4, 8}) {
        int blocks = sms * bps;
        double ms = timeit([&] { CK(cudaSetDevice(0)); copyk<4><<<blocks, 256, 0, st[0][1]>>>((uint4*)dst[1], (const uint4*)src[0], B / 16); });
        char nm[64]; snprintf(nm, 64, "pair 0->1 kwrite %d/SM", bps); printf("%-28s %8.3f ms  %7.1f GB/s\n", nm, ms, B / ms / 1e6);
    }
    auto blk = [&](char *base, int i) { return base + (size_t)i * B; };
    for (int own = 0; own < 2; own++) {
        report("a2a engines recv", timeit([&] {
            for (int e = 0; e < P; e++) for (int d = 0; d < P; d++) if (d != e || own)
                CK(cudaMemcpyPeerAsync(blk(dst[e], d), e, blk(src[d], e), d, B, st[e][d])); }), own);
        report("a2a engines send", timeit([&] {
            for (int e = 0; e < P; e++) for (int d = 0; d < P; d++) if (d != e || own)
                CK(cudaMemcpyPeerAsync(blk(dst[e], d), e, blk(src[d], e), d, B, st[d][e])); }), own);
        // In rounds of disjoint pairs: in round r device d sends to d + r,
        // every device one block out and one in at a time, all devices
        // waiting for the round before the next.
        report("a2a engines rounds", timeit([&] {
            for (int r = own ? 0 : 1; r < P; r++) {
                for (int d = 0; d < P; d++) {
                    int e = (d + r) % P;
                    CK(cudaMemcpyPeerAsync(blk(dst[e], d), e, blk(src[d], e), d, B, st[d][e]));
                }
                syncall();
            } }), own);
        for (int bps : {1, 2, 4, 8}) for (int u : {1, 4}) {
            int blocks = sms * bps;
            char nm[64];
            snprintf(nm, 64, "a2a kwrite %d/SM u%d", bps, u);
            report(nm, timeit([&] {
                for (int d = 0; d < P; d++) { CK(cudaSetDevice(d)); for (int e = 0; e < P; e++) if (d != e || own) {
                    if (u == 1) copyk<1><<<blocks, 256, 0, st[d][e]>>>((uint4*)blk(dst[e], d), (const uint4*)blk(src[d], e), B / 16);
                    else copyk<4><<<blocks, 256, 0, st[d][e]>>>((uint4*)blk(dst[e], d), (const uint4*)blk(src[d], e), B / 16); } } }), own);
            snprintf(nm, 64, "a2a kread %d/SM u%d", bps, u);
            report(nm, timeit([&] {
                for (int e = 0; e < P; e++) { CK(cudaSetDevice(e)); for (int d = 0; d < P; d++) if (d != e || own) {
                    if (u == 1) copyk<1><<<blocks, 256, 0, st[e][d]>>>((uint4*)blk(dst[e], d), (const uint4*)blk(src[d], e), B / 16);
                    else copyk<4><<<blocks, 256, 0, st[e][d]>>>((uint4*)blk(dst[e], d), (const uint4*)blk(src[d], e), B / 16); } } }), own);
            snprintf(nm, 64, "a2a kwrite-one %d/SM u%d", bps, u);
            report(nm, timeit([&] {
                for (int d = 0; d < P; d++) { CK(cudaSetDevice(d)); Multi m; int n = 0;
                    for (int e = 0; e < P; e++) if (d != e || own) { m.d[n] = (uint4*)blk(dst[e], d); m.s[n] = (const uint4*)blk(src[d], e); n++; }
                    int b = blocks / n * n;
                    if (u == 1) copymulti<1><<<b, 256, 0, st[d][d]>>>(m, n, B / 16); else copymulti<4><<<b, 256, 0, st[d][d]>>>(m, n, B / 16); } }), own);
        }
    }
    return 0;
}
