// Package fft holds the fast Fourier transforms of reikna-go. FFT
// transforms a complex array of any rank over any set of its axes, batched
// over the others: it computes numpy.fft.fftn and its inverse for every
// length, by mixed radix passes where the prime factors are at most 13 (on
// GPUs 23, 31 from 256 points and through CUDA 47, 61 from 2049 points; on
// CPU devices up to 251 in looped passes), by Rader's algorithm in one
// kernel for a prime length whose predecessor is such a product (on GPUs
// where Bluestein's would pad it to three times as many points; on CPU
// devices where Bluestein's transforms are too long for one looped kernel;
// or where tuning chooses it), and by Bluestein's algorithm otherwise.
// RFFT and IRFFT
// transform real signals into their half spectra and back, as
// numpy.fft.rfftn and irfftn do. FFTModule is the FFT for kernels of one's
// own: a module that transforms a row the work-group holds in local
// memory, so that a kernel loads, transforms, filters and stores in one
// pass over memory. Convolve convolves or correlates a batch of signals
// with a filter through FFTs, in one kernel where a row fits a work-group.
// NewDCT and NewDST are the real-to-real transforms (R2R) of types I to IV
// and their inverses, as scipy.fft's dctn, dstn, idctn and idstn with
// each normalization: along each axis one FFT whose fused load and store
// gather and scatter the real data.
//
// Each computation embeds a *core.Computation, so transformations connect
// to its parameters and Compile makes it callable, and each can be nested
// in a computation of one's own by core.Plan.ComputationCall.
//
// The Examples show them at work: ExampleNewFFT transforms a signal and
// back, ExampleNewFFT_connect fuses transformations into the loads and
// stores of an FFT, ExampleNewRFFT and ExampleNewIRFFT transform real
// signals, ExampleNewFFTModule filters rows in one kernel of one's own,
// ExampleNewConvolve convolves signals with a filter, ExampleNewDCT
// transforms a cosine into its coefficient and back, ExampleNewDST a batch
// of sines into theirs, and Example_splitStep calls an FFT twice in a
// computation of one's own.
//
// # The parts of the FFT
//
// The FFT reads in the three parts that every computation of reikna-go
// reads in (see package computations). NewFFT (fft.go) takes the
// parameters. The package internal/plan turns shape, axes and the device's
// limits (plan.Limits) into passes, radices, work-groups and tables, and
// holds the one rule that replans a kernel the device refuses
// (plan.Replan). A pass of the register kernel gives each work-item the
// butterflies of every stage: as many of each as divide its registers
// evenly, or (plan.Pass.Uneven, plan.Layout) the butterflies of a stage
// in rounds over the work-items, the last round to those whose butterfly
// exists, so that any product of radices runs in one pass.
// fft_bodyplan.go reads one kernel of that plan into
// fftPass (fft_body.go), the description of the pass: what it loads, its
// sub-transforms and their stages, its pass twiddle and what it stores.
// The kind of each end (fftEndKind, fft_end.go) says how the pass loads
// and stores its elements: complex values (conjugated and scaled for the
// inverse), Bluestein's chirp, the product with Bluestein's transformed
// kernel, Rader's gather and scatter by powers of a generator
// (plan/rader.go), or the ends of a real transform. The templates templates/fft.cl,
// fft_local.cl and fft_register.cl write the kernel from it, in named
// sub-templates (load, butterfly, exchange, store); they read and write
// every element through FFT_LOAD_ELEM and FFT_STORE_ELEM, which the hooks
// of the end kinds define once, at the top of the kernel
// (templates/fft_ends.cl). The straight-line butterflies are modules
// (fft_butterfly_module.go). RFFT and IRFFT (rfft.go, rfft_axis.go) run the
// FFT's kernels with real ends (rfft_hooks.go, templates/rfft_hooks.cl),
// whose twisted stores are store variants of their own; Convolve fuses
// the product with the filter's spectrum between the stages of one kernel
// (fftPass.Fused), as Bluestein's algorithm does where its transforms
// take one pass, and on GPUs where they take several, in the turn
// (plan.Pass.Turn): the forward transform's last pass, the product and
// the first pass back in one kernel.
package fft
