#ifndef REIKNA_CUINC_H
#define REIKNA_CUINC_H

/*
 * The few types of the CUDA driver API and NVRTC that the binding uses,
 * declared with CUDA's documented ABI so that no CUDA header is needed to
 * build. Both libraries are opened at run time; their entry points live in
 * tables of function pointers filled by dlsym.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;

/* The parameters of cuMemcpy3DPeerAsync, in CUDA's documented layout. */
typedef struct {
	size_t srcXInBytes, srcY, srcZ, srcLOD;
	int srcMemoryType;
	const void *srcHost;
	CUdeviceptr srcDevice;
	void *srcArray;
	CUcontext srcContext;
	size_t srcPitch, srcHeight;
	size_t dstXInBytes, dstY, dstZ, dstLOD;
	int dstMemoryType;
	void *dstHost;
	CUdeviceptr dstDevice;
	void *dstArray;
	CUcontext dstContext;
	size_t dstPitch, dstHeight;
	size_t WidthInBytes, Height, Depth;
} REIKNA_CUDA_MEMCPY3D_PEER;

typedef int nvrtcResult;
typedef struct _nvrtcProgram *nvrtcProgram;

/* A failure of cuCtxPushCurrent_v2 before the call itself is reported with
   this bit set on top of its status, so that the error names the right call. */
#define REIKNA_CU_PUSH_FAILED 0x40000000

/* Driver API entry points, indexes into the driver's table. */
enum {
	CU_cuInit,
	CU_cuDriverGetVersion,
	CU_cuGetErrorName,
	CU_cuGetErrorString,
	CU_cuDeviceGetCount,
	CU_cuDeviceGet,
	CU_cuDeviceGetName,
	CU_cuDeviceGetAttribute,
	CU_cuDeviceTotalMem_v2,
	CU_cuCtxCreate_v2,
	CU_cuCtxDestroy_v2,
	CU_cuCtxPushCurrent_v2,
	CU_cuCtxPopCurrent_v2,
	CU_cuCtxSetCurrent,
	CU_cuCtxGetCurrent,
	CU_cuCtxGetDevice,
	CU_cuCtxSynchronize,
	CU_cuDevicePrimaryCtxRetain,
	CU_cuDevicePrimaryCtxRelease_v2,
	CU_cuStreamCreate,
	CU_cuStreamSynchronize,
	CU_cuStreamDestroy_v2,
	CU_cuMemAlloc_v2,
	CU_cuMemFree_v2,
	CU_cuMemAllocHost_v2,
	CU_cuMemFreeHost,
	CU_cuMemsetD8_v2,
	CU_cuMemsetD8Async,
	CU_cuMemcpyHtoD_v2,
	CU_cuMemcpyDtoH_v2,
	CU_cuMemcpyDtoD_v2,
	CU_cuMemcpyHtoDAsync_v2,
	CU_cuMemcpyDtoHAsync_v2,
	CU_cuMemcpyDtoDAsync_v2,
	CU_cuModuleLoadDataEx,
	CU_cuModuleUnload,
	CU_cuModuleGetFunction,
	CU_cuModuleGetGlobal_v2,
	CU_cuLaunchKernel,
	CU_cuFuncGetAttribute,
	CU_cuFuncSetAttribute,
	CU_cuEventCreate,
	CU_cuEventRecord,
	CU_cuEventQuery,
	CU_cuEventSynchronize,
	CU_cuEventElapsedTime,
	CU_cuEventDestroy_v2,
	CU_cuDeviceCanAccessPeer,
	CU_cuCtxEnablePeerAccess,
	CU_cuMemcpyPeerAsync,
	CU_cuMemcpy3DPeerAsync,
	CU_SYMBOLS
};

/* NVRTC entry points, indexes into NVRTC's table. */
enum {
	NV_nvrtcVersion,
	NV_nvrtcGetErrorString,
	NV_nvrtcCreateProgram,
	NV_nvrtcDestroyProgram,
	NV_nvrtcCompileProgram,
	NV_nvrtcGetProgramLogSize,
	NV_nvrtcGetProgramLog,
	NV_nvrtcGetPTXSize,
	NV_nvrtcGetPTX,
	NV_nvrtcGetCUBINSize,
	NV_nvrtcGetCUBIN,
	NV_SYMBOLS
};

/* Library loading. */
void *reikna_dlopen(const char *path, char **err);
void *reikna_dlsym(void *lib, const char *name);
void reikna_dlclose(void *lib);

/* Handles from integers, for wrapping handles made elsewhere. */
CUcontext reikna_cu_context(uintptr_t h);
CUstream reikna_cu_stream(uintptr_t h);

/* Driver API calls; ctx, where given, is made current for the call only. */
CUresult reikna_cuInit(void **f, unsigned int flags);
CUresult reikna_cuDriverGetVersion(void **f, int *v);
CUresult reikna_cuGetErrorName(void **f, CUresult r, const char **s);
CUresult reikna_cuGetErrorString(void **f, CUresult r, const char **s);
CUresult reikna_cuDeviceGetCount(void **f, int *n);
CUresult reikna_cuDeviceGet(void **f, CUdevice *d, int ordinal);
CUresult reikna_cuDeviceGetName(void **f, char *name, int len, CUdevice d);
CUresult reikna_cuDeviceGetAttribute(void **f, int *v, int attr, CUdevice d);
CUresult reikna_cuDeviceTotalMem(void **f, size_t *bytes, CUdevice d);
CUresult reikna_cuCtxCreate(void **f, CUcontext *ctx, unsigned int flags, CUdevice d);
CUresult reikna_cuCtxDestroy(void **f, CUcontext ctx);
CUresult reikna_cuCtxSetCurrent(void **f, CUcontext ctx);
CUresult reikna_cuCtxGetCurrent(void **f, CUcontext *ctx);
CUresult reikna_cuCtxGetDevice(void **f, CUcontext ctx, CUdevice *d);
CUresult reikna_cuCtxSynchronize(void **f, CUcontext ctx);
CUresult reikna_cuDevicePrimaryCtxRetain(void **f, CUcontext *ctx, CUdevice d);
CUresult reikna_cuDevicePrimaryCtxRelease(void **f, CUdevice d);
CUresult reikna_cuStreamCreate(void **f, CUcontext ctx, CUstream *s, unsigned int flags);
CUresult reikna_cuStreamSynchronize(void **f, CUcontext ctx, CUstream s);
CUresult reikna_cuStreamDestroy(void **f, CUcontext ctx, CUstream s);
CUresult reikna_cuMemAlloc(void **f, CUcontext ctx, CUdeviceptr *p, size_t n);
CUresult reikna_cuMemFree(void **f, CUcontext ctx, CUdeviceptr p);
CUresult reikna_cuMemAllocHost(void **f, CUcontext ctx, void **p, size_t n);
CUresult reikna_cuMemFreeHost(void **f, CUcontext ctx, void *p);
CUresult reikna_cuMemsetD8(void **f, CUcontext ctx, CUdeviceptr p, unsigned char v, size_t n, CUstream s, int async);
CUresult reikna_cuMemcpyHtoD(void **f, CUcontext ctx, CUdeviceptr dst, const void *src, size_t n, CUstream s, int async);
CUresult reikna_cuMemcpyDtoH(void **f, CUcontext ctx, void *dst, CUdeviceptr src, size_t n, CUstream s, int async);
CUresult reikna_cuMemcpyDtoD(void **f, CUcontext ctx, CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s, int async);
CUresult reikna_cuModuleLoadData(void **f, CUcontext ctx, CUmodule *m, const void *image,
	char *infoLog, size_t *infoSize, char *errorLog, size_t *errorSize);
CUresult reikna_cuModuleUnload(void **f, CUcontext ctx, CUmodule m);
CUresult reikna_cuModuleGetFunction(void **f, CUcontext ctx, CUfunction *fn, CUmodule m, const char *name);
CUresult reikna_cuModuleGetGlobal(void **f, CUcontext ctx, CUdeviceptr *p, size_t *n, CUmodule m, const char *name);
CUresult reikna_cuLaunchKernel(void **f, CUcontext ctx, CUfunction fn, const unsigned int *grid, const unsigned int *block,
	unsigned int shared, CUstream s, const void *args, const size_t *offsets, int nargs);
CUresult reikna_cuFuncGetAttribute(void **f, CUcontext ctx, int *v, int attr, CUfunction fn);
CUresult reikna_cuFuncSetAttribute(void **f, CUcontext ctx, CUfunction fn, int attr, int v);
CUresult reikna_cuEventCreate(void **f, CUcontext ctx, CUevent *e, unsigned int flags);
CUresult reikna_cuEventRecord(void **f, CUcontext ctx, CUevent e, CUstream s);
CUresult reikna_cuEventQuery(void **f, CUcontext ctx, CUevent e);
CUresult reikna_cuEventSynchronize(void **f, CUcontext ctx, CUevent e);
CUresult reikna_cuEventElapsedTime(void **f, CUcontext ctx, float *ms, CUevent start, CUevent end);
CUresult reikna_cuEventDestroy(void **f, CUcontext ctx, CUevent e);
CUresult reikna_cuDeviceCanAccessPeer(void **f, int *can, CUdevice d, CUdevice peer);
CUresult reikna_cuCtxEnablePeerAccess(void **f, CUcontext ctx, CUcontext peer);
CUresult reikna_cuMemcpyPeerAsync(void **f, CUcontext ctx, CUdeviceptr dst, CUcontext dstCtx,
	CUdeviceptr src, CUcontext srcCtx, size_t n, CUstream s);
CUresult reikna_cuMemcpyRegionPeerAsync(void **f, CUcontext ctx,
	CUdeviceptr dst, CUcontext dstCtx, size_t dstPitch, size_t dstHeight,
	CUdeviceptr src, CUcontext srcCtx, size_t srcPitch, size_t srcHeight,
	size_t width, size_t rows, size_t slices, CUstream s);

/* NVRTC calls. */
nvrtcResult reikna_nvrtcVersion(void **f, int *major, int *minor);
const char *reikna_nvrtcGetErrorString(void **f, nvrtcResult r);
nvrtcResult reikna_nvrtcCreateProgram(void **f, nvrtcProgram *p, const char *src, const char *name,
	int nheaders, const char *const *headers, const char *const *names);
nvrtcResult reikna_nvrtcDestroyProgram(void **f, nvrtcProgram *p);
nvrtcResult reikna_nvrtcCompileProgram(void **f, nvrtcProgram p, int nopts, const char *const *opts);
nvrtcResult reikna_nvrtcGetProgramLogSize(void **f, nvrtcProgram p, size_t *n);
nvrtcResult reikna_nvrtcGetProgramLog(void **f, nvrtcProgram p, char *log);
nvrtcResult reikna_nvrtcGetPTXSize(void **f, nvrtcProgram p, size_t *n);
nvrtcResult reikna_nvrtcGetPTX(void **f, nvrtcProgram p, char *ptx);
nvrtcResult reikna_nvrtcGetCUBINSize(void **f, nvrtcProgram p, size_t *n);
nvrtcResult reikna_nvrtcGetCUBIN(void **f, nvrtcProgram p, char *cubin);

#endif
