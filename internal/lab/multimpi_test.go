package lab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
	"github.com/reikna-go/reikna/multi/mpi"
	"github.com/reikna-go/reikna/multi/mpi/mpitest"
)

// mpiBenchFile names the environment variable that gives the workers of
// TestBenchMultiMPI the JSON file to write.
const mpiBenchFile = "REIKNA_TEST_MPI_BENCH_JSON"

// TestBenchMultiMPI runs bench --multi --mpi in two processes under
// mpirun at a tiny shape and checks rank 0's JSON: both layouts, each
// with its phases and an efficiency, the devices of both ranks, and the
// one-device time.
func TestBenchMultiMPI(t *testing.T) {
	if mpitest.Worker() {
		t.Skip("a worker runs TestBenchMultiMPIWorker only")
	}
	cludatest.Thread(t)
	if err := mpi.Load(); err != nil {
		mpitest.Missing(t, "the MPI library: %v", err)
	}
	jsonFile := filepath.Join(t.TempDir(), "mpi.json")
	t.Setenv(mpiBenchFile, jsonFile)
	mpitest.Run(t, 2, "TestBenchMultiMPIWorker")
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var rep mpiReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JSON does not decode: %v", err)
	}
	if rep.Procs != 2 || len(rep.Devices) != 2 || rep.SingleMS <= 0 || len(rep.Rows) != 2 {
		t.Fatalf("report %+v, want two processes, their devices, the one-device time and two layouts", rep)
	}
	for _, r := range rep.Rows {
		if r.MedianMS <= 0 || r.ComputeMS <= 0 || r.ExchangeMS <= 0 || r.Efficiency <= 0 || r.ExchangedBytes <= 0 {
			t.Errorf("layout %s: %+v, want every time and the efficiency", r.Layout, r)
		}
		if r.Wrong != "" || !(r.RelL2 <= fftCheckTolComplex64) {
			t.Errorf("layout %s: relative L2 error %.3g (%s), want at most %g", r.Layout, r.RelL2, r.Wrong, fftCheckTolComplex64)
		}
	}
}

// TestBenchMultiMPIWorker is one process of TestBenchMultiMPI.
func TestBenchMultiMPIWorker(t *testing.T) {
	if !mpitest.Worker() {
		t.Skip("a worker of TestBenchMultiMPI, which runs it under mpirun")
	}
	stdout, _ := tool.OK(t, "bench", "--multi", "--mpi", "--shape", "4,6,2", "--runs", "2", "--json", os.Getenv(mpiBenchFile))
	rank, _ := mpi.LocalRank()
	if rank == 0 && !strings.Contains(stdout, "transposed slabs to slabs") {
		t.Errorf("rank 0's output lacks the second layout:\n%s", stdout)
	}
}

// TestBenchMultiMPIFlags checks the flags that --multi --mpi refuses.
func TestBenchMultiMPIFlags(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{Args: []string{"bench", "--mpi"}, Want: "--mpi needs --multi"},
		{Args: []string{"bench", "--multi", "--mpi", "--devices", "2"}, Want: "--devices does not apply to --multi --mpi"},
		{Args: []string{"bench", "--multi", "--mpi", "--runs", "-1"}, Want: "--runs cannot be negative"},
	})
}
