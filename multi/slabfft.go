package multi

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// SlabLayout is how the input and the output of a SlabFFT are split among
// the devices. The arrays are the logical input and output whatever the
// layout, numpy.fft.fftn's; the layout says only along which axis each is
// split.
type SlabLayout int

const (
	// SlabsToTransposed takes the input split along axis 0 (slabs) and
	// gives the output split along axis 1: the transposed-slab layout, as
	// heFFTe and cuFFTMp offer it, which saves the exchange back. One
	// exchange.
	SlabsToTransposed SlabLayout = iota
	// SlabsToSlabs takes and gives arrays split along axis 0: a second
	// exchange brings the output back to slabs.
	SlabsToSlabs
	// TransposedToSlabs takes the input split along axis 1 and gives the
	// output split along axis 0, as the inverse of a SlabsToTransposed
	// transform wants. One exchange.
	TransposedToSlabs
)

// String returns the layout's name, such as "slabs to transposed slabs".
func (l SlabLayout) String() string {
	if l >= 0 && int(l) < len(slabLayoutNames) && slabLayoutNames[l] != "" {
		return slabLayoutNames[l]
	}
	return fmt.Sprintf("SlabLayout(%d)", int(l))
}

// slabLayoutNames are the names String returns, by value.
var slabLayoutNames = [...]string{SlabsToTransposed: "slabs to transposed slabs", SlabsToSlabs: "slabs to slabs", TransposedToSlabs: "transposed slabs to slabs"}

// axes returns the split axes of the input and of the output.
func (l SlabLayout) axes() (in, out int, err error) {
	switch l {
	case SlabsToTransposed:
		return 0, 1, nil
	case SlabsToSlabs:
		return 0, 0, nil
	case TransposedToSlabs:
		return 1, 0, nil
	}
	return 0, 0, fmt.Errorf("unknown layout %v", l)
}

// SlabFFTOptions are the optional parts of a SlabFFT.
type SlabFFTOptions struct {
	// Layout is how the input and the output are split.
	Layout SlabLayout

	// Shares0 gives the lengths along axis 0 of the parts of arrays split
	// along axis 0, one for each device, and Shares1 those along axis 1
	// of arrays split along axis 1; nil divides the axis equally
	// (cluda.EqualShares).
	Shares0, Shares1 []int

	// FFT are the options of every transform, Unnormalized among them.
	FFT fft.FFTOptions

	// Input, if set, connects transformations to the input of the first
	// transform that each device runs: it gets the device's FFT, whose
	// input parameter is the device's part of the input, and the Part.
	// The transformations run inside the first kernel's loads; the
	// leaves they make, by the names Input gives them, join the
	// SlabFFT's signature in place of input.
	Input func(f *fft.FFT, p Part) error
	// Output, if set, connects transformations to the output of the last
	// transform that each device runs, as Input does to the input, inside
	// the last kernel's stores. SlabsToSlabs takes none: its last stores
	// are followed by the exchange back to slabs.
	Output func(f *fft.FFT, p Part) error

	// Exchanger, for a RankSlabFFT, moves the blocks of the exchanges
	// between the ranks' device memories (such as an *nccl.Comm of the
	// ranks, in rank order), in place of host memory and the
	// Communicator, which then only tells the ranks of each other's
	// failures. A SlabFFT takes none.
	Exchanger DeviceExchanger

	// Chunks is the number of chunks each device's part is cut into, along
	// the split axis, so that an exchange runs beside the transform that
	// feeds it (cluda.MultiThread.CopySplitChunked): the blocks of a chunk
	// travel while the devices transform the next. The first exchange
	// overlaps the first transform (unless Input connects
	// transformations, whose leaves the chunks do not cut), and with
	// SlabsToSlabs the exchange back overlaps the second. 1 runs each
	// transform whole before its exchange; 0 chooses (SlabChunks); more
	// than the shortest part has places is an error.
	Chunks int
}

// SlabStats are the times and bytes of a SlabFFT's last call.
type SlabStats struct {
	// Compute is the time of the transforms: from the enqueue of each
	// phase to its completion on every device (wall clock).
	Compute time.Duration
	// Exchange is the time of the exchanges between the devices, from
	// their start to their completion on every device (wall clock). An
	// exchange beside its transform (SlabFFTOptions.Chunks) counts only
	// from the completion of the transform's last chunk; the rest is in
	// Compute.
	Exchange time.Duration
	// Staging is the part of Exchange that a RankSlabFFT spends on the
	// copies between its device and host memory and on the grouping of
	// the blocks there. A SlabFFT, whose exchange is copies between
	// devices (by whatever path MultiThread.Path names), leaves it zero.
	Staging time.Duration
	// Exchanges is the number of all-to-all exchanges, and
	// ExchangedBytes the bytes they moved from one device to another
	// (not those of a device's block of its own part, which stay on it).
	Exchanges      int
	ExchangedBytes int64
}

// SlabFFT is the FFT over every axis of an array of two or more
// dimensions split among the devices of a MultiThread, by slab
// decomposition: each device transforms axes 1 and up of its slab (its
// places along axis 0), an all-to-all exchange splits the array along
// axis 1 instead, and each device transforms axis 0 of its part; the
// layout (SlabFFTOptions.Layout) says which split the input and the
// output have, and so the order. Forward (inverse 0) is
// numpy.fft.fftn, inverse numpy.fft.ifftn, which divides by the size of
// the array (unless SlabFFTOptions.FFT.Unnormalized is set).
//
// A SlabFFT keeps two work arrays of the whole size split among the
// devices (three with SlabsToSlabs), beside the input and output. Its Call
// returns when the transform is done, and records the time of its
// compute and exchange phases (Stats). A SlabFFT may be called from
// several goroutines at once: the calls share the work arrays, and run one
// after another.
type SlabFFT struct {
	multi *cluda.MultiThread
	// chunks is the number of chunks of the phases that overlap their
	// exchanges (*chunkedPhase); 1 where none does.
	chunks int
	slabPhases[slabStage, *cluda.SplitArray]
}

// slabPhases is what a slab FFT holds whether its parts are on the
// devices of one process (SlabFFT: callables and arrays split over them)
// or one to a rank (RankSlabFFT): the phases' transforms and work arrays,
// and the statistics of the last call.
type slabPhases[C slabTransform, A slabArray] struct {
	typ      core.Type
	layout   SlabLayout
	inAxis   int
	midAxis  int
	shares   [2][]int // by split axis
	first    C
	second   C
	mid1     A // the first phase's output
	mid2     A // the second phase's input
	back     A // SlabsToSlabs: the second phase's output, before the exchange back
	sig      core.Signature
	exchange int64 // bytes one exchange moves between the parts, all of them together

	callState
}

// slabTransform is a phase's transform: a Callable of split arrays or a
// rank's core.Callable.
type slabTransform interface {
	comparable
	Release()
	Signature() core.Signature
}

// slabArray is a work array: split, or a rank's part.
type slabArray interface {
	comparable
	Release()
}

// namedArgs returns the arguments of a call, those of sig in order, by
// name.
func (p *slabPhases[C, A]) namedArgs(args []any) (map[string]any, error) {
	if len(args) != len(p.sig) {
		return nil, fmt.Errorf("%d arguments for the %d parameters %v", len(args), len(p.sig), p.sig.Names())
	}
	given := make(map[string]any, len(args))
	for i, q := range p.sig {
		given[q.Name] = args[i]
	}
	return given, nil
}

// phaseArgs returns the arguments of the two phases' transforms from
// those of a call by name: the first's output is the work array mid1, the
// second's input mid2.
func (p *slabPhases[C, A]) phaseArgs(given map[string]any) (first, second []any) {
	argsOf := func(c C, work string, array A) []any {
		sig := c.Signature()
		out := make([]any, len(sig))
		for i, q := range sig {
			out[i] = given[q.Name]
			if q.Name == work {
				out[i] = array
			}
		}
		return out
	}
	return argsOf(p.first, "output", p.mid1), argsOf(p.second, "input", p.mid2)
}

// newSlabPhases returns the phases of a slab FFT of arrays of type t whose
// input is split along inAxis.
func newSlabPhases[C slabTransform, A slabArray](t core.Type, layout SlabLayout, inAxis int) slabPhases[C, A] {
	return slabPhases[C, A]{typ: t, layout: layout, inAxis: inAxis, midAxis: 1 - inAxis}
}

// release releases the transforms and the work arrays.
func (p *slabPhases[C, A]) release() {
	releaseAll(p.first, p.second)
	releaseAll(p.mid1, p.mid2, p.back)
}

// NewSlabFFT returns the slab-decomposed FFT over every axis of arrays of
// type t, a contiguous complex array of two or more dimensions, on the
// devices of m. Each device needs at least one place along axes 0 and 1.
func NewSlabFFT(m *cluda.MultiThread, t core.Type, opts SlabFFTOptions) (*SlabFFT, error) {
	s, err := newSlabFFT(m, t, opts)
	if err != nil {
		return nil, fmt.Errorf("multi: slab FFT: %w", err)
	}
	return s, nil
}

func newSlabFFT(m *cluda.MultiThread, t core.Type, opts SlabFFTOptions) (*SlabFFT, error) {
	if m == nil {
		return nil, errors.New("nil MultiThread")
	}
	inAxis, outAxis, err := checkSlab(t, opts)
	if err != nil {
		return nil, err
	}
	if opts.Exchanger != nil {
		return nil, errExchangerOfSlabFFT
	}
	shape := t.Shape()
	s := &SlabFFT{multi: m, slabPhases: newSlabPhases[slabStage, *cluda.SplitArray](t, opts.Layout, inAxis)}
	for axis, given := range [][]int{opts.Shares0, opts.Shares1} {
		if s.shares[axis], err = cluda.SplitShares(shape[axis], given, m.Len()); err != nil {
			return nil, fmt.Errorf("shares along axis %d of shape %v: %w", axis, shape, err)
		}
	}
	if s.chunks, err = s.chooseChunks(opts); err != nil {
		return nil, err
	}
	fail := func(err error) (*SlabFFT, error) {
		s.Release()
		return nil, err
	}
	if s.first, err = s.stage(inAxis, opts.Input == nil, opts.FFT, opts.Input, nil, "output"); err != nil {
		return fail(fmt.Errorf("first transform: %w", err))
	}
	if s.second, err = s.stage(s.midAxis, outAxis != s.midAxis, opts.FFT, nil, opts.Output, "input"); err != nil {
		return fail(fmt.Errorf("second transform: %w", err))
	}
	_, firstChunked := s.first.(*chunkedPhase)
	_, secondChunked := s.second.(*chunkedPhase)
	if !firstChunked && !secondChunked {
		s.chunks = 1 // input transformations keep the one phase that could be cut whole
	}
	if s.mid1, err = m.EmptySplit(shape, t.DType(), inAxis, s.shares[inAxis]); err != nil {
		return fail(err)
	}
	if s.mid2, err = m.EmptySplit(shape, t.DType(), s.midAxis, s.shares[s.midAxis]); err != nil {
		return fail(err)
	}
	if outAxis != s.midAxis {
		if s.back, err = m.EmptySplit(shape, t.DType(), s.midAxis, s.shares[s.midAxis]); err != nil {
			return fail(err)
		}
	}
	if s.sig, err = s.signature(); err != nil {
		return fail(err)
	}
	s.exchange = exchangedBytes(shape, t.DType().Size(), s.shares[inAxis], s.shares[s.midAxis])
	return s, nil
}

// checkSlab checks the type and the options of a slab FFT, and returns
// the split axes of its input and output.
func checkSlab(t core.Type, opts SlabFFTOptions) (in, out int, err error) {
	switch {
	case !t.IsArray() || t.Rank() < 2:
		return 0, 0, fmt.Errorf("type %v: want an array of two or more dimensions", t)
	case !t.DType().IsComplex():
		return 0, 0, fmt.Errorf("type %v: the dtype must be complex64 or complex128", t)
	case !t.IsContiguous():
		return 0, 0, fmt.Errorf("type %v: want a contiguous array", t)
	}
	if in, out, err = opts.Layout.axes(); err != nil {
		return 0, 0, err
	}
	if opts.Layout == SlabsToSlabs && opts.Output != nil {
		return 0, 0, errors.New("the layout slabs to slabs takes no output transformations: the exchange back follows the last stores (fuse them with SlabsToTransposed)")
	}
	return in, out, nil
}

// phaseAxes returns the axes that the phase on arrays split along axis
// transforms: all but axis 0 on slabs, axis 0 on transposed slabs.
func phaseAxes(rank, axis int) []int {
	if axis == 1 {
		return []int{0}
	}
	out := make([]int, 0, rank-1)
	for a := 1; a < rank; a++ {
		out = append(out, a)
	}
	return out
}

// phase compiles the transforms of the phase on arrays split along axis,
// with the transformations of input or output connected, which must leave
// the parameter work, the phase's work array, alone.
func (s *SlabFFT) phase(axis int, opts fft.FFTOptions, input, output func(*fft.FFT, Part) error, work string) (*Callable, error) {
	return Compile(s.multi, s.shares[axis], func(p Part) (core.AnyComputation, error) {
		return slabPhase(s.typ, axis, p, opts, input, output, work)
	})
}

// slabPhase returns the transform of part p of the phase of a slab FFT of
// arrays of type t on arrays split along axis: the axes phaseAxes names,
// of an array of t's shape with p.Length places along axis, with the
// transformations of input or output connected, which must leave the
// parameter work, the phase's work array, alone.
func slabPhase(t core.Type, axis int, p Part, opts fft.FFTOptions, input, output func(*fft.FFT, Part) error, work string) (*fft.FFT, error) {
	part := t.Shape()
	part[axis] = p.Length
	return phaseFFT(core.ArrayOf(t.DType(), part...), axis, p, opts, input, output, work)
}

// phaseFFT returns the transform of arrays of type typ over every axis but
// axis, with the transformations of input and output (either may be nil)
// connected for part p, which must leave the parameter work alone.
func phaseFFT(typ core.Type, axis int, p Part, opts fft.FFTOptions, input, output func(*fft.FFT, Part) error, work string) (*fft.FFT, error) {
	f, err := fft.NewFFT(typ, phaseAxes(typ.Rank(), axis), opts)
	if err != nil {
		return nil, err
	}
	if input != nil {
		if err := input(f, p); err != nil {
			return nil, fmt.Errorf("input transformations: %w", err)
		}
	}
	if output != nil {
		if err := output(f, p); err != nil {
			return nil, fmt.Errorf("output transformations: %w", err)
		}
	}
	if err := workLeft(f.Signature(), work); err != nil {
		return nil, err
	}
	return f, nil
}

// workLeft checks that the transformations of a phase's transform left
// its work array alone: the parameter work (the output of the first
// transform, the input of the second) is still a parameter of the
// computation, in its role.
func workLeft(sig core.Signature, work string) error {
	role, side := core.Output, "input"
	if work == "input" {
		role, side = core.Input, "output"
	}
	if p, ok := sig.Lookup(work); !ok || p.Role() != role {
		return fmt.Errorf("the %s transformations connected to %s, the work array of the transform; connect them to its %s", side, work, side)
	}
	return nil
}

// signature returns the SlabFFT's parameters: those of slabSignature,
// each array of the whole shape.
func (s *SlabFFT) signature() (core.Signature, error) {
	return slabSignature(s.first.Signature(), s.second.Signature(), s.inAxis, s.midAxis, func(p core.Parameter, axis int) core.Parameter {
		whole := p.Type().Shape()
		whole[axis] = s.typ.Shape()[axis]
		return core.Param(p.Name, core.Annotation{Type: core.ArrayOf(p.Type().DType(), whole...), Role: p.Role()})
	})
}

// slabSignature returns the parameters of a slab FFT whose phases have
// the signatures first and second: the leaves on the output side of the
// second phase, those on the input side of the first, and inverse. The
// first phase's output and the second's input, the work arrays between
// them, are left out; resize, if not nil, gives each array parameter the
// type the slab FFT takes, from the type of its phase on arrays split
// along axis (inAxis for the first phase, midAxis for the second).
func slabSignature(first, second core.Signature, inAxis, midAxis int, resize func(p core.Parameter, axis int) core.Parameter) (core.Signature, error) {
	var sig core.Signature
	add := func(from core.Signature, skip string, axis int) error {
		for _, p := range from {
			if p.Name == skip || p.Name == "inverse" {
				continue
			}
			if _, dup := sig.Lookup(p.Name); dup {
				return fmt.Errorf("parameter %q of the input transformations is also one of the output transformations: give them different names", p.Name)
			}
			if p.Role() != core.Scalar && resize != nil {
				p = resize(p, axis)
			}
			sig = append(sig, p)
		}
		return nil
	}
	if err := add(second, "input", midAxis); err != nil {
		return nil, err
	}
	if err := add(first, "output", inAxis); err != nil {
		return nil, err
	}
	return append(sig, core.Param("inverse", core.ScalarArg(dtypes.Int32))), nil
}

// exchangedBytes returns the bytes that an exchange of an array of shape
// from a split along one of axes 0 and 1 into shares from to a split along
// the other into shares to moves between devices: all but the blocks
// that stay on their device.
func exchangedBytes(shape []int, itemSize int, from, to []int) int64 {
	rest := int64(itemSize)
	for _, n := range shape[2:] {
		rest *= int64(n)
	}
	total := int64(shape[0]) * int64(shape[1]) * rest
	for d := range from {
		total -= int64(from[d]) * int64(to[d]) * rest
	}
	return total
}

// Signature returns the parameters Call takes: output and input (or the
// leaves of the transformations connected to them), split arrays of the
// whole shape, and inverse.
func (s *SlabFFT) Signature() core.Signature { return slices.Clone(s.sig) }

// Layout returns the layout of the input and the output.
func (s *SlabFFT) Layout() SlabLayout { return s.layout }

// Shares returns the lengths of the parts of arrays split along axis (0
// or 1).
func (s *SlabFFT) Shares(axis int) []int { return slices.Clone(s.shares[axis]) }

// Stats returns the times and bytes of the last call.
func (s *SlabFFT) Stats() SlabStats { return s.lastStats() }

// Release releases the transforms and the work arrays.
func (s *SlabFFT) Release() { s.release() }

// releaseAll releases each of xs that is not nil (the parts a failed
// constructor did not make).
func releaseAll[T interface {
	comparable
	Release()
}](xs ...T) {
	var none T
	for _, x := range xs {
		if x != none {
			x.Release()
		}
	}
}

// Call transforms: its arguments are those of Signature, the arrays split
// as the layout says (output along axis 1 and input along axis 0 for
// SlabsToTransposed), inverse 0 for the forward transform and 1 for the
// inverse. It checks every argument of both transforms and of the
// exchanges before anything runs (an error enqueues nothing), waits for
// every command enqueued on the devices, runs the transforms and the
// exchanges, and returns when they are done. Calls from several goroutines
// run one after another.
func (s *SlabFFT) Call(args ...any) error {
	s.calls.Lock()
	defer s.calls.Unlock()
	if err := s.call(args); err != nil {
		return fmt.Errorf("multi: slab FFT: %w", err)
	}
	return nil
}

// CallNamed is Call with the arguments given by their names in the
// signature (see core.Callable.CallNamed).
func (s *SlabFFT) CallNamed(args map[string]any) error {
	positional, err := s.Signature().Bind(args)
	if err != nil {
		return fmt.Errorf("multi: slab FFT: %w", err)
	}
	return s.Call(positional...)
}

func (s *SlabFFT) call(args []any) error {
	given, err := s.namedArgs(args)
	if err != nil {
		return err
	}
	var output *cluda.SplitArray
	if s.back != nil {
		out, err := s.checkOutput(given["output"])
		if err != nil {
			return fmt.Errorf("parameter \"output\": %w", err)
		}
		output, given["output"] = out, s.back
	}
	firstArgs, secondArgs := s.phaseArgs(given)
	first, err := prepareStage(s.first, firstArgs)
	if err != nil {
		return fmt.Errorf("first transform: %w", err)
	}
	second, err := prepareStage(s.second, secondArgs)
	if err != nil {
		return fmt.Errorf("second transform: %w", err)
	}
	if err := s.multi.Synchronize(); err != nil {
		return err
	}
	var stats SlabStats
	if err := s.runStage(first, s.mid2, s.mid1, &stats); err != nil {
		return fmt.Errorf("first transform and exchange: %w", err)
	}
	stats.Exchanges, stats.ExchangedBytes = 1, s.exchange
	if output == nil {
		err = s.runStage(second, nil, nil, &stats)
	} else {
		err = s.runStage(second, output, s.back, &stats)
		stats.Exchanges, stats.ExchangedBytes = 2, 2*s.exchange
	}
	if err != nil {
		return fmt.Errorf("second transform: %w", err)
	}
	s.setStats(stats)
	return nil
}

// checkOutput checks the output of a SlabsToSlabs call, which the exchange
// back writes: a live split array of the transform's type, split along
// axis 0 into the transform's shares.
func (s *SlabFFT) checkOutput(v any) (*cluda.SplitArray, error) {
	out, ok := v.(*cluda.SplitArray)
	switch {
	case !ok || out == nil:
		return nil, fmt.Errorf("want a *cluda.SplitArray, got %T", v)
	case out.MultiThread() != s.multi:
		return nil, errors.New("a split array of another MultiThread")
	case out.Axis() != 0:
		return nil, fmt.Errorf("split along axis %d; the layout %v wants axis 0", out.Axis(), s.layout)
	case out.DType() != s.typ.DType() || !slices.Equal(out.Shape(), s.typ.Shape()):
		return nil, fmt.Errorf("%v, want %v", out, s.typ)
	case !slices.Equal(out.Shares(), s.shares[0]):
		return nil, fmt.Errorf("split into shares %v, the transform into %v", out.Shares(), s.shares[0])
	}
	for d, p := range out.Parts() {
		if p.Released() {
			return nil, fmt.Errorf("the part of device %d was released", d)
		}
	}
	return out, nil
}
