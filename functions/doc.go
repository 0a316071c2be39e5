// Package functions provides the CLUDA function modules of reikna's
// reikna.cluda.functions: OpenCL C has no complex type and no operators on
// float2 that mean complex arithmetic, so kernels that work on complex
// values call small functions that this package generates for the dtypes at
// hand.
//
// Each function returns a [snippets.Module] whose prefix is the name of one
// C function, so that a kernel template that has the module among its render
// arguments calls it as
//
//	dest[i] = {{ .mul }}(a[i], b[i]);
//
// with mul = functions.MustMul(dtypes.Complex64, dtypes.Complex64):
//
//	Mul, MulOut     product of any number of real and complex values
//	Add, AddOut     sum of any number of real and complex values
//	Div, DivOut     quotient of two real or complex values
//	Conj            complex conjugate (the identity on reals)
//	Cast            conversion between dtypes (complex to real excepted)
//	Norm            |z|², of the real dtype, for a complex z; x·x for a real x
//	Exp             exponential of a real or complex value
//	Pow, PowOut     a real, complex or integer value to an integer or real power
//	Polar           ρe^{iθ} from real ρ and θ
//	PolarUnit       e^{iθ} from a real θ
//
// The functions are WITHIN_KERNEL INLINE, take their arguments by value and
// build complex results with COMPLEX_CTR. Mixed operands are converted
// explicitly to the precision the operation is done in (see [MulOut]): the
// product of an int32 and a float32, a float64 by numpy's rules, is
// computed in double precision, where C would multiply an int by a float in
// single precision.
//
// # Errors and caching
//
// Arguments that make no sense (no dtypes, an invalid dtype, an integer for
// Exp or Polar, a complex value cast to a real dtype, ...) give an error
// that names the Go function and the dtypes, such as
//
//	functions: Cast: cannot cast complex64 to float32
//
// and each function has a Must variant that panics instead.
//
// The same arguments always return the same *snippets.Module, from a cache
// shared by all goroutines, and the renderer emits a module once however
// many templates and modules use it: a kernel that uses Mul(complex64,
// complex64) directly and through Pow(complex64, int32) has one copy of it.
// Mul(a, b) and MulOut(dtypes.ResultType(a, b), a, b) are the same module.
//
// # Precision
//
// The modules use the precise OpenCL math functions (exp, sincos, pow,
// hypot, atan2), never the native_ ones, also when a program is compiled
// with fast math (COMPILE_FAST_MATH): the accuracy of native_sin and
// native_cos is left to the implementation and is poor far from zero on
// common GPUs, which would spoil FFT twiddles and phases silently, while
// -cl-fast-relaxed-math already lets the compiler take the shortcuts it
// knows to be safe. Double precision dtypes need a device with fp64; see
// cluda.DeviceParams.SupportsDType.
package functions
