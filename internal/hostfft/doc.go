// Package hostfft computes discrete Fourier transforms of complex128
// sequences on the host, for the tables and references of the FFT: it is
// gonum's dsp/fourier for every length. gonum's FFT (a port of FFTPACK)
// refuses, with a panic, a length it factors into more than 13 factors
// (as 2^11·3^7·7, a length Bluestein's algorithm may choose); FFT splits
// such a length into two of fewer factors and combines their transforms
// (a step of Cooley and Tukey's algorithm).
package hostfft
