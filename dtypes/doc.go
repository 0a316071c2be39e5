// Package dtypes describes the element types of device arrays: their sizes,
// their OpenCL C names, C literals for their values, complex and real
// counterparts, and the promotion rules that combine two of them.
//
// The set follows numpy's numeric types as reikna uses them: signed and
// unsigned integers of 8 to 64 bits, float32, float64, and the complex types
// complex64 (OpenCL float2) and complex128 (OpenCL double2).
//
// # Half-precision storage
//
// Float16 (numpy's float16, OpenCL's half) and Complex32 (two halves, the
// real part first) are storage types: arrays of them hold half the bytes
// of float32 and complex64 arrays, and kernels read and write them with
// OpenCL's vload_half and vstore_half_rte built-ins, which every OpenCL 1.2
// device has, computing with the values as float32 and complex64 (see
// IsHalf and Arithmetic). On the host their elements are float16.Float16
// values of the package github.com/x448/float16 and HalfComplex values.
// The transformations FromHalf and ToHalf connect them to any computation.
//
// # Struct dtypes
//
// A struct of such numbers, of nested structs and of fixed-size arrays of
// them is a dtype too, as numpy's structured dtypes are in reikna: StructOf
// (or StructFor) makes one of a Go struct type, Struct one of a list of
// fields. Either is laid out as a C compiler lays out the struct (reikna's
// align): Fields gives each field's offset, Size and Align the struct's,
// Flatten every number inside with its C path (reikna's flatten_dtype),
// and CDefinition the typedef that kernels compile (core.CTypeModule makes
// a module of it, reikna's ctype_module). Literal writes a value of the
// struct's Go type as a C compound literal.
//
// Go lays out some structs otherwise than C (Go aligns a complex128 to 8
// bytes, C's double2 to 16): GoLayoutMatches says whether the two agree,
// and Encode and Decode convert slices of the Go type to and from the C
// layout, as cluda does when it copies arrays of structs.
package dtypes
