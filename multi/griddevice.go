package multi

import (
	"fmt"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// blockView returns the view, in part (the bytes of a rank's part), of
// the block between rank r, split along a, and rank e, split along b. In
// r's part (alongA) the block is outer × sa[r] rows of sb[e] × row bytes,
// nb × row bytes apart; in e's part, outer rows of sa[r] × sb[e] × row
// bytes, na × sb[e] × row apart. Its rows follow the order of the packed
// block (pieces). It returns nil for an empty block.
func (x *gridExchange) blockView(part *cluda.Array, r, e int, alongA bool) (*cluda.Array, error) {
	n := x.sb[e] * x.row
	rows, piece, line, at := x.outer*x.sa[r], n, x.nb*x.row, x.startB[e]*x.row
	if !alongA {
		rows, piece, line, at = x.outer, x.sa[r]*n, x.na*n, x.startA[r]*n
	}
	if rows == 0 || piece == 0 {
		return nil, nil
	}
	return part.View([]int{rows, piece}, dtypes.Uint8, []int{line, 1}, part.Offset()+at)
}

// packedView returns the view, in buf (a staging array of bytes), of the
// block of the shape of block, packed at displ bytes.
func packedView(buf, block *cluda.Array, displ int) (*cluda.Array, error) {
	return buf.View(block.Shape(), dtypes.Uint8, nil, buf.Offset()+displ)
}

// regroupDevice copies, on the rank's device, each block between the
// rank's part, part, and its packed place in buf at displs: from the part
// (pack) or to it. The part is the source's where pack, the
// destination's otherwise; it is split along a where the exchange moves
// the split from a and packs, or moves it back and unpacks.
func (x *gridExchange) regroupDevice(part, buf *cluda.Array, displs []int, pack bool) error {
	alongA := x.fromA == pack
	thr := part.Thread()
	for e := range x.sa {
		r, peer := x.rank, e
		if !alongA {
			r, peer = e, x.rank
		}
		block, err := x.blockView(part, r, peer, alongA)
		if err != nil {
			return err
		}
		if block == nil {
			continue
		}
		packed, err := packedView(buf, block, displs[e])
		if err != nil {
			return err
		}
		if pack {
			err = thr.Copy(packed, block)
		} else {
			err = thr.Copy(block, packed)
		}
		if err != nil {
			return fmt.Errorf("the block of rank %d: %w", e, err)
		}
	}
	return nil
}

// runDevice is run through ex on the rank's device: the blocks of src
// grouped by rank into send, the rank's own block copied into its place
// in recv, the others exchanged by ex, and every block put in its place
// in dst, each step waited for so that stats tells them apart. The ranks
// of comm, those of the exchange, agree on the grouping before any
// exchanges.
func (x *gridExchange) runDevice(ex DeviceExchanger, comm Communicator, src, dst, send, recv *cluda.Array, stats *SlabStats) error {
	defer addSince(&stats.Exchange)()
	thr := src.Thread()
	views := make([]*cluda.Array, 4)
	for i, a := range []*cluda.Array{src, dst, send, recv} {
		v, err := byteView(a)
		if err != nil {
			return err
		}
		views[i] = v
	}
	srcB, dstB, sendB, recvB := views[0], views[1], views[2], views[3]
	staged := func(step func() error) error {
		start := time.Now()
		defer func() { stats.Staging += time.Since(start) }()
		if err := step(); err != nil {
			return err
		}
		return thr.Synchronize()
	}
	err := staged(func() error {
		if err := x.regroupDevice(srcB, sendB, x.sendDispls, true); err != nil {
			return err
		}
		n := x.sendCounts[x.rank]
		if n == 0 {
			return nil
		}
		from, err := sendB.View([]int{n}, dtypes.Uint8, nil, sendB.Offset()+x.sendDispls[x.rank])
		if err != nil {
			return err
		}
		to, err := recvB.View([]int{n}, dtypes.Uint8, nil, recvB.Offset()+x.recvDispls[x.rank])
		if err != nil {
			return err
		}
		return thr.Copy(to, from)
	})
	if err != nil {
		err = fmt.Errorf("grouping the blocks: %w", err)
	}
	if err := agree(comm, "grouping the blocks", err); err != nil {
		return err
	}
	sendCounts, recvCounts := slices.Clone(x.sendCounts), slices.Clone(x.recvCounts)
	sendCounts[x.rank], recvCounts[x.rank] = 0, 0
	if err := ex.AllToAllArrays(sendB, sendCounts, x.sendDispls, recvB, recvCounts, x.recvDispls); err != nil {
		return err
	}
	if err := thr.Synchronize(); err != nil {
		return err
	}
	if err := staged(func() error { return x.regroupDevice(dstB, recvB, x.recvDispls, false) }); err != nil {
		return fmt.Errorf("placing the blocks: %w", err)
	}
	return nil
}
