package cluda

import (
	"fmt"
	"strings"
)

// cudaPreludeSource returns the prelude of CUDA programs: the CLUDA macros
// and the OpenCL C built-ins that kernel templates use, defined in CUDA
// C++, so that one kernel source compiles for both APIs. NVRTC compiles
// it with --device-as-default-execution-space, so that functions and
// tables without a qualifier are device code, as in OpenCL C.
//
// What it covers: the address-space and kernel qualifiers; the
// work-item functions (get_global_id, get_local_id, get_group_id,
// get_global_size, get_local_size, get_num_groups, get_work_dim);
// barrier and the memory fences with their CLK_* flags; the unsigned type
// names uchar, ushort, uint, ulong; the arithmetic operators of the vector
// types float2, float4, double2, int2 and uint2 with each other
// and with scalars; COMPLEX_CTR (CUDA's make_* functions); mad, mad24,
// mul24, mul_hi, rotate, clamp, mix, sign, select; OpenCL's two-argument
// sincos; the native_* functions; as_int, as_uint, as_float, as_long,
// as_ulong, as_double; the 32-bit atomic_* functions on (volatile) int and
// unsigned int; the half-precision storage built-ins vload_half,
// vload_half2, vloada_half2, vstore_half_rte, vstore_half2_rte and
// vstorea_half2_rte on half pointers (half is a 16-bit storage type
// converted by PTX's cvt instructions, so that no CUDA header is needed:
// NVRTC finds none without the toolkit's include directory); INFINITY, NAN, M_PI and M_PI_F. CUDA's own math
// library gives the other functions (sin, sqrt, hypot, sinpi, fmin, ...
// with float overloads). Not covered: get_work_dim, the other vload and
// vstore functions, convert_*, swizzles other than .x .y .z .w, vector
// comparisons, and local memory kernel arguments (LOCAL_MEM_ARG and
// LOCAL_MEM_DYNAMIC, OpenCL's qualifiers of such parameters, are empty,
// and a launch refuses LocalMem).
func cudaPreludeSource(fastMath bool) string {
	var b strings.Builder
	if fastMath {
		// OpenCL's compiler defines __FAST_RELAXED_MATH__ under
		// -cl-fast-relaxed-math; NVRTC has no such macro for
		// --use_fast_math, so kernels that test it see it here.
		b.WriteString("#define COMPILE_FAST_MATH\n#define __FAST_RELAXED_MATH__ 1\n")
	}
	b.WriteString(cudaPreludeHead)
	writeNatives(&b)
	b.WriteString(cudaPreludeTail)
	for _, v := range cudaVectorTypes {
		writeVectorOperators(&b, v.vector, v.scalar, v.fields)
	}
	return b.String()
}

const cudaPreludeHead = `#define REIKNA_CUDA
#define KERNEL extern "C" __global__
#define WITHIN_KERNEL __device__
#define GLOBAL_MEM
#define LOCAL_MEM __shared__
#define LOCAL_MEM_DYNAMIC
#define LOCAL_MEM_ARG
#define CONSTANT_MEM const
#define INLINE inline
#define SIZE_T size_t
#define VSIZE_T size_t
#define LOCAL_BARRIER __syncthreads()
#define ALIGN(bytes) __align__(bytes)
#define COMPLEX_CTR(T) make_##T
#define STRUCT_CTR(T) T
#define LOCAL_BUFFER_SIZE(bytes) extern "C" __device__ unsigned int reikna_local_buffer_bytes = (bytes);
#define LOCAL_BUFFER(T, name, n) extern __shared__ __align__(16) unsigned char reikna_local_buffer[]; T *const name = (T *)reikna_local_buffer
#define BOUNDED_KERNEL(x, y, z) extern "C" __global__ __launch_bounds__((x) * (y) * (z))
#ifndef UNROLL_LOOP
#define UNROLL_LOOP _Pragma("unroll")
#endif

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned short half;

#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif
#ifndef M_PI
#define M_PI 3.141592653589793115997963468544185161590576171875
#endif
#ifndef M_PI_F
#define M_PI_F 3.1415927f
#endif

__device__ inline size_t get_local_id(unsigned int dim) { return dim == 0 ? threadIdx.x : dim == 1 ? threadIdx.y : dim == 2 ? threadIdx.z : 0; }
__device__ inline size_t get_group_id(unsigned int dim) { return dim == 0 ? blockIdx.x : dim == 1 ? blockIdx.y : dim == 2 ? blockIdx.z : 0; }
__device__ inline size_t get_local_size(unsigned int dim) { return dim == 0 ? blockDim.x : dim == 1 ? blockDim.y : dim == 2 ? blockDim.z : 1; }
__device__ inline size_t get_num_groups(unsigned int dim) { return dim == 0 ? gridDim.x : dim == 1 ? gridDim.y : dim == 2 ? gridDim.z : 1; }
__device__ inline size_t get_global_id(unsigned int dim) { return get_group_id(dim) * get_local_size(dim) + get_local_id(dim); }
__device__ inline size_t get_global_size(unsigned int dim) { return get_num_groups(dim) * get_local_size(dim); }

#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
__device__ inline void barrier(int flags) { __syncthreads(); }
__device__ inline void mem_fence(int flags) { if (flags & CLK_GLOBAL_MEM_FENCE) __threadfence(); else __threadfence_block(); }
__device__ inline void read_mem_fence(int flags) { mem_fence(flags); }
__device__ inline void write_mem_fence(int flags) { mem_fence(flags); }

__device__ inline float mad(float a, float b, float c) { return a * b + c; }
__device__ inline double mad(double a, double b, double c) { return a * b + c; }
__device__ inline int mad24(int a, int b, int c) { return __mul24(a, b) + c; }
__device__ inline uint mad24(uint a, uint b, uint c) { return __umul24(a, b) + c; }
__device__ inline int mul24(int a, int b) { return __mul24(a, b); }
__device__ inline uint mul24(uint a, uint b) { return __umul24(a, b); }
__device__ inline int mul_hi(int a, int b) { return __mulhi(a, b); }
__device__ inline uint mul_hi(uint a, uint b) { return __umulhi(a, b); }
__device__ inline long mul_hi(long a, long b) { return __mul64hi(a, b); }
__device__ inline ulong mul_hi(ulong a, ulong b) { return __umul64hi(a, b); }
__device__ inline uint rotate(uint x, uint n) { return __funnelshift_l(x, x, n); }
__device__ inline int rotate(int x, int n) { return (int)__funnelshift_l((uint)x, (uint)x, (uint)n); }
__device__ inline ulong rotate(ulong x, ulong n) { n &= 63; return n == 0 ? x : (x << n) | (x >> (64 - n)); }
__device__ inline long rotate(long x, long n) { return (long)rotate((ulong)x, (ulong)n); }

__device__ inline float clamp(float x, float lo, float hi) { return fminf(fmaxf(x, lo), hi); }
__device__ inline double clamp(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }
__device__ inline int clamp(int x, int lo, int hi) { return min(max(x, lo), hi); }
__device__ inline uint clamp(uint x, uint lo, uint hi) { return min(max(x, lo), hi); }
__device__ inline float mix(float x, float y, float a) { return x + (y - x) * a; }
__device__ inline double mix(double x, double y, double a) { return x + (y - x) * a; }
__device__ inline float sign(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : isnan(x) ? 0.0f : x; }
__device__ inline double sign(double x) { return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : isnan(x) ? 0.0 : x; }
#define select(a, b, c) ((c) ? (b) : (a))

__device__ inline float sincos(float x, float *c) { float s; sincosf(x, &s, c); return s; }
__device__ inline double sincos(double x, double *c) { double s; ::sincos(x, &s, c); return s; }

`

// cudaPreludeTail follows the native_* functions in the prelude.
const cudaPreludeTail = `
__device__ inline int as_int(float x) { return __float_as_int(x); }
__device__ inline uint as_uint(float x) { return __float_as_uint(x); }
__device__ inline float as_float(int x) { return __int_as_float(x); }
__device__ inline float as_float(uint x) { return __uint_as_float(x); }
__device__ inline long as_long(double x) { return __double_as_longlong(x); }
__device__ inline ulong as_ulong(double x) { return (ulong)__double_as_longlong(x); }
__device__ inline double as_double(long x) { return __longlong_as_double(x); }
__device__ inline double as_double(ulong x) { return __longlong_as_double((long long)x); }

__device__ inline float reikna_half_to_float(half h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ inline half reikna_float_to_half(float f) { half h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h; }
__device__ inline half reikna_double_to_half(double d) { half h; asm("cvt.rn.f16.f64 %0, %1;" : "=h"(h) : "d"(d)); return h; }
__device__ inline float vload_half(size_t offset, const half *p) { return reikna_half_to_float(p[offset]); }
__device__ inline float2 vload_half2(size_t offset, const half *p) { return make_float2(reikna_half_to_float(p[2 * offset]), reikna_half_to_float(p[2 * offset + 1])); }
__device__ inline float2 vloada_half2(size_t offset, const half *p) { uint w = ((const uint *)p)[offset]; return make_float2(reikna_half_to_float((half)(w & 0xffffu)), reikna_half_to_float((half)(w >> 16))); }
__device__ inline void vstore_half_rte(float v, size_t offset, half *p) { p[offset] = reikna_float_to_half(v); }
__device__ inline void vstore_half_rte(double v, size_t offset, half *p) { p[offset] = reikna_double_to_half(v); }
__device__ inline void vstore_half2_rte(float2 v, size_t offset, half *p) { p[2 * offset] = reikna_float_to_half(v.x); p[2 * offset + 1] = reikna_float_to_half(v.y); }
__device__ inline void vstore_half2_rte(double2 v, size_t offset, half *p) { p[2 * offset] = reikna_double_to_half(v.x); p[2 * offset + 1] = reikna_double_to_half(v.y); }
__device__ inline void vstorea_half2_rte(float2 v, size_t offset, half *p) { ((uint *)p)[offset] = (uint)reikna_float_to_half(v.x) | ((uint)reikna_float_to_half(v.y) << 16); }
__device__ inline void vstorea_half2_rte(double2 v, size_t offset, half *p) { ((uint *)p)[offset] = (uint)reikna_double_to_half(v.x) | ((uint)reikna_double_to_half(v.y) << 16); }

__device__ inline int atomic_add(volatile int *p, int v) { return atomicAdd((int *)p, v); }
__device__ inline uint atomic_add(volatile uint *p, uint v) { return atomicAdd((uint *)p, v); }
__device__ inline int atomic_sub(volatile int *p, int v) { return atomicSub((int *)p, v); }
__device__ inline uint atomic_sub(volatile uint *p, uint v) { return atomicSub((uint *)p, v); }
__device__ inline int atomic_inc(volatile int *p) { return atomicAdd((int *)p, 1); }
__device__ inline uint atomic_inc(volatile uint *p) { return atomicAdd((uint *)p, 1u); }
__device__ inline int atomic_dec(volatile int *p) { return atomicSub((int *)p, 1); }
__device__ inline uint atomic_dec(volatile uint *p) { return atomicSub((uint *)p, 1u); }
__device__ inline int atomic_xchg(volatile int *p, int v) { return atomicExch((int *)p, v); }
__device__ inline uint atomic_xchg(volatile uint *p, uint v) { return atomicExch((uint *)p, v); }
__device__ inline float atomic_xchg(volatile float *p, float v) { return atomicExch((float *)p, v); }
__device__ inline int atomic_cmpxchg(volatile int *p, int cmp, int v) { return atomicCAS((int *)p, cmp, v); }
__device__ inline uint atomic_cmpxchg(volatile uint *p, uint cmp, uint v) { return atomicCAS((uint *)p, cmp, v); }
__device__ inline int atomic_min(volatile int *p, int v) { return atomicMin((int *)p, v); }
__device__ inline uint atomic_min(volatile uint *p, uint v) { return atomicMin((uint *)p, v); }
__device__ inline int atomic_max(volatile int *p, int v) { return atomicMax((int *)p, v); }
__device__ inline uint atomic_max(volatile uint *p, uint v) { return atomicMax((uint *)p, v); }
__device__ inline int atomic_and(volatile int *p, int v) { return atomicAnd((int *)p, v); }
__device__ inline uint atomic_and(volatile uint *p, uint v) { return atomicAnd((uint *)p, v); }
__device__ inline int atomic_or(volatile int *p, int v) { return atomicOr((int *)p, v); }
__device__ inline uint atomic_or(volatile uint *p, uint v) { return atomicOr((uint *)p, v); }
__device__ inline int atomic_xor(volatile int *p, int v) { return atomicXor((int *)p, v); }
__device__ inline uint atomic_xor(volatile uint *p, uint v) { return atomicXor((uint *)p, v); }
`

// cudaVectorTypes are the vector types whose OpenCL operators the CUDA
// prelude defines.
var cudaVectorTypes = []struct {
	vector, scalar string
	fields         []string
}{
	{"float2", "float", []string{"x", "y"}},
	{"float4", "float", []string{"x", "y", "z", "w"}},
	{"double2", "double", []string{"x", "y"}},
	{"int2", "int", []string{"x", "y"}},
	{"uint2", "uint", []string{"x", "y"}},
}

// writeVectorOperators writes OpenCL's component-wise operators of a
// vector type: + - * / between two vectors and between a vector and a
// scalar on either side, the compound assignments, and unary + and -.
func writeVectorOperators(b *strings.Builder, vector, scalar string, fields []string) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	each := func(expr string) string {
		parts := make([]string, len(fields))
		for i, f := range fields {
			parts[i] = strings.ReplaceAll(expr, "#", f)
		}
		return fmt.Sprintf("make_%s(%s)", vector, strings.Join(parts, ", "))
	}
	w("\n")
	for _, op := range []string{"+", "-", "*", "/"} {
		w("__device__ inline %s operator%s(%s a, %s b) { return %s; }\n", vector, op, vector, vector, each("a.# "+op+" b.#"))
		w("__device__ inline %s operator%s(%s a, %s b) { return %s; }\n", vector, op, vector, scalar, each("a.# "+op+" b"))
		w("__device__ inline %s operator%s(%s a, %s b) { return %s; }\n", vector, op, scalar, vector, each("a "+op+" b.#"))
		w("__device__ inline %s &operator%s=(%s &a, %s b) { a = a %s b; return a; }\n", vector, op, vector, vector, op)
		w("__device__ inline %s &operator%s=(%s &a, %s b) { a = a %s b; return a; }\n", vector, op, vector, scalar, op)
	}
	w("__device__ inline %s operator-(%s a) { return %s; }\n", vector, vector, each("-a.#"))
	w("__device__ inline %s operator+(%s a) { return a; }\n", vector, vector)
}

// cudaNatives are OpenCL's native_* functions of float and double: their
// names, their parameters, and their bodies for float (CUDA's fast
// intrinsics where there is one) and for double (the full functions).
var cudaNatives = []struct{ name, params, float, double string }{
	{"sin", "x", "__sinf(x)", "sin(x)"},
	{"cos", "x", "__cosf(x)", "cos(x)"},
	{"tan", "x", "__tanf(x)", "tan(x)"},
	{"exp", "x", "__expf(x)", "exp(x)"},
	{"exp2", "x", "exp2f(x)", "exp2(x)"},
	{"exp10", "x", "__exp10f(x)", "exp10(x)"},
	{"log", "x", "__logf(x)", "log(x)"},
	{"log2", "x", "__log2f(x)", "log2(x)"},
	{"log10", "x", "__log10f(x)", "log10(x)"},
	{"sqrt", "x", "sqrtf(x)", "sqrt(x)"},
	{"rsqrt", "x", "rsqrtf(x)", "rsqrt(x)"},
	{"recip", "x", "__frcp_rn(x)", "1.0 / x"},
	{"divide", "x, y", "__fdividef(x, y)", "x / y"},
	{"powr", "x, y", "__powf(x, y)", "pow(x, y)"},
}

// writeNatives writes the native_* functions of float, then those of
// double.
func writeNatives(b *strings.Builder) {
	for _, t := range []string{"float", "double"} {
		for _, n := range cudaNatives {
			params := t + " " + strings.ReplaceAll(n.params, ", ", ", "+t+" ")
			body := n.float
			if t == "double" {
				body = n.double
			}
			fmt.Fprintf(b, "__device__ inline %s native_%s(%s) { return %s; }\n", t, n.name, params, body)
		}
	}
}
