// Package nccl is a binding to NCCL, NVIDIA's library of communication
// between GPUs, as much of it as an exchange of blocks between the devices
// of several ranks needs: the library's version, the unique id and its
// exchange, a communicator per rank (ncclCommInitRank, ncclCommDestroy,
// ncclCommAbort), groups (ncclGroupStart, ncclGroupEnd), sends and
// receives of bytes (ncclSend, ncclRecv of ncclUint8) on a CUDA stream,
// and an all-to-all of blocks of device memory built of them
// (Comm.AllToAll), with the library's own descriptions of its errors
// (ncclGetErrorString, ncclGetLastError).
//
// The library is loaded at run time with dlopen and its entry points found
// with dlsym, as package cluda/cu loads the CUDA driver, so building the
// package needs neither NCCL nor CUDA, and a program that uses it runs on
// machines without them, where every call returns an error that wraps
// ErrNoNCCL and names what was tried. The package needs NCCL 2.7 or later
// (ncclSend and ncclRecv); ncclGetLastError (2.13) is used where present.
//
// # Finding the library
//
// REIKNA_NCCL_LIBRARY names the library's path, and then nothing else is
// tried. Otherwise libnccl.so.2, then libnccl.so, is looked for in, in
// order (SearchDirs lists them):
//
//   - the directories of LD_LIBRARY_PATH;
//   - NCCL_HOME/lib and NCCL_HOME/lib64;
//   - where pip's nvidia-nccl-cu12 (the NCCL that PyTorch brings) puts it,
//     site-packages/nvidia/nccl/lib, for the site-packages directories of
//     each entry of PYTHONPATH, of VIRTUAL_ENV and CONDA_PREFIX, of the
//     prefix of each python3 or python on PATH, of ~/.local, and of
//     /usr/local, /usr and /opt/conda (their lib/python3*/ site-packages
//     and dist-packages, newest Python first);
//   - CONDA_PREFIX/lib (conda's nccl);
//   - /usr/local/cuda/lib64 and the system's library directories;
//
// and last by name on the dynamic loader's own path. The library is loaded
// once, on first use; the outcome of that first attempt is kept and every
// later call reports the same error.
//
// # Devices, streams and memory
//
// NCCL runs in the CUDA runtime's context of a device, the device's
// primary context, and a communicator is on one device. NewComm takes that
// context as a *cu.Context (cu.RetainPrimaryContext, or
// (*cluda.Thread).CUDAContext of a CUDA Thread made by cluda.NewThread),
// streams as *cu.Stream ((*cluda.Thread).CUDAStream) and device memory as
// *cu.Memory or cu.DevicePtr. Package cluda has no accessor for the CUDA
// memory of an Array; to hand an Array's bytes to NCCL, allocate them with
// cu.Alloc and make the Array over them with (*cluda.Thread).ArrayFromCUDA.
// What the package would take from cluda, once it has one, is an Array's
// *cu.Memory and the byte offset of its element 0, as (*cluda.Array).Buffer
// gives the OpenCL buffer.
//
// NCCL's calls queue work on a stream and return: synchronize the stream
// (or queue later work on it) before reading what arrived, and keep the
// memory until then. NCCL keeps a group per OS thread; the package holds
// the goroutine's thread for each call, and Group and AllToAll for the
// whole group, and makes the Comm's context current on it.
//
// # The unique id
//
// The ranks of a communicator share a unique id that one rank makes
// (NewUniqueID) and hands to the others before every rank calls NewComm:
//
//   - BcastID through a broadcast of the ranks' own, such as MPI's
//     (multi/mpi's *mpi.Comm is a Broadcaster): every rank calls it;
//   - ExchangeIDFile through a file all ranks see: rank 0 writes it
//     atomically and refuses one that is there, the others poll for it
//     with a timeout. Name a new file for each run.
//
// A program of one process per device, started by mpirun:
//
//	mpi.Init()
//	defer mpi.Finalize()
//	world, _ := mpi.World()
//	local, _ := mpi.LocalRank()
//	dev, _ := cu.GetDevice(local)
//	ctx, _ := cu.RetainPrimaryContext(dev)
//	stream, _ := cu.CreateStream(ctx, true)
//	id, _ := nccl.BcastID(world)
//	comm, _ := nccl.NewComm(ctx, id, world.Rank(), world.Size())
//	defer comm.Destroy()
//	comm.AllToAll(stream, send, sendCounts, sendOffsets, recv, recvCounts, recvOffsets)
//	stream.Synchronize()
//
// Comm.AllToAllArrays does the same on two arrays of a CUDA Thread, on
// its stream; it makes the Comm a multi.DeviceExchanger, which moves the
// blocks of a multi.RankSlabFFT from device to device
// (SlabFFTOptions.Exchanger; ExampleComm_AllToAllArrays).
//
// # NVLink multicast
//
// On a host whose GPUs others share, NCCL_NVLS_ENABLE=0 must be set in the
// environment of every rank, also of a program started with an
// environment of its own: NCCL's NVLink SHARP path (NVLS) creates
// multicast objects, and a program that uses NVLink multicast can put the
// host's GPUs out of service for every user. NCCL reads the variable when
// a communicator is made. The package's GPU tests set it themselves.
package nccl
