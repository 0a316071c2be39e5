package multi

import (
	"fmt"
	"time"

	"github.com/reikna-go/reikna/cluda"
)

// gridExchange is one rank's part of an all-to-all exchange that moves
// the split of an array among the ranks of a communicator from one axis,
// a, to the next one, b (or back, from b to a), through host memory. The
// array is seen as outer × na × nb rows of row bytes (outer: the places
// of the axes before a that the rank holds; row: the axes after b). Split
// along a, the rank holds outer × sa[rank] × nb rows; split along b,
// outer × na × sb[rank]. The block a rank sends another is packed on the
// host, and the blocks it receives are unpacked there.
type gridExchange struct {
	outer, na, nb, row int
	sa, sb             []int // the ranks' places along a and along b
	startA, startB     []int
	rank               int
	fromA              bool // the split moves from a to b (else from b to a)

	sendCounts, sendDispls []int
	recvCounts, recvDispls []int
	srcBytes, dstBytes     int // of the rank's part before and after
}

// newGridExchange returns rank's part of the exchange of an array of
// outer × na × nb rows of row bytes whose places along a and b the ranks
// share as sa and sb, from the split along a to that along b where fromA,
// back otherwise.
func newGridExchange(outer, na, nb, row int, sa, sb []int, rank int, fromA bool) *gridExchange {
	x := &gridExchange{outer: outer, na: na, nb: nb, row: row, sa: sa, sb: sb, rank: rank, fromA: fromA,
		startA: starts(sa), startB: starts(sb)}
	ranks := len(sa)
	x.sendCounts, x.sendDispls = make([]int, ranks), make([]int, ranks)
	x.recvCounts, x.recvDispls = make([]int, ranks), make([]int, ranks)
	// The block between rank r (split along a) and rank e (split along
	// b): outer × sa[r] × sb[e] rows.
	block := func(r, e int) int { return outer * sa[r] * sb[e] * row }
	send, recv := 0, 0
	for e := range ranks {
		if fromA {
			x.sendCounts[e], x.recvCounts[e] = block(rank, e), block(e, rank)
		} else {
			x.sendCounts[e], x.recvCounts[e] = block(e, rank), block(rank, e)
		}
		x.sendDispls[e], x.recvDispls[e] = send, recv
		send += x.sendCounts[e]
		recv += x.recvCounts[e]
	}
	partA, partB := outer*sa[rank]*nb*row, outer*na*sb[rank]*row
	x.srcBytes, x.dstBytes = partA, partB
	if !fromA {
		x.srcBytes, x.dstBytes = partB, partA
	}
	return x
}

// starts returns the first place of each share.
func starts(shares []int) []int {
	out := make([]int, len(shares))
	for i := 1; i < len(shares); i++ {
		out[i] = out[i-1] + shares[i-1]
	}
	return out
}

// hostBytes returns the bytes each host buffer of the exchange holds.
func (x *gridExchange) hostBytes() int { return max(x.srcBytes, x.dstBytes) }

// pieces calls f for every piece of the block between rank r (split
// along a) and rank e (split along b), in the order of the packed block:
// its offset in r's part split along a, in e's part split along b and in
// the block, and its bytes.
func (x *gridExchange) pieces(r, e int, f func(atA, atB, packed, n int)) {
	n := x.sb[e] * x.row
	packed := 0
	for o := range x.outer {
		for i := range x.sa[r] {
			atA := ((o*x.sa[r]+i)*x.nb + x.startB[e]) * x.row
			atB := (o*x.na + x.startA[r] + i) * x.sb[e] * x.row
			f(atA, atB, packed, n)
			packed += n
		}
	}
}

// pack groups the rank's part, src, by destination into send.
func (x *gridExchange) pack(src, send []byte) {
	for e := range x.sa {
		base := x.sendDispls[e]
		if x.fromA {
			x.pieces(x.rank, e, func(atA, _, packed, n int) { copy(send[base+packed:][:n], src[atA:][:n]) })
		} else {
			x.pieces(e, x.rank, func(_, atB, packed, n int) { copy(send[base+packed:][:n], src[atB:][:n]) })
		}
	}
}

// unpack puts the blocks received, recv, in place in the rank's part,
// dst.
func (x *gridExchange) unpack(recv, dst []byte) {
	for d := range x.sa {
		base := x.recvDispls[d]
		if x.fromA {
			x.pieces(d, x.rank, func(_, atB, packed, n int) { copy(dst[atB:][:n], recv[base+packed:][:n]) })
		} else {
			x.pieces(x.rank, d, func(atA, _, packed, n int) { copy(dst[atA:][:n], recv[base+packed:][:n]) })
		}
	}
}

// run exchanges src, the rank's part before, into dst, its part after,
// through the host buffers, adding its times to stats.
func (x *gridExchange) run(comm Communicator, src, dst *cluda.Array, host [3][]byte, stats *SlabStats) error {
	start := time.Now()
	staging := time.Duration(0)
	srcView, err := byteView(src)
	if err != nil {
		return err
	}
	dstView, err := byteView(dst)
	if err != nil {
		return err
	}
	t := time.Now()
	if err := cluda.ReadInto(srcView, host[0][:x.srcBytes]); err != nil {
		return fmt.Errorf("copy to the host: %w", err)
	}
	x.pack(host[0], host[1])
	staging += time.Since(t)
	if err := comm.Alltoallv(host[1], x.sendCounts, x.sendDispls, host[2], x.recvCounts, x.recvDispls); err != nil {
		return err
	}
	t = time.Now()
	x.unpack(host[2], host[0])
	if err := dstView.Set(host[0][:x.dstBytes]); err != nil {
		return fmt.Errorf("copy to the device: %w", err)
	}
	staging += time.Since(t)
	stats.Staging += staging
	stats.Exchange += time.Since(start)
	return nil
}
