/*
 * cl_nvidia_limits is a preload library for scripts/vkfft_kernels.sh: it
 * answers clGetDeviceInfo's questions on the vendor, the local memory and
 * the work-group sizes as NVIDIA's OpenCL driver does on an H100 or H200
 * (vendor 0x10DE, 48 KiB of local memory, 1024 work-items per work-group,
 * 1024 × 1024 × 64 per dimension), and passes every other question to the
 * OpenCL library, so that a program planning for the device (VkFFT) plans
 * on the CPU device as it would on the GPU.
 *
 * Build: cc -shared -fPIC -O2 -o cl_nvidia_limits.so scripts/cl_nvidia_limits.c -ldl
 */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <dlfcn.h>
#include <stddef.h>

typedef cl_int (*device_info_fn)(cl_device_id, cl_device_info, size_t, void *, size_t *);

/* answer writes the n bytes of value to v where it has room for them. */
static cl_int answer(const void *value, size_t n, size_t size, void *v, size_t *ret)
{
	if (ret)
		*ret = n;
	if (v) {
		if (size < n)
			return CL_INVALID_VALUE;
		for (size_t i = 0; i < n; i++)
			((unsigned char *)v)[i] = ((const unsigned char *)value)[i];
	}
	return CL_SUCCESS;
}

cl_int clGetDeviceInfo(cl_device_id d, cl_device_info param, size_t size, void *v, size_t *ret)
{
	static device_info_fn next;
	const cl_uint vendor = 0x10DE;
	const cl_ulong local = 48 << 10;
	const size_t group = 1024, dims[3] = {1024, 1024, 64};

	switch (param) {
	case CL_DEVICE_VENDOR_ID:
		return answer(&vendor, sizeof vendor, size, v, ret);
	case CL_DEVICE_LOCAL_MEM_SIZE:
		return answer(&local, sizeof local, size, v, ret);
	case CL_DEVICE_MAX_WORK_GROUP_SIZE:
		return answer(&group, sizeof group, size, v, ret);
	case CL_DEVICE_MAX_WORK_ITEM_SIZES:
		return answer(dims, sizeof dims, size, v, ret);
	}
	if (!next)
		next = (device_info_fn)dlsym(RTLD_NEXT, "clGetDeviceInfo");
	if (!next)
		return CL_INVALID_OPERATION;
	return next(d, param, size, v, ret);
}
