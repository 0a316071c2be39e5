package multi_test

import (
	"os"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
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
// its parts of the outputs against the reference.
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
	if t.Failed() {
		return // leave Finalize, which waits for every rank; mpirun ends the others
	}
	if err := mpi.Finalize(); err != nil {
		t.Fatal(err)
	}
}
