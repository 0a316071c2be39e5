/*
 * fftw_bench times batched 1-D complex-to-complex FFTs with FFTW 3, the CPU
 * counterpart of `reikna bench` on a CPU OpenCL device, or with --real the
 * real-to-complex FFTs of real rows (fftw_plan_many_dft_r2c), the
 * counterpart of `reikna bench --rfft`.
 *
 * Usage: fftw_bench [--mib M] [--sizes N1,N2,...] [--precision single|double]
 *                   [--real] [--threads T] [--json FILE]
 *
 * Each length N is a batch of max(M MiB / (N * itemsize), 1) transforms of
 * consecutive rows (M = 8 by default), planned with fftw_plan_many_dft:
 * forward, out of place, FFTW_MEASURE, T threads (2 by default). Each row
 * is the median and minimum of 30 timed calls (wall clock) after 5 warm-up
 * calls, the calls rotating over two pairs of input and output arrays;
 * GB/s is 2 × the bytes of one array / median. With --real, M MiB is the
 * size of the real input, each transform writes N/2 + 1 complex values,
 * and GB/s is the bytes read and written / median.
 *
 * Prints one line per row and, with --json, writes
 * {"device", "library", "threads", "copy_gbps", "rows": [...]} with rows
 * {"n", "batch", "median_ms", "min_ms", "gbps"}. copy_gbps is memcpy of one
 * array into another, read + write, in the same process.
 *
 * Build (Debian's libfftw3-dev):
 *   cc -O2 -o fftw_bench fftw_bench.c -lfftw3f_threads -lfftw3f -lfftw3_threads -lfftw3 -lm -lpthread
 */
#include <errno.h>
#include <fftw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WARMUP_CALLS 5
#define TIMED_CALLS 30
#define MAX_ROWS 64

struct options {
	double mib;
	long sizes[MAX_ROWS];
	int nsizes;
	int dbl;
	int real;
	int threads;
	const char *json;
};

struct row {
	long n, batch;
	double median_ms, min_ms, gbps;
	const char *error;
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* summarize sorts times and stores their median and minimum. */
static void summarize(double *times, int n, double *median, double *min)
{
	qsort(times, n, sizeof times[0], cmp_double);
	*median = n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
	*min = times[0];
}

/* parse_sizes reads comma-separated positive lengths into out; it returns
 * their number, or -1. */
static int parse_sizes(const char *s, long *out, int max)
{
	int n = 0;
	while (*s) {
		char *end;
		errno = 0;
		long v = strtol(s, &end, 10);
		if (end == s || errno || v < 1 || n == max || (*end && *end != ','))
			return -1;
		out[n++] = v;
		s = *end ? end + 1 : end;
	}
	return n > 0 ? n : -1;
}

static void usage(FILE *to)
{
	fprintf(to, "usage: fftw_bench [--mib M] [--sizes N1,N2,...] [--precision single|double] [--real]\n"
		    "                  [--threads T] [--json FILE]\n");
}

/* parse_options fills opt from argv; it returns 0, 1 after --help, or -1 on bad input. */
static int parse_options(int argc, char **argv, struct options *opt)
{
	static const long default_sizes[] = {16, 256, 1024, 4096, 65536, 262144, 1048576, 1000, 1009};
	memset(opt, 0, sizeof *opt);
	opt->mib = 8;
	opt->threads = 2;
	opt->nsizes = (int)(sizeof default_sizes / sizeof default_sizes[0]);
	memcpy(opt->sizes, default_sizes, sizeof default_sizes);
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			usage(stdout);
			return 1;
		}
		if (!strcmp(arg, "--real")) {
			opt->real = 1;
			continue;
		}
		if (i + 1 == argc) {
			fprintf(stderr, "fftw_bench: %s needs a value\n", arg);
			return -1;
		}
		const char *value = argv[++i];
		char *end;
		if (!strcmp(arg, "--mib")) {
			opt->mib = strtod(value, &end);
			if (*end || !(opt->mib > 0)) {
				fprintf(stderr, "fftw_bench: --mib %s is not a positive number\n", value);
				return -1;
			}
		} else if (!strcmp(arg, "--sizes")) {
			opt->nsizes = parse_sizes(value, opt->sizes, MAX_ROWS);
			if (opt->nsizes < 0) {
				fprintf(stderr, "fftw_bench: --sizes %s is not a list of at most %d positive lengths\n", value,
					MAX_ROWS);
				return -1;
			}
		} else if (!strcmp(arg, "--precision")) {
			if (strcmp(value, "single") && strcmp(value, "double")) {
				fprintf(stderr, "fftw_bench: --precision is single or double, not %s\n", value);
				return -1;
			}
			opt->dbl = !strcmp(value, "double");
		} else if (!strcmp(arg, "--threads")) {
			errno = 0;
			long t = strtol(value, &end, 10);
			if (*end || errno || t < 1 || t > 1024) {
				fprintf(stderr, "fftw_bench: --threads %s is not a number from 1 to 1024\n", value);
				return -1;
			}
			opt->threads = (int)t;
		} else if (!strcmp(arg, "--json")) {
			opt->json = value;
		} else {
			fprintf(stderr, "fftw_bench: unknown option %s\n", arg);
			usage(stderr);
			return -1;
		}
	}
	return 0;
}

/* fill writes a deterministic pattern of n reals. */
#define DEFINE_FILL(name, real)                                                \
	static void name(real *p, size_t n, unsigned seed)                     \
	{                                                                      \
		for (size_t i = 0; i < n; i++)                                 \
			p[i] = (real)((double)((i * 2654435761u + seed) % 2001) / 1000.0 - 1.0); \
	}

/*
 * DEFINE_TIME defines a function that times the batch of r->n-point
 * transforms in precision prefix (fftwf_ or fftw_) on real values.
 */
#define DEFINE_TIME(name, fill, prefix, real)                                                         \
	static void name(struct row *r)                                                               \
	{                                                                                             \
		size_t elems = (size_t)r->n * (size_t)r->batch;                                       \
		prefix##complex *in[2], *out[2];                                                      \
		double times[TIMED_CALLS];                                                            \
		int n = (int)r->n;                                                                    \
		for (int s = 0; s < 2; s++) {                                                         \
			in[s] = prefix##alloc_complex(elems);                                         \
			out[s] = prefix##alloc_complex(elems);                                        \
		}                                                                                     \
		if (!in[0] || !in[1] || !out[0] || !out[1]) {                                         \
			r->error = "out of memory";                                                   \
			goto done;                                                                    \
		}                                                                                     \
		/* FFTW_MEASURE overwrites the arrays it plans on: fill them afterwards. */           \
		prefix##plan plan = prefix##plan_many_dft(1, &n, (int)r->batch, in[0], NULL, 1, n,    \
							  out[0], NULL, 1, n, FFTW_FORWARD,           \
							  FFTW_MEASURE);                              \
		if (!plan) {                                                                          \
			r->error = "FFTW made no plan";                                               \
			goto done;                                                                    \
		}                                                                                     \
		for (int s = 0; s < 2; s++)                                                           \
			fill((real *)in[s], 2 * elems, (unsigned)s);                                  \
		for (int c = 0; c < WARMUP_CALLS + TIMED_CALLS; c++) {                                \
			int s = c % 2;                                                                \
			double t0 = now_ms();                                                         \
			prefix##execute_dft(plan, in[s], out[s]);                                     \
			if (c >= WARMUP_CALLS)                                                        \
				times[c - WARMUP_CALLS] = now_ms() - t0;                              \
		}                                                                                     \
		prefix##destroy_plan(plan);                                                           \
		summarize(times, TIMED_CALLS, &r->median_ms, &r->min_ms);                             \
		r->gbps = 2.0 * (double)(elems * sizeof(prefix##complex)) / (r->median_ms * 1e-3) / 1e9; \
	done:                                                                                         \
		for (int s = 0; s < 2; s++) {                                                         \
			prefix##free(in[s]);                                                          \
			prefix##free(out[s]);                                                         \
		}                                                                                     \
	}

/*
 * DEFINE_TIME_REAL defines a function that times the batch of r->n-point
 * real-to-complex transforms in precision prefix on real values.
 */
#define DEFINE_TIME_REAL(name, fill, prefix, real)                                                    \
	static void name(struct row *r)                                                               \
	{                                                                                             \
		size_t elems = (size_t)r->n * (size_t)r->batch;                                       \
		size_t half = (size_t)(r->n / 2 + 1) * (size_t)r->batch;                              \
		real *in[2];                                                                          \
		prefix##complex *out[2];                                                              \
		double times[TIMED_CALLS];                                                            \
		int n = (int)r->n, m = n / 2 + 1;                                                     \
		for (int s = 0; s < 2; s++) {                                                         \
			in[s] = prefix##alloc_real(elems);                                            \
			out[s] = prefix##alloc_complex(half);                                         \
		}                                                                                     \
		if (!in[0] || !in[1] || !out[0] || !out[1]) {                                         \
			r->error = "out of memory";                                                   \
			goto done;                                                                    \
		}                                                                                     \
		prefix##plan plan = prefix##plan_many_dft_r2c(1, &n, (int)r->batch, in[0], NULL, 1, n, \
							      out[0], NULL, 1, m, FFTW_MEASURE);      \
		if (!plan) {                                                                          \
			r->error = "FFTW made no plan";                                               \
			goto done;                                                                    \
		}                                                                                     \
		for (int s = 0; s < 2; s++)                                                           \
			fill(in[s], elems, (unsigned)s);                                              \
		for (int c = 0; c < WARMUP_CALLS + TIMED_CALLS; c++) {                                \
			int s = c % 2;                                                                \
			double t0 = now_ms();                                                         \
			prefix##execute_dft_r2c(plan, in[s], out[s]);                                 \
			if (c >= WARMUP_CALLS)                                                        \
				times[c - WARMUP_CALLS] = now_ms() - t0;                              \
		}                                                                                     \
		prefix##destroy_plan(plan);                                                           \
		summarize(times, TIMED_CALLS, &r->median_ms, &r->min_ms);                             \
		r->gbps = (double)(elems * sizeof(real) + half * sizeof(prefix##complex)) /           \
			  (r->median_ms * 1e-3) / 1e9;                                                \
	done:                                                                                         \
		for (int s = 0; s < 2; s++) {                                                         \
			prefix##free(in[s]);                                                          \
			prefix##free(out[s]);                                                         \
		}                                                                                     \
	}

DEFINE_FILL(fill_single, float)
DEFINE_FILL(fill_double, double)
DEFINE_TIME(time_single, fill_single, fftwf_, float)
DEFINE_TIME(time_double, fill_double, fftw_, double)
DEFINE_TIME_REAL(time_real_single, fill_single, fftwf_, float)
DEFINE_TIME_REAL(time_real_double, fill_double, fftw_, double)

/* copy_gbps returns the bandwidth of memcpy between two arrays of bytes,
 * read + write, the median of TIMED_CALLS copies; 0 where memory is short. */
static double copy_gbps(size_t bytes)
{
	double times[TIMED_CALLS], median, min;
	char *a = malloc(bytes), *b = malloc(bytes);
	if (!a || !b) {
		free(a);
		free(b);
		return 0;
	}
	memset(a, 1, bytes);
	memset(b, 2, bytes);
	for (int c = 0; c < WARMUP_CALLS + TIMED_CALLS; c++) {
		double t0 = now_ms();
		memcpy(b, a, bytes);
		if (c >= WARMUP_CALLS)
			times[c - WARMUP_CALLS] = now_ms() - t0;
	}
	free(a);
	free(b);
	summarize(times, TIMED_CALLS, &median, &min);
	return median > 0 ? 2.0 * (double)bytes / (median * 1e-3) / 1e9 : 0;
}

/* device_name returns the processor's model name from /proc/cpuinfo, or "CPU". */
static void device_name(char *out, size_t len)
{
	char line[512];
	FILE *f = fopen("/proc/cpuinfo", "r");
	snprintf(out, len, "CPU");
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (!strncmp(line, "model name", 10) && colon) {
			snprintf(out, len, "%s", colon + 2);
			out[strcspn(out, "\n")] = 0;
			break;
		}
	}
	fclose(f);
}

/* json_string writes s as a JSON string. */
static void json_string(FILE *to, const char *s)
{
	fputc('"', to);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(to, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(to, "\\u%04x", *s);
		else
			fputc(*s, to);
	}
	fputc('"', to);
}

static int write_json(const char *path, const char *device, int threads, double copy, const struct row *rows, int n)
{
	FILE *to = fopen(path, "w");
	if (!to) {
		fprintf(stderr, "fftw_bench: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(to, "{\"device\": ");
	json_string(to, device);
	fprintf(to, ", \"library\": ");
	json_string(to, fftwf_version);
	fprintf(to, ", \"threads\": %d, \"copy_gbps\": %.6g, \"rows\": [", threads, copy);
	for (int i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		fprintf(to, "%s\n  {\"n\": %ld, \"batch\": %ld", i ? "," : "", r->n, r->batch);
		if (r->error) {
			fprintf(to, ", \"error\": ");
			json_string(to, r->error);
		} else {
			fprintf(to, ", \"median_ms\": %.6g, \"min_ms\": %.6g, \"gbps\": %.6g", r->median_ms, r->min_ms,
				r->gbps);
		}
		fputc('}', to);
	}
	fprintf(to, "\n]}\n");
	if (fclose(to)) {
		fprintf(stderr, "fftw_bench: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct options opt;
	struct row rows[MAX_ROWS];
	char device[256];
	int failed = 0;

	switch (parse_options(argc, argv, &opt)) {
	case 1:
		return 0;
	case -1:
		return 2;
	}
	if (!(opt.dbl ? fftw_init_threads() : fftwf_init_threads())) {
		fprintf(stderr, "fftw_bench: FFTW's threads did not start\n");
		return 1;
	}
	if (opt.dbl)
		fftw_plan_with_nthreads(opt.threads);
	else
		fftwf_plan_with_nthreads(opt.threads);
	size_t item = (opt.dbl ? 16 : 8) / (opt.real ? 2 : 1); /* of the input */
	size_t array_bytes = (size_t)(opt.mib * (1 << 20));
	device_name(device, sizeof device);
	double copy = copy_gbps(array_bytes);
	printf("%s (%s), %s%s, %d thread%s, FFTW_MEASURE, out of place; copy %.1f GB/s\n",
	       opt.dbl ? fftw_version : fftwf_version, device, opt.real ? "real to complex, " : "",
	       opt.dbl ? (opt.real ? "float64" : "complex128") : (opt.real ? "float32" : "complex64"), opt.threads,
	       opt.threads == 1 ? "" : "s", copy);
	for (int i = 0; i < opt.nsizes; i++) {
		struct row *r = &rows[i];
		memset(r, 0, sizeof *r);
		r->n = opt.sizes[i];
		r->batch = (long)(array_bytes / ((size_t)r->n * item));
		if (r->batch < 1)
			r->batch = 1;
		if (r->n > 0x7fffffffL || r->batch > 0x7fffffffL) {
			r->error = "too long for FFTW's int lengths";
		} else if (opt.real) {
			if (opt.dbl)
				time_real_double(r);
			else
				time_real_single(r);
		} else if (opt.dbl) {
			time_double(r);
		} else {
			time_single(r);
		}
		if (r->error) {
			printf("%9ld  batch %7ld  %s\n", r->n, r->batch, r->error);
			failed = 1;
			continue;
		}
		printf("%9ld  batch %7ld  median %9.3f ms  min %9.3f ms  %7.2f GB/s\n", r->n, r->batch, r->median_ms,
		       r->min_ms, r->gbps);
		fflush(stdout);
	}
	if (opt.json && write_json(opt.json, device, opt.threads, copy, rows, opt.nsizes))
		failed = 1;
	return failed;
}
