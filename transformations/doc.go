// Package transformations holds ready-made transformations (reikna's
// reikna.transformations): elementwise pieces of code that are connected
// to the parameters of a computation with core.Computation.Connect and
// fused into the loads and stores of its kernels, with no extra kernel and
// no extra pass over memory.
//
// Each constructor takes the types of the arrays and returns a
// *core.Transformation, or an error naming the constructor and what is
// wrong, such as
//
//	transformations: Cast: cannot cast complex64 to float32 (take RealPart, ImagPart or Abs)
//	transformations: Pad: input shape [10 7] is longer than output shape [8 8] on axis 0
//
// Parameters have reikna's names and order, outputs first. A
// transformation whose connector is output feeds an input parameter of a
// computation (an input transformation); one whose connector is input
// consumes an output parameter (an output transformation). Most have both
// connectors and work on either side:
//
//	out, _ := comp.Parameter("out")
//	split, err := transformations.SplitComplex(out.Type())
//	...
//	err = comp.Connect("out", split, "input", map[string]string{"real": "out_re", "imag": "out_im"})
//
// # Reikna's transformations
//
//	Copy(t)                     output, input          output = input
//	CopyBroadcasted(in, out)    output, input          input broadcast to out's shape (numpy rules); input side only
//	Cast(t, dtype)              output, input          output = (dtype)input; complex to real is an error
//	AddConst(t, c)              output, input          output = input + c
//	AddParam(t, dtype)          output, input, param   output = input + param
//	MulConst(t, c)              output, input          output = input · c
//	MulParam(t, dtype)          output, input, param   output = input · param
//	DivConst(t, c)              output, input          output = input / c
//	DivParam(t, dtype)          output, input, param   output = input / param
//	SplitComplex(t)             real, imag, input      real = Re(input), imag = Im(input)
//	CombineComplex(t)           output, real, imag     output = real + i·imag
//	NormConst(t, order)         output, input          output = |input|^order, real
//	NormParam(t)                output, input, order   output = |input|^order, real
//	Ignore(t)                   input                  discards an output
//	BroadcastConst(t, value)    output                 output = value
//	BroadcastParam(t)           output, param          output = param
//
// The arithmetic ones keep the dtype of the array (reikna's out_dtype) and
// compute with the function modules of package functions, so that real and
// complex operands mix: a real constant or parameter scales or shifts a
// complex array. Constants are printed as C literals of the array's dtype
// (of its real dtype for a real constant and a complex array), and a
// constant the dtype cannot hold exactly is an error: 1.5 for an int32
// array, 1i for a float32 one. A complex parameter needs a complex array,
// and an integer array an integer parameter.
//
// # Beyond reikna
//
//	Pad(in, out, offsets)       output, input          zero-padding to a longer shape; input side only
//	Crop(in, out, offsets)      output, input          the part of a longer array inside a shorter one; output side only
//	CenteredOffsets(a, b)                              the offsets that centre the shorter of a and b in the longer
//	RealToComplex(t)            output, input          output = input + 0i
//	RealPart(t)                 output, input          output = Re(input)
//	ImagPart(t)                 output, input          output = Im(input)
//	Abs(t)                      output, input          output = |input|, real (hypot for complex)
//	Conj(t)                     output, input          output = conj(input)
//	MulArray(t, factor, axes)   output, input, factor  output = input · factor[input's indices on axes], a window
//	FromHalf(t)                 output, input          output = input, read from a float16 or complex32 array
//	ToHalf(t)                   output, input          output = input rounded to halves, ties to even
//
// Pad and Crop work along any axes of arrays of any rank; offsets place the
// shorter array in the longer one on each axis (nil: at the start).
// MulArray multiplies by an array that varies along some axes only, such as
// a window along the last axis before an FFT; it works on either side.
// FromHalf and ToHalf let any computation of float32 or complex64 arrays,
// an FFT say, read and write arrays of half precision (dtypes.Float16 and
// dtypes.Complex32) while it computes in float32: connect FromHalf to an
// input and ToHalf to an output. The transformations that compute refuse
// arrays of those types; Copy, CopyBroadcasted, Pad, Crop, Ignore and
// BroadcastConst, which move values, take them (Copy gives a half array a
// strided layout, say).
//
// # Generated code
//
// Each transformation becomes an inline function in the kernel source, with
// a comment that names it; the connectors are read with LoadSame and
// written with StoreSame, and other arrays are indexed explicitly. For
// example, zero-padding a 5×7 array into an 8×12 one at offsets (1, 4)
// gives
//
//	if (_idx0 >= 1 && _idx0 < 6 && _idx1 >= 4 && _idx1 < 11)
//	    _result = (_mod_input_load_0(_idx0 - 1, _idx1 - 4));
//	else
//	    _result = (COMPLEX_CTR(float2)(0.0f, 0.0f));
package transformations
