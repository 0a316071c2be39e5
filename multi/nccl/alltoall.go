package nccl

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/reikna-go/reikna/cluda/cu"
)

// AllToAll queues on stream (the legacy default stream if nil) the
// exchange of blocks of bytes between every pair of ranks, from device
// memory to device memory, in one group (ncclGroupStart, an ncclSend and
// an ncclRecv for each peer, ncclGroupEnd): rank e gets the
// sendCounts[e] bytes of send from sendOffsets[e], and the recvCounts[d]
// bytes that rank d sends land in recv from recvOffsets[d]. The rank's
// own block goes from its send to its recv. Every rank must call it, with
// recvCounts[d] on rank e equal to sendCounts[e] on rank d, as
// MPI_Alltoallv asks; pairs whose count is zero exchange nothing.
//
// The memory and the stream must be of the Comm's device's primary
// context. Everything that can be checked on one rank is checked before
// any NCCL call: a count and an offset per rank, none negative, every
// block within its memory, the rank's own send and receive counts equal,
// no two received blocks overlapping, and no received block overlapping a
// sent one. AllToAll returns once the exchange is queued; synchronize the
// stream before reading recv, and keep both memories until then.
func (c *Comm) AllToAll(stream *cu.Stream, send *cu.Memory, sendCounts, sendOffsets []int, recv *cu.Memory, recvCounts, recvOffsets []int) error {
	fail := func(err error) error { return fmt.Errorf("nccl: %v: all-to-all: %w", c, err) }
	sendPtr, err := c.memory("send", send)
	if err != nil {
		return fail(err)
	}
	recvPtr, err := c.memory("receive", recv)
	if err != nil {
		return fail(err)
	}
	ops, err := planAllToAll(c.rank, c.size,
		region{sendPtr, send.Size()}, sendCounts, sendOffsets,
		region{recvPtr, recv.Size()}, recvCounts, recvOffsets)
	if err != nil {
		return fail(err)
	}
	sh, err := c.streamHandle(stream)
	if err != nil {
		return fail(err)
	}
	if err := c.group(sh, ops); err != nil {
		return fail(err)
	}
	return nil
}

// memory returns the device address of m, or an error where m is nil,
// freed, or of another context than the Comm's.
func (c *Comm) memory(what string, m *cu.Memory) (uint64, error) {
	if m == nil {
		return 0, fmt.Errorf("nil %s memory", what)
	}
	p := m.Ptr()
	if p == 0 {
		return 0, fmt.Errorf("the %s memory: %w", what, cu.ErrReleased)
	}
	if m.Context() == nil || m.Context().Handle() != c.ctxHandle {
		return 0, fmt.Errorf("the %s memory is not of the primary context of the communicator's device %v", what, c.device())
	}
	return uint64(p), nil
}

// region is size bytes of device memory at ptr.
type region struct {
	ptr  uint64
	size int
}

// span is a block of device memory, [start, end), of a rank.
type span struct {
	start, end uint64
	rank       int
}

// planAllToAll checks the blocks of an all-to-all of rank among size ranks
// and returns its sends and receives, in the order that spreads the
// traffic: to the rank k after this one and from the rank k before it,
// for k = 0, 1, ... Pairs of zero bytes are left out.
func planAllToAll(rank, size int, send region, sendCounts, sendOffsets []int, recv region, recvCounts, recvOffsets []int) ([]p2p, error) {
	if err := checkRank(rank, size); err != nil {
		return nil, err
	}
	sendSpans, err := blocks("send", send, sendCounts, sendOffsets, size)
	if err != nil {
		return nil, err
	}
	recvSpans, err := blocks("receive", recv, recvCounts, recvOffsets, size)
	if err != nil {
		return nil, err
	}
	if sendCounts[rank] != recvCounts[rank] {
		return nil, fmt.Errorf("rank %d sends itself %d bytes but receives %d from itself", rank, sendCounts[rank], recvCounts[rank])
	}
	// The received blocks, by address, must not overlap each other, nor
	// any block that is sent.
	sort.Slice(recvSpans, func(i, j int) bool { return recvSpans[i].start < recvSpans[j].start })
	for i := 1; i < len(recvSpans); i++ {
		if a, b := recvSpans[i-1], recvSpans[i]; b.start < a.end {
			return nil, fmt.Errorf("the blocks received from ranks %d and %d overlap", a.rank, b.rank)
		}
	}
	for _, s := range sendSpans {
		// The first received block that ends after s starts.
		i := sort.Search(len(recvSpans), func(i int) bool { return recvSpans[i].end > s.start })
		if i < len(recvSpans) && recvSpans[i].start < s.end {
			return nil, fmt.Errorf("the block sent to rank %d overlaps the block received from rank %d", s.rank, recvSpans[i].rank)
		}
	}
	var ops []p2p
	for k := range size {
		to, from := (rank+k)%size, (rank-k+size)%size
		if n := sendCounts[to]; n > 0 {
			ops = append(ops, p2p{peer: to, ptr: send.ptr + uint64(sendOffsets[to]), count: n})
		}
		if n := recvCounts[from]; n > 0 {
			ops = append(ops, p2p{recv: true, peer: from, ptr: recv.ptr + uint64(recvOffsets[from]), count: n})
		}
	}
	return ops, nil
}

// blocks checks the blocks of a memory region for size ranks: a count and
// an offset for each rank, none negative, every block inside the region.
// It returns the blocks that are not empty.
func blocks(what string, r region, counts, offsets []int, size int) ([]span, error) {
	if len(counts) != size || len(offsets) != size {
		return nil, fmt.Errorf("%d %s counts and %d offsets for %d ranks", len(counts), what, len(offsets), size)
	}
	var spans []span
	for i := range size {
		n, off := counts[i], offsets[i]
		switch {
		case n < 0 || off < 0:
			return nil, fmt.Errorf("rank %d: %s count %d at offset %d: neither may be negative", i, what, n, off)
		case off > r.size || n > r.size-off:
			return nil, fmt.Errorf("rank %d: %s block of %d bytes at %d ends beyond the memory's %d bytes", i, what, n, off, r.size)
		case n > 0 && r.ptr == 0:
			return nil, errors.New("null device pointer")
		case n > 0:
			start := r.ptr + uint64(off)
			spans = append(spans, span{start: start, end: start + uint64(n), rank: i})
		}
	}
	return slices.Clip(spans), nil
}
