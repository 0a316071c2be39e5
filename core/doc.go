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
// A Callable takes its arguments in the order of its Signature (Call), or
// by their names in any order (CallNamed, reikna's keyword arguments);
// both check every argument before anything is enqueued. On a Thread with
// profiling on, CallProfiled returns the time its kernels ran on the
// device, and CallProfiledKernels the time of each.
//
// Kernel templates print .KernelDeclaration and use the load and store
// entry points of each parameter (see KernelParameter). The names a
// template sees follow one convention: what core provides is capitalized,
// as Go's exported names are (.KernelDeclaration; .Idxs, the index
// variables, in the code of transformations and PureParallel; the fields
// and methods of a KernelParameter such as .CType and .LoadIdx), and the
// parameters and render arguments appear under the names the computation
// gives them (.input, .output). The kernels are
// compiled as cluda static kernels, so the virtual_* size functions are
// available and each kernel starts with VIRTUAL_SKIP_THREADS.
//
// # Generated names
//
// The C that core generates follows one naming convention, defined once
// in cnames.go: kernel arguments are _leaf_NAME for the computation's
// parameter NAME and _tempN and _persistentN for its temporary and
// persistent arrays; the current indices are _idx0, _idx1, ...
// (IndexNames), which kernels define and LoadSame and StoreSame use; the
// load and store macros take the indices _i0, _i1, ... and, for stores,
// the value _v; the function of a transformation returns _result (load)
// or receives _val (store). Templates receive these names as data
// (KernelParameter.Indices, .Idxs) and do not spell them. The load and
// store macros are drawn by templates/access.cl from the leaves, strides
// and names that Go computes.
//
// Computation.Render builds the plan for the parameters of a device
// instead of a Thread, and returns every kernel's complete source and
// launch sizes as Compile would build them, on a machine without that
// device (see cluda.ModelGPU), for reading generated code and for tests
// that keep it under review.
//
// Compile builds every kernel with the compiler's defaults; CompileWith
// takes CompileOptions for the whole computation (reikna's
// compile(thread, fast_math=...)): fast math, compiler options and
// defines, which each kernel call's KernelOptions may add to. Each set of
// options builds programs of its own in the Thread's program caches.
// RenderWith renders with the same options.
//
// # Arrays of a plan
//
// Besides the computation's parameters, a plan's kernels take temporary
// arrays (Plan.TempArray), which share memory where their uses do not
// overlap; persistent arrays (Plan.PersistentArray), uploaded from Go
// slices when the plan is compiled; and constant arrays
// (Plan.ConstantArray), small tables uploaded the same way and read from
// the device's constant memory (a CONSTANT_MEM argument). Kernels load
// all of them through the same entry points. A constant array that does
// not fit the device's constant memory, or a kernel with more constant
// arrays than the device allows, is an error that names the limit: tables
// never move to global memory unasked.
//
// CompileTemplate and CompileStaticTemplate render a kernel template with
// the modules among its render arguments and compile it on a Thread, for
// kernels outside a computation; a build error names the template and
// module of each failing line.
//
// # Calls
//
// A Callable checks every argument before it enqueues anything: arrays
// must have exactly the types of the signature (dtype, shape, strides and
// offset), be non-nil and belong to the callable's Thread, and must not
// share memory where one of them is written: no two arguments may overlap
// (cluda.SharesMemory), and no written array may overlap itself (a
// stride of 0, for instance). The one exception is the same array for a
// pair of parameters that the computation declared with AllowInPlace, as
// the FFT does for its output and input.
//
// A Callable holds temporary arrays in its Thread's temporary memory and
// persistent arrays of its own: Release it when it is no longer needed
// (with defer, typically); calls after Release fail. See the cluda
// package documentation for what else must be released and what the
// runtime's cleanups catch.
//
// # Examples
//
// ExampleNewComputation builds a computation of one's own from a plan of
// kernels, ExampleNewTransformation writes a transformation and connects
// it, ExamplePlan_ConstantArray reads a small table from constant memory,
// ExampleComputation_CompileWith compiles with fast math and defines, and
// ExampleComputation_Render and ExampleComputation_RenderWith print the
// kernels a computation makes without a device.
package core
