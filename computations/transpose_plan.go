package computations

import (
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/computations/internal/device"
)

// transposeLimits are the properties of a device that the plan of a
// transpose depends on. Its LocalMemBytes is the local memory a tile may
// take.
type transposeLimits struct {
	device.Limits
	// tiledBytes is the size of the arrays, in bytes, from which a
	// permutation runs in tiles through local memory.
	tiledBytes int
}

// cpuTiledBytes is the size of the arrays from which a CPU transposes in
// tiles: smaller arrays stay in its caches, whatever the order of reads
// and writes, and one gathering pass is as fast (PoCL on two cores: 256²
// float32 at about 5 GB/s either way, 2048² at 0.7 GB/s gathered and 2.5
// GB/s in tiles of 32).
const cpuTiledBytes = 1 << 20

// newTransposeLimits returns the limits of a device, with at most 48 KiB
// of local memory for a tile. A GPU always transposes in tiles, so that
// its reads and writes both run over consecutive addresses; a CPU where
// the arrays outgrow its caches.
func newTransposeLimits(p *cluda.DeviceParams) transposeLimits {
	lim := transposeLimits{Limits: device.LimitsOf(p)}
	lim.LocalMemBytes = min(lim.LocalMemBytes, 48<<10)
	if lim.CPU {
		lim.tiledBytes = cpuTiledBytes
	}
	return lim
}

// coalescedRowBytes is the length of the innermost rows, in bytes, above
// which a permutation that leaves the innermost axis in place is done by
// one gathering pass: each row is then read and written as consecutive
// addresses (four 32-byte memory sectors of a GPU).
const coalescedRowBytes = 128

// transposePlan is how a permutation of axes runs: either one pass that
// gathers every element of the output from where it lies in the input, or
// a chain of batched tiled transposes.
type transposePlan struct {
	gather bool
	rows   int // work-items along a tile's rows; each moves tile/rows rows
	passes []transposePass
}

// transposePass is one batched transpose: it reads its source as
// (batch, height, width) and writes its destination as (batch, width,
// height). The groups give, for source and destination, the number of
// consecutive axes of the array that make each of those dimensions, in
// the array's order (with no batch entry where batch is 1 because no axis
// precedes the transposed ones).
type transposePass struct {
	batch, height, width int
	// tile is the side of the square tiles: the largest that fits in
	// local memory, or less where the shorter side of the transposed
	// matrices is, so that fewer work-items idle.
	tile                 int
	srcGroups, dstGroups []int
	// dstShape is the shape of the destination where it is a temporary
	// array: the merged axes in their order after the pass.
	dstShape []int
}

// mergedPermutation is a permutation with the axes of length 1 left out and
// runs of axes that stay together merged into one axis.
type mergedPermutation struct {
	shape []int // of the merged axes, in input order
	perm  []int // output axis k is merged input axis perm[k]
	// inStart[m] is the first axis of the input that merged axis m
	// covers; outStart[k] the first axis of the output that merged output
	// axis k covers. Axes of length 1 join the merged axis before them.
	// Both end with the rank of the array.
	inStart, outStart []int
}

// mergePermutation merges the axes of an array of the given shape under
// perm (output axis k is input axis perm[k]).
func mergePermutation(shape, perm []int) mergedPermutation {
	rank := len(shape)
	// outPos[a] is the output position of input axis a.
	outPos := make([]int, rank)
	for k, a := range perm {
		outPos[a] = k
	}
	var kept []int // input axes longer than 1, in input order
	for a, n := range shape {
		if n > 1 {
			kept = append(kept, a)
		}
	}
	m := mergedPermutation{}
	// group[i] is the merged axis of kept[i].
	group := make([]int, len(kept))
	for i, a := range kept {
		// Kept axes join when the next kept axis of the input is also the
		// next kept axis of the output.
		if i > 0 && nextKept(shape, perm, outPos[kept[i-1]]) == a {
			group[i] = group[i-1]
			m.shape[len(m.shape)-1] *= shape[a]
			continue
		}
		if i > 0 {
			group[i] = group[i-1] + 1
		}
		m.shape = append(m.shape, shape[a])
		start := a
		if len(m.inStart) == 0 {
			start = 0
		}
		m.inStart = append(m.inStart, start)
	}
	m.inStart = append(m.inStart, rank)
	for k, a := range perm {
		if shape[a] <= 1 {
			continue
		}
		g := group[slices.Index(kept, a)]
		if len(m.perm) > 0 && m.perm[len(m.perm)-1] == g {
			continue
		}
		start := k
		if len(m.perm) == 0 {
			start = 0
		}
		m.perm = append(m.perm, g)
		m.outStart = append(m.outStart, start)
	}
	m.outStart = append(m.outStart, rank)
	return m
}

// nextKept returns the input axis at the first output position after pos
// whose length is above 1, or -1.
func nextKept(shape, perm []int, pos int) int {
	for k := pos + 1; k < len(perm); k++ {
		if shape[perm[k]] > 1 {
			return perm[k]
		}
	}
	return -1
}

// planTranspose plans the permutation perm of an array of the given shape
// and element size.
func planTranspose(shape, perm []int, itemSize int, lim transposeLimits) transposePlan {
	m := mergePermutation(shape, perm)
	r := len(m.perm)
	if r <= 1 || axesProduct(m.shape, arrayparam.AllAxes(r))*itemSize < lim.tiledBytes {
		return transposePlan{gather: true}
	}
	if m.perm[r-1] == r-1 && m.shape[r-1]*itemSize >= coalescedRowBytes {
		return transposePlan{gather: true}
	}
	tile, rows := transposeTile(itemSize, lim)
	if tile == 0 {
		return transposePlan{gather: true}
	}
	p := transposePlan{rows: rows}
	ops := fewestRotations(m.perm)
	cur := arrayparam.AllAxes(r) // cur[i] is the merged input axis at position i
	for i, op := range ops {
		b, c := op[0], op[1]
		next := slices.Concat(cur[:b], cur[c:], cur[b:c])
		pass := transposePass{
			batch:  axesProduct(m.shape, cur[:b]),
			height: axesProduct(m.shape, cur[b:c]),
			width:  axesProduct(m.shape, cur[c:]),
			tile:   tile,
		}
		for pass.tile > minTransposeTile && pass.tile/2 >= min(pass.height, pass.width) {
			pass.tile /= 2
		}
		if i == 0 {
			pass.srcGroups = groups(m.inStart, b, c, r)
		} else {
			pass.srcGroups = groups(arrayparam.AllAxes(r+1), b, c, r)
		}
		if i == len(ops)-1 {
			pass.dstGroups = groups(m.outStart, b, b+r-c, r)
		} else {
			pass.dstGroups = groups(arrayparam.AllAxes(r+1), b, b+r-c, r)
			for _, a := range next {
				pass.dstShape = append(pass.dstShape, m.shape[a])
			}
		}
		p.passes = append(p.passes, pass)
		cur = next
	}
	return p
}

// axesProduct returns the product of the lengths of the given axes.
func axesProduct(shape, axes []int) int {
	n := 1
	for _, a := range axes {
		n *= shape[a]
	}
	return n
}

// groups returns the numbers of array axes in the merged ranges [0, b),
// [b, c) and [c, r), where merged axis m starts at array axis start[m]
// and start[r] is the array's rank; the first is left out where b is 0.
func groups(start []int, b, c, r int) []int {
	g := []int{start[c] - start[b], start[r] - start[c]}
	if b > 0 {
		g = append([]int{start[b]}, g...)
	}
	return g
}

// minTransposeTile is the side of the smallest tiles.
const minTransposeTile = 8

// transposeTile returns the side of the square tiles and the number of
// work-items along a tile's rows: the largest of 32, 16 and 8 whose tile,
// padded by one element per row against bank conflicts, fits in local
// memory, with up to 8 work-items along the rows. It returns zeros where
// no tile fits.
func transposeTile(itemSize int, lim transposeLimits) (tile, rows int) {
	for t := 32; t >= minTransposeTile; t /= 2 {
		if int64(t*(t+1)*itemSize) > lim.LocalMemBytes {
			continue
		}
		for rows = 8; rows >= 1; rows /= 2 {
			if rows*t <= lim.MaxWorkGroup {
				return t, rows
			}
		}
	}
	return 0, 0
}

// maxSearchRank is the largest number of merged axes whose permutation is
// split into the fewest passes by a search over all orders of the axes
// (8! orders); more axes take one pass per misplaced axis at most.
const maxSearchRank = 8

// fewestRotations returns the batched transposes that turn the identity
// order of len(perm) axes into perm: each (b, c) moves the axes at
// positions [c, r) in front of those at [b, c). Up to maxSearchRank axes
// it returns the fewest, found breadth first.
func fewestRotations(perm []int) [][2]int {
	r := len(perm)
	rotate := func(order []int, b, c int) []int { return slices.Concat(order[:b], order[c:], order[b:c]) }
	if r > maxSearchRank {
		var ops [][2]int
		cur := arrayparam.AllAxes(r)
		for i := range r {
			p := slices.Index(cur, perm[i])
			if p != i {
				ops = append(ops, [2]int{i, p})
				cur = rotate(cur, i, p)
			}
		}
		return ops
	}
	key := func(order []int) uint64 {
		var k uint64
		for _, a := range order {
			k = k<<4 | uint64(a)
		}
		return k
	}
	type state struct {
		order []int
		ops   [][2]int
	}
	start := arrayparam.AllAxes(r)
	target := key(perm)
	seen := map[uint64]bool{key(start): true}
	queue := []state{{order: start}}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if key(s.order) == target {
			return s.ops
		}
		for b := 0; b < r-1; b++ {
			for c := b + 1; c < r; c++ {
				next := rotate(s.order, b, c)
				k := key(next)
				if seen[k] {
					continue
				}
				seen[k] = true
				queue = append(queue, state{order: next, ops: append(slices.Clone(s.ops), [2]int{b, c})})
			}
		}
	}
	return nil // not reached: every order is reachable
}
