#include <dlfcn.h>
#include <string.h>

#include "cuinc.h"

void *reikna_dlopen(const char *path, char **err) {
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		const char *e = dlerror();
		*err = strdup(e != NULL ? e : "dlopen failed");
	}
	return h;
}

void *reikna_dlsym(void *lib, const char *name) { return dlsym(lib, name); }

void reikna_dlclose(void *lib) { dlclose(lib); }

CUcontext reikna_cu_context(uintptr_t h) { return (CUcontext)h; }
CUstream reikna_cu_stream(uintptr_t h) { return (CUstream)h; }

/* FN casts entry i of table f to the function pointer type of its call. */
#define FN(f, i, ret, args) ((ret(*) args)(f)[i])

/* IN_CTX makes ctx current on this thread, evaluates the call into r and
   restores the thread's previous current context. */
#define IN_CTX(f, ctx, call)                                                        \
	do {                                                                            \
		CUresult push_ = FN(f, CU_cuCtxPushCurrent_v2, CUresult, (CUcontext))(ctx); \
		if (push_ != 0) return push_ | REIKNA_CU_PUSH_FAILED;                        \
		CUresult r_ = (call);                                                       \
		CUcontext popped_;                                                          \
		FN(f, CU_cuCtxPopCurrent_v2, CUresult, (CUcontext *))(&popped_);            \
		return r_;                                                                  \
	} while (0)

CUresult reikna_cuInit(void **f, unsigned int flags) {
	return FN(f, CU_cuInit, CUresult, (unsigned int))(flags);
}

CUresult reikna_cuDriverGetVersion(void **f, int *v) {
	return FN(f, CU_cuDriverGetVersion, CUresult, (int *))(v);
}

CUresult reikna_cuGetErrorName(void **f, CUresult r, const char **s) {
	return FN(f, CU_cuGetErrorName, CUresult, (CUresult, const char **))(r, s);
}

CUresult reikna_cuGetErrorString(void **f, CUresult r, const char **s) {
	return FN(f, CU_cuGetErrorString, CUresult, (CUresult, const char **))(r, s);
}

CUresult reikna_cuDeviceGetCount(void **f, int *n) {
	return FN(f, CU_cuDeviceGetCount, CUresult, (int *))(n);
}

CUresult reikna_cuDeviceGet(void **f, CUdevice *d, int ordinal) {
	return FN(f, CU_cuDeviceGet, CUresult, (CUdevice *, int))(d, ordinal);
}

CUresult reikna_cuDeviceGetName(void **f, char *name, int len, CUdevice d) {
	return FN(f, CU_cuDeviceGetName, CUresult, (char *, int, CUdevice))(name, len, d);
}

CUresult reikna_cuDeviceGetAttribute(void **f, int *v, int attr, CUdevice d) {
	return FN(f, CU_cuDeviceGetAttribute, CUresult, (int *, int, CUdevice))(v, attr, d);
}

CUresult reikna_cuDeviceTotalMem(void **f, size_t *bytes, CUdevice d) {
	return FN(f, CU_cuDeviceTotalMem_v2, CUresult, (size_t *, CUdevice))(bytes, d);
}

/* cuCtxCreate_v2 makes the new context current; it is popped again so that
   the calling thread's current context does not change. */
CUresult reikna_cuCtxCreate(void **f, CUcontext *ctx, unsigned int flags, CUdevice d) {
	CUresult r = FN(f, CU_cuCtxCreate_v2, CUresult, (CUcontext *, unsigned int, CUdevice))(ctx, flags, d);
	if (r == 0) {
		CUcontext popped;
		FN(f, CU_cuCtxPopCurrent_v2, CUresult, (CUcontext *))(&popped);
	}
	return r;
}

CUresult reikna_cuCtxDestroy(void **f, CUcontext ctx) {
	return FN(f, CU_cuCtxDestroy_v2, CUresult, (CUcontext))(ctx);
}

CUresult reikna_cuCtxSetCurrent(void **f, CUcontext ctx) {
	return FN(f, CU_cuCtxSetCurrent, CUresult, (CUcontext))(ctx);
}

CUresult reikna_cuCtxGetCurrent(void **f, CUcontext *ctx) {
	return FN(f, CU_cuCtxGetCurrent, CUresult, (CUcontext *))(ctx);
}

CUresult reikna_cuCtxGetDevice(void **f, CUcontext ctx, CUdevice *d) {
	IN_CTX(f, ctx, FN(f, CU_cuCtxGetDevice, CUresult, (CUdevice *))(d));
}

CUresult reikna_cuCtxSynchronize(void **f, CUcontext ctx) {
	IN_CTX(f, ctx, FN(f, CU_cuCtxSynchronize, CUresult, (void))());
}

CUresult reikna_cuDevicePrimaryCtxRetain(void **f, CUcontext *ctx, CUdevice d) {
	return FN(f, CU_cuDevicePrimaryCtxRetain, CUresult, (CUcontext *, CUdevice))(ctx, d);
}

CUresult reikna_cuDevicePrimaryCtxRelease(void **f, CUdevice d) {
	return FN(f, CU_cuDevicePrimaryCtxRelease_v2, CUresult, (CUdevice))(d);
}

CUresult reikna_cuStreamCreate(void **f, CUcontext ctx, CUstream *s, unsigned int flags) {
	IN_CTX(f, ctx, FN(f, CU_cuStreamCreate, CUresult, (CUstream *, unsigned int))(s, flags));
}

CUresult reikna_cuStreamSynchronize(void **f, CUcontext ctx, CUstream s) {
	IN_CTX(f, ctx, FN(f, CU_cuStreamSynchronize, CUresult, (CUstream))(s));
}

CUresult reikna_cuStreamDestroy(void **f, CUcontext ctx, CUstream s) {
	IN_CTX(f, ctx, FN(f, CU_cuStreamDestroy_v2, CUresult, (CUstream))(s));
}

CUresult reikna_cuMemAlloc(void **f, CUcontext ctx, CUdeviceptr *p, size_t n) {
	IN_CTX(f, ctx, FN(f, CU_cuMemAlloc_v2, CUresult, (CUdeviceptr *, size_t))(p, n));
}

CUresult reikna_cuMemFree(void **f, CUcontext ctx, CUdeviceptr p) {
	IN_CTX(f, ctx, FN(f, CU_cuMemFree_v2, CUresult, (CUdeviceptr))(p));
}

CUresult reikna_cuMemAllocHost(void **f, CUcontext ctx, void **p, size_t n) {
	IN_CTX(f, ctx, FN(f, CU_cuMemAllocHost_v2, CUresult, (void **, size_t))(p, n));
}

CUresult reikna_cuMemFreeHost(void **f, CUcontext ctx, void *p) {
	IN_CTX(f, ctx, FN(f, CU_cuMemFreeHost, CUresult, (void *))(p));
}

CUresult reikna_cuMemsetD8(void **f, CUcontext ctx, CUdeviceptr p, unsigned char v, size_t n, CUstream s, int async) {
	if (async) {
		IN_CTX(f, ctx, FN(f, CU_cuMemsetD8Async, CUresult, (CUdeviceptr, unsigned char, size_t, CUstream))(p, v, n, s));
	}
	IN_CTX(f, ctx, FN(f, CU_cuMemsetD8_v2, CUresult, (CUdeviceptr, unsigned char, size_t))(p, v, n));
}

CUresult reikna_cuMemcpyHtoD(void **f, CUcontext ctx, CUdeviceptr dst, const void *src, size_t n, CUstream s, int async) {
	if (async) {
		IN_CTX(f, ctx, FN(f, CU_cuMemcpyHtoDAsync_v2, CUresult, (CUdeviceptr, const void *, size_t, CUstream))(dst, src, n, s));
	}
	IN_CTX(f, ctx, FN(f, CU_cuMemcpyHtoD_v2, CUresult, (CUdeviceptr, const void *, size_t))(dst, src, n));
}

CUresult reikna_cuMemcpyDtoH(void **f, CUcontext ctx, void *dst, CUdeviceptr src, size_t n, CUstream s, int async) {
	if (async) {
		IN_CTX(f, ctx, FN(f, CU_cuMemcpyDtoHAsync_v2, CUresult, (void *, CUdeviceptr, size_t, CUstream))(dst, src, n, s));
	}
	IN_CTX(f, ctx, FN(f, CU_cuMemcpyDtoH_v2, CUresult, (void *, CUdeviceptr, size_t))(dst, src, n));
}

CUresult reikna_cuMemcpyDtoD(void **f, CUcontext ctx, CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s, int async) {
	if (async) {
		IN_CTX(f, ctx, FN(f, CU_cuMemcpyDtoDAsync_v2, CUresult, (CUdeviceptr, CUdeviceptr, size_t, CUstream))(dst, src, n, s));
	}
	IN_CTX(f, ctx, FN(f, CU_cuMemcpyDtoD_v2, CUresult, (CUdeviceptr, CUdeviceptr, size_t))(dst, src, n));
}

/* JIT options of cuModuleLoadDataEx (CUjit_option). */
enum {
	JIT_INFO_LOG_BUFFER = 3,
	JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
	JIT_ERROR_LOG_BUFFER = 5,
	JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
};

/* reikna_cuModuleLoadData loads a module and collects the JIT's logs; on
   return *infoSize and *errorSize hold the lengths the JIT wrote. */
CUresult reikna_cuModuleLoadData(void **f, CUcontext ctx, CUmodule *m, const void *image,
	char *infoLog, size_t *infoSize, char *errorLog, size_t *errorSize) {
	int opts[4] = {JIT_INFO_LOG_BUFFER, JIT_INFO_LOG_BUFFER_SIZE_BYTES, JIT_ERROR_LOG_BUFFER, JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
	void *vals[4] = {infoLog, (void *)(uintptr_t)*infoSize, errorLog, (void *)(uintptr_t)*errorSize};
	CUresult push = FN(f, CU_cuCtxPushCurrent_v2, CUresult, (CUcontext))(ctx);
	if (push != 0) return push | REIKNA_CU_PUSH_FAILED;
	CUresult r = FN(f, CU_cuModuleLoadDataEx, CUresult, (CUmodule *, const void *, unsigned int, int *, void **))(m, image, 4, opts, vals);
	CUcontext popped;
	FN(f, CU_cuCtxPopCurrent_v2, CUresult, (CUcontext *))(&popped);
	*infoSize = (size_t)(uintptr_t)vals[1];
	*errorSize = (size_t)(uintptr_t)vals[3];
	return r;
}

CUresult reikna_cuModuleUnload(void **f, CUcontext ctx, CUmodule m) {
	IN_CTX(f, ctx, FN(f, CU_cuModuleUnload, CUresult, (CUmodule))(m));
}

CUresult reikna_cuModuleGetFunction(void **f, CUcontext ctx, CUfunction *fn, CUmodule m, const char *name) {
	IN_CTX(f, ctx, FN(f, CU_cuModuleGetFunction, CUresult, (CUfunction *, CUmodule, const char *))(fn, m, name));
}

CUresult reikna_cuModuleGetGlobal(void **f, CUcontext ctx, CUdeviceptr *p, size_t *n, CUmodule m, const char *name) {
	IN_CTX(f, ctx, FN(f, CU_cuModuleGetGlobal_v2, CUresult, (CUdeviceptr *, size_t *, CUmodule, const char *))(p, n, m, name));
}

/* reikna_cuLaunchKernel launches fn with the argument values packed in args
   at offsets; the driver copies the values before it returns. */
CUresult reikna_cuLaunchKernel(void **f, CUcontext ctx, CUfunction fn, const unsigned int *grid, const unsigned int *block,
	unsigned int shared, CUstream s, const void *args, const size_t *offsets, int nargs) {
	void **params = NULL;
	if (nargs > 0) {
		params = malloc(sizeof(void *) * (size_t)nargs);
		if (params == NULL) return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
		for (int i = 0; i < nargs; i++) params[i] = (char *)args + offsets[i];
	}
	CUresult push = FN(f, CU_cuCtxPushCurrent_v2, CUresult, (CUcontext))(ctx);
	if (push != 0) {
		free(params);
		return push | REIKNA_CU_PUSH_FAILED;
	}
	CUresult r = FN(f, CU_cuLaunchKernel, CUresult,
		(CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int,
			unsigned int, CUstream, void **, void **))(
		fn, grid[0], grid[1], grid[2], block[0], block[1], block[2], shared, s, params, NULL);
	CUcontext popped;
	FN(f, CU_cuCtxPopCurrent_v2, CUresult, (CUcontext *))(&popped);
	free(params);
	return r;
}

CUresult reikna_cuFuncGetAttribute(void **f, CUcontext ctx, int *v, int attr, CUfunction fn) {
	IN_CTX(f, ctx, FN(f, CU_cuFuncGetAttribute, CUresult, (int *, int, CUfunction))(v, attr, fn));
}

CUresult reikna_cuFuncSetAttribute(void **f, CUcontext ctx, CUfunction fn, int attr, int v) {
	IN_CTX(f, ctx, FN(f, CU_cuFuncSetAttribute, CUresult, (CUfunction, int, int))(fn, attr, v));
}

CUresult reikna_cuEventCreate(void **f, CUcontext ctx, CUevent *e, unsigned int flags) {
	IN_CTX(f, ctx, FN(f, CU_cuEventCreate, CUresult, (CUevent *, unsigned int))(e, flags));
}

CUresult reikna_cuEventRecord(void **f, CUcontext ctx, CUevent e, CUstream s) {
	IN_CTX(f, ctx, FN(f, CU_cuEventRecord, CUresult, (CUevent, CUstream))(e, s));
}

CUresult reikna_cuEventQuery(void **f, CUcontext ctx, CUevent e) {
	IN_CTX(f, ctx, FN(f, CU_cuEventQuery, CUresult, (CUevent))(e));
}

CUresult reikna_cuEventSynchronize(void **f, CUcontext ctx, CUevent e) {
	IN_CTX(f, ctx, FN(f, CU_cuEventSynchronize, CUresult, (CUevent))(e));
}

CUresult reikna_cuEventElapsedTime(void **f, CUcontext ctx, float *ms, CUevent start, CUevent end) {
	IN_CTX(f, ctx, FN(f, CU_cuEventElapsedTime, CUresult, (float *, CUevent, CUevent))(ms, start, end));
}

CUresult reikna_cuEventDestroy(void **f, CUcontext ctx, CUevent e) {
	IN_CTX(f, ctx, FN(f, CU_cuEventDestroy_v2, CUresult, (CUevent))(e));
}

CUresult reikna_cuDeviceCanAccessPeer(void **f, int *can, CUdevice d, CUdevice peer) {
	return FN(f, CU_cuDeviceCanAccessPeer, CUresult, (int *, CUdevice, CUdevice))(can, d, peer);
}

/* cuCtxEnablePeerAccess lets the current context, ctx, address the memory
   of peer. */
CUresult reikna_cuCtxEnablePeerAccess(void **f, CUcontext ctx, CUcontext peer) {
	IN_CTX(f, ctx, FN(f, CU_cuCtxEnablePeerAccess, CUresult, (CUcontext, unsigned int))(peer, 0));
}

CUresult reikna_cuMemcpyPeerAsync(void **f, CUcontext ctx, CUdeviceptr dst, CUcontext dstCtx,
	CUdeviceptr src, CUcontext srcCtx, size_t n, CUstream s) {
	IN_CTX(f, ctx, FN(f, CU_cuMemcpyPeerAsync, CUresult, (CUdeviceptr, CUcontext, CUdeviceptr, CUcontext, size_t, CUstream))(
		dst, dstCtx, src, srcCtx, n, s));
}

/* CU_MEMORYTYPE_DEVICE of CUmemorytype. */
#define REIKNA_CU_MEMORYTYPE_DEVICE 2

/* reikna_cuMemcpyRegionPeerAsync copies slices of rows of width bytes
   between the memories of two contexts as one 3-D copy: in each memory,
   rows pitch bytes apart, and slices height rows apart. */
CUresult reikna_cuMemcpyRegionPeerAsync(void **f, CUcontext ctx,
	CUdeviceptr dst, CUcontext dstCtx, size_t dstPitch, size_t dstHeight,
	CUdeviceptr src, CUcontext srcCtx, size_t srcPitch, size_t srcHeight,
	size_t width, size_t rows, size_t slices, CUstream s) {
	REIKNA_CUDA_MEMCPY3D_PEER p;
	memset(&p, 0, sizeof p);
	p.srcMemoryType = REIKNA_CU_MEMORYTYPE_DEVICE;
	p.srcDevice = src;
	p.srcContext = srcCtx;
	p.srcPitch = srcPitch;
	p.srcHeight = srcHeight;
	p.dstMemoryType = REIKNA_CU_MEMORYTYPE_DEVICE;
	p.dstDevice = dst;
	p.dstContext = dstCtx;
	p.dstPitch = dstPitch;
	p.dstHeight = dstHeight;
	p.WidthInBytes = width;
	p.Height = rows;
	p.Depth = slices;
	IN_CTX(f, ctx, FN(f, CU_cuMemcpy3DPeerAsync, CUresult, (const REIKNA_CUDA_MEMCPY3D_PEER *, CUstream))(&p, s));
}

nvrtcResult reikna_nvrtcVersion(void **f, int *major, int *minor) {
	return FN(f, NV_nvrtcVersion, nvrtcResult, (int *, int *))(major, minor);
}

const char *reikna_nvrtcGetErrorString(void **f, nvrtcResult r) {
	return FN(f, NV_nvrtcGetErrorString, const char *, (nvrtcResult))(r);
}

nvrtcResult reikna_nvrtcCreateProgram(void **f, nvrtcProgram *p, const char *src, const char *name,
	int nheaders, const char *const *headers, const char *const *names) {
	return FN(f, NV_nvrtcCreateProgram, nvrtcResult,
		(nvrtcProgram *, const char *, const char *, int, const char *const *, const char *const *))(
		p, src, name, nheaders, headers, names);
}

nvrtcResult reikna_nvrtcDestroyProgram(void **f, nvrtcProgram *p) {
	return FN(f, NV_nvrtcDestroyProgram, nvrtcResult, (nvrtcProgram *))(p);
}

nvrtcResult reikna_nvrtcCompileProgram(void **f, nvrtcProgram p, int nopts, const char *const *opts) {
	return FN(f, NV_nvrtcCompileProgram, nvrtcResult, (nvrtcProgram, int, const char *const *))(p, nopts, opts);
}

// NVRTC_OUTPUT defines the wrappers of the two calls that give an output
// of a compiled program: its size, and its bytes.
#define NVRTC_OUTPUT(name) \
	nvrtcResult reikna_nvrtcGet##name##Size(void **f, nvrtcProgram p, size_t *n) { \
		return FN(f, NV_nvrtcGet##name##Size, nvrtcResult, (nvrtcProgram, size_t *))(p, n); \
	} \
	nvrtcResult reikna_nvrtcGet##name(void **f, nvrtcProgram p, char *out) { \
		return FN(f, NV_nvrtcGet##name, nvrtcResult, (nvrtcProgram, char *))(p, out); \
	}

NVRTC_OUTPUT(ProgramLog)
NVRTC_OUTPUT(PTX)
NVRTC_OUTPUT(CUBIN)
