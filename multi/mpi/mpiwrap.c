#include <dlfcn.h>
#include <string.h>

#include "mpiinc.h"

void *reikna_mpi_dlopen(const char *path, char **err) {
	void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
	if (h == NULL) {
		const char *e = dlerror();
		*err = strdup(e != NULL ? e : "dlopen failed");
	}
	return h;
}

void *reikna_mpi_dlsym(void *lib, const char *name) { return dlsym(lib, name); }

void reikna_mpi_dlclose(void *lib) { dlclose(lib); }

/* FN casts entry i of table f to the function pointer type of its call. */
#define FN(f, i, args) ((int(*) args)(f)[i])

int reikna_MPI_Init_thread(void **f, int required, int *provided) {
	return FN(f, MP_MPI_Init_thread, (int *, char ***, int, int *))(NULL, NULL, required, provided);
}

int reikna_MPI_Initialized(void **f, int *flag) {
	return FN(f, MP_MPI_Initialized, (int *))(flag);
}

int reikna_MPI_Finalized(void **f, int *flag) {
	return FN(f, MP_MPI_Finalized, (int *))(flag);
}

int reikna_MPI_Finalize(void **f) { return FN(f, MP_MPI_Finalize, (void))(); }

int reikna_MPI_Abort(void **f, reikna_mpi_handle comm, int code) {
	return FN(f, MP_MPI_Abort, (reikna_mpi_handle, int))(comm, code);
}

int reikna_MPI_Comm_rank(void **f, reikna_mpi_handle comm, int *rank) {
	return FN(f, MP_MPI_Comm_rank, (reikna_mpi_handle, int *))(comm, rank);
}

int reikna_MPI_Comm_size(void **f, reikna_mpi_handle comm, int *size) {
	return FN(f, MP_MPI_Comm_size, (reikna_mpi_handle, int *))(comm, size);
}

int reikna_MPI_Comm_set_errhandler(void **f, reikna_mpi_handle comm, reikna_mpi_handle handler) {
	return FN(f, MP_MPI_Comm_set_errhandler, (reikna_mpi_handle, reikna_mpi_handle))(comm, handler);
}

int reikna_MPI_Comm_split(void **f, reikna_mpi_handle comm, int color, int key, reikna_mpi_handle *out) {
	return FN(f, MP_MPI_Comm_split, (reikna_mpi_handle, int, int, reikna_mpi_handle *))(comm, color, key, out);
}

int reikna_MPI_Comm_free(void **f, reikna_mpi_handle *comm) {
	return FN(f, MP_MPI_Comm_free, (reikna_mpi_handle *))(comm);
}

int reikna_MPI_Barrier(void **f, reikna_mpi_handle comm) {
	return FN(f, MP_MPI_Barrier, (reikna_mpi_handle))(comm);
}

int reikna_MPI_Bcast(void **f, void *buf, int count, reikna_mpi_handle type, int root, reikna_mpi_handle comm) {
	return FN(f, MP_MPI_Bcast, (void *, int, reikna_mpi_handle, int, reikna_mpi_handle))(buf, count, type, root, comm);
}

int reikna_MPI_Alltoallv(void **f, const void *send, const int *sendCounts, const int *sendDispls, reikna_mpi_handle sendType,
	void *recv, const int *recvCounts, const int *recvDispls, reikna_mpi_handle recvType, reikna_mpi_handle comm) {
	return FN(f, MP_MPI_Alltoallv, (const void *, const int *, const int *, reikna_mpi_handle,
		void *, const int *, const int *, reikna_mpi_handle, reikna_mpi_handle))(
		send, sendCounts, sendDispls, sendType, recv, recvCounts, recvDispls, recvType, comm);
}

int reikna_MPI_Type_contiguous(void **f, int count, reikna_mpi_handle old, reikna_mpi_handle *type) {
	return FN(f, MP_MPI_Type_contiguous, (int, reikna_mpi_handle, reikna_mpi_handle *))(count, old, type);
}

int reikna_MPI_Type_commit(void **f, reikna_mpi_handle *type) {
	return FN(f, MP_MPI_Type_commit, (reikna_mpi_handle *))(type);
}

int reikna_MPI_Type_free(void **f, reikna_mpi_handle *type) {
	return FN(f, MP_MPI_Type_free, (reikna_mpi_handle *))(type);
}

int reikna_MPI_Error_string(void **f, int code, char *s, int *len) {
	return FN(f, MP_MPI_Error_string, (int, char *, int *))(code, s, len);
}

int reikna_MPI_Get_library_version(void **f, char *s, int *len) {
	return FN(f, MP_MPI_Get_library_version, (char *, int *))(s, len);
}
