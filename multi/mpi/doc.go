// Package mpi is a binding to MPI, as much of it as the programs of
// several processes that package multi runs need: initialisation and
// finalisation, the world communicator's rank and size, a barrier, a
// broadcast and the all-to-all exchange of blocks of bytes
// (MPI_Alltoallv), which multi.RankSlabFFT's exchange uses through the
// multi.Communicator interface that *Comm implements.
//
// The binding targets Open MPI's ABI (libmpi.so.40, the soname of Open
// MPI 3.0 and later; tested with 4.1), in which a communicator, a datatype and an error handler are pointers
// and the predefined ones (MPI_COMM_WORLD, MPI_BYTE, MPI_ERRORS_RETURN)
// are the addresses of objects the library exports (ompi_mpi_comm_world,
// ompi_mpi_byte, ompi_mpi_errors_return). The library is loaded at run
// time with dlopen and these found with dlsym, so building the package
// needs no MPI, and a program that uses it runs on machines without one,
// where every call returns an error that wraps ErrNoMPI. MPICH and the
// MPIs of its ABI (libmpi.so.12: Intel MPI, MVAPICH, Cray MPICH), whose
// handles are integers, are refused by name with an error that wraps
// ErrNotOpenMPI.
//
// The library (libmpi.so.40, then libmpi.so) is looked for in
// LD_LIBRARY_PATH, MPI_HOME/lib, OPAL_PREFIX/lib, the system's library
// directories (Debian's and Fedora's Open MPI among them) and the dynamic
// loader's own path; REIKNA_MPI_LIBRARY names its path instead. It is
// loaded once, on first use, with RTLD_GLOBAL, as Open MPI's plugins
// need; the outcome of that first attempt is kept and every later call
// reports the same error.
//
// Conventions:
//
//   - Init initialises MPI once per process and Finalize ends it; calls
//     that need MPI before Init return ErrNotInitialized, and after
//     Finalize ErrFinalized.
//   - Every MPI call of the package runs on one operating-system thread of
//     its own, the one that called MPI_Init_thread (with
//     MPI_THREAD_FUNNELED), so goroutines may call the package at once:
//     their calls run one after another.
//   - MPI_COMM_WORLD returns errors rather than aborting the program: a
//     failing call returns an *Error that names the MPI function and
//     holds its error code and the library's description of it.
//   - Go memory is handed to MPI only for the duration of a blocking call:
//     the buffers are the caller's again when the call returns.
//   - Counts are in bytes. MPI counts in C ints; beyond 2³¹−1 bytes a call
//     counts in a contiguous datatype of as many bytes as divide every
//     count and displacement.
//
// A program of several processes is started by mpirun, one process per
// device:
//
//	mpirun -np 4 ./program
//
// and each process calls Init, World, makes its cluda.Thread, and runs its
// share of the work; see multi.RankSlabFFT and docs/scale-out.md.
//
// Package mpitest runs a package's tests under mpirun.
package mpi
