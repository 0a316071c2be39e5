package multi_test

import (
	"fmt"
	"log"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
	"github.com/reikna-go/reikna/multi/mpi"
)

// ExampleNewRankSlabFFT is the program of each process of several that
// mpirun starts (mpirun -np 4 ./program): it transforms a 64×64×64 array
// whose slabs along axis 0 the processes hold, one each, and gets its
// part of the spectrum split along axis 1. It needs mpirun, and so is not
// run as a test; examples/mpifft is a whole program.
func ExampleNewRankSlabFFT() {
	if err := mpi.Init(); err != nil {
		log.Fatal(err)
	}
	defer mpi.Finalize()
	world, err := mpi.World()
	if err != nil {
		log.Fatal(err)
	}
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()

	typ := core.ArrayOf(dtypes.Complex64, 64, 64, 64)
	f, err := multi.NewRankSlabFFT(thr, world, typ, multi.SlabFFTOptions{Layout: multi.SlabsToTransposed})
	if err != nil {
		log.Fatal(err)
	}
	defer f.Release()

	// This rank's slab: places f.Part(0).Start to +Length of axis 0.
	slab := make([]complex64, 64*64*f.Part(0).Length)
	for i := range slab {
		slab[i] = 1
	}
	in, err := thr.ToDevice(slab, f.Shape(0)...)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := thr.Empty(f.Shape(1), dtypes.Complex64)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := f.Call(out, in, 0); err != nil { // every rank at once
		log.Fatal(err)
	}
	spectrum, err := cluda.Read[complex64](out)
	if err != nil {
		log.Fatal(err)
	}
	// The transform of ones is their count at 0, on the rank that holds
	// place 0 of axis 1.
	if f.Part(1).Start == 0 {
		fmt.Printf("rank %d: F[0,0,0] = %.0f\n", world.Rank(), real(spectrum[0]))
	}
}

// ExampleRanks_Compile is the program of each process of several that
// mpirun starts: a batch of 1024 rows of 4096 points split among the
// processes by rows, scattered from rank 0, transformed by each process on
// its own rows, and gathered back on rank 0. Any computation on arrays
// split along an axis it does not transform runs so across processes, as
// Compile runs it across the devices of one. It needs mpirun, and so is
// not run as a test.
func ExampleRanks_Compile() {
	if err := mpi.Init(); err != nil {
		log.Fatal(err)
	}
	defer mpi.Finalize()
	world, err := mpi.World()
	if err != nil {
		log.Fatal(err)
	}
	local, _ := mpi.LocalRank()
	thr, err := multi.RankThread(cluda.DeviceFilter{}, local, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	ranks, err := multi.NewRanks(thr, world)
	if err != nil {
		log.Fatal(err)
	}

	shape := []int{1024, 4096}
	in, err := ranks.EmptySplit(shape, dtypes.Complex64, 0, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := ranks.EmptySplit(shape, dtypes.Complex64, 0, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	var whole []byte // the whole array's bytes, on rank 0
	if ranks.Rank() == 0 {
		whole = make([]byte, 1024*4096*8)
	}
	if err := in.Scatter(0, whole); err != nil { // every rank at once
		log.Fatal(err)
	}
	f, err := ranks.Compile(in.Shares(), func(p multi.Part) (core.AnyComputation, error) {
		return fft.NewFFT(core.ArrayOf(dtypes.Complex64, p.Length, 4096), []int{1}, fft.FFTOptions{})
	})
	if err != nil {
		log.Fatal(err)
	}
	defer f.Release()
	if err := f.Call(out, in, 0); err != nil { // this rank's rows
		log.Fatal(err)
	}
	if err := out.Gather(0, whole); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("rank %d transformed rows %d to %d\n", ranks.Rank(), in.Start(ranks.Rank()), in.Start(ranks.Rank())+in.Shares()[ranks.Rank()])
}
