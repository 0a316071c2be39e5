package nccl

import (
	"errors"
	"fmt"

	"github.com/reikna-go/reikna/cluda"
)

// AllToAllArrays is AllToAll between the memories of two contiguous
// arrays of a CUDA Thread on the Comm's device, queued on the Thread's
// stream after the commands enqueued on it before: the displacements
// count bytes from each array's first element, and every block must lie
// within its array. It makes the Comm a multi.DeviceExchanger, which a
// multi.RankSlabFFT takes (SlabFFTOptions.Exchanger) to move its blocks
// between the ranks' devices; the commands enqueued on the Thread after
// it see what arrived.
func (c *Comm) AllToAllArrays(send *cluda.Array, sendCounts, sendDispls []int, recv *cluda.Array, recvCounts, recvDispls []int) error {
	fail := func(err error) error { return fmt.Errorf("nccl: %v: all-to-all of arrays: %w", c, err) }
	switch {
	case send == nil || recv == nil:
		return fail(errors.New("a nil array"))
	case send.Thread() != recv.Thread():
		return fail(errors.New("the arrays belong to different Threads"))
	case send.Thread().CUDAStream() == nil:
		return fail(fmt.Errorf("the arrays belong to a Thread of %v, not CUDA", send.Thread().API()))
	case !send.IsContiguous() || !recv.IsContiguous():
		return fail(errors.New("the arrays must be contiguous"))
	}
	sendMem, sendAt, err := send.CUDAMemory()
	if err != nil {
		return fail(fmt.Errorf("the send array: %w", err))
	}
	recvMem, recvAt, err := recv.CUDAMemory()
	if err != nil {
		return fail(fmt.Errorf("the receive array: %w", err))
	}
	sendOffsets, err := shifted("send", sendCounts, sendDispls, sendAt, send.NBytes())
	if err != nil {
		return fail(err)
	}
	recvOffsets, err := shifted("receive", recvCounts, recvDispls, recvAt, recv.NBytes())
	if err != nil {
		return fail(err)
	}
	return c.AllToAll(send.Thread().CUDAStream(), sendMem, sendCounts, sendOffsets, recvMem, recvCounts, recvOffsets)
}

// shifted returns the displacements of blocks within an array of n bytes
// at offset at of its memory as offsets in the memory, or an error where
// a block lies outside the array.
func shifted(what string, counts, displs []int, at, n int) ([]int, error) {
	if len(counts) != len(displs) {
		return nil, fmt.Errorf("%d %s counts and %d displacements", len(counts), what, len(displs))
	}
	out := make([]int, len(displs))
	for r, d := range displs {
		if d < 0 || counts[r] < 0 || d+counts[r] > n {
			return nil, fmt.Errorf("the %s block of rank %d, %d bytes at %d, lies outside the array's %d bytes", what, r, counts[r], d, n)
		}
		out[r] = at + d
	}
	return out, nil
}
