// Package plan plans the FFT of package fft as numbers, without a device:
// for every transformed axis the passes of a Stockham transform
// (sub-lengths and radices), whether each runs as the register or the
// local kernel (or, on CPU devices, in lanes of 8 sub-transforms: the
// private passes of lanes.go and the looped pass of a whole transform of
// looped.go), its work-group shape and local memory rows, and the
// tables of twiddles and chirps it reads. What the plan needs to know of
// the device comes in as Limits, with the Tuning of tests and benchmarks;
// the kernels' C is written from a Plan elsewhere.
//
// A device may still refuse a kernel of a plan (too many work-items for
// the registers it needs, or a compiler that does not build it). Replan is
// the one rule for that: the caller replans the refused kernel until the
// device runs what takes its place, or Replan returns ErrNoKernel.
package plan
