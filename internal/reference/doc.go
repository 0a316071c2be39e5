// Package reference holds the float64 transforms that results of the
// devices are checked against, by the tests of the computations and of
// multi and by the reikna command (fft, bench): the DFT of any length
// (gonum's FFT where the length has only small prime factors, Bluestein's
// algorithm over gonum's power-of-two FFT elsewhere), its N-dimensional
// form as numpy.fft.fftn and ifftn compute it, and the relative L2 error.
package reference
