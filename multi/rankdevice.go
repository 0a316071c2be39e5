package multi

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// DeviceExchanger moves the blocks of a RankSlabFFT's exchanges between
// the ranks' device memories itself, in place of host memory and the
// Communicator: multi/nccl's *nccl.Comm is one, for CUDA devices.
type DeviceExchanger interface {
	// AllToAllArrays enqueues on the Thread of send and recv, this rank's
	// device arrays of bytes, the exchange that Communicator.Alltoallv
	// makes of host bytes: rank e gets the sendCounts[e] bytes of send
	// from sendDispls[e], and the recvCounts[d] bytes from rank d land
	// in recv from recvDispls[d]. It runs after the commands enqueued on
	// the Thread before it, and those enqueued after it see what arrived.
	// Every rank calls it at once.
	AllToAllArrays(send *cluda.Array, sendCounts, sendDispls []int, recv *cluda.Array, recvCounts, recvDispls []int) error
}

// stageDevice groups the blocks of the rank's part of the source, src,
// by rank into staging, the send buffer, on the device, and copies its
// own block to its place in dst: from slabs only, whose blocks lie in
// the rows of the part; the blocks of transposed slabs lie in rank order
// already.
func (x *rankExchange) stageDevice(dst, src, staging *cluda.Array) error {
	if x.from != 0 {
		return nil
	}
	return x.regroupDevice(src, staging, dst, x.recvDispls[x.rank], true)
}

// exchangeDevice enqueues the exchange of the blocks of the other ranks
// through ex: from slabs, from staging into dst in place; to slabs, from
// src in place into staging. The rank's own block takes no part: the
// staging copies it.
func (x *rankExchange) exchangeDevice(ex DeviceExchanger, dst, src, staging *cluda.Array) error {
	send, recv := staging, dst
	if x.from == 1 {
		send, recv = src, staging
	}
	sendBytes, err := byteView(send)
	if err != nil {
		return err
	}
	recvBytes, err := byteView(recv)
	if err != nil {
		return err
	}
	sendCounts, recvCounts := slices.Clone(x.sendCounts), slices.Clone(x.recvCounts)
	sendCounts[x.rank], recvCounts[x.rank] = 0, 0
	return ex.AllToAllArrays(sendBytes, sendCounts, x.sendDispls, recvBytes, recvCounts, x.recvDispls)
}

// unstageDevice puts the received blocks, grouped by rank in staging, and
// the rank's own block of src in their places of the rank's slab, dst:
// to slabs only.
func (x *rankExchange) unstageDevice(dst, src, staging *cluda.Array) error {
	if x.from != 1 {
		return nil
	}
	return x.regroupDevice(dst, staging, src, x.sendDispls[x.rank], false)
}

// regroupDevice is regroup on the device: a copy of each rank's block,
// the rows of its places along axis 1 in every row of the slab, between
// the slab and its place in grouped (to grouped where toGrouped), but
// for the rank's own block, whose place is at ownAt bytes into own.
func (x *rankExchange) regroupDevice(slab, grouped, own *cluda.Array, ownAt int, toGrouped bool) error {
	displs := x.sendDispls
	if x.from == 1 {
		displs = x.recvDispls
	}
	slabBytes, err := byteView(slab)
	if err != nil {
		return err
	}
	thr := slab.Thread()
	line := x.n1 * x.rowBytes
	for e, n := range x.shares1 {
		piece := n * x.rowBytes
		if piece == 0 || x.rows == 0 {
			continue
		}
		rows, err := slabBytes.View([]int{x.rows, piece}, dtypes.Uint8, []int{line, 1}, slabBytes.Offset()+x.starts1[e]*x.rowBytes)
		if err != nil {
			return err
		}
		place, at := grouped, displs[e]
		if e == x.rank {
			place, at = own, ownAt
		}
		block, err := place.View([]int{x.rows, piece}, dtypes.Uint8, nil, place.Offset()+at)
		if err != nil {
			return err
		}
		if toGrouped {
			err = thr.Copy(block, rows)
		} else {
			err = thr.Copy(rows, block)
		}
		if err != nil {
			return fmt.Errorf("the block of rank %d: %w", e, err)
		}
	}
	return nil
}

// exchangeStepDevice is exchangeStep through the DeviceExchanger: the
// blocks grouped on the device, exchanged between the devices, and put
// in place there, each step waited for so that Stats tells them apart.
func (f *RankSlabFFT) exchangeStepDevice(stats *SlabStats, name string, x *rankExchange, dst, src *cluda.Array, err error) error {
	defer addSince(&stats.Exchange)()
	staged := func(step func() error) error {
		start := time.Now()
		defer func() { stats.Staging += time.Since(start) }()
		if err := step(); err != nil {
			return err
		}
		return f.thread.Synchronize()
	}
	if err == nil {
		if err = staged(func() error { return x.stageDevice(dst, src, f.staging) }); err != nil {
			err = fmt.Errorf("%s: %w", name, err)
		}
	}
	if err := agree(f.comm, name, err); err != nil {
		return err
	}
	if err := x.exchangeDevice(f.exchanger, dst, src, f.staging); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := f.thread.Synchronize(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := staged(func() error { return x.unstageDevice(dst, src, f.staging) }); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// errExchangerOfSlabFFT is SlabFFT's refusal of a DeviceExchanger.
var errExchangerOfSlabFFT = errors.New("a SlabFFT takes no Exchanger: its devices exchange through the MultiThread (a RankSlabFFT takes one)")
