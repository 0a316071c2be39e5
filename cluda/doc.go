// Package cluda is the OpenCL abstraction layer of reikna-go (reikna's
// CLUDA): a Thread owns a context and an in-order queue on one device;
// Arrays carry a dtype, shape, byte strides and offset; programs are
// compiled with a prelude of portable macros (KERNEL, GLOBAL_MEM,
// LOCAL_BARRIER, ...); static kernels run over virtual sizes of any rank;
// temporary arrays share memory where their lifetimes allow.
//
// A minimal program multiplies two arrays:
//
//	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
//	...
//	prog, err := thr.Compile(`
//	KERNEL void multiply_them(GLOBAL_MEM float *dest, GLOBAL_MEM float *a, GLOBAL_MEM float *b)
//	{
//	    const SIZE_T i = get_global_id(0);
//	    dest[i] = a[i] * b[i];
//	}`, cluda.CompileOptions{})
//	k, err := prog.Kernel("multiply_them")
//	err = k.Call([]int{n}, nil, dest, a, b)
//
// RenderStatic gives the complete source and launch of a static kernel for
// the parameters of a device that need not be present, such as ModelGPU.
//
// Built programs are cached per Thread in memory, up to a bound
// (Thread.SetProgramCacheLimit), and in a directory on disk that later
// processes reuse (CacheDirEnv, CacheMaxMBEnv). The disk cache trusts
// nothing it finds: see CacheDirEnv. Conditions that do not stop the work,
// such as a cache directory that cannot be used, are reported once as
// warnings (SetWarningLogger).
//
// Element types live in the subpackage dtypes, the OpenCL binding in cl.
package cluda
