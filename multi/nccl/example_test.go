package nccl_test

import (
	"fmt"
	"log"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
	"github.com/reikna-go/reikna/multi/mpi"
	"github.com/reikna-go/reikna/multi/nccl"
)

// ExampleComm_AllToAllArrays is the program of each process of several
// that mpirun starts on a host of CUDA GPUs, one GPU each: the rank slab
// FFT of a 512×512×512 array whose blocks NCCL moves from device to
// device (SlabFFTOptions.Exchanger), MPI only handing out NCCL's id and
// telling the ranks of each other's failures. It needs mpirun, GPUs and
// NCCL, and so is not run as a test.
func ExampleComm_AllToAllArrays() {
	if err := mpi.Init(); err != nil {
		log.Fatal(err)
	}
	defer mpi.Finalize()
	world, err := mpi.World()
	if err != nil {
		log.Fatal(err)
	}
	local, _ := mpi.LocalRank()
	thr, err := multi.RankThread(cluda.DeviceFilter{API: cluda.CUDA}, local, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	id, err := nccl.BcastID(world) // rank 0 makes it, MPI_Bcast hands it out
	if err != nil {
		log.Fatal(err)
	}
	comm, err := nccl.NewComm(thr.CUDAContext(), id, world.Rank(), world.Size())
	if err != nil {
		log.Fatal(err)
	}
	defer comm.Destroy()

	typ := core.ArrayOf(dtypes.Complex64, 512, 512, 512)
	f, err := multi.NewRankSlabFFT(thr, world, typ, multi.SlabFFTOptions{Exchanger: comm})
	if err != nil {
		log.Fatal(err)
	}
	defer f.Release()
	in, err := thr.Empty(f.Shape(0), dtypes.Complex64) // this rank's slab
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	if err := in.Fill(complex64(1)); err != nil {
		log.Fatal(err)
	}
	out, err := thr.Empty(f.Shape(1), dtypes.Complex64)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := f.Call(out, in, 0); err != nil { // every rank at once
		log.Fatal(err)
	}
	st := f.Stats()
	fmt.Printf("rank %d: compute %v, exchange %v\n", world.Rank(), st.Compute, st.Exchange)
}
