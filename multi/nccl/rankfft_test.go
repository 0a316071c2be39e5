package nccl_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
	"github.com/reikna-go/reikna/multi/mpi"
	"github.com/reikna-go/reikna/multi/nccl"
)

// *nccl.Comm moves a RankSlabFFT's blocks between devices.
var _ multi.DeviceExchanger = (*nccl.Comm)(nil)

// TestRankSlabFFTNCCL runs TestRankSlabFFTNCCLWorker in a process per
// device under mpirun.
func TestRankSlabFFTNCCL(t *testing.T) { runRanks(t, "TestRankSlabFFTNCCLWorker") }

// TestRankSlabFFTNCCLWorker is one rank of TestRankSlabFFTNCCL: it runs
// the slab FFT of every layout, with uneven shares, through NCCL
// (SlabFFTOptions.Exchanger) and through host memory and MPI, on the same
// random input, and checks that its parts of the outputs are the same
// bits: the same kernels run on the same parts, and the exchanges move
// bytes without touching them.
func TestRankSlabFFTNCCLWorker(t *testing.T) {
	world, thr, fail := rankCUDA(t, "TestRankSlabFFTNCCL")
	id, err := nccl.BcastID(world)
	if err != nil {
		fail(err)
	}
	comm, err := nccl.NewComm(thr.CUDAContext(), id, world.Rank(), world.Size())
	if err != nil {
		fail(err)
	}
	defer comm.Destroy()
	n := world.Size()
	for _, c := range []struct {
		shape  []int
		layout multi.SlabLayout
	}{
		{[]int{2*n + 1, 3*n - 1, 6}, multi.SlabsToTransposed},
		{[]int{2*n + 1, 3*n - 1, 6}, multi.TransposedToSlabs},
		{[]int{3*n - 1, 2*n + 1, 2, 5}, multi.SlabsToSlabs},
	} {
		host, err := rankOutput(thr, world, c.shape, multi.SlabFFTOptions{Layout: c.layout})
		if err != nil {
			fail(fmt.Errorf("%v %v through MPI: %w", c.shape, c.layout, err))
		}
		device, err := rankOutput(thr, world, c.shape, multi.SlabFFTOptions{Layout: c.layout, Exchanger: comm})
		if err != nil {
			fail(fmt.Errorf("%v %v through NCCL: %w", c.shape, c.layout, err))
		}
		if !slices.Equal(host, device) {
			t.Errorf("rank %d, %v %v: the output through NCCL differs from that through MPI", world.Rank(), c.shape, c.layout)
		}
	}
	finishRank(t, world)
}

// rankCUDA starts a rank of launcher's test (startRank) and opens its
// local CUDA device, released when the test ends. fail aborts every rank
// and fails the test: a rank that only failed would leave the others
// waiting in a collective.
func rankCUDA(t *testing.T, launcher string) (world *mpi.Comm, thr *cluda.Thread, fail func(error)) {
	t.Helper()
	world = startRank(t, launcher)
	fail = func(err error) {
		world.Abort(1)
		t.Fatal(err)
	}
	local, _ := mpi.LocalRank()
	thr, err := multi.RankThread(cluda.DeviceFilter{API: cluda.CUDA}, local, cluda.ThreadOptions{})
	if err != nil {
		fail(err)
	}
	t.Cleanup(thr.Release)
	return world, thr, fail
}

// finishRank frees comms, waits for every rank and finalises MPI, unless
// the test failed: Finalize waits for every rank, and mpirun ends the
// others.
func finishRank(t *testing.T, world *mpi.Comm, comms ...*mpi.Comm) {
	t.Helper()
	if t.Failed() {
		return
	}
	var errs []error
	for _, c := range comms {
		errs = append(errs, c.Free())
	}
	if err := errors.Join(append(errs, world.Barrier())...); err != nil {
		t.Fatal(err)
	}
	if err := mpi.Finalize(); err != nil {
		t.Fatal(err)
	}
}

// rankOutput returns the rank's part of the output of a RankSlabFFT of
// shape with opts, on an input the same on every rank, its output
// poisoned first.
func rankOutput(thr *cluda.Thread, comm multi.Communicator, shape []int, opts multi.SlabFFTOptions) ([]complex64, error) {
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	f, err := multi.NewRankSlabFFT(thr, comm, typ, opts)
	if err != nil {
		return nil, err
	}
	defer f.Release()
	inAxis, outAxis := 0, 1
	switch opts.Layout {
	case multi.SlabsToSlabs:
		outAxis = 0
	case multi.TransposedToSlabs:
		inAxis, outAxis = 1, 0
	}
	return callOnRank(thr, uint64(len(shape)), uint64(comm.Rank())+7, f.Shape(inAxis), f.Shape(outAxis),
		func(out, in *cluda.Array) error { return f.Call(out, in, 0) })
}

// TestRankPencilFFTNCCL runs TestRankPencilFFTNCCLWorker in a process per
// device under mpirun.
func TestRankPencilFFTNCCL(t *testing.T) { runRanks(t, "TestRankPencilFFTNCCLWorker") }

// TestRankPencilFFTNCCLWorker is one rank of TestRankPencilFFTNCCL: on
// the squarest grid of the ranks (2 × 2 on four, 2 × 1 on two), it runs
// the pencil FFT of both layouts, with uneven shares, through NCCL (an
// NCCL communicator per grid row and column, PencilFFTOptions'
// exchangers) and through host memory and MPI, on the same random input,
// and checks that its parts of the outputs are the same bits.
func TestRankPencilFFTNCCLWorker(t *testing.T) {
	world, thr, fail := rankCUDA(t, "TestRankPencilFFTNCCL")
	n := world.Size()
	q := 1
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			q = d
		}
	}
	p := n / q
	rows, err := world.Split(world.Rank()/q, world.Rank())
	if err != nil {
		fail(err)
	}
	cols, err := world.Split(world.Rank()%q, world.Rank())
	if err != nil {
		fail(err)
	}
	var exchangers [2]*nccl.Comm
	for i, c := range []*mpi.Comm{rows, cols} {
		id, err := nccl.BcastID(c)
		if err != nil {
			fail(err)
		}
		if exchangers[i], err = nccl.NewComm(thr.CUDAContext(), id, c.Rank(), c.Size()); err != nil {
			fail(err)
		}
		defer exchangers[i].Destroy()
	}
	for _, c := range []struct {
		shape  []int
		layout multi.PencilLayout
	}{
		{[]int{2*p + 1, 3*q + 1, 4*q + 1}, multi.PencilsToTransposed},
		{[]int{3*p - 1, 2*q + 1, 3 * q, 3}, multi.TransposedToPencils},
	} {
		opts := multi.PencilFFTOptions{Layout: c.layout}
		host, err := pencilOutput(thr, rows, cols, c.shape, opts)
		if err != nil {
			fail(fmt.Errorf("%v %v through MPI: %w", c.shape, c.layout, err))
		}
		opts.RowExchanger, opts.ColumnExchanger = exchangers[0], exchangers[1]
		device, err := pencilOutput(thr, rows, cols, c.shape, opts)
		if err != nil {
			fail(fmt.Errorf("%v %v through NCCL: %w", c.shape, c.layout, err))
		}
		if !slices.Equal(host, device) {
			t.Errorf("rank %d, %v %v: the output through NCCL differs from that through MPI", world.Rank(), c.shape, c.layout)
		}
	}
	finishRank(t, world, rows, cols)
}

// pencilOutput returns the rank's part of the output of a RankPencilFFT
// of shape with opts on the grid of rows and cols, on an input the same
// on every rank, its output poisoned first.
func pencilOutput(thr *cluda.Thread, rows, cols multi.Communicator, shape []int, opts multi.PencilFFTOptions) ([]complex64, error) {
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	f, err := multi.NewRankPencilFFT(thr, rows, cols, typ, opts)
	if err != nil {
		return nil, err
	}
	defer f.Release()
	rank := uint64(cols.Rank()*rows.Size() + rows.Rank())
	return callOnRank(thr, uint64(len(shape)), rank+11, f.Shape(true), f.Shape(false), func(out, in *cluda.Array) error { return f.Call(out, in, 0) })
}

// callOnRank calls call(out, in) on a random input of inShape drawn
// from the seeds, its output of outShape poisoned first, and returns the
// output.
func callOnRank(thr *cluda.Thread, seed1, seed2 uint64, inShape, outShape []int, call func(out, in *cluda.Array) error) ([]complex64, error) {
	rng := rand.New(rand.NewPCG(seed1, seed2))
	part := make([]complex64, core.ArrayOf(dtypes.Complex64, inShape...).Size())
	for i := range part {
		part[i] = complex(2*rng.Float32()-1, 2*rng.Float32()-1)
	}
	in, err := thr.ToDevice(part, inShape...)
	if err != nil {
		return nil, err
	}
	defer in.Release()
	out, err := thr.Empty(outShape, dtypes.Complex64)
	if err != nil {
		return nil, err
	}
	defer out.Release()
	if err := out.Fill(complex64(complex(float32(-7), float32(7)))); err != nil {
		return nil, err
	}
	if err := call(out, in); err != nil {
		return nil, err
	}
	return cluda.Read[complex64](out)
}
