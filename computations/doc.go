// Package computations holds the computations of reikna-go other than the
// Fourier transforms: PureParallel (elementwise code over a shape), the
// movements of elements, the reductions, the matrix product and the
// transform of the harmonic oscillator's modes. Each embeds a
// *core.Computation, so transformations connect to its parameters and
// Compile makes it callable.
//
// The fast Fourier transforms, FFT, RFFT, IRFFT, FFTModule and Convolve,
// are in package computations/fft.
//
// Transpose, Roll, RollInPlace and FFTShift move the elements of arrays of
// any dtype, as numpy's transpose, roll, fft.fftshift and fft.ifftshift do.
// Reduce and Scan fold an array over a set of its axes with a Predicate
// (an associative operation and its empty value: PredicateSum,
// PredicateProduct, PredicateMin, PredicateMax or one made by
// NewPredicate from a snippet); EntrywiseNorm is a Reduce with the norm's
// powers fused into it. MatrixMul multiplies batches of matrices (through
// CUDA on the tensor cores where they take the product: float64, and
// float32 in a reduced precision the caller allows, MatrixMulPrecision),
// and DHT transforms between the modes of the harmonic oscillator and
// coordinates with it (Harmonic, DHTSpatialGrid and DHTSpatialWeights give
// the mode functions and the grid).
//
// # The shape of a computation
//
// Every computation here and in package computations/fft reads in three
// parts:
//
//   - Parameters: NewX checks the types it is given and declares the
//     signature (core.Param with core.In, core.Out, core.ScalarArg); its
//     build function runs when the computation compiles for a device.
//   - A plan of numbers: what the kernels do, worked out without a device
//     from the types and the device's limits, which come in as plain
//     numbers, and unit-tested as such.
//   - Kernel templates: every line of C is in templates/*.cl, drawn from
//     the plan's numbers and from the parameters' load and store entry
//     points; `reikna render` prints what they make.
//
// The FFT is the model: the documentation of package computations/fft
// names the files that hold each of its parts. The checks of array
// parameters and axes that both packages make are in
// internal/arrayparam.
//
// # The contract of every constructor
//
// The computations here and in package computations/fft take their
// arguments alike, and a user who has called one can call any:
//
//   - NewX(types, axes, XOptions): the array types first, then the axes
//     where the computation has them, then a struct of options whose zero
//     value is the default (FFTOptions, ReduceOptions, ScanOptions,
//     EntrywiseNormOptions, RFFTOptions, ...). A computation whose output
//     may have a layout of its own takes it as the option Output (the
//     zero Type: contiguous).
//   - Axes: nil for every axis; a negative axis counts from the end, as in
//     numpy (-1 is the last); an axis out of range or repeated is an
//     error. Axes() returns them as indices from the start.
//   - Errors: "computations: NAME: what is wrong" (for the transforms,
//     "fft: NAME: ..."), with the package and the computation named once.
//   - A dtype the device does not support is refused when the computation
//     renders or compiles for it (see core.Computation.Render), naming the
//     parameter.
//
// # Examples
//
// Each constructor has an Example that runs it on fresh data and prints
// what it computed: ExampleNewPureParallel (elementwise code over a
// shape) and ExamplePureParallelFromTransformation (a transformation run
// as a kernel of its own); ExampleNewTranspose, ExampleNewRoll,
// ExampleNewRollInPlace and ExampleNewFFTShift (moving elements);
// ExampleNewReduce, ExampleNewScan and ExampleNewEntrywiseNorm (folding an
// array), with ExampleNewPredicate and ExamplePredicate for an operation of
// one's own; ExampleNewMatrixMul (batched products) and
// ExampleMatrixMulOptions_precision (TF32 on the tensor cores); and
// ExampleNewDHT (the harmonic oscillator's modes and their grid).
package computations
