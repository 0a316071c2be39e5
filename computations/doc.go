// Package computations holds the computations of reikna-go: PureParallel
// (elementwise code over a shape) and FFT (the fast Fourier transform over
// any axes of an array of any rank), with RFFT and IRFFT for real signals.
// Each embeds a *core.Computation, so transformations connect to its
// parameters and Compile makes it callable.
//
// FFTModule is the FFT for kernels of one's own: a module that transforms
// a row the work-group holds in local memory, so that a kernel loads,
// transforms, filters and stores in one pass over memory.
//
// Transpose, Roll, RollInPlace and FFTShift move the elements of arrays of
// any dtype, as numpy's transpose, roll, fft.fftshift and fft.ifftshift do.
// Reduce and Scan fold an array over a set of its axes with a Predicate
// (an associative operation and its empty value: PredicateSum,
// PredicateProduct, PredicateMin, PredicateMax or one made by
// NewPredicate from a snippet); EntrywiseNorm is a Reduce with the norm's
// powers fused into it. MatrixMul multiplies batches of matrices, and DHT
// transforms between the modes of the harmonic oscillator and coordinates
// with it (Harmonic, DHTSpatialGrid and DHTSpatialWeights give the mode
// functions and the grid). Convolve convolves or correlates a batch of
// signals with a filter through FFTs, in one kernel where a row fits a
// work-group.
//
// # The shape of a computation
//
// Every computation here reads in three parts:
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
// The FFT is the model. NewFFT (fft.go) takes the parameters; the package
// internal/fftplan turns shape, axes and fftplan.Limits into passes,
// radices, work-groups and tables, and holds the one rule that replans a
// kernel the device refuses (fftplan.Replan); fft_bodyplan.go reads one
// kernel of that plan into the numbers of fftBody (fft_body.go); and
// templates/fft.cl, fft_local.cl and fft_register.cl write the kernel from
// them, in named sub-templates (load, butterfly, exchange, store). The
// straight-line butterflies are modules (fft_butterfly_module.go). RFFT and
// IRFFT (rfft.go, rfft_axis.go) run the FFT's kernels with hooks on their
// ends (rfft_hooks.go, templates/rfft_hooks.cl) that are off in a complex
// FFT.
package computations
