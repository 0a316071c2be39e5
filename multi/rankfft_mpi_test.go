package multi_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
	"github.com/reikna-go/reikna/multi/mpi"
	"github.com/reikna-go/reikna/multi/mpi/mpitest"
)

// mpiRanks is the number of processes TestRankSlabFFTMPI starts: three,
// so that the shares are uneven, on a CI machine of two cores.
const mpiRanks = 3

// TestRankSlabFFTMPI runs the rank cases in mpiRanks processes under
// mpirun, one Thread each on the test device, exchanging through MPI.
func TestRankSlabFFTMPI(t *testing.T) {
	if mpitest.Worker() {
		t.Skip("a worker runs TestRankSlabFFTMPIWorker only")
	}
	cludatest.Thread(t) // skips, or fails, without a device as the workers would
	if err := mpi.Load(); err != nil {
		mpitest.Missing(t, "the MPI library: %v", err)
	}
	mpitest.Run(t, mpiRanks, "TestRankSlabFFTMPIWorker")
}

// TestRankSlabFFTMPIWorker is one rank of TestRankSlabFFTMPI: it makes its
// Thread, runs every rank case as its rank of MPI_COMM_WORLD, and checks
// its parts of the outputs against the reference; then it runs
// checkRanksFFT, a computation over split arrays across the processes.
func TestRankSlabFFTMPIWorker(t *testing.T) {
	if !mpitest.Worker() {
		t.Skip("a worker of TestRankSlabFFTMPI, which runs it under mpirun")
	}
	if err := mpi.Init(); err != nil {
		t.Fatal(err)
	}
	world, err := mpi.World()
	if err != nil {
		t.Fatal(err)
	}
	thr, err := cluda.CreateThread(cluda.DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	for _, c := range rankCases {
		if _, err := runRank(thr, world, c); err != nil {
			t.Errorf("%v: %v", c, err)
		}
	}
	if err := checkRanksFFT(thr, world); err != nil {
		t.Errorf("a computation over split arrays across the processes: %v", err)
	}
	if t.Failed() {
		return // leave Finalize, which waits for every rank; mpirun ends the others
	}
	if err := mpi.Finalize(); err != nil {
		t.Fatal(err)
	}
}

// pencilMPIRanks is the number of processes TestRankPencilFFTMPI starts:
// a grid of two by two.
const pencilMPIRanks = 4

// TestRankPencilFFTMPI runs pencil FFTs on a 2 × 2 grid of processes under
// mpirun, whose rows and columns Comm.Split makes from the world.
func TestRankPencilFFTMPI(t *testing.T) {
	if mpitest.Worker() {
		t.Skip("a worker runs TestRankPencilFFTMPIWorker only")
	}
	cludatest.Thread(t)
	if err := mpi.Load(); err != nil {
		mpitest.Missing(t, "the MPI library: %v", err)
	}
	mpitest.Run(t, pencilMPIRanks, "TestRankPencilFFTMPIWorker")
}

// TestRankPencilFFTMPIWorker is one process of TestRankPencilFFTMPI: rank
// r of the world is (r / 2, r % 2) on the grid.
func TestRankPencilFFTMPIWorker(t *testing.T) {
	if !mpitest.Worker() {
		t.Skip("a worker of TestRankPencilFFTMPI, which runs it under mpirun")
	}
	if err := mpi.Init(); err != nil {
		t.Fatal(err)
	}
	world, err := mpi.World()
	if err != nil {
		t.Fatal(err)
	}
	const q = 2
	rows, err := world.Split(world.Rank()/q, world.Rank())
	if err != nil {
		t.Fatal(err)
	}
	cols, err := world.Split(world.Rank()%q, world.Rank())
	if err != nil {
		t.Fatal(err)
	}
	thr, err := cluda.CreateThread(cluda.DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	for _, c := range []pencilCase{
		{2, 2, []int{6, 5, 4}, multi.PencilsToTransposed, dtypes.Complex64, false},
		{2, 2, []int{5, 3, 7}, multi.TransposedToPencils, dtypes.Complex64, false},
		{2, 2, []int{5, 3, 7}, multi.TransposedToPencils, dtypes.Complex64, true},
	} {
		typ := core.ArrayOf(c.dt, c.shape...)
		x := make([]complex128, typ.Size())
		rng := rand.New(rand.NewPCG(uint64(len(c.shape)), 9))
		for i := range x {
			x[i] = complex(2*rng.Float64()-1, 2*rng.Float64()-1)
		}
		if err := checkPencilRank(thr, rows, cols, c, x); err != nil {
			t.Errorf("%v: %v", c, err)
		}
	}
	if t.Failed() {
		return // leave Finalize, which waits for every rank; mpirun ends the others
	}
	if err := errors.Join(rows.Free(), cols.Free()); err != nil {
		t.Fatal(err)
	}
	if err := mpi.Finalize(); err != nil {
		t.Fatal(err)
	}
}
