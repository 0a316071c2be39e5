// Package cbrng generates random numbers on the device with counter-based
// generators, as reikna's reikna.cbrng does (Salmon, Moraes, Dror and Shaw,
// "Parallel random numbers: as easy as 1, 2, 3", SC11).
//
// A counter-based generator is a keyed bijection of counters: the key
// names a stream, and the outputs for the counters 0, 1, 2, ... are the
// stream's random bits. Streams need no state beyond their counter, so
// every work-item of a kernel can run its own.
//
// The parts, each usable on its own in kernels of one's own:
//
//   - [Bijection]: Philox and Threefry of Random123 on 2 or 4 words of 32
//     or 64 bits ([Philox], [Threefry]), bit-exact against Random123's
//     known answers; its module defines the bijection and a State that
//     reads the stream of outputs 32 or 64 bits at a time.
//   - [KeyGenerator]: the keys of numbered generators, from a seed.
//   - [Sampler]: values of a distribution from a State: [UniformInteger],
//     [UniformFloat], [NormalBM] (real and complex), [Gamma] and
//     [VonMises], in single and double precision.
//   - [CBRNG]: the computation that fills an array, one generator for each
//     element of its last axes, with counters kept in an array so that the
//     next call continues the streams. Transformations connect to its
//     parameters.
//
// # The shape of the computation
//
// NewCBRNG checks the types and declares the signature (counters,
// randoms); newCBRNGPlan (cbrng_plan.go) works out from the numbers of
// values, generators and values per sampler call, and the device's
// work-group limit, how many calls each work-item makes; and
// templates/cbrng.cl is the kernel, which calls the modules of
// templates/bijection.cl, keygen.cl and samplers.cl. On OpenCL's CPU
// devices a work-item makes the values of 8 neighbouring generators in
// the lanes of vectors (templates/cbrng_lanes.cl with bijection_lanes.cl
// and samplers_lanes.cl, for the uniform float and normal samplers), every
// value and counter the same bits as the kernel of one generator a
// work-item, which the other samplers keep.
//
// # Statistics and speed
//
// The tests check every bijection against Random123's vectors
// (testdata/kat_vectors.txt), the streams of the computation bit for bit
// against the host's bijection, every sampler by the Kolmogorov–Smirnov
// (or χ²) test on 10^6 values, and that neighbouring generators are
// uncorrelated. `reikna bench --random` times the uniform and normal
// float32 fills of 2^27 values beside PyTorch's uniform_ and normal_.
package cbrng
