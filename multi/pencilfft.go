package multi

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// PencilLayout is how the input and the output of a RankPencilFFT are
// split over its grid of P × Q ranks.
type PencilLayout int

const (
	// PencilsToTransposed: the input is split into pencils along axis 2,
	// axis 0 among the P ranks of a grid column and axis 1 among the Q
	// of a grid row; the output into pencils along axis 0, axis 1 among
	// the P and axis 2 among the Q.
	PencilsToTransposed PencilLayout = iota
	// TransposedToPencils: the other way, the inverse's usual layout.
	TransposedToPencils
)

func (l PencilLayout) String() string {
	switch l {
	case PencilsToTransposed:
		return "pencils to transposed pencils"
	case TransposedToPencils:
		return "transposed pencils to pencils"
	}
	return fmt.Sprintf("PencilLayout(%d)", int(l))
}

// PencilFFTOptions are the options of NewRankPencilFFT.
type PencilFFTOptions struct {
	Layout PencilLayout
	// FFT are the options of each phase's transforms.
	FFT fft.FFTOptions
	// RowExchanger and ColumnExchanger, both or neither, move the blocks
	// of the exchanges within the rank's grid row and its grid column
	// between the ranks' device memories (such as the *nccl.Comm of the
	// ranks of the row and of the column, in the order of their ranks in
	// rows and cols), in place of host memory and the Communicators,
	// which then only tell the ranks of each other's failures.
	RowExchanger, ColumnExchanger DeviceExchanger
}

// RankPencilFFT is one process's share of the FFT over every axis of an
// array of three or more dimensions split by pencils over a grid of P × Q
// ranks (a pencil decomposition): where a slab decomposition splits one
// axis among every rank and so stops at as many ranks as that axis has
// places, pencils split two axes and exchange within a row or a column of
// the grid only, among Q or P ranks rather than P·Q.
//
// With PencilsToTransposed, each rank transforms axis 2 and the axes after
// it, the ranks of each grid row exchange so that axis 1 is whole and axis
// 2 split, each transforms axis 1, the ranks of each grid column exchange
// so that axis 0 is whole and axis 1 split, and each transforms axis 0.
// The exchanges go through host memory and the Communicators, as
// RankSlabFFT's do, or with PencilFFTOptions.RowExchanger and
// ColumnExchanger from device to device, the blocks grouped on the
// device. Axes are shared among ranks as evenly as they go, the
// first ranks taking one place more.
type RankPencilFFT struct {
	thread     *cluda.Thread
	rows, cols Communicator // this rank's grid row (Q ranks) and column (P ranks)
	typ        core.Type
	layout     PencilLayout
	// shares of axis 0 among P, axis 1 among Q, axis 1 among P and axis
	// 2 among Q.
	a0P, a1Q, a1P, a2Q []int

	phases     [3]*core.Callable // in the order of the call
	work       [4]*cluda.Array   // the phases' outputs and the exchanges' outputs
	exchanges  [2]*gridExchange
	comms      [2]Communicator
	exchangers [2]DeviceExchanger // in the order of the exchanges, or none
	host       [3][]byte
	staging    [2]*cluda.Array // the device exchanges' send and receive bytes
	sig        core.Signature
	exchanged  int64

	callState
}

// NewRankPencilFFT returns this rank's share of the pencil-decomposed FFT
// of arrays of type t (the whole array: contiguous, complex, of three or
// more dimensions), run on thr. rows holds the ranks of this rank's grid
// row (Q of them, this rank's place in it is q = rows.Rank()), cols those
// of its grid column (P, p = cols.Rank()); with MPI, Comm.Split makes
// them from the world. Making it communicates nothing.
func NewRankPencilFFT(thr *cluda.Thread, rows, cols Communicator, t core.Type, opts PencilFFTOptions) (*RankPencilFFT, error) {
	f, err := newRankPencilFFT(thr, rows, cols, t, opts)
	if err != nil {
		return nil, fmt.Errorf("multi: rank pencil FFT: %w", err)
	}
	return f, nil
}

func newRankPencilFFT(thr *cluda.Thread, rows, cols Communicator, t core.Type, opts PencilFFTOptions) (*RankPencilFFT, error) {
	switch {
	case thr == nil:
		return nil, errors.New("nil Thread")
	case rows == nil || cols == nil:
		return nil, errors.New("nil Communicator")
	case !t.IsArray() || t.Rank() < 3:
		return nil, fmt.Errorf("type %v: want an array of three or more dimensions", t)
	case !t.DType().IsComplex():
		return nil, fmt.Errorf("type %v: the dtype must be complex64 or complex128", t)
	case !t.IsContiguous():
		return nil, fmt.Errorf("type %v: want a contiguous array", t)
	case opts.Layout != PencilsToTransposed && opts.Layout != TransposedToPencils:
		return nil, fmt.Errorf("no such layout: %v", opts.Layout)
	case (opts.RowExchanger == nil) != (opts.ColumnExchanger == nil):
		return nil, errors.New("a row exchanger without a column exchanger or the other way: give both or neither")
	}
	shape := t.Shape()
	p, q, np, nq := cols.Rank(), rows.Rank(), cols.Size(), rows.Size()
	f := &RankPencilFFT{thread: thr, rows: rows, cols: cols, typ: t, layout: opts.Layout}
	var err error
	for _, s := range []struct {
		dst        *[]int
		axis, rank int
	}{{&f.a0P, 0, np}, {&f.a1Q, 1, nq}, {&f.a1P, 1, np}, {&f.a2Q, 2, nq}} {
		if *s.dst, err = cluda.SplitShares(shape[s.axis], nil, s.rank); err != nil {
			return nil, fmt.Errorf("axis %d of shape %v among %d ranks: %w", s.axis, shape, s.rank, err)
		}
	}
	rest := 1
	for _, n := range shape[3:] {
		rest *= n
	}
	item := t.DType().Size()
	// The rank's parts: pencils, after the row's exchange, transposed.
	pencils := slices.Concat([]int{f.a0P[p], f.a1Q[q]}, shape[2:])
	mid := slices.Concat([]int{f.a0P[p], shape[1], f.a2Q[q]}, shape[3:])
	transposed := slices.Concat([]int{shape[0], f.a1P[p], f.a2Q[q]}, shape[3:])
	rowX := newGridExchange(f.a0P[p], shape[1], shape[2], rest*item, f.a1Q, f.a2Q, q, true)
	colX := newGridExchange(1, shape[0], shape[1], f.a2Q[q]*rest*item, f.a0P, f.a1P, p, true)
	lastAxes := make([]int, 0, len(shape)-2)
	for a := 2; a < len(shape); a++ {
		lastAxes = append(lastAxes, a)
	}
	// The phases in the order of the call: the shape each transforms and
	// its axes, and the exchanges between them.
	type phase struct {
		shape []int
		axes  []int
	}
	phases := [3]phase{{pencils, lastAxes}, {mid, []int{1}}, {transposed, []int{0}}}
	f.exchanges, f.comms = [2]*gridExchange{rowX, colX}, [2]Communicator{rows, cols}
	f.exchangers = [2]DeviceExchanger{opts.RowExchanger, opts.ColumnExchanger}
	if opts.Layout == TransposedToPencils {
		f.exchangers = [2]DeviceExchanger{opts.ColumnExchanger, opts.RowExchanger}
		phases = [3]phase{{transposed, []int{0}}, {mid, []int{1}}, {pencils, lastAxes}}
		f.exchanges = [2]*gridExchange{
			newGridExchange(1, shape[0], shape[1], f.a2Q[q]*rest*item, f.a0P, f.a1P, p, false),
			newGridExchange(f.a0P[p], shape[1], shape[2], rest*item, f.a1Q, f.a2Q, q, false)}
		f.comms = [2]Communicator{cols, rows}
	}
	fail := func(err error) (*RankPencilFFT, error) {
		f.Release()
		return nil, err
	}
	for i, ph := range phases {
		c, err := fft.NewFFT(core.ArrayOf(t.DType(), ph.shape...), ph.axes, opts.FFT)
		if err != nil {
			return fail(fmt.Errorf("phase %d: %w", i+1, err))
		}
		if f.phases[i], err = c.Compile(thr); err != nil {
			return fail(fmt.Errorf("phase %d: %w", i+1, err))
		}
	}
	// work[0]: the first phase's output; work[1]: the first exchange's;
	// work[2]: the second phase's; work[3]: the second exchange's.
	for i, s := range [4][]int{phases[0].shape, phases[1].shape, phases[1].shape, phases[2].shape} {
		if f.work[i], err = thr.Empty(s, t.DType()); err != nil {
			return fail(err)
		}
	}
	size := max(f.exchanges[0].hostBytes(), f.exchanges[1].hostBytes())
	if f.exchangers[0] == nil {
		f.host = [3][]byte{make([]byte, size), make([]byte, size), make([]byte, size)}
	} else {
		for i := range f.staging {
			if f.staging[i], err = thr.Empty([]int{max(size, 1)}, dtypes.Uint8); err != nil {
				return fail(fmt.Errorf("the exchanges' device memory: %w", err))
			}
		}
	}
	f.sig = f.phases[0].Signature()
	f.exchanged = pencilExchangedBytes(shape, item, f.a0P, f.a1Q, f.a1P, f.a2Q)
	return f, nil
}

// pencilExchangedBytes returns the bytes the two exchanges of a pencil
// FFT of shape move between ranks, all the grid's together: the blocks a
// rank keeps for itself move nowhere.
func pencilExchangedBytes(shape []int, item int, a0P, a1Q, a1P, a2Q []int) int64 {
	rest := int64(item)
	for _, n := range shape[3:] {
		rest *= int64(n)
	}
	diag := func(a, b []int) int64 {
		var s int64
		for i := range a {
			s += int64(a[i]) * int64(b[i])
		}
		return s
	}
	n0, n1, n2 := int64(shape[0]), int64(shape[1]), int64(shape[2])
	rows := n0 * rest * (n1*n2 - diag(a1Q, a2Q))
	cols := n2 * rest * (n0*n1 - diag(a0P, a1P))
	return rows + cols
}

// Signature returns the parameters Call takes: output and input, this
// rank's parts of the arrays, and inverse.
func (f *RankPencilFFT) Signature() core.Signature { return slices.Clone(f.sig) }

// Layout returns the layout of the input and the output.
func (f *RankPencilFFT) Layout() PencilLayout { return f.layout }

// Shape returns the shape of this rank's part of the input (in set) or of
// the output.
func (f *RankPencilFFT) Shape(in bool) []int {
	first := f.layout == PencilsToTransposed
	if !in {
		first = !first
	}
	shape := f.typ.Shape()
	p, q := f.cols.Rank(), f.rows.Rank()
	if first {
		return slices.Concat([]int{f.a0P[p], f.a1Q[q]}, shape[2:])
	}
	return slices.Concat([]int{shape[0], f.a1P[p], f.a2Q[q]}, shape[3:])
}

// Stats returns the times and bytes of the last call, as this rank saw
// them; ExchangedBytes counts the bytes of every rank.
func (f *RankPencilFFT) Stats() SlabStats { return f.lastStats() }

// Release releases the transforms and the work arrays.
func (f *RankPencilFFT) Release() {
	releaseAll(f.phases[:]...)
	releaseAll(f.work[:]...)
	releaseAll(f.staging[:]...)
}

// Call transforms: output, input (this rank's parts, of the shapes Shape
// gives) and inverse (0 forward, 1 inverse). It is a collective of every
// rank of the grid, each with its own parts and the same inverse; calls
// from several goroutines of a rank run one after another.
func (f *RankPencilFFT) Call(output, input *cluda.Array, inverse int) error {
	f.calls.Lock()
	defer f.calls.Unlock()
	if err := f.call(output, input, inverse); err != nil {
		return fmt.Errorf("multi: rank pencil FFT: rank (%d, %d): %w", f.cols.Rank(), f.rows.Rank(), err)
	}
	return nil
}

func (f *RankPencilFFT) call(output, input *cluda.Array, inverse int) error {
	var stats SlabStats
	// The phases' arguments: input → work[0], work[1] → work[2], work[3]
	// → output.
	args := [3][]any{{f.work[0], input, int32(inverse)}, {f.work[2], f.work[1], int32(inverse)}, {output, f.work[3], int32(inverse)}}
	err := f.check(output, input, args)
	for i, c := range f.phases {
		if err == nil {
			err = runPhase(f.thread, &stats, fmt.Sprintf("phase %d", i+1), c, args[i])
		}
		if i == 2 {
			return f.done(stats, err)
		}
		// A failure of any rank becomes every rank's before the exchange:
		// its grid row learns it, then every column, each of which has a
		// rank in that row.
		step := fmt.Sprintf("exchange %d", i+1)
		if err := agree(f.cols, step, agree(f.rows, step, err)); err != nil {
			return err
		}
		if ex := f.exchangers[i]; ex != nil {
			err = f.exchanges[i].runDevice(ex, f.comms[i], f.work[2*i], f.work[2*i+1], f.staging[0], f.staging[1], &stats)
		} else {
			err = f.exchanges[i].run(f.comms[i], f.work[2*i], f.work[2*i+1], f.host, &stats)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", step, err)
		}
	}
	return nil
}

// check checks the arguments of a call and of its phases before anything
// runs.
func (f *RankPencilFFT) check(output, input *cluda.Array, args [3][]any) error {
	if output == input {
		return errors.New("the output is the input: the transform is not in place")
	}
	for i, c := range f.phases {
		if err := c.Check(args[i]...); err != nil {
			return fmt.Errorf("phase %d: %w", i+1, err)
		}
	}
	return nil
}

// done keeps the statistics of a call that the last phase ended with err.
func (f *RankPencilFFT) done(stats SlabStats, err error) error {
	if err != nil {
		return err
	}
	stats.Exchanges, stats.ExchangedBytes = 2, f.exchanged
	f.setStats(stats)
	return nil
}
