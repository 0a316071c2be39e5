#ifndef REIKNA_NCCLINC_H
#define REIKNA_NCCLINC_H

/*
 * The few types of NCCL that the binding uses, declared as nccl.h declares
 * them so that no NCCL or CUDA header is needed to build: a communicator
 * and a CUDA stream are pointers, a result and a data type are enums
 * (ints), and the unique id is a struct of 128 bytes passed by value. The
 * entry points live in a table of function pointers that dlsym fills.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* NCCL_UNIQUE_ID_BYTES */
#define REIKNA_NCCL_UNIQUE_ID_BYTES 128

typedef struct {
	char internal[REIKNA_NCCL_UNIQUE_ID_BYTES];
} reikna_nccl_id;

typedef void *reikna_nccl_comm;

/* ncclUint8 of ncclDataType_t: the binding moves bytes. */
#define REIKNA_NCCL_UINT8 1

/* The library's entry points, indexes into its table. */
enum {
	NC_ncclGetVersion,
	NC_ncclGetUniqueId,
	NC_ncclCommInitRank,
	NC_ncclCommDestroy,
	NC_ncclCommAbort,
	NC_ncclGroupStart,
	NC_ncclGroupEnd,
	NC_ncclSend,
	NC_ncclRecv,
	NC_ncclGetErrorString,
	NC_ncclGetLastError,
	NC_SYMBOLS
};

/* A send or a receive of a group: count bytes at ptr to or from peer. */
typedef struct {
	int recv;
	int peer;
	uint64_t ptr;
	size_t count;
} reikna_nccl_p2p;

/* Library loading. */
void *reikna_nccl_dlopen(const char *path, char **err);
void *reikna_nccl_dlsym(void *lib, const char *name);
void reikna_nccl_dlclose(void *lib);

/* NCCL calls through the table f; each returns the ncclResult_t. */
int reikna_ncclGetVersion(void **f, int *version);
int reikna_ncclGetUniqueId(void **f, reikna_nccl_id *id);
int reikna_ncclCommInitRank(void **f, reikna_nccl_comm *comm, int nranks, const reikna_nccl_id *id, int rank);
int reikna_ncclCommDestroy(void **f, reikna_nccl_comm comm);
int reikna_ncclCommAbort(void **f, reikna_nccl_comm comm);
int reikna_ncclGroupStart(void **f);
int reikna_ncclGroupEnd(void **f);
int reikna_ncclSend(void **f, uint64_t buf, size_t count, int peer, reikna_nccl_comm comm, uintptr_t stream);
int reikna_ncclRecv(void **f, uint64_t buf, size_t count, int peer, reikna_nccl_comm comm, uintptr_t stream);
const char *reikna_ncclGetErrorString(void **f, int result);
const char *reikna_ncclGetLastError(void **f, reikna_nccl_comm comm);

/* reikna_nccl_group runs the n sends and receives of ops in one group on
   comm and stream (ncclGroupStart, one ncclSend or ncclRecv each,
   ncclGroupEnd) on the calling thread, as NCCL's groups are the thread's.
   It returns the first failure and sets *failed to -1 where
   ncclGroupStart failed, to the index of the failed call, or to n where
   ncclGroupEnd failed; a group that was started is always ended. */
int reikna_nccl_group(void **f, reikna_nccl_comm comm, uintptr_t stream, const reikna_nccl_p2p *ops, int n, int *failed);

#endif
