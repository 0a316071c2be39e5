#include <dlfcn.h>
#include <string.h>

#include "ncclinc.h"

void *reikna_nccl_dlopen(const char *path, char **err) {
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		const char *e = dlerror();
		*err = strdup(e != NULL ? e : "dlopen failed");
	}
	return h;
}

void *reikna_nccl_dlsym(void *lib, const char *name) { return dlsym(lib, name); }

void reikna_nccl_dlclose(void *lib) { dlclose(lib); }

/* FN casts entry i of table f to the function pointer type of its call. */
#define FN(f, i, ret, args) ((ret(*) args)(f)[i])

int reikna_ncclGetVersion(void **f, int *version) {
	return FN(f, NC_ncclGetVersion, int, (int *))(version);
}

int reikna_ncclGetUniqueId(void **f, reikna_nccl_id *id) {
	return FN(f, NC_ncclGetUniqueId, int, (reikna_nccl_id *))(id);
}

int reikna_ncclCommInitRank(void **f, reikna_nccl_comm *comm, int nranks, const reikna_nccl_id *id, int rank) {
	return FN(f, NC_ncclCommInitRank, int, (reikna_nccl_comm *, int, reikna_nccl_id, int))(comm, nranks, *id, rank);
}

int reikna_ncclCommDestroy(void **f, reikna_nccl_comm comm) {
	return FN(f, NC_ncclCommDestroy, int, (reikna_nccl_comm))(comm);
}

int reikna_ncclCommAbort(void **f, reikna_nccl_comm comm) {
	return FN(f, NC_ncclCommAbort, int, (reikna_nccl_comm))(comm);
}

int reikna_ncclGroupStart(void **f) { return FN(f, NC_ncclGroupStart, int, (void))(); }

int reikna_ncclGroupEnd(void **f) { return FN(f, NC_ncclGroupEnd, int, (void))(); }

int reikna_ncclSend(void **f, uint64_t buf, size_t count, int peer, reikna_nccl_comm comm, uintptr_t stream) {
	return FN(f, NC_ncclSend, int, (const void *, size_t, int, int, reikna_nccl_comm, void *))(
		(const void *)(uintptr_t)buf, count, REIKNA_NCCL_UINT8, peer, comm, (void *)stream);
}

int reikna_ncclRecv(void **f, uint64_t buf, size_t count, int peer, reikna_nccl_comm comm, uintptr_t stream) {
	return FN(f, NC_ncclRecv, int, (void *, size_t, int, int, reikna_nccl_comm, void *))(
		(void *)(uintptr_t)buf, count, REIKNA_NCCL_UINT8, peer, comm, (void *)stream);
}

const char *reikna_ncclGetErrorString(void **f, int result) {
	return FN(f, NC_ncclGetErrorString, const char *, (int))(result);
}

const char *reikna_ncclGetLastError(void **f, reikna_nccl_comm comm) {
	if (f[NC_ncclGetLastError] == NULL) return NULL;
	return FN(f, NC_ncclGetLastError, const char *, (reikna_nccl_comm))(comm);
}

int reikna_nccl_group(void **f, reikna_nccl_comm comm, uintptr_t stream, const reikna_nccl_p2p *ops, int n, int *failed) {
	int r = reikna_ncclGroupStart(f);
	if (r != 0) {
		*failed = -1;
		return r;
	}
	int first = 0;
	*failed = n;
	for (int i = 0; i < n; i++) {
		const reikna_nccl_p2p *op = &ops[i];
		r = op->recv ? reikna_ncclRecv(f, op->ptr, op->count, op->peer, comm, stream)
		             : reikna_ncclSend(f, op->ptr, op->count, op->peer, comm, stream);
		if (r != 0) {
			*failed = i;
			first = r;
			break;
		}
	}
	r = reikna_ncclGroupEnd(f);
	return first != 0 ? first : r;
}
