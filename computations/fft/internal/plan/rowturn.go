package plan

// Bluestein's transforms over rows. The product with the transformed
// convolution kernel does not care in which order the forward transform
// leaves its M points, so where M = R·C the forward transform may end on
// whole rows: viewed as R rows of C, the first pass (ColumnStores) takes
// the DFTs of R points of each column j < C, reading j + m·C and storing
// output q where it read, at j + q·C; the turn (Pass.Turn with RowLoads)
// reads row q as sub-transform q of the last pass of C points after R
// (its pass twiddles are those of that pass, W_M^{q·m}), so that it
// leaves X[q + k·R] in its register k, multiplies it by the kernel, runs
// the first pass of C back on the same registers and stores the row; and
// the last pass back, of R points after C, is the Stockham pass it
// always is. A row of C points lies in one work-group without a tile (its
// loads and stores are contiguous), so C may be as long as one pass of a
// contiguous transform takes (up to 16384 points in CUDA's large local
// memory) where the passes of Stockham's order need tiles of minTile
// strided rows (at most 720 points in 48 KiB): three kernels for M up to
// 720 times the longest row, where those passes take five from
// M = 720² on. VkFFT computes these transforms in the same order
// (docs/fft-gpu-notes.md §26).
//
// The rule takes them through CUDA (rowTurns): on an H200, with the
// twiddles and the convolution kernel read in the order of the rows
// (BluesteinKernelRows, tables of exponent bits), three kernels over rows
// of at most 8192 points took a median of 0.848 of the time of five in
// Stockham's order at the 42 lengths of the sweep's list from 140497 to
// 2581976 that they change, 38 faster and 4 slower (140497 and 140521
// 1.05; 1123841 and 1123846 1.28), in 512 MiB batches
// (docs/fft-gpu-notes.md §27). Rows of up to 16384 lost (a median of
// 1.06 at 12 lengths), and so did transforms of two passes (1.09 and
// 1.34): three kernels in Stockham's order are already the fewest. Tuning
// may take them elsewhere or leave them (Tuning.RowTurnsFrom), and the
// tuner tries both.

// NoRowTurns is Tuning.RowTurnsFrom for no Bluestein's transforms over
// rows, where the device's rule would take them.
const NoRowTurns = -1

// The rule's transforms over rows through CUDA: from three passes on, with
// rows of at most 8192 points (see above).
const (
	cudaRowTurnsFrom = 3
	cudaMaxRowTurn   = 8192
)

// rowTurns returns the budget's rowTurnsFrom and maxRowTurn: the tuning's
// where it sets them, else the rule's (cudaRowTurnsFrom, cudaMaxRowTurn
// where rule, as through CUDA on a GPU; none elsewhere).
func rowTurns(rule bool, t Tuning) (from, longest int) {
	from, longest = t.RowTurnsFrom, t.MaxRowTurn
	switch {
	case from == NoRowTurns:
		return 0, 0
	case from == 0 && rule:
		from = cudaRowTurnsFrom
		if longest == 0 {
			longest = cudaMaxRowTurn
		}
	}
	return from, longest
}

// rowTurnKernels returns the three kernels of Bluestein's algorithm over
// rows (see above) for a transform whose passes in Stockham's order are
// u, where the budget takes them (rowTurnsFrom) and a split M = R·C exists:
// the longest row C that one pass of the register kernel transforms
// twice on its registers (Pass.runsTwice), with R points a strided pass
// of at most the length splitPasses allows.
func (a *Axis) rowTurnKernels(u int, b budget) ([]Kernel, bool) {
	if !b.turn || b.rowTurnsFrom == 0 || u < b.rowTurnsFrom {
		return nil, false
	}
	maxR := maxStridedL(b)
	longest := max(32*b.maxRegWG, 16*b.largeRegWG)
	if b.maxRowTurn > 0 {
		longest = min(longest, b.maxRowTurn)
	}
	for c := min(a.M/2, longest); c >= 2; c-- {
		r := a.M / c
		if r > maxR {
			break
		}
		if a.M%c != 0 {
			continue
		}
		turn, ok := a.rowTurn(c, b)
		if !ok {
			continue
		}
		count := a.Outer * a.Inner * c
		first := Pass{N: a.M, L: r, NS: 1, ColumnStores: true, Plain: b.plainLocal}
		first.plan(count, a.Inner, b)
		back := Pass{N: a.M, L: r, NS: c, Plain: b.plainLocal}
		back.plan(count, a.Inner, b)
		return []Kernel{
			a.kernel(first, true, false, false, b),
			a.kernel(turn, false, true, false, b),
			a.kernel(back, false, false, true, b),
		}, true
	}
	return nil, false
}

// rowTurn returns the turn over rows of c points for the axis: the pass
// of one contiguous transform of c points, as the rules plan it over the
// axis's rows of c, read as rows (RowLoads) and run as the turn; ok is
// false where that transform is not one pass of the register kernel that
// runs its stages twice.
func (a *Axis) rowTurn(c int, b budget) (Pass, bool) {
	rows := Batch{Axis: a.Axis, Outer: a.Outer * (a.M / c), Inner: a.Inner}
	sub := planAxisLocal(rows, c, b)
	if sub.Bluestein || sub.Rader || len(sub.Kernels) != 1 || !sub.onePass() {
		return Pass{}, false
	}
	p := sub.Kernels[0].Pass
	if p.Looped || p.Lanes > 1 {
		return Pass{}, false
	}
	p.N, p.NS, p.Turn, p.RowLoads = a.M, a.M/c, true, true
	if !p.runsTwice() {
		return Pass{}, false
	}
	return p, true
}

// maxStridedL returns the longest pass over strided data that splitPasses
// gives a transform too long for one.
func maxStridedL(b budget) int { return max(b.localElems()*16/17/minTile-2, maxRadix) }
