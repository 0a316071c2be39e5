package nccl_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda/cu"
	"github.com/reikna-go/reikna/multi/mpi"
	"github.com/reikna-go/reikna/multi/mpi/mpitest"
	"github.com/reikna-go/reikna/multi/nccl"
)

// *mpi.Comm is what BcastID broadcasts through.
var _ nccl.Broadcaster = (*mpi.Comm)(nil)

// RequireEnv names the environment variable that, set to 1, turns a
// missing NCCL library, CUDA driver or second CUDA device into a failure
// of the GPU tests, so that a run on the GPU machine cannot pass without
// them.
const RequireEnv = "REIKNA_REQUIRE_NCCL"

// missing skips the test, saying what is missing, or fails it where
// RequireEnv is set.
func missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	msg := "missing " + fmt.Sprintf(format, args...)
	if os.Getenv(RequireEnv) == "1" {
		tb.Fatalf("%s (%s=1 requires it)", msg, RequireEnv)
	}
	tb.Skip(msg)
}

// gpus returns the CUDA devices where the NCCL library loads, and at
// least want of them, or calls missing. It turns NVLink multicast off
// for NCCL (NCCL_NVLS_ENABLE=0), as the GPU machines need.
func gpus(t *testing.T, want int) []cu.Device {
	t.Helper()
	if err := nccl.Load(); err != nil {
		missing(t, "the NCCL library: %v", err)
	}
	devs, err := cu.Devices()
	if err != nil {
		missing(t, "CUDA: %v", err)
	}
	if len(devs) < want {
		missing(t, "CUDA devices: %d of the %d the test needs", len(devs), want)
	}
	if v := os.Getenv("NCCL_NVLS_ENABLE"); v != "0" {
		t.Setenv("NCCL_NVLS_ENABLE", "0")
		t.Logf("NCCL_NVLS_ENABLE was %q; the test sets it to 0", v)
	}
	return devs
}

// blockByte is the value of byte i of the block that rank from sends to
// rank to.
func blockByte(from, to, i int) byte { return byte(31*from + 7*to + i + i>>8) }

// blockLen is the length of the block that rank from sends to rank to of
// n: every pair another length, one of them over 1 MiB, and nothing from
// rank 0 to the last rank.
func blockLen(from, to, n int) int {
	if n > 1 && from == 0 && to == n-1 {
		return 0
	}
	return (1<<20)*((from+to)%2) + 4099*(to+1) + 13*from
}

// poison is the value of the receive buffer's bytes that no block lands on.
const poison = 0xEE

// exchange runs one all-to-all of rank me of comm on stream, the blocks
// at shifted offsets in both buffers with gaps between them, and checks
// every byte of the receive buffer, gaps included.
func exchange(comm *nccl.Comm, stream *cu.Stream) error {
	me, n := comm.Rank(), comm.Size()
	ctx := comm.Context()
	sendCounts, sendOffsets := make([]int, n), make([]int, n)
	recvCounts, recvOffsets := make([]int, n), make([]int, n)
	var sendLen, recvLen int
	for r := range n {
		// The blocks lie in reverse rank order, each after a gap.
		q := n - 1 - r
		sendOffsets[q], sendCounts[q] = sendLen+64, blockLen(me, q, n)
		sendLen += 64 + sendCounts[q]
		recvOffsets[q], recvCounts[q] = recvLen+128, blockLen(q, me, n)
		recvLen += 128 + recvCounts[q]
	}
	host := make([]byte, sendLen)
	for to := range n {
		for i := range sendCounts[to] {
			host[sendOffsets[to]+i] = blockByte(me, to, i)
		}
	}
	send, err := cu.Alloc(ctx, sendLen)
	if err != nil {
		return err
	}
	defer send.Free()
	recv, err := cu.Alloc(ctx, recvLen)
	if err != nil {
		return err
	}
	defer recv.Free()
	if err := cu.CopyBytesHtoD(send, 0, host); err != nil {
		return err
	}
	if err := cu.Memset(stream, recv, 0, recvLen, poison); err != nil {
		return err
	}
	if err := comm.AllToAll(stream, send, sendCounts, sendOffsets, recv, recvCounts, recvOffsets); err != nil {
		return err
	}
	if err := stream.Synchronize(); err != nil {
		return err
	}
	got := make([]byte, recvLen)
	if err := cu.CopyBytesDtoH(got, recv, 0); err != nil {
		return err
	}
	want := make([]byte, recvLen)
	for i := range want {
		want[i] = poison
	}
	for from := range n {
		for i := range recvCounts[from] {
			want[recvOffsets[from]+i] = blockByte(from, me, i)
		}
	}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Errorf("rank %d: byte %d of the receive buffer is %#x, want %#x (%s)", me, i, got[i], want[i], describe(i, recvCounts, recvOffsets))
		}
	}
	return nil
}

// describe says where byte i of a receive buffer lies: in the block of
// which rank, or in a gap.
func describe(i int, counts, offsets []int) string {
	for r := range counts {
		if i >= offsets[r] && i < offsets[r]+counts[r] {
			return fmt.Sprintf("byte %d of the block from rank %d", i-offsets[r], r)
		}
	}
	return "a gap"
}

// onDevice makes the stream of rank on dev, in its primary context, and
// the communicator, runs f with them and frees them.
func onDevice(dev cu.Device, id nccl.UniqueID, rank, size int, f func(*nccl.Comm, *cu.Stream) error) error {
	ctx, err := cu.RetainPrimaryContext(dev)
	if err != nil {
		return err
	}
	defer ctx.Release()
	// A blocking stream, which waits for the copies of the legacy default
	// stream that fill the send buffer.
	stream, err := cu.CreateStream(ctx, false)
	if err != nil {
		return err
	}
	defer stream.Release()
	comm, err := nccl.NewComm(ctx, id, rank, size)
	if err != nil {
		return err
	}
	if err := f(comm, stream); err != nil {
		comm.Abort()
		return err
	}
	return comm.Destroy()
}

// ranksTimeout bounds a test of ranks on goroutines: a rank that fails
// leaves the others waiting in NCCL.
const ranksTimeout = 2 * time.Minute

// TestAllToAllDevices runs the all-to-all between ranks of one process,
// each on a goroutine with a device of its own: 1 rank, 2 ranks (which
// RequireEnv requires), and 4 where there are 4 devices.
func TestAllToAllDevices(t *testing.T) {
	if mpitest.Worker() {
		t.Skip("a worker runs TestAllToAllMPIWorker only")
	}
	devs := gpus(t, 1)
	major, minor, patch, err := nccl.Version()
	if err != nil {
		t.Fatal(err)
	}
	path, _ := nccl.LibraryPath()
	t.Logf("NCCL %d.%d.%d from %s, %d CUDA devices", major, minor, patch, path, len(devs))
	for _, n := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("%d ranks", n), func(t *testing.T) {
			if len(devs) < n {
				if n <= 2 {
					missing(t, "CUDA devices: %d of the %d the test needs", len(devs), n)
				}
				t.Skipf("%d CUDA devices", len(devs))
			}
			id, err := nccl.NewUniqueID()
			if err != nil {
				t.Fatal(err)
			}
			errs := make([]error, n)
			var wg sync.WaitGroup
			for r := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[r] = onDevice(devs[r], id, r, n, exchange)
				}()
			}
			done := make(chan struct{})
			go func() { wg.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(ranksTimeout):
				t.Fatalf("the %d ranks did not finish in %v; errors so far: %v", n, ranksTimeout, errs)
			}
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestNewCommRefusals checks what NewComm refuses before NCCL is called:
// a context that is not the device's primary one, and a stream or memory
// of another context than the communicator's.
func TestNewCommRefusals(t *testing.T) {
	if mpitest.Worker() {
		t.Skip("a worker runs TestAllToAllMPIWorker only")
	}
	devs := gpus(t, 1)
	other, err := cu.CreateContext(devs[0], cu.ContextSchedAuto)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	id, err := nccl.NewUniqueID()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nccl.NewComm(other, id, 0, 1); err == nil || !strings.Contains(err.Error(), "primary context") {
		t.Errorf("NewComm on a created context: error %v, want one about the primary context", err)
	}
	err = onDevice(devs[0], id, 0, 1, func(comm *nccl.Comm, stream *cu.Stream) error {
		mem, err := cu.Alloc(other, 64)
		if err != nil {
			return err
		}
		defer mem.Free()
		own, err := cu.Alloc(comm.Context(), 64)
		if err != nil {
			return err
		}
		defer own.Free()
		otherStream, err := cu.CreateStream(other, true)
		if err != nil {
			return err
		}
		defer otherStream.Release()
		c, o := []int{32}, []int{0}
		if err := comm.AllToAll(stream, mem, c, o, own, c, o); err == nil || !strings.Contains(err.Error(), "send memory is not of the primary context") {
			return fmt.Errorf("memory of another context: error %v", err)
		}
		if err := comm.AllToAll(otherStream, own, c, []int{0}, own, c, []int{32}); err == nil || !strings.Contains(err.Error(), "stream is not of the primary context") {
			return fmt.Errorf("stream of another context: error %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// mpiRanks is the number of processes of TestAllToAllMPI: 2, or 4 where
// there are 4 devices.
func mpiRanks(devs int) int {
	if devs >= 4 {
		return 4
	}
	return 2
}

// runRanks runs the test worker in mpiRanks processes under mpirun,
// unless the test is itself a worker, which skips.
func runRanks(t *testing.T, worker string) {
	t.Helper()
	if mpitest.Worker() {
		t.Skip("a worker runs " + worker + " only")
	}
	devs := gpus(t, 2)
	if err := mpi.Load(); err != nil {
		mpitest.Missing(t, "the MPI library: %v", err)
	}
	mpitest.Run(t, mpiRanks(len(devs)), worker)
}

// startRank begins a worker of the test launcher under mpirun (others
// skip): NVLink multicast off, MPI initialised; it returns the world.
func startRank(t *testing.T, launcher string) *mpi.Comm {
	t.Helper()
	if !mpitest.Worker() {
		t.Skip("a worker of " + launcher + ", which runs it under mpirun")
	}
	os.Setenv("NCCL_NVLS_ENABLE", "0")
	if err := mpi.Init(); err != nil {
		t.Fatal(err)
	}
	world, err := mpi.World()
	if err != nil {
		t.Fatal(err)
	}
	return world
}

// TestAllToAllMPI runs TestAllToAllMPIWorker in a process per device
// under mpirun, the unique id broadcast through MPI.
func TestAllToAllMPI(t *testing.T) { runRanks(t, "TestAllToAllMPIWorker") }

// TestAllToAllMPIWorker is one rank of TestAllToAllMPI: it takes the
// device of its local rank, gets the unique id from rank 0 through
// MPI_Bcast, and runs and checks the all-to-all.
func TestAllToAllMPIWorker(t *testing.T) {
	world := startRank(t, "TestAllToAllMPI")
	local, ok := mpi.LocalRank()
	if !ok {
		t.Fatal("no local rank from mpirun")
	}
	devs, err := cu.Devices()
	if err != nil || len(devs) == 0 {
		world.Abort(1)
		t.Fatalf("CUDA devices: %d, %v", len(devs), err)
	}
	id, err := nccl.BcastID(world)
	if err != nil {
		world.Abort(1)
		t.Fatal(err)
	}
	if err := onDevice(devs[local%len(devs)], id, world.Rank(), world.Size(), exchange); err != nil {
		world.Abort(1)
		t.Fatal(err)
	}
	if err := world.Barrier(); err != nil {
		t.Fatal(err)
	}
	if err := mpi.Finalize(); err != nil {
		t.Fatal(err)
	}
}
