package cluda

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/dtypes"
)

// SplitArray is one logical array divided along one axis among the
// devices of a MultiThread: device i holds, as a contiguous Array of its
// Thread, the part whose indices along the axis run from Start(i) for
// Shares()[i] places, all the other axes whole. A computation that does
// not transform that axis runs on the parts independently, one device
// each (see package multi).
type SplitArray struct {
	multi  *MultiThread
	dtype  dtypes.DType
	shape  []int
	axis   int
	shares []int
	starts []int
	parts  []*Array
}

// EqualShares divides n places among k devices as evenly as can be: the
// shares differ by at most one, the larger ones first.
func EqualShares(n, k int) []int {
	if k < 1 || n < 0 {
		return nil
	}
	out := make([]int, k)
	for i := range out {
		out[i] = n / k
		if i < n%k {
			out[i]++
		}
	}
	return out
}

// SplitShares returns the shares of an axis of length n among k devices:
// given, checked (one for each device, each at least 1, adding up to n),
// or for nil, EqualShares (and then the axis must have a place for every
// device).
func SplitShares(n int, given []int, k int) ([]int, error) {
	if given == nil {
		if n < k {
			return nil, fmt.Errorf("%d places, fewer than the %d devices (every device needs at least one)", n, k)
		}
		return EqualShares(n, k), nil
	}
	if len(given) != k {
		return nil, fmt.Errorf("%d shares for %d devices", len(given), k)
	}
	sum := 0
	for i, s := range given {
		if s < 1 {
			return nil, fmt.Errorf("share %d of device %d: every device needs at least one place", s, i)
		}
		sum += s
	}
	if sum != n {
		return nil, fmt.Errorf("shares %v add up to %d, not to the %d places", given, sum, n)
	}
	return slices.Clone(given), nil
}

// checkSplit checks a split of an array of shape along axis (negative
// axes count from the end) into shares for k devices, nil for equal
// shares, and returns the axis counted from the start and the shares.
func checkSplit(shape []int, axis int, shares []int, k int) (int, []int, error) {
	rank := len(shape)
	if axis < -rank || axis >= rank {
		return 0, nil, fmt.Errorf("axis %d is out of range for an array of %d dimensions", axis, rank)
	}
	if axis < 0 {
		axis += rank
	}
	shares, err := SplitShares(shape[axis], shares, k)
	if err != nil {
		return 0, nil, fmt.Errorf("axis %d: %w", axis, err)
	}
	return axis, shares, nil
}

// EmptySplit allocates an uninitialised array of the given shape and
// dtype, split along axis (negative axes count from the end) into shares,
// the lengths of the parts along it, one for each device in order; nil
// shares are EqualShares. Every share must be at least 1 and they must add
// up to the axis's length.
func (m *MultiThread) EmptySplit(shape []int, dtype dtypes.DType, axis int, shares []int) (*SplitArray, error) {
	if _, err := checkShape(shape, max(dtype.Size(), 1)); err != nil {
		return nil, fmt.Errorf("cluda: split array: %w", err)
	}
	axis, shares, err := checkSplit(shape, axis, shares, m.Len())
	if err != nil {
		return nil, fmt.Errorf("cluda: split array of shape %v: %w", shape, err)
	}
	s := &SplitArray{multi: m, dtype: dtype, shape: slices.Clone(shape), axis: axis, shares: shares}
	start := 0
	for i, share := range shares {
		s.starts = append(s.starts, start)
		start += share
		part := slices.Clone(shape)
		part[axis] = share
		a, err := m.threads[i].Empty(part, dtype)
		if err != nil {
			s.Release()
			return nil, fmt.Errorf("cluda: split array: part of device %d: %w", i, err)
		}
		s.parts = append(s.parts, a)
	}
	return s, nil
}

// ToDeviceSplit copies a Go slice of the logical array, in row-major
// order, into a new array of the given shape split as EmptySplit splits
// it.
func (m *MultiThread) ToDeviceSplit(data any, shape []int, axis int, shares []int) (*SplitArray, error) {
	dt, _, err := sliceInfo(data)
	if err != nil {
		return nil, fmt.Errorf("cluda: split array from the host: %w", err)
	}
	s, err := m.EmptySplit(shape, dt, axis, shares)
	if err != nil {
		return nil, err
	}
	if err := s.Set(data); err != nil {
		s.Release()
		return nil, err
	}
	return s, nil
}

// MultiThread returns the MultiThread whose devices hold the parts.
func (s *SplitArray) MultiThread() *MultiThread { return s.multi }

// DType returns the element type.
func (s *SplitArray) DType() dtypes.DType { return s.dtype }

// Shape returns a copy of the logical shape.
func (s *SplitArray) Shape() []int { return slices.Clone(s.shape) }

// Axis returns the axis the array is split along.
func (s *SplitArray) Axis() int { return s.axis }

// Shares returns the lengths of the parts along the axis, one for each
// device.
func (s *SplitArray) Shares() []int { return slices.Clone(s.shares) }

// Start returns the index along the axis of the first place of device i's
// part.
func (s *SplitArray) Start(i int) int { return s.starts[i] }

// Part returns device i's part, an Array of its Thread (a view shares its
// memory: writing it writes the split array).
func (s *SplitArray) Part(i int) *Array { return s.parts[i] }

// Parts returns the parts of the devices, in order.
func (s *SplitArray) Parts() []*Array { return slices.Clone(s.parts) }

// Size returns the number of elements of the logical array.
func (s *SplitArray) Size() int { return shapeSize(s.shape) }

// NBytes returns the size of the logical array's elements in bytes.
func (s *SplitArray) NBytes() int { return s.Size() * s.dtype.Size() }

// Release frees every part. Release is idempotent.
func (s *SplitArray) Release() {
	for _, p := range s.parts {
		p.Release()
	}
}

func (s *SplitArray) String() string {
	return fmt.Sprintf("SplitArray(%v, shape=%v, axis=%d, shares=%v)", s.dtype, s.shape, s.axis, s.shares)
}

// Scatter copies src, an array of the logical shape and dtype on any
// Thread, into the parts, and returns when the copies are done. Each part
// is copied from the slice of src it stands for, by the path of a copy
// between src's Thread and the part's (see CopyBetween, CopyPath).
func (s *SplitArray) Scatter(src *Array) error {
	if err := s.copyWhole(src, true); err != nil {
		return fmt.Errorf("cluda: scatter: %w", err)
	}
	return nil
}

// Gather copies the parts into dst, an array of the logical shape and
// dtype on any Thread, and returns when the copies are done, as Scatter
// does the other way.
func (s *SplitArray) Gather(dst *Array) error {
	if err := s.copyWhole(dst, false); err != nil {
		return fmt.Errorf("cluda: gather: %w", err)
	}
	return nil
}

// copyWhole copies between the parts and the slices of whole, an array
// of the logical shape and dtype, that they stand for: into the parts if
// toParts.
func (s *SplitArray) copyWhole(whole *Array, toParts bool) error {
	switch {
	case whole == nil:
		return errors.New("nil *Array")
	case whole.dtype != s.dtype || !slices.Equal(whole.shape, s.shape):
		return fmt.Errorf("%v for %v", whole, s)
	case !toParts && OverlapsItself(whole):
		return fmt.Errorf("elements of the destination %v overlap each other", whole)
	}
	copies := make([]crossCopy, len(s.parts))
	for i, p := range s.parts {
		v, err := whole.Slice(s.axis, s.starts[i], s.starts[i]+s.shares[i], 1)
		if err != nil {
			return err
		}
		copies[i] = crossCopy{dst: v, src: p}
		if toParts {
			copies[i] = crossCopy{dst: p, src: v}
		}
	}
	return runCopies(copies)
}

// CopySplit copies src into dst, split arrays of the same shape and dtype
// on m that may be split along different axes or into different shares:
// an all-to-all exchange, in which each device sends every other the
// block of its part that falls in theirs. It waits for every command
// enqueued on the devices, runs the copies (device to device or through
// the host, by Path), each block on a queue of its own (one for each pair
// of devices, a device's own block too), in the MultiThread's
// ExchangeOrder: by default in rounds, every device sending one block and
// receiving one at a time. It returns when all are done. src and dst must
// not share memory.
//
// Between CUDA devices with peer access the blocks move as the
// MultiThread's PeerCopy says: by default the driver's peer copies move
// them, on queues of the receiver; with PeerCopyWrite a kernel on the
// sending device writes each block into the receiver's memory, on a
// queue of the sender, and with PeerCopyRead a kernel on the receiver
// reads it.
func (m *MultiThread) CopySplit(dst, src *SplitArray) error {
	copies, err := m.splitCopies(dst, src)
	if err != nil {
		return fmt.Errorf("cluda: copy split array: %w", err)
	}
	if err := m.runExchange(copies); err != nil {
		return fmt.Errorf("cluda: copy split array: %w", err)
	}
	return nil
}

// splitCopies returns the blocks of CopySplit: for each device e, in turn
// from the device after it, the block of each device's part of src that
// falls in e's part of dst.
func (m *MultiThread) splitCopies(dst, src *SplitArray) ([]crossCopy, error) {
	switch {
	case dst == nil || src == nil:
		return nil, errors.New("nil *SplitArray")
	case dst.multi != m || src.multi != m:
		return nil, errors.New("split arrays of another MultiThread")
	case dst.dtype != src.dtype || !slices.Equal(dst.shape, src.shape):
		return nil, fmt.Errorf("%v into %v", src, dst)
	}
	for i := range src.parts {
		for j := range dst.parts {
			if SharesMemory(src.parts[i], dst.parts[j]) {
				return nil, fmt.Errorf("%v and %v share memory", src, dst)
			}
		}
	}
	return m.blockCopies(dst, src, func(d int) (int, int) { return 0, src.shares[d] })
}

// blockCopies returns the blocks of an exchange of the places [lo, hi)
// that span gives of each device d's part of src, along its axis: for
// each device e, in turn from the device after it, the block of those
// places that falls in e's part of dst.
func (m *MultiThread) blockCopies(dst, src *SplitArray, span func(d int) (lo, hi int)) ([]crossCopy, error) {
	k := m.Len()
	var copies []crossCopy
	for e := range k {
		for step := 1; step <= k; step++ {
			d := (e + step) % k
			lo, hi := span(d)
			c, ok, err := splitBlock(dst, src, e, d, lo, hi)
			if err != nil {
				return nil, err
			}
			if ok {
				// Each block on a queue of its own.
				c.on, c.kernel = m.blockQueue(e, d)
				copies = append(copies, c)
			}
		}
	}
	return copies, nil
}

// blockQueue returns the queue that copies the block of device d into
// device e's part, and whether a kernel copies it (by the MultiThread's
// PeerCopy): on CUDA devices with peer access, a kernel on the receiving
// device (PeerCopyRead) or the sending one (PeerCopyWrite); otherwise
// the driver's copy on a queue of the receiving device.
func (m *MultiThread) blockQueue(e, d int) (backend, bool) {
	reach := func(a, b int) bool { return a == b || m.paths[a][b] == CopyPeer }
	if m.threads[e].API() == CUDA {
		switch {
		case m.peerCopy == PeerCopyRead && reach(e, d):
			return m.sides[e][d], true
		case m.peerCopy == PeerCopyWrite && reach(d, e):
			return m.sides[d][e], true
		}
	}
	return m.sides[e][d], false
}

// splitBlock returns the copy of the block of the places [lo, hi) of
// src's part d (along its axis) that falls in dst's part e, and false
// where there is none. Each side is its part sliced along the other
// array's axis (or, along a shared axis, along the overlap of the two
// parts).
func splitBlock(dst, src *SplitArray, e, d, lo, hi int) (crossCopy, bool, error) {
	type span struct{ lo, hi int }
	if lo >= hi {
		return crossCopy{}, false, nil
	}
	srcSpan := span{src.starts[d] + lo, src.starts[d] + hi}
	dstSpan := span{dst.starts[e], dst.starts[e] + dst.shares[e]}
	from, err := src.parts[d].Slice(src.axis, lo, hi, 1)
	if err != nil {
		return crossCopy{}, false, err
	}
	to := dst.parts[e]
	if src.axis == dst.axis {
		both := span{max(srcSpan.lo, dstSpan.lo), min(srcSpan.hi, dstSpan.hi)}
		if both.lo >= both.hi {
			return crossCopy{}, false, nil
		}
		if from, err = from.Slice(src.axis, both.lo-srcSpan.lo, both.hi-srcSpan.lo, 1); err != nil {
			return crossCopy{}, false, err
		}
		if to, err = to.Slice(dst.axis, both.lo-dstSpan.lo, both.hi-dstSpan.lo, 1); err != nil {
			return crossCopy{}, false, err
		}
		return crossCopy{dst: to, src: from}, true, nil
	}
	if from, err = from.Slice(dst.axis, dstSpan.lo, dstSpan.hi, 1); err != nil {
		return crossCopy{}, false, err
	}
	if to, err = to.Slice(src.axis, srcSpan.lo, srcSpan.hi, 1); err != nil {
		return crossCopy{}, false, err
	}
	return crossCopy{dst: to, src: from}, true, nil
}
