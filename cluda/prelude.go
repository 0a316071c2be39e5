package cluda

import (
	"strings"
)

// preludeSource returns the macros every program is compiled with, so that
// kernel sources never spell OpenCL qualifiers themselves (reikna's CLUDA
// kernel toolbox).
func preludeSource(api API, doubleFP, fastMath bool) string {
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
	return b.String()
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
#define UNROLL_LOOP
`

// PreludeMacros lists the macros the prelude defines for every program
// (COMPILE_FAST_MATH only where fast math is asked for).
var PreludeMacros = []string{
	"KERNEL", "WITHIN_KERNEL", "GLOBAL_MEM", "LOCAL_MEM", "LOCAL_MEM_DYNAMIC", "LOCAL_MEM_ARG",
	"CONSTANT_MEM", "INLINE", "SIZE_T", "VSIZE_T", "LOCAL_BARRIER", "ALIGN", "COMPLEX_CTR", "STRUCT_CTR",
	"LOCAL_BUFFER_SIZE", "LOCAL_BUFFER", "BOUNDED_KERNEL", "UNROLL_LOOP",
}
