package multi

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Ranks is a MultiThread whose devices are in different processes, one
// each: this process's Thread and the Communicator of the processes, such
// as the ranks that mpirun starts. Split arrays whose parts live in the
// ranks (RankSplitArray) and computations compiled for each rank's part
// (Ranks.Compile) work across processes as SplitArray and Compile work
// across the devices of one. Every rank makes its Ranks, and calls the
// methods that say so, with the same arguments.
type Ranks struct {
	thread *cluda.Thread
	comm   Communicator
}

// NewRanks returns the ranks of comm, this one running on thr.
func NewRanks(thr *cluda.Thread, comm Communicator) (*Ranks, error) {
	switch {
	case thr == nil:
		return nil, errors.New("multi: ranks: nil Thread")
	case comm == nil:
		return nil, errors.New("multi: ranks: nil Communicator")
	case comm.Size() < 1 || comm.Rank() < 0 || comm.Rank() >= comm.Size():
		return nil, fmt.Errorf("multi: ranks: rank %d of %d", comm.Rank(), comm.Size())
	}
	return &Ranks{thread: thr, comm: comm}, nil
}

// Thread returns this rank's Thread.
func (r *Ranks) Thread() *cluda.Thread { return r.thread }

// Rank returns this process's rank.
func (r *Ranks) Rank() int { return r.comm.Rank() }

// Len returns the number of ranks.
func (r *Ranks) Len() int { return r.comm.Size() }

// RankSplitArray is an array split along an axis among the ranks of a
// Ranks, as cluda.SplitArray is among devices: this rank holds its part
// only, an Array of its Thread.
type RankSplitArray struct {
	ranks  *Ranks
	shape  []int
	dtype  dtypes.DType
	axis   int
	shares []int
	starts []int
	part   *cluda.Array
}

// EmptySplit returns an array of shape and dtype split along axis among
// the ranks into shares (nil for cluda.EqualShares), with this rank's part
// allocated and uninitialised. Every rank calls it alike; it communicates
// nothing.
func (r *Ranks) EmptySplit(shape []int, dtype dtypes.DType, axis int, shares []int) (*RankSplitArray, error) {
	if axis < 0 || axis >= len(shape) {
		return nil, fmt.Errorf("multi: rank split array of shape %v: no axis %d", shape, axis)
	}
	shares, err := cluda.SplitShares(shape[axis], shares, r.Len())
	if err != nil {
		return nil, fmt.Errorf("multi: rank split array of shape %v along axis %d: %w", shape, axis, err)
	}
	starts := shareStarts(shares)
	partShape := slices.Clone(shape)
	partShape[axis] = shares[r.Rank()]
	part, err := r.thread.Empty(partShape, dtype)
	if err != nil {
		return nil, fmt.Errorf("multi: rank split array: %w", err)
	}
	return &RankSplitArray{ranks: r, shape: slices.Clone(shape), dtype: dtype, axis: axis, shares: shares, starts: starts, part: part}, nil
}

// Part returns this rank's part, an Array of its Thread.
func (s *RankSplitArray) Part() *cluda.Array { return s.part }

// Shape returns the shape of the whole array.
func (s *RankSplitArray) Shape() []int { return slices.Clone(s.shape) }

// DType returns the elements' dtype.
func (s *RankSplitArray) DType() dtypes.DType { return s.dtype }

// Axis returns the split axis.
func (s *RankSplitArray) Axis() int { return s.axis }

// Shares returns the lengths of the ranks' parts along the axis.
func (s *RankSplitArray) Shares() []int { return slices.Clone(s.shares) }

// Start returns the first place of rank r's part along the axis.
func (s *RankSplitArray) Start(r int) int { return s.starts[r] }

// Release frees this rank's part.
func (s *RankSplitArray) Release() { s.part.Release() }

// Scatter copies whole, the bytes of the whole array in row-major order on
// rank root (nil on the others), into the ranks' parts: each rank's part
// goes to it through the Communicator. Every rank calls it at once.
func (s *RankSplitArray) Scatter(root int, whole []byte) error {
	if err := s.scatter(root, whole); err != nil {
		return fmt.Errorf("multi: rank split array: scatter: %w", err)
	}
	return nil
}

func (s *RankSplitArray) scatter(root int, whole []byte) error {
	g, err := s.geometry(root)
	if err != nil {
		return err
	}
	me := s.ranks.Rank()
	var send []byte
	sendCounts, sendDispls := make([]int, g.ranks), make([]int, g.ranks)
	if me == root {
		if len(whole) != g.wholeBytes {
			return fmt.Errorf("%d bytes on rank %d for the %d of %v %v", len(whole), root, g.wholeBytes, s.shape, s.dtype)
		}
		send = make([]byte, 0, g.wholeBytes)
		for r := range g.ranks {
			sendDispls[r] = len(send)
			send = g.appendPart(send, whole, r)
			sendCounts[r] = len(send) - sendDispls[r]
		}
	}
	recv := make([]byte, g.partBytes[me])
	recvCounts, recvDispls := make([]int, g.ranks), make([]int, g.ranks)
	recvCounts[root] = len(recv)
	if err := s.ranks.comm.Alltoallv(send, sendCounts, sendDispls, recv, recvCounts, recvDispls); err != nil {
		return err
	}
	view, err := byteView(s.part)
	if err != nil {
		return err
	}
	return view.Set(recv)
}

// Gather copies the ranks' parts into whole, the bytes of the whole array
// in row-major order, on rank root; the other ranks pass nil. It waits for
// every command enqueued on the Thread first. Every rank calls it at
// once.
func (s *RankSplitArray) Gather(root int, whole []byte) error {
	if err := s.gather(root, whole); err != nil {
		return fmt.Errorf("multi: rank split array: gather: %w", err)
	}
	return nil
}

func (s *RankSplitArray) gather(root int, whole []byte) error {
	g, err := s.geometry(root)
	if err != nil {
		return err
	}
	me := s.ranks.Rank()
	if me == root && len(whole) != g.wholeBytes {
		return fmt.Errorf("%d bytes on rank %d for the %d of %v %v", len(whole), root, g.wholeBytes, s.shape, s.dtype)
	}
	view, err := byteView(s.part)
	if err != nil {
		return err
	}
	send, err := cluda.Read[uint8](view)
	if err != nil {
		return err
	}
	sendCounts, sendDispls := make([]int, g.ranks), make([]int, g.ranks)
	sendCounts[root] = len(send)
	var recv []byte
	recvCounts, recvDispls := make([]int, g.ranks), make([]int, g.ranks)
	if me == root {
		recv = make([]byte, g.wholeBytes)
		at := 0
		for r := range g.ranks {
			recvCounts[r], recvDispls[r] = g.partBytes[r], at
			at += g.partBytes[r]
		}
	}
	if err := s.ranks.comm.Alltoallv(send, sendCounts, sendDispls, recv, recvCounts, recvDispls); err != nil {
		return err
	}
	if me == root {
		for r := range g.ranks {
			g.placePart(whole, recv[recvDispls[r]:][:recvCounts[r]], r)
		}
	}
	return nil
}

// rankGeometry is where the parts of a RankSplitArray lie in the bytes of
// the whole array: outer runs of the axes before the split one, each
// length places of inner bytes, a rank's part the places of its share in
// every run.
type rankGeometry struct {
	ranks      int
	outer      int
	length     int
	inner      int
	wholeBytes int
	shares     []int
	starts     []int
	partBytes  []int
}

// geometry returns the array's rankGeometry, or an error for a root that
// is no rank.
func (s *RankSplitArray) geometry(root int) (rankGeometry, error) {
	n := s.ranks.Len()
	if root < 0 || root >= n {
		return rankGeometry{}, fmt.Errorf("root %d of %d ranks", root, n)
	}
	g := rankGeometry{ranks: n, outer: 1, length: s.shape[s.axis], inner: s.dtype.Size(), shares: s.shares, starts: s.starts}
	for _, d := range s.shape[:s.axis] {
		g.outer *= d
	}
	for _, d := range s.shape[s.axis+1:] {
		g.inner *= d
	}
	g.wholeBytes = g.outer * g.length * g.inner
	g.partBytes = make([]int, n)
	for r, share := range s.shares {
		g.partBytes[r] = g.outer * share * g.inner
	}
	return g, nil
}

// appendPart appends rank r's part of the whole bytes to dst.
func (g rankGeometry) appendPart(dst, whole []byte, r int) []byte {
	run := g.shares[r] * g.inner
	for o := range g.outer {
		at := (o*g.length + g.starts[r]) * g.inner
		dst = append(dst, whole[at:at+run]...)
	}
	return dst
}

// placePart copies rank r's part into its places of the whole bytes.
func (g rankGeometry) placePart(whole, part []byte, r int) {
	run := g.shares[r] * g.inner
	for o := range g.outer {
		at := (o*g.length + g.starts[r]) * g.inner
		copy(whole[at:at+run], part[o*run:(o+1)*run])
	}
}

// RankCallable is a computation compiled for this rank's part of split
// arrays across processes (Ranks.Compile), as Callable is for each device
// of a MultiThread.
type RankCallable struct {
	ranks  *Ranks
	shares []int
	part   *core.Callable
}

// Compile builds the computation of this rank's part, whose lengths along
// the split axis are shares (one for each rank, such as cluda.EqualShares
// gives, or a RankSplitArray's Shares), with Part.Device the rank, and
// compiles it for the rank's Thread. Every rank calls it alike; it
// communicates nothing.
func (r *Ranks) Compile(shares []int, build Builder) (*RankCallable, error) {
	if build == nil {
		return nil, errors.New("multi: rank compile: nil Builder")
	}
	total := 0
	for _, share := range shares {
		total += share
	}
	shares, err := cluda.SplitShares(total, shares, r.Len())
	if err != nil {
		return nil, fmt.Errorf("multi: rank compile: %w", err)
	}
	me := r.Rank()
	p := Part{Device: me, Start: shareStarts(shares)[me], Length: shares[me]}
	comp, err := build(p)
	if err == nil && comp == nil {
		err = errors.New("the Builder returned no computation")
	}
	if err != nil {
		return nil, fmt.Errorf("multi: rank compile: rank %d, places %d to %d: %w", me, p.Start, p.Start+p.Length, err)
	}
	c, err := comp.Base().Compile(r.thread)
	if err != nil {
		return nil, fmt.Errorf("multi: rank compile: rank %d: %w", me, err)
	}
	return &RankCallable{ranks: r, shares: shares, part: c}, nil
}

// Signature returns the parameters of the rank's computation.
func (c *RankCallable) Signature() core.Signature { return c.part.Signature() }

// Part returns the rank's compiled computation.
func (c *RankCallable) Part() *core.Callable { return c.part }

// Release releases the rank's computation.
func (c *RankCallable) Release() { c.part.Release() }

// Call runs the computation on this rank's parts: its arguments are those
// of Signature, a *RankSplitArray of the same Ranks and shares for each
// array and a value for each scalar, split along an axis the computation
// does not transform. Each rank runs its part alone: Call communicates
// nothing, and returns once the rank's part is enqueued.
func (c *RankCallable) Call(args ...any) error {
	perRank, err := c.partArgs(args)
	if err != nil {
		return fmt.Errorf("multi: rank call: %w", err)
	}
	if err := c.part.Call(perRank...); err != nil {
		return fmt.Errorf("multi: rank call: rank %d: %w", c.ranks.Rank(), err)
	}
	return nil
}

// partArgs returns the arguments of the rank's computation: the parts of
// the split arrays, checked against its signature and batch axes.
func (c *RankCallable) partArgs(args []any) ([]any, error) {
	sig := c.Signature()
	if len(args) != len(sig) {
		return nil, fmt.Errorf("%d arguments for the %d parameters %v", len(args), len(sig), sig.Names())
	}
	out := slices.Clone(args)
	axes := map[string]int{}
	for i, p := range sig {
		s, ok := args[i].(*RankSplitArray)
		if p.Role() == core.Scalar {
			if ok {
				return nil, fmt.Errorf("parameter %q is a scalar, given a split array", p.Name)
			}
			continue
		}
		switch {
		case !ok:
			return nil, fmt.Errorf("parameter %q: want a *multi.RankSplitArray, got %T", p.Name, args[i])
		case s == nil:
			return nil, fmt.Errorf("parameter %q: nil *multi.RankSplitArray", p.Name)
		case s.ranks != c.ranks:
			return nil, fmt.Errorf("parameter %q: a split array of other Ranks", p.Name)
		case !slices.Equal(s.shares, c.shares):
			return nil, fmt.Errorf("parameter %q: split into shares %v, the callable into %v", p.Name, s.shares, c.shares)
		}
		out[i], axes[p.Name] = s.part, s.axis
	}
	if err := checkBatchAxes(c.part.Batches(), axes); err != nil {
		return nil, err
	}
	return out, nil
}
