package cluda

import (
	"strings"
)

// preludeSource returns the macros every program is compiled with, so that
// kernel sources never spell OpenCL qualifiers themselves (reikna's CLUDA
// kernel toolbox). With unrollPragma an OpenCL program's UNROLL_LOOP is
// #pragma unroll where its options leave it undefined, as CUDA's is (see
// unrollsByPragma); without, it is empty.
func preludeSource(api API, doubleFP, fastMath, unrollPragma bool) string {
	if api == CUDA {
		return cudaPreludeSource(fastMath)
	}
	var b strings.Builder
	if doubleFP {
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_fp64: enable\n")
	}
	if fastMath {
		b.WriteString("#define COMPILE_FAST_MATH\n")
	}
	b.WriteString(prelude)
	if unrollPragma {
		b.WriteString("#ifndef UNROLL_LOOP\n#define UNROLL_LOOP _Pragma(\"unroll\")\n#endif\n")
	} else {
		b.WriteString("#define UNROLL_LOOP\n")
	}
	return b.String()
}

// unrollsByPragma reports whether an OpenCL program for the device of p
// asks for the loops marked UNROLL_LOOP whole: on NVIDIA's platform, whose
// compiler unrolled some of them only in part. On an H200 (128 MiB of
// complex64, BenchmarkFFT, two interleaved rounds;
// docs/benchmarks/h200-2026-11-30-opencl-unroll-ab, docs/fft-gpu-notes.md
// §56) 8 of 24 lengths whose kernels hold such loops ran 11–38% faster
// with the pragma (930 0.62, 310 0.65, 348 0.66, 46 0.74, 17 0.82), 34
// and 136 4–9% slower, the other 14 within 3%; a median of 0.99.
func (p *DeviceParams) unrollsByPragma() bool {
	return p.API != CUDA && strings.Contains(p.Vendor, "NVIDIA")
}

const prelude = `#define REIKNA_OPENCL
#define KERNEL __kernel
#define WITHIN_KERNEL
#define GLOBAL_MEM __global
#define LOCAL_MEM __local
#define LOCAL_MEM_DYNAMIC __local
#define LOCAL_MEM_ARG __local
#define CONSTANT_MEM __constant
#define INLINE inline
#define SIZE_T size_t
#define VSIZE_T size_t
#define LOCAL_BARRIER barrier(CLK_LOCAL_MEM_FENCE)
#define ALIGN(bytes) __attribute__ ((aligned(bytes)))
#define COMPLEX_CTR(T) (T)
#define STRUCT_CTR(T) (T)
#define LOCAL_BUFFER_SIZE(bytes)
#define LOCAL_BUFFER(T, name, n) __local T name[n]
#define BOUNDED_KERNEL(x, y, z) __kernel __attribute__((reqd_work_group_size(x, y, z)))
`

// PreludeMacros lists the macros the prelude defines for every program
// (COMPILE_FAST_MATH only where fast math is asked for).
var PreludeMacros = []string{
	"KERNEL", "WITHIN_KERNEL", "GLOBAL_MEM", "LOCAL_MEM", "LOCAL_MEM_DYNAMIC", "LOCAL_MEM_ARG",
	"CONSTANT_MEM", "INLINE", "SIZE_T", "VSIZE_T", "LOCAL_BARRIER", "ALIGN", "COMPLEX_CTR", "STRUCT_CTR",
	"LOCAL_BUFFER_SIZE", "LOCAL_BUFFER", "BOUNDED_KERNEL", "UNROLL_LOOP",
}
