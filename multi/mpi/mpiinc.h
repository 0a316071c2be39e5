#ifndef REIKNA_MPIINC_H
#define REIKNA_MPIINC_H

/*
 * The few types of MPI that the binding uses, declared by Open MPI's ABI
 * (libmpi.so.40) so that no MPI header is needed to build: a communicator,
 * a datatype and an error handler are pointers, and the predefined ones are
 * the addresses of the library's exported objects (ompi_mpi_comm_world,
 * ompi_mpi_byte, ompi_mpi_errors_return), found with dlsym like the entry
 * points, which live in a table of function pointers.
 */

#include <stddef.h>
#include <stdlib.h>

typedef void *reikna_mpi_handle;

/* MPI_THREAD_FUNNELED of the MPI standard's thread levels. */
#define REIKNA_MPI_THREAD_FUNNELED 1

/* The library's entry points and objects, indexes into its table. */
enum {
	MP_MPI_Init_thread,
	MP_MPI_Initialized,
	MP_MPI_Finalized,
	MP_MPI_Finalize,
	MP_MPI_Abort,
	MP_MPI_Comm_rank,
	MP_MPI_Comm_size,
	MP_MPI_Comm_set_errhandler,
	MP_MPI_Comm_split,
	MP_MPI_Comm_free,
	MP_MPI_Barrier,
	MP_MPI_Bcast,
	MP_MPI_Alltoallv,
	MP_MPI_Type_contiguous,
	MP_MPI_Type_commit,
	MP_MPI_Type_free,
	MP_MPI_Error_string,
	MP_MPI_Get_library_version,
	MP_ompi_mpi_comm_world,
	MP_ompi_mpi_byte,
	MP_ompi_mpi_errors_return,
	MP_SYMBOLS
};

/* Library loading; global, so that the plugins Open MPI opens itself find
   the library's symbols. */
void *reikna_mpi_dlopen(const char *path, char **err);
void *reikna_mpi_dlsym(void *lib, const char *name);
void reikna_mpi_dlclose(void *lib);

/* MPI calls through the table f. */
int reikna_MPI_Init_thread(void **f, int required, int *provided);
int reikna_MPI_Initialized(void **f, int *flag);
int reikna_MPI_Finalized(void **f, int *flag);
int reikna_MPI_Finalize(void **f);
int reikna_MPI_Abort(void **f, reikna_mpi_handle comm, int code);
int reikna_MPI_Comm_rank(void **f, reikna_mpi_handle comm, int *rank);
int reikna_MPI_Comm_size(void **f, reikna_mpi_handle comm, int *size);
int reikna_MPI_Comm_set_errhandler(void **f, reikna_mpi_handle comm, reikna_mpi_handle handler);
int reikna_MPI_Comm_split(void **f, reikna_mpi_handle comm, int color, int key, reikna_mpi_handle *out);
int reikna_MPI_Comm_free(void **f, reikna_mpi_handle *comm);
int reikna_MPI_Barrier(void **f, reikna_mpi_handle comm);
int reikna_MPI_Bcast(void **f, void *buf, int count, reikna_mpi_handle type, int root, reikna_mpi_handle comm);
int reikna_MPI_Alltoallv(void **f, const void *send, const int *sendCounts, const int *sendDispls, reikna_mpi_handle sendType,
	void *recv, const int *recvCounts, const int *recvDispls, reikna_mpi_handle recvType, reikna_mpi_handle comm);
int reikna_MPI_Type_contiguous(void **f, int count, reikna_mpi_handle old, reikna_mpi_handle *type);
int reikna_MPI_Type_commit(void **f, reikna_mpi_handle *type);
int reikna_MPI_Type_free(void **f, reikna_mpi_handle *type);
int reikna_MPI_Error_string(void **f, int code, char *s, int *len);
int reikna_MPI_Get_library_version(void **f, char *s, int *len);

#endif
