// Package dtypes describes the element types of device arrays: their sizes,
// their OpenCL C names, C literals for their values, complex and real
// counterparts, and the promotion rules that combine two of them.
//
// The set follows numpy's numeric types as reikna uses them: signed and
// unsigned integers of 8 to 64 bits, float32, float64, and the complex types
// complex64 (OpenCL float2) and complex128 (OpenCL double2).
package dtypes
