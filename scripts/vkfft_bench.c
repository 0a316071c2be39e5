/*
 * vkfft_bench times batched complex-to-complex FFTs through VkFFT's OpenCL
 * backend, the VkFFT peer of the GPU FFT comparison (scripts/gpu_compare.sh).
 *
 * Usage: vkfft_bench [--mib 512] [--sizes 16,32,...] [--precision single|double]
 *                    [--shape D0,D1,... [--axes A,B,...]] [--device SUBSTRING]
 *                    [--json FILE]
 *
 * Without --shape, each length N of --sizes is a batch of 1-D transforms that
 * fills --mib MiB per array. With --shape, one array of exactly that shape
 * (row-major, as numpy) is transformed over --axes (default: all axes); the
 * other axes are the batch.
 *
 * Every transform is forward and out of place: VkFFT reads the input buffer
 * (isInputFormatted) and writes the output buffer, so the input survives and
 * no copy is timed. Each call is timed on the device from the start of its
 * first kernel to the end of its last (OpenCL profiling events), 30 timed
 * calls after 5 warm-up calls, with inputs and outputs rotating over two sets
 * of buffers so that no call finds its data in the cache. Before timing, one
 * batch row of the result is compared with a direct DFT in double precision
 * (every bin up to 4096 points, sampled bins beyond), and its relative L2
 * error is reported.
 *
 * Prints one line per row and, with --json, writes
 * {"device", "library", "copy_gbps", "rows": [...]}. A length or shape that
 * VkFFT cannot plan gives a row with "error" and the run goes on.
 *
 * The devices are those the OpenCL ICD loader lists: where the GPU driver's
 * library (e.g. libnvidia-opencl.so.1) has no .icd file in
 * /etc/OpenCL/vendors or $OCL_ICD_VENDORS, the first device may be PoCL's
 * CPU; the first line printed names the device used.
 *
 * Build with scripts/vkfft_build.sh; written for VkFFT 1.2 (vkFFT.h).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * VkFFT enqueues its kernels without events. Every clEnqueueNDRangeKernel
 * call inside vkFFT.h goes through kernel_span_enqueue, which, while a span
 * is recording, asks for an event and keeps the first and the last one: the
 * time from the first kernel's start to the last kernel's end is the time of
 * exactly the FFT's kernels on the in-order queue.
 */
struct kernel_span {
	int recording;
	unsigned kernels;
	cl_int release_status; /* the first failure to release an event */
	cl_event first, last;
};

static struct kernel_span span;

static cl_int kernel_span_enqueue(cl_command_queue queue, cl_kernel kernel, cl_uint dims,
				  const size_t *offset, const size_t *global, const size_t *local,
				  cl_uint waits, const cl_event *wait_list, cl_event *event)
{
	cl_event own = NULL;
	cl_int err;

	if (!span.recording || event != NULL)
		return clEnqueueNDRangeKernel(queue, kernel, dims, offset, global, local, waits, wait_list, event);
	err = clEnqueueNDRangeKernel(queue, kernel, dims, offset, global, local, waits, wait_list, &own);
	if (err != CL_SUCCESS)
		return err;
	span.kernels++;
	if (span.first == NULL) {
		span.first = own;
		return CL_SUCCESS;
	}
	if (span.last != NULL) {
		cl_int rel = clReleaseEvent(span.last);
		if (rel != CL_SUCCESS && span.release_status == CL_SUCCESS)
			span.release_status = rel;
	}
	span.last = own;
	return CL_SUCCESS;
}

#define clEnqueueNDRangeKernel kernel_span_enqueue
#define VKFFT_BACKEND 3
#include <vkFFT.h>
#undef clEnqueueNDRangeKernel

enum {
	/* Enough for the sweep of gpu_compare.sh (reikna bench --sweep --list). */
	MAX_SIZES = 8192,
	MAX_DIMS = 16,
	MAX_DEVICES = 64,
	MESSAGE_LEN = 512,
	/* Calls before timing: compile caches, clocks and page tables settle. */
	WARMUP_CALLS = 5,
	/* Timed calls per row; the median of 30 is stable to about 1%. */
	TIMED_CALLS = 30,
	/* Up to this many points per batch row, every output bin is checked. */
	FULL_CHECK_POINTS = 4096,
	/* Beyond FULL_CHECK_POINTS, this many bins are checked (each costs one pass over the row). */
	SAMPLED_BINS = 8,
	/* VkFFT 1.2 plans at most three dimensions (VkFFTConfiguration.size[3]). */
	VKFFT_MAX_DIMS = 3,
};

/*
 * The largest relative L2 error accepted from VkFFT. A wrong transform is
 * off by order 1; a right one by a few units of round-off growing slowly with
 * the length (float32 epsilon 6e-8, float64 1.1e-16), with headroom for
 * Bluestein's algorithm on prime lengths.
 */
static const double single_tolerance = 1e-5;
static const double double_tolerance = 1e-12;

static const double two_pi = 6.283185307179586476925286766559;

/* -------------------------------------------------------------------------- */
/* Error names. */

static const char *cl_error_name(cl_int err)
{
	switch (err) {
	case CL_SUCCESS: return "CL_SUCCESS";
	case CL_DEVICE_NOT_FOUND: return "CL_DEVICE_NOT_FOUND";
	case CL_DEVICE_NOT_AVAILABLE: return "CL_DEVICE_NOT_AVAILABLE";
	case CL_COMPILER_NOT_AVAILABLE: return "CL_COMPILER_NOT_AVAILABLE";
	case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
	case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
	case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
	case CL_PROFILING_INFO_NOT_AVAILABLE: return "CL_PROFILING_INFO_NOT_AVAILABLE";
	case CL_MEM_COPY_OVERLAP: return "CL_MEM_COPY_OVERLAP";
	case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
	case CL_MAP_FAILURE: return "CL_MAP_FAILURE";
	case CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST: return "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST";
	case CL_INVALID_VALUE: return "CL_INVALID_VALUE";
	case CL_INVALID_DEVICE_TYPE: return "CL_INVALID_DEVICE_TYPE";
	case CL_INVALID_PLATFORM: return "CL_INVALID_PLATFORM";
	case CL_INVALID_DEVICE: return "CL_INVALID_DEVICE";
	case CL_INVALID_CONTEXT: return "CL_INVALID_CONTEXT";
	case CL_INVALID_QUEUE_PROPERTIES: return "CL_INVALID_QUEUE_PROPERTIES";
	case CL_INVALID_COMMAND_QUEUE: return "CL_INVALID_COMMAND_QUEUE";
	case CL_INVALID_HOST_PTR: return "CL_INVALID_HOST_PTR";
	case CL_INVALID_MEM_OBJECT: return "CL_INVALID_MEM_OBJECT";
	case CL_INVALID_BUFFER_SIZE: return "CL_INVALID_BUFFER_SIZE";
	case CL_INVALID_PROGRAM: return "CL_INVALID_PROGRAM";
	case CL_INVALID_PROGRAM_EXECUTABLE: return "CL_INVALID_PROGRAM_EXECUTABLE";
	case CL_INVALID_KERNEL: return "CL_INVALID_KERNEL";
	case CL_INVALID_ARG_INDEX: return "CL_INVALID_ARG_INDEX";
	case CL_INVALID_ARG_VALUE: return "CL_INVALID_ARG_VALUE";
	case CL_INVALID_ARG_SIZE: return "CL_INVALID_ARG_SIZE";
	case CL_INVALID_KERNEL_ARGS: return "CL_INVALID_KERNEL_ARGS";
	case CL_INVALID_WORK_DIMENSION: return "CL_INVALID_WORK_DIMENSION";
	case CL_INVALID_WORK_GROUP_SIZE: return "CL_INVALID_WORK_GROUP_SIZE";
	case CL_INVALID_WORK_ITEM_SIZE: return "CL_INVALID_WORK_ITEM_SIZE";
	case CL_INVALID_GLOBAL_OFFSET: return "CL_INVALID_GLOBAL_OFFSET";
	case CL_INVALID_EVENT_WAIT_LIST: return "CL_INVALID_EVENT_WAIT_LIST";
	case CL_INVALID_EVENT: return "CL_INVALID_EVENT";
	case CL_INVALID_OPERATION: return "CL_INVALID_OPERATION";
	case CL_INVALID_BUILD_OPTIONS: return "CL_INVALID_BUILD_OPTIONS";
	case CL_INVALID_GLOBAL_WORK_SIZE: return "CL_INVALID_GLOBAL_WORK_SIZE";
	case -1001: return "CL_PLATFORM_NOT_FOUND_KHR (no OpenCL platform installed)";
	default: return "unknown OpenCL error";
	}
}

#define VKFFT_RESULT_CASE(code) \
	case code: return #code

static const char *vkfft_result_name(VkFFTResult res)
{
	switch (res) {
	VKFFT_RESULT_CASE(VKFFT_SUCCESS);
	VKFFT_RESULT_CASE(VKFFT_ERROR_MALLOC_FAILED);
	VKFFT_RESULT_CASE(VKFFT_ERROR_INSUFFICIENT_CODE_BUFFER);
	VKFFT_RESULT_CASE(VKFFT_ERROR_INSUFFICIENT_TEMP_BUFFER);
	VKFFT_RESULT_CASE(VKFFT_ERROR_PLAN_NOT_INITIALIZED);
	VKFFT_RESULT_CASE(VKFFT_ERROR_NULL_TEMP_PASSED);
	VKFFT_RESULT_CASE(VKFFT_ERROR_INVALID_DEVICE);
	VKFFT_RESULT_CASE(VKFFT_ERROR_INVALID_QUEUE);
	VKFFT_RESULT_CASE(VKFFT_ERROR_ONLY_FORWARD_FFT_INITIALIZED);
	VKFFT_RESULT_CASE(VKFFT_ERROR_ONLY_INVERSE_FFT_INITIALIZED);
	VKFFT_RESULT_CASE(VKFFT_ERROR_INVALID_CONTEXT);
	VKFFT_RESULT_CASE(VKFFT_ERROR_INVALID_PLATFORM);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_FFTdim);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_size);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_bufferSize);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_buffer);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_tempBufferSize);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_tempBuffer);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_inputBufferSize);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_inputBuffer);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_outputBufferSize);
	VKFFT_RESULT_CASE(VKFFT_ERROR_EMPTY_outputBuffer);
	VKFFT_RESULT_CASE(VKFFT_ERROR_UNSUPPORTED_RADIX);
	VKFFT_RESULT_CASE(VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH);
	VKFFT_RESULT_CASE(VKFFT_ERROR_UNSUPPORTED_FFT_OMIT);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_ALLOCATE);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_SYNCHRONIZE);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_COPY);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_CREATE_PROGRAM);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_COMPILE_PROGRAM);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_GET_CODE_SIZE);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_GET_CODE);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_DESTROY_PROGRAM);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_GET_FUNCTION);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_LAUNCH_KERNEL);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_SET_KERNEL_ARG);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_CREATE_COMMAND_QUEUE);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_RELEASE_COMMAND_QUEUE);
	VKFFT_RESULT_CASE(VKFFT_ERROR_FAILED_TO_GET_ATTRIBUTE);
	default: return "VkFFT error (see VkFFTResult in vkFFT.h)";
	}
}

/* cl_failed writes "call: NAME (code)" into why and returns -1. */
static int cl_failed(char *why, const char *call, cl_int err)
{
	snprintf(why, MESSAGE_LEN, "%s: %s (%d)", call, cl_error_name(err), (int)err);
	return -1;
}

/* vkfft_failed writes "call: NAME (code)" into why and returns -1. */
static int vkfft_failed(char *why, const char *call, VkFFTResult res)
{
	snprintf(why, MESSAGE_LEN, "%s: %s (%d)", call, vkfft_result_name(res), (int)res);
	return -1;
}

/* -------------------------------------------------------------------------- */
/* Command line. */

struct options {
	uint64_t mib;
	int mib_given;
	uint64_t sizes[MAX_SIZES];
	int nsizes;
	int sizes_given;
	int double_precision;
	const char *json;
	const char *device;
	uint64_t shape[MAX_DIMS];
	int ndim;
	int axes[MAX_DIMS];
	int naxes;
};

static void usage(FILE *to)
{
	fputs("usage: vkfft_bench [--mib M] [--sizes N1,N2,...] [--precision single|double]\n"
	      "                   [--shape D0,D1,... [--axes A,B,...]] [--device SUBSTRING] [--json FILE]\n"
	      "\n"
	      "  --mib M          MiB per array for the 1-D rows (default 512)\n"
	      "  --sizes LIST     1-D lengths (default 16,32,...,16777216)\n"
	      "  --precision P    single (complex64, default) or double (complex128)\n"
	      "  --shape LIST     one multi-dimensional array of this row-major shape instead of --sizes\n"
	      "  --axes LIST      the axes of --shape to transform (default: all)\n"
	      "  --device TEXT    the OpenCL device whose name contains TEXT (default: the first GPU,\n"
	      "                   else the first device)\n"
	      "  --json FILE      also write the results as JSON\n",
	      to);
}

/*
 * parse_count parses a decimal whole number of at least min into *out; it
 * rejects signs, blanks, trailing text and overflow.
 */
static int parse_count(const char *text, uint64_t min, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = text;

	if (*p == '\0')
		return -1;
	for (; *p != '\0'; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (v < min)
		return -1;
	*out = v;
	return 0;
}

/* parse_list parses a comma-separated list of whole numbers of at least min. */
static int parse_list(const char *flag, const char *text, uint64_t min, uint64_t *out, int max, int *count)
{
	char item[32];
	const char *p = text;
	int n = 0;

	for (;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (n == max) {
			fprintf(stderr, "vkfft_bench: %s %s: more than %d entries\n", flag, text, max);
			return -1;
		}
		if (len == 0 || len >= sizeof item) {
			fprintf(stderr, "vkfft_bench: %s %s: expected whole numbers separated by commas\n", flag, text);
			return -1;
		}
		memcpy(item, p, len);
		item[len] = '\0';
		if (parse_count(item, min, &out[n]) != 0) {
			fprintf(stderr, "vkfft_bench: %s %s: \"%s\" is not a whole number of at least %" PRIu64 "\n",
				flag, text, item, min);
			return -1;
		}
		n++;
		if (!end)
			break;
		p = end + 1;
	}
	*count = n;
	return 0;
}

static int compare_ints(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* parse_options fills opt from argv; it returns 0, 1 after --help, or -1 on bad input. */
static int parse_options(int argc, char **argv, struct options *opt)
{
	const char *axes_text = NULL;
	int i;

	memset(opt, 0, sizeof *opt);
	opt->mib = 512;
	for (i = 4; i <= 24; i++)
		opt->sizes[opt->nsizes++] = (uint64_t)1 << i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i], *value, *eq;
		char name[32];
		size_t len;

		if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			usage(stdout);
			return 1;
		}
		if (strncmp(arg, "--", 2) != 0) {
			fprintf(stderr, "vkfft_bench: unexpected argument %s\n", arg);
			usage(stderr);
			return -1;
		}
		eq = strchr(arg, '=');
		len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
		if (len >= sizeof name) {
			fprintf(stderr, "vkfft_bench: unknown flag %s\n", arg);
			return -1;
		}
		memcpy(name, arg + 2, len);
		name[len] = '\0';
		if (eq) {
			value = eq + 1;
		} else if (i + 1 < argc) {
			value = argv[++i];
		} else {
			fprintf(stderr, "vkfft_bench: flag --%s needs a value\n", name);
			return -1;
		}

		if (strcmp(name, "mib") == 0) {
			if (parse_count(value, 1, &opt->mib) != 0 || opt->mib > ((uint64_t)1 << 30)) {
				fprintf(stderr, "vkfft_bench: --mib %s: expected a whole number from 1 to 2^30\n", value);
				return -1;
			}
			opt->mib_given = 1;
		} else if (strcmp(name, "sizes") == 0) {
			if (parse_list("--sizes", value, 2, opt->sizes, MAX_SIZES, &opt->nsizes) != 0)
				return -1;
			opt->sizes_given = 1;
		} else if (strcmp(name, "precision") == 0) {
			if (strcmp(value, "single") == 0) {
				opt->double_precision = 0;
			} else if (strcmp(value, "double") == 0) {
				opt->double_precision = 1;
			} else {
				fprintf(stderr, "vkfft_bench: --precision %s: expected single or double\n", value);
				return -1;
			}
		} else if (strcmp(name, "json") == 0) {
			opt->json = value;
		} else if (strcmp(name, "device") == 0) {
			opt->device = value;
		} else if (strcmp(name, "shape") == 0) {
			if (parse_list("--shape", value, 1, opt->shape, MAX_DIMS, &opt->ndim) != 0)
				return -1;
		} else if (strcmp(name, "axes") == 0) {
			axes_text = value;
		} else {
			fprintf(stderr, "vkfft_bench: unknown flag --%s\n", name);
			usage(stderr);
			return -1;
		}
	}

	if (axes_text != NULL && opt->ndim == 0) {
		fprintf(stderr, "vkfft_bench: --axes needs --shape\n");
		return -1;
	}
	if (opt->ndim == 0)
		return 0;
	if (opt->mib_given || opt->sizes_given)
		fprintf(stderr, "vkfft_bench: with --shape, --mib and --sizes are not used\n");
	if (axes_text == NULL) {
		for (i = 0; i < opt->ndim; i++)
			opt->axes[i] = i;
		opt->naxes = opt->ndim;
		return 0;
	}
	{
		uint64_t axes[MAX_DIMS];
		if (parse_list("--axes", axes_text, 0, axes, MAX_DIMS, &opt->naxes) != 0)
			return -1;
		for (i = 0; i < opt->naxes; i++) {
			if (axes[i] >= (uint64_t)opt->ndim) {
				fprintf(stderr, "vkfft_bench: --axes %s: the shape has axes 0 to %d\n", axes_text, opt->ndim - 1);
				return -1;
			}
			opt->axes[i] = (int)axes[i];
		}
	}
	qsort(opt->axes, (size_t)opt->naxes, sizeof opt->axes[0], compare_ints);
	for (i = 1; i < opt->naxes; i++) {
		if (opt->axes[i] == opt->axes[i - 1]) {
			fprintf(stderr, "vkfft_bench: --axes %s: axis %d is repeated\n", axes_text, opt->axes[i]);
			return -1;
		}
	}
	return 0;
}

/* -------------------------------------------------------------------------- */
/* Cases and VkFFT's layout of them. */

/*
 * A bench_case is one array and the axes transformed in it, row-major as
 * numpy. A 1-D row is the shape {batch, n} over axis 1.
 */
struct bench_case {
	int one_d;
	uint64_t n, batch; /* for one_d rows */
	int ndim;
	uint64_t shape[MAX_DIMS];
	int naxes;
	int axes[MAX_DIMS]; /* ascending */
};

static uint64_t case_elements(const struct bench_case *c)
{
	uint64_t total = 1;
	int i;
	for (i = 0; i < c->ndim; i++)
		total *= c->shape[i];
	return total;
}

static int case_transforms(const struct bench_case *c, int axis)
{
	int i;
	for (i = 0; i < c->naxes; i++)
		if (c->axes[i] == axis)
			return 1;
	return 0;
}

/* vkfft_layout is the VkFFTConfiguration part that describes the array. */
struct vkfft_layout {
	uint64_t fft_dim;
	uint64_t size[VKFFT_MAX_DIMS];
	uint64_t omit[VKFFT_MAX_DIMS];
	uint64_t batches; /* numberBatches */
};

/*
 * plan_layout maps a case onto VkFFT's dimensions. VkFFT's size[0] is the
 * fastest-varying axis, so numpy's axes are taken from the last. Axes of
 * length 1 do not change the layout and are left out (their DFT is the
 * identity); adjacent untransformed axes merge into one. Dimensions up to the
 * last transformed one are VkFFT's FFTdim, untransformed ones among them are
 * omitted (omitDimension); the untransformed rest becomes the next size
 * (a batch of the lower-dimensional transform) or, after three dimensions,
 * numberBatches.
 */
static int plan_layout(const struct bench_case *c, struct vkfft_layout *lay, char *why)
{
	uint64_t len[MAX_DIMS];
	int transformed[MAX_DIMS];
	int count = 0, last = -1, i;

	memset(lay, 0, sizeof *lay);
	for (i = c->ndim - 1; i >= 0; i--) {
		int t = case_transforms(c, i);
		if (c->shape[i] == 1)
			continue;
		if (!t && count > 0 && !transformed[count - 1]) {
			len[count - 1] *= c->shape[i];
			continue;
		}
		len[count] = c->shape[i];
		transformed[count] = t;
		if (t)
			last = count;
		count++;
	}
	if (last < 0) {
		snprintf(why, MESSAGE_LEN, "nothing to transform: every transformed axis has length 1");
		return -1;
	}
	if (last + 1 > VKFFT_MAX_DIMS) {
		snprintf(why, MESSAGE_LEN,
			 "these axes need %d VkFFT dimensions (transformed and omitted ones), and VkFFT 1.2 plans at most %d",
			 last + 1, VKFFT_MAX_DIMS);
		return -1;
	}
	lay->fft_dim = (uint64_t)(last + 1);
	lay->batches = 1;
	for (i = 0; i <= last; i++) {
		lay->size[i] = len[i];
		lay->omit[i] = !transformed[i];
	}
	for (i = last + 1; i < VKFFT_MAX_DIMS; i++)
		lay->size[i] = 1;
	if (count > last + 1) {
		if (last + 1 < VKFFT_MAX_DIMS)
			lay->size[last + 1] = len[last + 1];
		else
			lay->batches = len[last + 1];
	}
	return 0;
}

/* -------------------------------------------------------------------------- */
/* The direct DFT that checks one batch row. */

struct cplx {
	double re, im;
};

static inline struct cplx cmul(struct cplx a, struct cplx b)
{
	struct cplx r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
	return r;
}

/*
 * ksum is a compensated (Kahan) sum of complex numbers: c keeps the low part
 * that each addition rounds away, so that the error of a long sum stays at a
 * few units of round-off instead of growing with its length. It needs strict
 * IEEE arithmetic (no -ffast-math).
 */
struct ksum {
	double re, re_c, im, im_c;
};

static inline void kadd1(double *s, double *c, double v)
{
	double y = v - *c;
	double t = *s + y;
	*c = (t - *s) - y;
	*s = t;
}

static inline void kadd(struct ksum *s, struct cplx v)
{
	kadd1(&s->re, &s->re_c, v.re);
	kadd1(&s->im, &s->im_c, v.im);
}

static inline struct cplx ktotal(const struct ksum *s)
{
	struct cplx r = {s->re - s->re_c, s->im - s->im_c};
	return r;
}

/*
 * A twiddle_axis holds exp(-2πi k n / len) for one output index k as two
 * tables, n = q*block + r: low[r] for r < block and high[q], each computed
 * directly from the exact phase (k*n mod len), so that their product is
 * accurate to a few units of round-off for any length.
 */
struct twiddle_axis {
	uint64_t len, block, blocks;
	struct cplx *low, *high;
};

static struct cplx twiddle(uint64_t k, uint64_t n, uint64_t len)
{
	uint64_t phase = (uint64_t)(((unsigned __int128)k * n) % len);
	double angle = -two_pi * (double)phase / (double)len;
	struct cplx w = {cos(angle), sin(angle)};
	return w;
}

static int twiddle_init(struct twiddle_axis *t, uint64_t len)
{
	t->len = len;
	t->block = (uint64_t)ceil(sqrt((double)len));
	t->blocks = (len + t->block - 1) / t->block;
	t->low = malloc(t->block * sizeof *t->low);
	t->high = malloc(t->blocks * sizeof *t->high);
	return t->low && t->high ? 0 : -1;
}

static void twiddle_set(struct twiddle_axis *t, uint64_t k)
{
	uint64_t i;
	for (i = 0; i < t->block; i++)
		t->low[i] = twiddle(k, i, t->len);
	for (i = 0; i < t->blocks; i++)
		t->high[i] = twiddle(k, i * t->block, t->len);
}

static void twiddle_free(struct twiddle_axis *t)
{
	free(t->low);
	free(t->high);
}

/*
 * dense_dft is one bin of the DFT over all ndim axes of x, a dense row-major
 * array with the given strides whose axis lengths are tw[i].len; tw holds
 * each axis's twiddles for the bin, level is the axis summed here and base
 * the offset of the current sub-array.
 */
static struct cplx dense_dft(const struct cplx *x, const uint64_t *strides, const struct twiddle_axis *tw, int ndim,
			     int level, uint64_t base)
{
	const struct twiddle_axis *t = &tw[level];
	struct ksum total = {0, 0, 0, 0};
	uint64_t q, r, n;

	if (level == ndim - 1) {
		for (q = 0; q < t->blocks; q++) {
			struct ksum part = {0, 0, 0, 0};
			uint64_t start = q * t->block;
			uint64_t stop = start + t->block < t->len ? t->block : t->len - start;
			for (r = 0; r < stop; r++)
				kadd(&part, cmul(x[base + start + r], t->low[r]));
			kadd(&total, cmul(ktotal(&part), t->high[q]));
		}
		return ktotal(&total);
	}
	for (n = 0; n < t->len; n++) {
		struct cplx w = cmul(t->high[n / t->block], t->low[n % t->block]);
		struct cplx inner = dense_dft(x, strides, tw, ndim, level + 1, base + n * strides[level]);
		kadd(&total, cmul(inner, w));
	}
	return ktotal(&total);
}

static struct cplx load(const void *data, int double_precision, uint64_t index)
{
	struct cplx v;
	if (double_precision) {
		const double *d = data;
		v.re = d[2 * index];
		v.im = d[2 * index + 1];
	} else {
		const float *f = data;
		v.re = f[2 * index];
		v.im = f[2 * index + 1];
	}
	return v;
}

/* gather converts count elements of data, stride apart from start, to dst. */
static void gather(const void *data, int double_precision, uint64_t start, uint64_t stride, uint64_t count,
		   struct cplx *dst)
{
	uint64_t i;
	if (double_precision) {
		const double *d = (const double *)data + 2 * start;
		for (i = 0; i < count; i++) {
			dst[i].re = d[2 * i * stride];
			dst[i].im = d[2 * i * stride + 1];
		}
	} else {
		const float *f = (const float *)data + 2 * start;
		for (i = 0; i < count; i++) {
			dst[i].re = f[2 * i * stride];
			dst[i].im = f[2 * i * stride + 1];
		}
	}
}

/* xorshift64* gives the benchmark's reproducible random numbers. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * UINT64_C(2685821657736338717);
}

/*
 * check_row compares one batch row of out (the last one: every untransformed
 * index at its maximum) with the direct DFT of the same row of in, both laid
 * out as c, and stores the relative L2 error over the checked bins.
 */
static int check_row(const struct bench_case *c, int double_precision, const void *in, const void *out,
		     double *rel_error, char *why)
{
	uint64_t strides[MAX_DIMS], dims[MAX_DIMS], dense_strides[MAX_DIMS], row_strides[MAX_DIMS];
	uint64_t idx[MAX_DIMS], base = 0, points = 1, bins, b, p, seed = UINT64_C(0x9e3779b97f4a7c15);
	struct twiddle_axis tw[MAX_DIMS];
	struct cplx *row = NULL;
	double err2 = 0, ref2 = 0;
	int i, t = c->naxes, status = -1;

	memset(tw, 0, sizeof tw);
	strides[c->ndim - 1] = 1;
	for (i = c->ndim - 2; i >= 0; i--)
		strides[i] = strides[i + 1] * c->shape[i + 1];
	for (i = 0; i < c->ndim; i++)
		if (!case_transforms(c, i))
			base += (c->shape[i] - 1) * strides[i];
	for (i = 0; i < t; i++) {
		dims[i] = c->shape[c->axes[i]];
		row_strides[i] = strides[c->axes[i]];
		points *= dims[i];
	}
	for (i = t - 1; i >= 0; i--)
		dense_strides[i] = i == t - 1 ? 1 : dense_strides[i + 1] * dims[i + 1];

	row = malloc(points * sizeof *row);
	if (!row) {
		snprintf(why, MESSAGE_LEN, "out of host memory for the checked row (%" PRIu64 " points)", points);
		goto done;
	}
	memset(idx, 0, sizeof idx);
	for (p = 0; p < points; p += dims[t - 1]) {
		uint64_t off = base;
		for (i = 0; i < t - 1; i++)
			off += idx[i] * row_strides[i];
		gather(in, double_precision, off, row_strides[t - 1], dims[t - 1], row + p);
		for (i = t - 2; i >= 0; i--) {
			if (++idx[i] < dims[i])
				break;
			idx[i] = 0;
		}
	}
	for (i = 0; i < t; i++) {
		if (twiddle_init(&tw[i], dims[i]) != 0) {
			snprintf(why, MESSAGE_LEN, "out of host memory for the twiddle tables");
			goto done;
		}
	}

	bins = points <= FULL_CHECK_POINTS ? points : SAMPLED_BINS;
	for (b = 0; b < bins; b++) {
		uint64_t bin, rest, off = base;
		struct cplx ref, got;
		if (bins == points)
			bin = b;
		else if (b == 0)
			bin = 0;
		else if (b == 1)
			bin = points - 1;
		else
			bin = next_random(&seed) % points;
		rest = bin;
		for (i = t - 1; i >= 0; i--) {
			uint64_t k = rest % dims[i];
			rest /= dims[i];
			twiddle_set(&tw[i], k);
			off += k * row_strides[i];
		}
		ref = dense_dft(row, dense_strides, tw, t, 0, 0);
		got = load(out, double_precision, off);
		err2 += (got.re - ref.re) * (got.re - ref.re) + (got.im - ref.im) * (got.im - ref.im);
		ref2 += ref.re * ref.re + ref.im * ref.im;
	}
	*rel_error = sqrt(err2 / ref2);
	status = 0;
done:
	for (i = 0; i < t; i++)
		twiddle_free(&tw[i]);
	free(row);
	return status;
}

/* -------------------------------------------------------------------------- */
/* The OpenCL device. */

struct device {
	cl_platform_id platform;
	cl_device_id id;
	cl_context context;
	cl_command_queue queue;
	char name[256];
	cl_ulong max_alloc;
};

static int name_contains(const char *name, const char *part)
{
	size_t n = strlen(name), m = strlen(part), i, j;
	for (i = 0; i + m <= n; i++) {
		for (j = 0; j < m; j++) {
			char a = name[i + j], b = part[j];
			if (a >= 'A' && a <= 'Z')
				a = (char)(a - 'A' + 'a');
			if (b >= 'A' && b <= 'Z')
				b = (char)(b - 'A' + 'a');
			if (a != b)
				break;
		}
		if (j == m)
			return 1;
	}
	return 0;
}

/*
 * open_device picks the device named by want (a case-insensitive part of its
 * name), else the first GPU, else the first device, and makes a context and
 * a profiling queue on it.
 */
static int open_device(const char *want, int double_precision, struct device *dev, char *why)
{
	cl_platform_id platforms[16];
	cl_device_id ids[MAX_DEVICES];
	cl_platform_id owners[MAX_DEVICES];
	cl_uint nplatforms = 0, p;
	int ndevices = 0, pick = -1, i;
	cl_int err;

	memset(dev, 0, sizeof *dev);
	err = clGetPlatformIDs(16, platforms, &nplatforms);
	if (err != CL_SUCCESS)
		return cl_failed(why, "clGetPlatformIDs", err);
	if (nplatforms > 16)
		nplatforms = 16;
	for (p = 0; p < nplatforms; p++) {
		cl_uint n = 0;
		err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, (cl_uint)(MAX_DEVICES - ndevices), ids + ndevices, &n);
		if (err == CL_DEVICE_NOT_FOUND)
			continue;
		if (err != CL_SUCCESS)
			return cl_failed(why, "clGetDeviceIDs", err);
		if (n > (cl_uint)(MAX_DEVICES - ndevices))
			n = (cl_uint)(MAX_DEVICES - ndevices);
		for (i = 0; i < (int)n; i++)
			owners[ndevices + i] = platforms[p];
		ndevices += (int)n;
	}
	if (ndevices == 0) {
		snprintf(why, MESSAGE_LEN, "no OpenCL device found");
		return -1;
	}
	for (i = 0; i < ndevices && pick < 0; i++) {
		char name[256];
		cl_device_type type;
		err = clGetDeviceInfo(ids[i], CL_DEVICE_NAME, sizeof name, name, NULL);
		if (err != CL_SUCCESS)
			return cl_failed(why, "clGetDeviceInfo(CL_DEVICE_NAME)", err);
		err = clGetDeviceInfo(ids[i], CL_DEVICE_TYPE, sizeof type, &type, NULL);
		if (err != CL_SUCCESS)
			return cl_failed(why, "clGetDeviceInfo(CL_DEVICE_TYPE)", err);
		if (want ? name_contains(name, want) : (type & CL_DEVICE_TYPE_GPU) != 0)
			pick = i;
	}
	if (pick < 0 && want) {
		size_t used = (size_t)snprintf(why, MESSAGE_LEN, "no OpenCL device's name contains \"%s\"; the devices are:", want);
		for (i = 0; i < ndevices && used < MESSAGE_LEN; i++) {
			char name[256];
			if (clGetDeviceInfo(ids[i], CL_DEVICE_NAME, sizeof name, name, NULL) != CL_SUCCESS)
				strcpy(name, "?");
			used += (size_t)snprintf(why + used, MESSAGE_LEN - used, "%s \"%s\"", i ? "," : "", name);
		}
		return -1;
	}
	if (pick < 0)
		pick = 0;

	dev->platform = owners[pick];
	dev->id = ids[pick];
	err = clGetDeviceInfo(dev->id, CL_DEVICE_NAME, sizeof dev->name, dev->name, NULL);
	if (err != CL_SUCCESS)
		return cl_failed(why, "clGetDeviceInfo(CL_DEVICE_NAME)", err);
	err = clGetDeviceInfo(dev->id, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof dev->max_alloc, &dev->max_alloc, NULL);
	if (err != CL_SUCCESS)
		return cl_failed(why, "clGetDeviceInfo(CL_DEVICE_MAX_MEM_ALLOC_SIZE)", err);
	if (double_precision) {
		cl_device_fp_config fp64 = 0;
		err = clGetDeviceInfo(dev->id, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL);
		if (err != CL_SUCCESS && err != CL_INVALID_VALUE)
			return cl_failed(why, "clGetDeviceInfo(CL_DEVICE_DOUBLE_FP_CONFIG)", err);
		if (fp64 == 0) {
			snprintf(why, MESSAGE_LEN, "device %s has no double precision (cl_khr_fp64)", dev->name);
			return -1;
		}
	}
	{
		cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)dev->platform, 0};
		dev->context = clCreateContext(props, 1, &dev->id, NULL, NULL, &err);
		if (err != CL_SUCCESS)
			return cl_failed(why, "clCreateContext", err);
	}
	dev->queue = clCreateCommandQueue(dev->context, dev->id, CL_QUEUE_PROFILING_ENABLE, &err);
	if (err != CL_SUCCESS)
		return cl_failed(why, "clCreateCommandQueue(CL_QUEUE_PROFILING_ENABLE)", err);
	return 0;
}

static void close_device(struct device *dev)
{
	if (dev->queue)
		clReleaseCommandQueue(dev->queue);
	if (dev->context)
		clReleaseContext(dev->context);
	dev->queue = NULL;
	dev->context = NULL;
}

/* event_ms is the time from start's start to end's end, in milliseconds. */
static int event_ms(cl_event start, cl_event end, double *ms, char *why)
{
	cl_event both[2] = {start, end};
	cl_ulong t0, t1;
	cl_int err;

	err = clWaitForEvents(start == end ? 1 : 2, both);
	if (err != CL_SUCCESS)
		return cl_failed(why, "clWaitForEvents", err);
	err = clGetEventProfilingInfo(start, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
	if (err != CL_SUCCESS)
		return cl_failed(why, "clGetEventProfilingInfo(CL_PROFILING_COMMAND_START)", err);
	err = clGetEventProfilingInfo(end, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
	if (err != CL_SUCCESS)
		return cl_failed(why, "clGetEventProfilingInfo(CL_PROFILING_COMMAND_END)", err);
	*ms = (double)(t1 - t0) * 1e-6;
	return 0;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* summarize sorts times and stores their median and minimum. */
static void summarize(double *times, int n, double *median, double *min)
{
	qsort(times, (size_t)n, sizeof times[0], compare_doubles);
	*median = n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
	*min = times[0];
}

/*
 * measure_copy times clEnqueueCopyBuffer between two buffers of bytes and
 * stores the bandwidth counting the read and the write, in GB/s.
 */
static int measure_copy(struct device *dev, size_t bytes, double *gbps, char *why)
{
	cl_mem a = NULL, b = NULL;
	double times[TIMED_CALLS], median, min;
	const cl_uint zero = 0;
	int call, status = -1;
	cl_int err;

	if (bytes > dev->max_alloc) {
		snprintf(why, MESSAGE_LEN, "the copy buffers need %zu bytes each, and the device allows %llu",
			 bytes, (unsigned long long)dev->max_alloc);
		return -1;
	}
	a = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
	if (err != CL_SUCCESS) {
		cl_failed(why, "clCreateBuffer(copy source)", err);
		goto done;
	}
	b = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
	if (err != CL_SUCCESS) {
		cl_failed(why, "clCreateBuffer(copy destination)", err);
		goto done;
	}
	err = clEnqueueFillBuffer(dev->queue, a, &zero, sizeof zero, 0, bytes, 0, NULL, NULL);
	if (err != CL_SUCCESS) {
		cl_failed(why, "clEnqueueFillBuffer(copy source)", err);
		goto done;
	}
	for (call = 0; call < WARMUP_CALLS + TIMED_CALLS; call++) {
		cl_event ev;
		double ms;
		err = clEnqueueCopyBuffer(dev->queue, a, b, 0, 0, bytes, 0, NULL, &ev);
		if (err != CL_SUCCESS) {
			cl_failed(why, "clEnqueueCopyBuffer", err);
			goto done;
		}
		if (event_ms(ev, ev, &ms, why) != 0) {
			clReleaseEvent(ev);
			goto done;
		}
		err = clReleaseEvent(ev);
		if (err != CL_SUCCESS) {
			cl_failed(why, "clReleaseEvent(copy)", err);
			goto done;
		}
		if (call >= WARMUP_CALLS)
			times[call - WARMUP_CALLS] = ms;
	}
	summarize(times, TIMED_CALLS, &median, &min);
	if (median <= 0) {
		snprintf(why, MESSAGE_LEN, "the device's profiling timer reported %g ms for a copy of %zu bytes", median, bytes);
		goto done;
	}
	*gbps = 2.0 * (double)bytes / (median * 1e-3) / 1e9;
	status = 0;
done:
	if (a)
		clReleaseMemObject(a);
	if (b)
		clReleaseMemObject(b);
	return status;
}

/* -------------------------------------------------------------------------- */
/* One row: plan, check, time. */

struct row {
	struct bench_case c;
	int failed;
	char error[MESSAGE_LEN];
	int checked;
	double rel_error;
	double median_ms, min_ms, gbps;
};

/* buffer_set is the two sets of input and output buffers the calls rotate over. */
struct buffer_set {
	uint64_t bytes;
	cl_mem in[2], out[2];
};

static void span_reset(void)
{
	if (span.first)
		clReleaseEvent(span.first);
	if (span.last)
		clReleaseEvent(span.last);
	memset(&span, 0, sizeof span);
}

/*
 * transform runs VkFFT's forward transform of set's input into its output,
 * waits for it, and stores the time of its kernels in ms (when ms is not NULL).
 */
static int transform(VkFFTApplication *app, struct device *dev, struct buffer_set *bufs, int set, double *ms,
		     char *why)
{
	VkFFTLaunchParams launch;
	VkFFTResult res;
	cl_int err;
	int status = -1;

	memset(&launch, 0, sizeof launch);
	launch.commandQueue = &dev->queue;
	launch.inputBuffer = &bufs->in[set];
	launch.buffer = &bufs->out[set];

	span_reset();
	span.recording = 1;
	res = VkFFTAppend(app, -1, &launch);
	span.recording = 0;
	if (res != VKFFT_SUCCESS) {
		vkfft_failed(why, "VkFFTAppend", res);
		goto done;
	}
	if (span.kernels == 0) {
		snprintf(why, MESSAGE_LEN, "VkFFTAppend enqueued no kernels");
		goto done;
	}
	if (span.release_status != CL_SUCCESS) {
		cl_failed(why, "clReleaseEvent(kernel)", span.release_status);
		goto done;
	}
	if (ms) {
		if (event_ms(span.first, span.last ? span.last : span.first, ms, why) != 0)
			goto done;
	} else {
		err = clFinish(dev->queue);
		if (err != CL_SUCCESS) {
			cl_failed(why, "clFinish", err);
			goto done;
		}
	}
	status = 0;
done:
	span_reset();
	return status;
}

/*
 * verify transforms set 0 once, checks one batch row against the direct DFT
 * and checks that the input buffer is unchanged.
 */
static int verify(VkFFTApplication *app, struct device *dev, struct buffer_set *bufs, const struct bench_case *c,
		  int double_precision, const void *host_in, void *host_tmp, struct row *r)
{
	double tolerance = double_precision ? double_tolerance : single_tolerance;
	cl_int err;

	if (transform(app, dev, bufs, 0, NULL, r->error) != 0)
		return -1;
	err = clEnqueueReadBuffer(dev->queue, bufs->out[0], CL_TRUE, 0, bufs->bytes, host_tmp, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		return cl_failed(r->error, "clEnqueueReadBuffer(output)", err);
	if (check_row(c, double_precision, host_in, host_tmp, &r->rel_error, r->error) != 0)
		return -1;
	r->checked = 1;
	if (!(r->rel_error <= tolerance)) {
		snprintf(r->error, MESSAGE_LEN,
			 "VkFFT's result differs from the direct DFT: relative L2 error %.3g, tolerance %.0e",
			 r->rel_error, tolerance);
		return -1;
	}
	err = clEnqueueReadBuffer(dev->queue, bufs->in[0], CL_TRUE, 0, bufs->bytes, host_tmp, 0, NULL, NULL);
	if (err != CL_SUCCESS)
		return cl_failed(r->error, "clEnqueueReadBuffer(input)", err);
	if (memcmp(host_in, host_tmp, bufs->bytes) != 0) {
		snprintf(r->error, MESSAGE_LEN, "VkFFT overwrote its input buffer: the transform is not out of place");
		return -1;
	}
	return 0;
}

static void run_row(struct device *dev, int double_precision, struct row *r)
{
	const struct bench_case *c = &r->c;
	size_t item = double_precision ? 16 : 8;
	struct buffer_set bufs;
	struct vkfft_layout lay;
	VkFFTConfiguration cfg;
	VkFFTApplication *app = NULL;
	void *host_in = NULL, *host_tmp = NULL;
	double times[TIMED_CALLS];
	uint64_t elements = case_elements(c), i, state = UINT64_C(0x2545f4914f6cdd1d) ^ elements;
	int s, call, planned = 0;
	cl_int err;
	VkFFTResult res;

	memset(&bufs, 0, sizeof bufs);
	r->failed = 1;
	if (plan_layout(c, &lay, r->error) != 0)
		goto done;
	if (elements > SIZE_MAX / item) {
		snprintf(r->error, MESSAGE_LEN, "%" PRIu64 " elements do not fit in memory", elements);
		goto done;
	}
	bufs.bytes = elements * item;
	if (bufs.bytes > dev->max_alloc) {
		snprintf(r->error, MESSAGE_LEN, "the array needs %" PRIu64 " bytes, and the device allows %llu per buffer",
			 bufs.bytes, (unsigned long long)dev->max_alloc);
		goto done;
	}

	host_in = malloc(bufs.bytes);
	host_tmp = malloc(bufs.bytes);
	if (!host_in || !host_tmp) {
		snprintf(r->error, MESSAGE_LEN, "out of host memory for two arrays of %" PRIu64 " bytes", bufs.bytes);
		goto done;
	}
	for (i = 0; i < 2 * elements; i++) {
		double v = (double)(next_random(&state) >> 11) * 0x1p-53 * 2.0 - 1.0;
		if (double_precision)
			((double *)host_in)[i] = v;
		else
			((float *)host_in)[i] = (float)v;
	}
	for (s = 0; s < 2; s++) {
		bufs.in[s] = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, bufs.bytes, NULL, &err);
		if (err != CL_SUCCESS) {
			cl_failed(r->error, "clCreateBuffer(input)", err);
			goto done;
		}
		bufs.out[s] = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, bufs.bytes, NULL, &err);
		if (err != CL_SUCCESS) {
			cl_failed(r->error, "clCreateBuffer(output)", err);
			goto done;
		}
		err = clEnqueueWriteBuffer(dev->queue, bufs.in[s], CL_TRUE, 0, bufs.bytes, host_in, 0, NULL, NULL);
		if (err != CL_SUCCESS) {
			cl_failed(r->error, "clEnqueueWriteBuffer(input)", err);
			goto done;
		}
	}

	memset(&cfg, 0, sizeof cfg);
#ifdef VKFFT_KEEP_SHADERS
	/* scripts/vkfft_kernels.sh: print every kernel VkFFT runs. */
	cfg.keepShaderCode = 1;
#endif
	cfg.FFTdim = lay.fft_dim;
	for (s = 0; s < VKFFT_MAX_DIMS; s++) {
		cfg.size[s] = lay.size[s];
		cfg.omitDimension[s] = lay.omit[s];
	}
	cfg.numberBatches = lay.batches;
	cfg.platform = &dev->platform;
	cfg.device = &dev->id;
	cfg.context = &dev->context;
	cfg.commandQueue = &dev->queue;
	cfg.isInputFormatted = 1; /* read inputBuffer, write buffer: out of place */
	cfg.inputBuffer = &bufs.in[0];
	cfg.inputBufferSize = &bufs.bytes;
	cfg.buffer = &bufs.out[0];
	cfg.bufferSize = &bufs.bytes;
	cfg.doublePrecision = (uint64_t)double_precision;
	cfg.makeForwardPlanOnly = 1;
	app = calloc(1, sizeof *app);
	if (!app) {
		snprintf(r->error, MESSAGE_LEN, "out of host memory for the VkFFT application");
		goto done;
	}
	planned = 1;
	res = initializeVkFFT(app, cfg);
	if (res != VKFFT_SUCCESS) {
		vkfft_failed(r->error, "initializeVkFFT", res);
		goto done;
	}

	if (verify(app, dev, &bufs, c, double_precision, host_in, host_tmp, r) != 0)
		goto done;
	free(host_tmp);
	host_tmp = NULL;

	for (call = 0; call < WARMUP_CALLS + TIMED_CALLS; call++) {
		double ms;
		if (transform(app, dev, &bufs, call % 2, &ms, r->error) != 0)
			goto done;
		if (call >= WARMUP_CALLS)
			times[call - WARMUP_CALLS] = ms;
	}
	summarize(times, TIMED_CALLS, &r->median_ms, &r->min_ms);
	if (r->median_ms <= 0) {
		snprintf(r->error, MESSAGE_LEN, "the device's profiling timer reported %g ms", r->median_ms);
		goto done;
	}
	r->gbps = 2.0 * (double)bufs.bytes / (r->median_ms * 1e-3) / 1e9;
	r->failed = 0;
	r->error[0] = '\0';
done:
	if (planned)
		deleteVkFFT(app); /* safe after a failed initializeVkFFT: it clears what it frees */
	free(app);
	for (s = 0; s < 2; s++) {
		if (bufs.in[s])
			clReleaseMemObject(bufs.in[s]);
		if (bufs.out[s])
			clReleaseMemObject(bufs.out[s]);
	}
	free(host_in);
	free(host_tmp);
}

/* -------------------------------------------------------------------------- */
/* Output. */

static void print_list_u64(FILE *to, const uint64_t *v, int n, const char *sep)
{
	int i;
	for (i = 0; i < n; i++)
		fprintf(to, "%s%" PRIu64, i ? sep : "", v[i]);
}

static void print_list_int(FILE *to, const int *v, int n, const char *sep)
{
	int i;
	for (i = 0; i < n; i++)
		fprintf(to, "%s%d", i ? sep : "", v[i]);
}

static void print_row(const struct row *r, double copy_gbps)
{
	const struct bench_case *c = &r->c;

	if (c->one_d) {
		printf("N=%9" PRIu64 " batch=%9" PRIu64 " ", c->n, c->batch);
	} else {
		printf("shape ");
		print_list_u64(stdout, c->shape, c->ndim, "x");
		printf(" axes ");
		print_list_int(stdout, c->axes, c->naxes, ",");
		printf(": ");
	}
	if (r->failed) {
		printf("error: %s\n", r->error);
		return;
	}
	printf("median %8.3f ms  min %8.3f ms  %7.0f GB/s  %5.1f%% of copy  rel_error %.1e\n", r->median_ms, r->min_ms,
	       r->gbps, 100 * r->gbps / copy_gbps, r->rel_error);
}

/* library_name writes "VkFFT X.Y.Z (OpenCL)" from the header's version. */
static void library_name(char *name, size_t size)
{
	int v = VkFFTGetVersion();
	snprintf(name, size, "VkFFT %d.%d.%d (OpenCL)", v / 10000, v / 100 % 100, v % 100);
}

static void json_string(FILE *to, const char *s)
{
	fputc('"', to);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(to, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(to, "\\u%04x", ch);
		else
			fputc(ch, to);
	}
	fputc('"', to);
}

/* write_json writes the rows to path.tmp, then renames it to path, so
 * that path is whole whenever the run stops (the rows are written again
 * after each one). */
static int write_json(const char *path, const char *device, double copy_gbps, const struct row *rows, int nrows)
{
	char tmp[4096];
	FILE *to;
	char library[64];
	int i;

	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
		fprintf(stderr, "vkfft_bench: --json %s: the path is too long\n", path);
		return -1;
	}
	to = fopen(tmp, "w");
	if (!to) {
		fprintf(stderr, "vkfft_bench: cannot write %s: ", tmp);
		perror(NULL);
		return -1;
	}
	library_name(library, sizeof library);
	fprintf(to, "{\"device\": ");
	json_string(to, device);
	fprintf(to, ", \"library\": ");
	json_string(to, library);
	fprintf(to, ", \"copy_gbps\": %.6g, \"rows\": [", copy_gbps);
	for (i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];
		const struct bench_case *c = &r->c;
		fprintf(to, "%s\n {", i ? "," : "");
		if (c->one_d) {
			fprintf(to, "\"n\": %" PRIu64 ", \"batch\": %" PRIu64, c->n, c->batch);
		} else {
			fprintf(to, "\"shape\": [");
			print_list_u64(to, c->shape, c->ndim, ", ");
			fprintf(to, "], \"axes\": [");
			print_list_int(to, c->axes, c->naxes, ", ");
			fprintf(to, "]");
		}
		if (r->checked && isfinite(r->rel_error))
			fprintf(to, ", \"rel_error\": %.3e", r->rel_error);
		if (r->failed) {
			fprintf(to, ", \"error\": ");
			json_string(to, r->error);
		} else {
			fprintf(to, ", \"median_ms\": %.6g, \"min_ms\": %.6g, \"gbps\": %.6g", r->median_ms, r->min_ms,
				r->gbps);
		}
		fprintf(to, "}");
	}
	fprintf(to, "\n]}\n");
	if (fclose(to) != 0) {
		fprintf(stderr, "vkfft_bench: writing %s: ", tmp);
		perror(NULL);
		return -1;
	}
	if (rename(tmp, path) != 0) {
		fprintf(stderr, "vkfft_bench: renaming %s to %s: ", tmp, path);
		perror(NULL);
		return -1;
	}
	return 0;
}

/* -------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
	struct options opt;
	struct device dev;
	struct row *rows = NULL;
	char why[MESSAGE_LEN], library[64];
	size_t item, copy_bytes;
	double copy_gbps = 0;
	int nrows, i, status = 1;

	switch (parse_options(argc, argv, &opt)) {
	case 0:
		break;
	case 1:
		return 0;
	default:
		return 2;
	}
	item = opt.double_precision ? 16 : 8;

	nrows = opt.ndim ? 1 : opt.nsizes;
	rows = calloc((size_t)nrows, sizeof *rows);
	if (!rows) {
		fprintf(stderr, "vkfft_bench: out of host memory\n");
		return 1;
	}
	if (opt.ndim) {
		struct bench_case *c = &rows[0].c;
		uint64_t elements = 1;
		c->ndim = opt.ndim;
		memcpy(c->shape, opt.shape, sizeof opt.shape);
		c->naxes = opt.naxes;
		memcpy(c->axes, opt.axes, sizeof opt.axes);
		for (i = 0; i < opt.ndim; i++) {
			if (opt.shape[i] > SIZE_MAX / item / elements) {
				fprintf(stderr, "vkfft_bench: --shape: the array does not fit in memory\n");
				free(rows);
				return 2;
			}
			elements *= opt.shape[i];
		}
		copy_bytes = (size_t)(elements * item);
	} else {
		uint64_t bytes = opt.mib << 20;
		for (i = 0; i < nrows; i++) {
			struct bench_case *c = &rows[i].c;
			uint64_t n = opt.sizes[i];
			if (n > SIZE_MAX / item) {
				fprintf(stderr, "vkfft_bench: --sizes: length %" PRIu64 " does not fit in memory\n", n);
				free(rows);
				return 2;
			}
			c->one_d = 1;
			c->n = n;
			c->batch = bytes / (n * item) > 0 ? bytes / (n * item) : 1;
			c->ndim = 2;
			c->shape[0] = c->batch;
			c->shape[1] = n;
			c->naxes = 1;
			c->axes[0] = 1;
		}
		copy_bytes = (size_t)bytes;
	}

	if (open_device(opt.device, opt.double_precision, &dev, why) != 0) {
		fprintf(stderr, "vkfft_bench: %s\n", why);
		goto done;
	}
	if (measure_copy(&dev, copy_bytes, &copy_gbps, why) != 0) {
		fprintf(stderr, "vkfft_bench: measuring the copy bandwidth: %s\n", why);
		goto done;
	}
	library_name(library, sizeof library);
	printf("device %s: copy %.0f GB/s (read + write), %s, %s precision\n", dev.name, copy_gbps, library,
	       opt.double_precision ? "double" : "single");
	fflush(stdout);

	for (i = 0; i < nrows; i++) {
		run_row(&dev, opt.double_precision, &rows[i]);
		print_row(&rows[i], copy_gbps);
		fflush(stdout);
		/* The rows so far, so that a run stopped by its time limit keeps them. */
		if (opt.json && write_json(opt.json, dev.name, copy_gbps, rows, i + 1) != 0)
			goto done;
	}
	status = 0;
done:
	close_device(&dev);
	free(rows);
	return status;
}
