// Package core holds the machinery of computations and transformations
// (reikna's core): parameter types and signatures, the transformation tree
// that Connect builds, the plan a computation fills when it is compiled,
// and the Callable that runs it.
//
// A computation declares its root parameters and a BuildFunc. Connecting a
// transformation to one of its parameters changes the signature of the
// computation: the parameter is replaced by the transformation's other
// parameters. When the computation is compiled, every transformation
// becomes an inline function chained into the loads or stores of the
// kernels that touch the parameter: no extra kernel and no extra pass over
// memory.
//
// Kernel templates print .kernel_declaration and use the load and store
// entry points of each parameter (see KernelParameter); the kernels are
// compiled as cluda static kernels, so the virtual_* size functions are
// available and each kernel starts with VIRTUAL_SKIP_THREADS.
//
// Computation.Render builds the plan for the parameters of a device
// instead of a Thread, and returns every kernel's complete source and
// launch sizes as Compile would build them, on a machine without that
// device (see cluda.ModelGPU), for reading generated code and for tests
// that keep it under review.
package core
