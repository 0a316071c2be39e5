package multi

import (
	"fmt"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// rankExchange is one rank's part of the all-to-all exchange of a
// RankSlabFFT, through host memory: from its part of an array split along
// axis from (0 or 1) to its part of the array split along the other.
//
// Seen as an array of N0 × N1 rows of rowBytes bytes (all the axes after
// 1 in a row), the rank's part of the array split along axis 0 is the
// rows of its places i along axis 0, N1 rows each; the block it exchanges
// with rank e is, in each such i, the rows of e's places along axis 1.
// The part split along axis 1 is N0 times the rank's places along axis 1,
// and its block of rank e's the rows of e's places along axis 0, which
// lie one after another. So one side of the exchange is contiguous in
// rank order as it is, and the other is grouped by rank on the host: the
// send buffer from slabs, the receive buffer to slabs.
type rankExchange struct {
	rank       int   // this rank
	from       int   // the axis the source is split along
	rows       int   // the rank's places along axis 0
	rowBytes   int   // bytes of a row: the axes after 1
	n1         int   // the length of axis 1
	starts1    []int // every rank's first place along axis 1
	shares1    []int // every rank's places along axis 1
	srcBytes   int   // bytes of the rank's part of the source
	dstBytes   int   // bytes of the rank's part of the destination
	sendCounts []int
	sendDispls []int
	recvCounts []int
	recvDispls []int
}

// newRankExchange returns rank's part of the exchange of an array of shape
// and elements of itemSize bytes, split among the ranks into shares (by
// axis), from the split along axis from to the split along the other.
func newRankExchange(shape []int, itemSize int, shares [2][]int, rank, from int) *rankExchange {
	row := itemSize
	for _, n := range shape[2:] {
		row *= n
	}
	ranks := len(shares[0])
	starts := [2][]int{shareStarts(shares[0]), shareStarts(shares[1])}
	x := &rankExchange{rank: rank, from: from, rows: shares[0][rank], rowBytes: row, n1: shape[1],
		starts1: starts[1], shares1: shares[1],
		sendCounts: make([]int, ranks), sendDispls: make([]int, ranks),
		recvCounts: make([]int, ranks), recvDispls: make([]int, ranks)}
	slabs, transposed := shares[0][rank]*shape[1]*row, shape[0]*shares[1][rank]*row
	// The blocks of the slab, grouped by rank, and those of the
	// transposed slab, in place.
	grouped, inPlace := make([]int, ranks), make([]int, ranks)
	groupedAt, inPlaceAt := make([]int, ranks), make([]int, ranks)
	for e := range ranks {
		grouped[e], groupedAt[e] = shares[0][rank]*shares[1][e]*row, shares[0][rank]*starts[1][e]*row
		inPlace[e], inPlaceAt[e] = shares[0][e]*shares[1][rank]*row, starts[0][e]*shares[1][rank]*row
	}
	if from == 0 {
		x.srcBytes, x.dstBytes = slabs, transposed
		copy(x.sendCounts, grouped)
		copy(x.sendDispls, groupedAt)
		copy(x.recvCounts, inPlace)
		copy(x.recvDispls, inPlaceAt)
	} else {
		x.srcBytes, x.dstBytes = transposed, slabs
		copy(x.sendCounts, inPlace)
		copy(x.sendDispls, inPlaceAt)
		copy(x.recvCounts, grouped)
		copy(x.recvDispls, groupedAt)
	}
	return x
}

// hostBytes returns the bytes each of the two host buffers of the
// exchange must hold, which serve the exchange back as well.
func (x *rankExchange) hostBytes() int { return max(x.srcBytes, x.dstBytes) }

// stageOut copies the rank's part of the source, src, to host[0], and
// from slabs groups its blocks by rank into host[1], the send buffer.
func (x *rankExchange) stageOut(src *cluda.Array, host [2][]byte, stats *SlabStats) error {
	start := time.Now()
	defer func() { stats.Staging += time.Since(start) }()
	view, err := byteView(src)
	if err != nil {
		return err
	}
	if err := cluda.ReadInto(view, host[0][:x.srcBytes]); err != nil {
		return fmt.Errorf("copy to the host: %w", err)
	}
	if x.from == 0 {
		x.regroup(host[0], host[1], true)
	}
	return nil
}

// exchange sends the blocks of the send buffer and receives those of the
// other ranks: from slabs, from host[1] to host[0], where they lie as the
// transposed slab does; to slabs, from host[0] to host[1], grouped by
// rank.
func (x *rankExchange) exchange(comm Communicator, host [2][]byte) error {
	send, recv := host[1][:x.srcBytes], host[0][:x.dstBytes]
	if x.from == 1 {
		send, recv = host[0][:x.srcBytes], host[1][:x.dstBytes]
	}
	return comm.Alltoallv(send, x.sendCounts, x.sendDispls, recv, x.recvCounts, x.recvDispls)
}

// stageIn puts the received blocks in place, in host[0], and copies them
// to the rank's part of the destination, dst.
func (x *rankExchange) stageIn(dst *cluda.Array, host [2][]byte, stats *SlabStats) error {
	start := time.Now()
	defer func() { stats.Staging += time.Since(start) }()
	if x.from == 1 {
		x.regroup(host[0], host[1], false)
	}
	view, err := byteView(dst)
	if err != nil {
		return err
	}
	if err := view.Set(host[0][:x.dstBytes]); err != nil {
		return fmt.Errorf("copy to the device: %w", err)
	}
	return nil
}

// regroup copies between slab, the rank's part of an array split along
// axis 0, and grouped, its blocks grouped by rank: to grouped where
// toGrouped, back otherwise. In each of the rank's rows along axis 0, the
// places of rank e along axis 1 go to e's block, which holds them for
// every row, one row after another.
func (x *rankExchange) regroup(slab, grouped []byte, toGrouped bool) {
	displs := x.sendDispls
	if x.from == 1 {
		displs = x.recvDispls
	}
	line := x.n1 * x.rowBytes
	for i := range x.rows {
		row := slab[i*line : (i+1)*line]
		for e, n := range x.shares1 {
			piece := n * x.rowBytes
			s := row[x.starts1[e]*x.rowBytes:][:piece]
			g := grouped[displs[e]+i*piece:][:piece]
			if toGrouped {
				copy(g, s)
			} else {
				copy(s, g)
			}
		}
	}
}

// byteView returns a contiguous array as an array of its bytes.
func byteView(a *cluda.Array) (*cluda.Array, error) {
	if !a.IsContiguous() {
		return nil, fmt.Errorf("%v is not contiguous", a)
	}
	return a.View([]int{a.NBytes()}, dtypes.Uint8, nil, a.Offset())
}
