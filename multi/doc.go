// Package multi runs computations on several devices at once: any
// computation on arrays split along an axis it does not transform (a
// batch axis, see core.Computation.DeclareBatch), compiled once for each
// device and called on cluda.SplitArray arguments, and the distributed
// multi-dimensional FFT by slabs, which transforms the axes of each
// device's slab, exchanges the slabs among the devices (all to all), and
// transforms the axis that was split.
//
// The devices are those of a cluda.MultiThread: Threads of one OpenCL
// platform sharing a context, or CUDA devices with peer access between
// them, or one CPU device opened several times, as the tests run. Every
// copy between devices goes by the path cluda.MultiThread.Path names:
// device to device where the devices reach each other's memory, through
// host memory otherwise. A SlabFFT of large parts runs its exchanges
// beside its transforms, in chunks (SlabFFTOptions.Chunks).
//
// # Several processes
//
// RankSlabFFT is the same slab FFT run by several processes, one device
// each, such as the ranks that mpirun starts: each process holds its own
// Thread and only its parts of the arrays, and the exchange goes from the
// device to host memory, through a Communicator (package multi/mpi's
// *mpi.Comm, MPI_Alltoallv), and back, or from device to device through
// a DeviceExchanger (package multi/nccl's *nccl.Comm, NCCL, set as
// SlabFFTOptions.Exchanger). The results are those of SlabFFT,
// bit for bit on the same devices. RankPencilFFT splits two axes over a
// grid of P × Q processes instead (a pencil decomposition): its two
// exchanges run within a grid row and within a grid column, among Q and P
// processes rather than all of them, and it goes on where slabs stop, at
// more processes than an axis has places; ChooseRankGrid says which a
// shape and a number of processes take. mpi.Comm.Split makes the rows and
// the columns from the world; with PencilFFTOptions.RowExchanger and
// ColumnExchanger (the *nccl.Comm of each) the blocks move from device to
// device, as the slab FFT's do.
//
// Ranks is the MultiThread of several processes: split arrays whose parts
// live in different processes (RankSplitArray, scattered from and gathered
// to one rank through the Communicator) and any computation compiled for
// each rank's part (Ranks.Compile), as SplitArray and Compile are across
// the devices of one process.
//
// # Examples
//
// ExampleCompile runs one computation on several devices over the parts
// of split arrays, ExampleSlabFFT transforms a three-dimensional array
// split over the devices by slabs, ExampleNewRankSlabFFT is the program
// of one process of several started by mpirun, and ExampleRanks_Compile
// runs a batch of FFTs over rows split among such processes.
package multi
