package fft

import (
	"fmt"
	"math"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The ways the first kernel of a real transform reads its input.
const (
	realLoadPlain     = ""          // complex values as they are
	realLoadReal      = "real"      // a real value as a complex one
	realLoadPairs     = "pairs"     // x[2n] and x[2n+1] as one complex value
	realLoadUntwist   = "untwist"   // Z[k] of the half-length inverse from X[k] and X[M-k]
	realLoadHermitian = "hermitian" // element n of the whole spectrum from its half
	// Two real rows as one complex row (realAxis.rowPairs).
	realLoadRows          = "rows"           // x[o][n] + i x[o+P][n], P = ceil(rows/2)
	realLoadHermitianRows = "hermitian-rows" // element n of the whole spectra of rows o and o+P, as one
)

// The ways the last kernel of a real transform writes its output.
const (
	realStorePlain = ""      // complex values (positions past the output left out)
	realStoreTwist = "twist" // X[k] of the spectrum from Z[k] and Z[M-k]
	realStorePairs = "pairs" // a complex value as x[2n] and x[2n+1]
	realStoreReal  = "real"  // the real part
	// Two real rows from one complex row (realAxis.rowPairs).
	realStoreRows  = "rows"  // the real part to row o, the imaginary part to row o+P
	realStoreSplit = "split" // the spectra of rows o and o+P from Z[k] and Z[N-k]
)

// fftRealHooks makes the kernels of a complex transform along one axis
// those of a real transform: a length n = 2M as the transform of M
// points of z[n] = x[2n] + i x[2n+1] with the twist after it (forward) or
// the untwist before it (inverse), and other lengths as the transform of
// n points of real values or of the whole spectrum. The inverse runs as
// the forward transform of conjugated values.
type fftRealHooks struct {
	load, store string
	n           int     // the real length along the axis
	dstLength   int     // of the output along the axis, where shorter than the transform
	scale       float64 // of the real values stored
	twiddles    *core.KernelArgument
	// twistFrom is the flat array the last kernel wrote where the twist
	// could not go into it: a kernel of its own twists it.
	twistFrom *core.KernelArgument
	// ownTwist: the twist takes a kernel of its own, over runs of each
	// row's outputs, where the last kernel could take it (a CPU device's
	// passes in lanes, realAxis.lanesPlan).
	ownTwist bool
	// pairsAt: the pairs x[2n], x[2n+1] are read as one vector through
	// the input's pointer (realAxis.pairsAt).
	pairsAt bool
	// rows > 0: the transform takes two real rows as one complex row
	// (realAxis.rowPairs); rows is the real array's count of rows (the
	// product of its dimensions before the axis).
	rows int
}

// fftRealKernel is what a first or last kernel applies of the hooks.
type fftRealKernel struct {
	load, store   string
	n             int
	scale         float64
	twist, paired bool
	pairsAt       bool
	rows          int
}

// fftRealBody holds the numbers of a real transform's ends in the
// kernel's text (templates/rfft_hooks.cl).
type fftRealBody struct {
	Load, Store string
	// PairsAt: Load "pairs" reads each pair as one vector through the
	// address of its row (fftRealHooks.pairsAt).
	PairsAt bool
	N, Half int    // the real length and its half (rounded down)
	Scale   string // literal of the scale of the real values stored
	Halve   string // literal of 0.5
	// Twist: the stores twist the spectrum of the transform of Half
	// points; Partners are, in a private kernel, the registers of
	// outputs k (M) and Half - k (Off).
	Twist    bool
	Partners []fftOffset
	// Paired: the kernel is the last pass of several, whose sub-transform
	// j holds the outputs j + q*NS; each work-group takes PairRun
	// sub-transforms j and the PairRun sub-transforms NS - j (0 goes with
	// NS/2), so that it holds the partners of its outputs.
	Paired  bool
	PairRun int
	NS      int
	// Rows > 0: the loads and stores take two real rows as one complex row
	// (fftRealHooks.rows), rows o and o + PairStride of the Rows of the
	// real array (PairStride = ceil(Rows/2)), the second left out where
	// it is past them (RowsOdd). Split: the
	// stores (a looped kernel's, of whole rows) take the spectra of the
	// two rows from outputs k and N - k.
	Rows, PairStride int
	RowsOdd          bool
	Split            bool
}

// body returns the numbers of the kernel's ends in the body b of a
// kernel on values of dt.
func (r *fftRealKernel) body(b *fftPass, dt dtypes.DType) *fftRealBody {
	real := dt.Real()
	rt := fftRealBody{Load: r.load, PairsAt: r.pairsAt, Store: r.store, N: r.n, Half: r.n / 2, Twist: r.twist,
		Scale: real.MustLiteral(r.scale), Halve: real.MustLiteral(0.5), Rows: r.rows, PairStride: pairStride(r.rows), RowsOdd: r.rows%2 == 1,
		Split: r.store == realStoreSplit}
	if r.paired {
		rt.Paired, rt.PairRun, rt.NS = true, b.Tile/2, b.NS
	}
	if rt.Twist {
		if g := b.Register; g != nil {
			if g.Private {
				for i := 0; i < g.E; i++ {
					rt.Partners = append(rt.Partners, fftOffset{M: i, Off: (g.E - i) % g.E})
				}
			} else {
				// The whole rows go through local memory at once.
				g.BufElems = max(g.BufElems, b.Tile*g.FullRow)
			}
		}
	}
	return &rt
}

// hook sets kernel i of ax, the first and/or last of the transform, to
// read and write as the real transform does.
func (h *fftRealHooks) hook(b *fftBuild, ax *fftplan.Axis, i int, k *fftKernel, first, last bool) error {
	if !first && !last {
		return nil
	}
	k.real = &fftRealKernel{n: h.n, scale: 1, rows: h.rows}
	if first {
		k.real.load, k.real.pairsAt = h.load, h.pairsAt
	}
	if !last {
		return h.bindTwiddles(b, k)
	}
	k.real.store, k.real.scale = h.store, h.scale
	if h.dstLength > 0 {
		k.DstLength = h.dstLength
	}
	h.twistFrom = nil
	switch {
	case h.store == realStoreSplit && splitsRows(ax):
		return nil
	case h.store == realStoreSplit:
		// The split takes a kernel of its own, after this one.
		return h.storeForOwnKernel(b, ax, i, k)
	case h.store != realStoreTwist:
		return h.bindTwiddles(b, k)
	case !h.ownTwist && fusesTwist(ax, k):
		k.real.twist = true
		return h.bindTwiddles(b, k)
	case !h.ownTwist && pairsTwist(ax, k):
		k.real.twist, k.real.paired = true, true
		return h.bindTwiddles(b, k)
	}
	// The twist takes a kernel of its own, after this one.
	if err := h.storeForOwnKernel(b, ax, i, k); err != nil {
		return err
	}
	return h.bindTwiddles(b, k)
}

// storeForOwnKernel makes kernel i of ax, the last, store its complex
// outputs as they are into a flat array, h.twistFrom, which a kernel of
// its own after it twists or splits into the output.
func (h *fftRealHooks) storeForOwnKernel(b *fftBuild, ax *fftplan.Axis, i int, k *fftKernel) error {
	k.real.store = realStorePlain
	tmp, err := b.plan.TempArray(core.ArrayOf(b.dt, ax.Temp(i)))
	if err != nil {
		return err
	}
	k.dst = fftEnd{arg: tmp}
	h.twistFrom = tmp
	return nil
}

// inLanes reports whether a pass in lanes (fft_lanes.cl) takes the
// kernel's ends: it loads the real array's pairs, or the values of a pass
// before, and stores complex values as they are.
func (r *fftRealKernel) inLanes() bool {
	return (r.load == realLoadPlain || r.load == realLoadPairs) && r.store == realStorePlain && !r.twist && !r.paired && r.scale == 1
}

// fusesTwist reports whether kernel k of ax can twist the spectrum in its
// stores: it is the whole transform, in one pass whose work-group holds
// its rows, and no part of Bluestein's or Rader's algorithm (whose outputs
// are scattered).
func fusesTwist(ax *fftplan.Axis, k *fftKernel) bool {
	p := k.Pass
	if len(ax.Kernels) != 1 || ax.Bluestein || ax.Rader || p.N != p.L || p.NS != 1 {
		return false
	}
	if p.E > 0 && p.Private && (p.TT != 1 || p.E != p.L) {
		return false
	}
	return true
}

// splitsRows reports whether the kernel of ax can store the spectra of
// two real rows from its outputs k and N - k (fftRealBody.Split): ax is
// one looped kernel of the whole transform, which holds its rows whole,
// and no part of Bluestein's or Rader's algorithm (whose outputs take the
// chirp or the scatter in their stores).
func splitsRows(ax *fftplan.Axis) bool {
	if len(ax.Kernels) != 1 || ax.Bluestein || ax.Rader {
		return false
	}
	p := ax.Kernels[0].Pass
	return p.Looped && p.N == p.L
}

// pairsTwist reports whether kernel k, the last of several of ax, can
// twist the spectrum in its stores with its work-groups taking the
// sub-transforms j and NS - j together (fftRealBody.Paired): a register
// kernel with local memory over rows of its own (nothing after the axis),
// whose tile splits into two halves and whose groups each lie in one row.
func pairsTwist(ax *fftplan.Axis, k *fftKernel) bool {
	p := k.Pass
	nj := p.N / p.L
	return !ax.Bluestein && !ax.Rader && p.E > 0 && !p.Private && k.Inner == 1 && nj == p.NS && nj >= 2 &&
		p.Tile >= 2 && p.Tile%2 == 0 && nj%p.Tile == 0
}

// bindTwiddles binds the twiddle table to k where its ends read it.
func (h *fftRealHooks) bindTwiddles(b *fftBuild, k *fftKernel) error {
	if k.real.load != realLoadUntwist && !k.real.twist {
		return nil
	}
	if h.twiddles == nil {
		tw, err := h.twiddleTable(b.plan, b)
		if err != nil {
			return err
		}
		h.twiddles = tw
	}
	k.realTw = h.twiddles
	return nil
}

// twiddleTable returns the persistent table of W^k = exp(-2πik/n) for k
// from 0 to n/2, computed in float64.
func (h *fftRealHooks) twiddleTable(plan *core.Plan, b *fftBuild) (*core.KernelArgument, error) {
	half := h.n / 2
	if err := checkTable(plan.DeviceParams(), "real FFT twiddles", half+1, half+1, b.dt); err != nil {
		return nil, err
	}
	w := make([]complex128, half+1)
	for k := range w {
		s, c := math.Sincos(-2 * math.Pi * float64(k) / float64(h.n))
		w[k] = complex(c, s)
	}
	a, err := plan.PersistentArray(toDType(w, b.dt))
	if err != nil {
		return nil, fmt.Errorf("real FFT twiddles: %w", err)
	}
	return a, nil
}
