// Package computations holds the computations of reikna-go: PureParallel
// (elementwise code over a shape) and FFT (the fast Fourier transform over
// any axes of an array of any rank). Each embeds a *core.Computation, so
// transformations connect to its parameters and Compile makes it callable.
package computations
