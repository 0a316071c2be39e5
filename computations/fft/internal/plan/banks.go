package plan

import (
	"fmt"
	"slices"
	"sync"
)

// GPU local memory is served by banks: 32 of 4 bytes on NVIDIA's and AMD's
// GPUs. A warp's access takes one wavefront for each set of lanes whose
// words fit one row of the banks, and one more for every further
// address in the busiest bank (a conflict). Values of 8 or 16 bytes are
// served as 16 or 8 lanes at a time.
const bankRowBytes = 128

// warpLanes is the number of work-items of a warp, the unit whose accesses
// the banks serve together.
const warpLanes = 32

// choosePadding sets p.Plain for a pass of the register kernel on a GPU.
// Padding an element a to a + a/16 spreads the strided writes of even
// radices over the banks, but the writes of odd radices already fall
// into different banks; there it costs two instructions per access and
// adds conflicts of its own. So:
//
//   - a pass over contiguous rows with exchanges between its stages takes
//     rows without padding where they take fewer wavefronts of local
//     memory (LocalWavefronts: 361 = 19·19 in 1197 against 1696 per
//     work-group, 2500 in 1330 against 2146; 1024 in 2432 against 512);
//   - a pass whose neighbouring work-items take neighbouring
//     sub-transforms (SFast) reads and writes its rows at an odd stride
//     either way, and takes them without padding where its length is odd
//     and the model counts no more wavefronts for them:
//     with a tile of 5, a warp's lanes span several positions of a row
//     and the odd stride no longer settles it (16807's first pass of 343,
//     1078 plain against 647 padded).
//
// On an H200 through CUDA (256 MiB of complex64, one binary after the
// other in one run): 289 in 0.232 ms against 0.261, 361 0.249 against
// 0.282, 2187 0.156 against 0.177, 2500 0.152 against 0.183, 4095 0.178
// against 0.205, 1000 0.146 against 0.155, 72 0.163 against 0.181; the
// strided passes of 70241's (Bluestein's 375 × 375) 1.530 against 1.815.
// The same rule on the strided passes of even lengths, where the model
// finds as many wavefronts either way, lost 4–9% (2^24: 0.481 against
// 0.461; Bluestein's 15653699: 2.270 against 2.094), and so did a single
// stage of 17 (0.191 against 0.183) and the tie of 26 (0.162 against
// 0.152): those keep their padding. Giving back the padding of the odd
// strided passes that the model counts worse plain took 78125 from
// 0.496 to 0.439 ms. Plain rows are never longer than padded ones, so
// the pass still fits its local memory.
func (p *Pass) choosePadding(itemSize int) {
	if p.E == 0 || p.Private || p.Looped || p.Chunks > 1 || len(p.Radices) < 2 {
		return
	}
	// Strided passes of even length keep their padding even where the
	// model counts fewer wavefronts without it: measured, those moved
	// both ways (23328 1.054, 1290957 1.032, 161377 0.955, 629856 0.964
	// of their time).
	if p.SFast && p.L%2 == 0 {
		p.Plain = false
		return
	}
	padded := *p
	padded.Plain = false
	plain := *p
	plain.Plain = true
	pw, dw := plain.LocalWavefronts(itemSize), padded.LocalWavefronts(itemSize)
	// A strided pass of odd length takes plain rows on a tie too.
	p.Plain = pw < dw || p.SFast && pw == dw
}

// LocalWavefronts returns the wavefronts of local memory that one
// work-group of the register kernel takes for the exchanges between its
// stages: every work-item writes the outputs of its butterflies to their
// positions and reads back the inputs of the next stage's (Layout), in
// the rows of the pass (ExchangeRow) and as whole values or as parts
// (Comps). A pass whose loads or stores are staged adds theirs: the
// work-group's elements in the order of addresses, and the first stage's
// reads or the last one's writes.
func (p *Pass) LocalWavefronts(itemSize int) int { return p.localWavefrontsBelow(itemSize, 0) }

// localWavefrontsBelow is LocalWavefronts, except that where limit > 0
// it stops counting once the count reaches limit and returns what it has
// counted, limit or more: a candidate that cannot take fewer wavefronts
// than limit need not be counted whole (chooseRowPad).
func (p *Pass) localWavefrontsBelow(itemSize, limit int) int {
	elem := itemSize
	if p.Comps == 2 {
		elem /= 2
	}
	row := p.ExchangeRow(p.L, p.Tile)
	wg := p.TT * p.Tile
	addrs := make([]int, wg)
	active := make([]bool, wg)
	var banks bankCounter
	total := 0
	over := func() bool { return limit > 0 && total >= limit }
	// access adds the wavefronts of one instruction of every work-item:
	// pos(t) is the position its work-item t reads or writes, lim the
	// work-items t that take part (all where 0), in units of elem bytes.
	access := func(elem, lim int, pos func(t int) int) {
		for lid := range addrs {
			s, t := lid/p.TT, lid%p.TT
			if p.SFast {
				s, t = lid%p.Tile, lid/p.Tile
			}
			active[lid] = lim == 0 || t < lim
			addrs[lid] = s*row + localIndex(pos(t), p.Plain)
		}
		total += banks.wavefronts(addrs, active, elem)
	}
	// staged adds the addresses of the staged load's writes or the staged
	// store's reads, round after round over the work-group's elements in
	// the order of addresses.
	staged := func(elem int) {
		for lo := 0; lo < p.Tile*p.L && !over(); lo += wg {
			for lid := range addrs {
				e := lo + lid
				active[lid] = e < p.Tile*p.L
				addrs[lid] = e/p.L*row + localIndex(e%p.L, p.Plain)
			}
			total += banks.wavefronts(addrs, active, elem)
		}
	}
	// stage adds the accesses of every element of the layout l.
	stage := func(l Layout, elem int) {
		for k := 0; k < l.Butterflies && !over(); k++ {
			for m := 0; m < l.Radix; m++ {
				access(elem, l.Limit(k), func(t int) int { return t + l.Offset(k, m) })
			}
		}
	}
	if p.StagedLoad {
		// Whole values: the load's writes, then the first stage's reads.
		staged(itemSize)
		stage(p.StageLayout(0), itemSize)
	}
	if p.StagedStore {
		// The last stage's writes and the store's reads, in parts.
		stage(p.StageLayout(len(p.Radices)-1), elem)
		staged(elem)
	}
	nsIn := 1
	for si, r := range p.Radices[:len(p.Radices)-1] {
		out := p.StageLayout(si)
		for k := 0; k < out.Butterflies && !over(); k++ {
			for q := 0; q < r; q++ {
				access(elem, out.Limit(k), func(t int) int {
					jj := t + k*p.TT
					return (jj-jj%nsIn)*r + jj%nsIn + q*nsIn
				})
			}
		}
		stage(p.StageLayout(si+1), elem)
		nsIn *= r
	}
	return total
}

// BankWavefronts returns the wavefronts in which the banks serve one access
// of elem bytes at addrs (in units of elem) by the work-items that are
// active, a warp at a time.
func BankWavefronts(addrs []int, active []bool, elem int) int {
	var c bankCounter
	return c.wavefronts(addrs, active, elem)
}

// bankCounter counts wavefronts as BankWavefronts does, keeping the lists
// of the addresses each bank serves from one access to the next: the
// planner counts every access of a pass in both layouts.
type bankCounter struct{ seen [][]int }

func (c *bankCounter) wavefronts(addrs []int, active []bool, elem int) int {
	banks := bankRowBytes / elem
	lanes := min(banks, warpLanes)
	if len(c.seen) < banks {
		c.seen = make([][]int, banks)
	}
	seen := c.seen[:banks]
	total := 0
	for lo := 0; lo < len(addrs); lo += lanes {
		for b := range seen {
			seen[b] = seen[b][:0]
		}
		busiest := 0
		for l := lo; l < min(lo+lanes, len(addrs)); l++ {
			if !active[l] {
				continue
			}
			b := addrs[l] % banks
			if !slices.Contains(seen[b], addrs[l]) {
				seen[b] = append(seen[b], addrs[l])
				busiest = max(busiest, len(seen[b]))
			}
		}
		total += busiest
	}
	return total
}

// rowPadChoice is the rows chooseRowPad chose for a pass.
type rowPadChoice struct {
	plain bool
	pad   int
}

// rowPadChoices holds chooseRowPad's choices by the pass and the budget's
// item size and local memory (a key of fmt's %v of the pass, whose fields
// are all values and slices of them).
var rowPadChoices sync.Map // string → rowPadChoice

// maxRowPad is the most values chooseRowPad adds to a row: strides of
// the shortest row to 15 more take every position of a row of 16 banks
// of 8-byte values.
const maxRowPad = 15

// chooseRowPad sets p.RowPad (and p.Plain with it) for a pass of the
// register kernel over contiguous rows of an even length, several to a
// work-group: the stride of the fewest wavefronts of local memory
// (LocalWavefronts) among the padded and plain rows and up to maxRowPad
// values more, within the local memory of b. Odd strides keep one row's
// lanes apart; where a warp holds several short rows, neighbouring rows
// of an odd stride start a few banks apart and overlap (rows of 51 values
// under four lanes each). The model counted the short rows' wavefronts on
// an H200 within 1% of Nsight Compute (docs/fft-gpu-notes.md §54). On an
// H200 at 128 MiB of complex64 the strides it chose ran the 50 even
// lengths up to 375 where it finds at most 0.9 of the odd stride's
// wavefronts at a median of 0.958 of their time through CUDA and 0.968
// through OpenCL, none slower by more than 1.3%; the 27 odd lengths it
// would change ran at 1.009 and 0.998, 121 and 273 at 1.07–1.14 (§55,
// docs/benchmarks/h200-2026-11-30-row-strides-ab), so odd lengths keep
// their rows.
//
// The choice counts the pass's accesses for 32 strides, and the planner
// plans the same pass more than once (the probe of one pass, then the
// pass itself): rowPadChoices keeps each choice, and a stride's count
// stops once it reaches the best so far (localWavefrontsBelow). The
// first plan in a process of 1024 points for an H200 through CUDA took
// 8.0 ms without either, 3.1 ms with both, 0.57 ms without row strides
// (plan.New on a 2-core AMD EPYC, median of 21).
func (p *Pass) chooseRowPad(b budget) {
	if p.L%2 != 0 || p.E == 0 || p.Private || p.Looped || p.Chunks > 1 || p.Tile < 2 || p.SFast {
		return
	}
	key := fmt.Sprintf("%v/%d/%d", *p, b.itemSize, b.localBytes)
	if c, ok := rowPadChoices.Load(key); ok {
		choice := c.(rowPadChoice)
		p.Plain, p.RowPad = choice.plain, choice.pad
		return
	}
	defer func() { rowPadChoices.Store(key, rowPadChoice{p.Plain, p.RowPad}) }()
	best, bestPlain, bestPad := p.LocalWavefronts(b.itemSize), p.Plain, 0
	for _, plain := range []bool{p.Plain, !p.Plain} {
		q := *p
		q.Plain = plain
		for pad := 0; pad <= maxRowPad; pad++ {
			q.RowPad = pad
			if q.Tile*q.Row()*b.itemSize > b.localBytes {
				break
			}
			if w := q.localWavefrontsBelow(b.itemSize, best); w < best {
				best, bestPlain, bestPad = w, plain, pad
			}
		}
	}
	p.Plain, p.RowPad = bestPlain, bestPad
}
