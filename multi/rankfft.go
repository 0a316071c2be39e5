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

// Communicator is what a RankSlabFFT needs of the processes it runs in,
// one rank each: *mpi.Comm of package multi/mpi is one.
type Communicator interface {
	// Rank returns the calling process's rank, from 0 to Size()-1.
	Rank() int
	// Size returns the number of ranks.
	Size() int
	// Alltoallv sends rank e the sendCounts[e] bytes of send from
	// sendDispls[e], and receives into recv from recvDispls[d] the
	// recvCounts[d] bytes that rank d sends, as MPI_Alltoallv does with
	// MPI_BYTE. Every rank calls it at once.
	Alltoallv(send []byte, sendCounts, sendDispls []int, recv []byte, recvCounts, recvDispls []int) error
}

// RankSlabFFT is one process's share of a SlabFFT run by several
// processes, one device each, such as the ranks that mpirun starts: every
// rank holds only its part of the input and of the output, on its own
// Thread, and the exchange goes through host memory and the ranks'
// Communicator. It is the same transform as SlabFFT's, with the same
// options, layouts, shares and results: each rank transforms the axes of
// its part that are whole, the ranks exchange blocks all to all, and each
// transforms the axis that was split.
//
// The exchange copies the rank's part from the device to host memory,
// groups the blocks by destination there, hands them to
// Communicator.Alltoallv, and copies what arrives back to the device: the
// device's memory is never handed to the Communicator, so any MPI serves,
// GPU-aware or not. With SlabFFTOptions.Exchanger (an *nccl.Comm of
// multi/nccl on CUDA devices) the blocks are grouped on the device and
// move from device to device instead; the Communicator then only tells
// the ranks of each other's failures.
//
// Every rank must make its RankSlabFFT with the same type and options, and
// call it at the same time: Call is a collective. A failure on one rank
// (its arguments refused, a transform that fails) is every rank's: before
// each exchange the ranks tell each other whether they got there, and all
// return an error where one did not, so no rank is left waiting.
type RankSlabFFT struct {
	thread  *cluda.Thread
	comm    Communicator
	rank    int
	toMid   *rankExchange // from the input's split to the other
	toSlabs *rankExchange // SlabsToSlabs: back to slabs
	host    [2][]byte     // the host memory the exchanges go through
	// exchanger, where set, exchanges the blocks between the devices,
	// grouped by rank in staging, a device array of bytes, in place of
	// host.
	exchanger DeviceExchanger
	staging   *cluda.Array
	slabPhases[*core.Callable, *cluda.Array]
}

// NewRankSlabFFT returns this rank's share of the slab-decomposed FFT
// over every axis of arrays of type t (the whole array, a contiguous
// complex array of two or more dimensions) on the ranks of comm, run on
// thr. The options are SlabFFT's; the shares give the ranks' parts in
// rank order, and Part.Device is the rank. Making it communicates
// nothing.
func NewRankSlabFFT(thr *cluda.Thread, comm Communicator, t core.Type, opts SlabFFTOptions) (*RankSlabFFT, error) {
	f, err := newRankSlabFFT(thr, comm, t, opts)
	if err != nil {
		return nil, fmt.Errorf("multi: rank slab FFT: %w", err)
	}
	return f, nil
}

func newRankSlabFFT(thr *cluda.Thread, comm Communicator, t core.Type, opts SlabFFTOptions) (*RankSlabFFT, error) {
	switch {
	case thr == nil:
		return nil, errors.New("nil Thread")
	case comm == nil:
		return nil, errors.New("nil Communicator")
	case comm.Size() < 1 || comm.Rank() < 0 || comm.Rank() >= comm.Size():
		return nil, fmt.Errorf("rank %d of %d ranks", comm.Rank(), comm.Size())
	}
	inAxis, outAxis, err := checkSlab(t, opts)
	if err != nil {
		return nil, err
	}
	shape := t.Shape()
	f := &RankSlabFFT{thread: thr, comm: comm, rank: comm.Rank(), slabPhases: newSlabPhases[*core.Callable, *cluda.Array](t, opts.Layout, inAxis)}
	for axis, given := range [][]int{opts.Shares0, opts.Shares1} {
		if f.shares[axis], err = cluda.SplitShares(shape[axis], given, comm.Size()); err != nil {
			return nil, fmt.Errorf("shares along axis %d of shape %v among %d ranks: %w", axis, shape, comm.Size(), err)
		}
	}
	fail := func(err error) (*RankSlabFFT, error) {
		f.Release()
		return nil, err
	}
	compile := func(axis int, input, output func(*fft.FFT, Part) error, work string) (*core.Callable, error) {
		c, err := slabPhase(t, axis, f.Part(axis), opts.FFT, input, output, work)
		if err != nil {
			return nil, err
		}
		return c.Base().Compile(thr)
	}
	if f.first, err = compile(inAxis, opts.Input, nil, "output"); err != nil {
		return fail(fmt.Errorf("first transform: %w", err))
	}
	if f.second, err = compile(f.midAxis, nil, opts.Output, "input"); err != nil {
		return fail(fmt.Errorf("second transform: %w", err))
	}
	if f.mid1, err = thr.Empty(f.Shape(inAxis), t.DType()); err != nil {
		return fail(err)
	}
	if f.mid2, err = thr.Empty(f.Shape(f.midAxis), t.DType()); err != nil {
		return fail(err)
	}
	if outAxis != f.midAxis {
		if f.back, err = thr.Empty(f.Shape(f.midAxis), t.DType()); err != nil {
			return fail(err)
		}
	}
	if f.sig, err = slabSignature(f.first.Signature(), f.second.Signature(), inAxis, f.midAxis, nil); err != nil {
		return fail(err)
	}
	f.toMid = newRankExchange(shape, t.DType().Size(), f.shares, f.rank, inAxis)
	if outAxis != f.midAxis {
		f.toSlabs = newRankExchange(shape, t.DType().Size(), f.shares, f.rank, f.midAxis)
	}
	size := f.toMid.hostBytes()
	if f.exchanger = opts.Exchanger; f.exchanger != nil {
		if f.staging, err = thr.Empty([]int{max(size, 1)}, dtypes.Uint8); err != nil {
			return fail(fmt.Errorf("the exchange's device memory: %w", err))
		}
	} else {
		f.host = [2][]byte{make([]byte, size), make([]byte, size)}
	}
	f.exchange = exchangedBytes(shape, t.DType().Size(), f.shares[inAxis], f.shares[f.midAxis])
	return f, nil
}

// Signature returns the parameters Call takes: output and input (or the
// leaves of the transformations connected to them), this rank's parts of
// the arrays, and inverse.
func (f *RankSlabFFT) Signature() core.Signature { return slices.Clone(f.sig) }

// Layout returns the layout of the input and the output.
func (f *RankSlabFFT) Layout() SlabLayout { return f.layout }

// Shares returns the lengths of the ranks' parts of arrays split along
// axis (0 or 1), in rank order.
func (f *RankSlabFFT) Shares(axis int) []int { return slices.Clone(f.shares[axis]) }

// Part returns this rank's part of arrays split along axis (0 or 1): its
// places along the axis.
func (f *RankSlabFFT) Part(axis int) Part {
	return Part{Device: f.rank, Start: shareStarts(f.shares[axis])[f.rank], Length: f.shares[axis][f.rank]}
}

// RankThread returns a Thread on device local among the devices that
// match f, in turn where there are fewer: those of the interface and the
// platform of the device that cluda.BestDevice chooses for f, and GPUs
// alone where it is one (not a CPU device of another platform beside
// them). A process that mpirun started passes its local rank
// (mpi.LocalRank), so that the processes of one host take its devices one
// each.
func RankThread(f cluda.DeviceFilter, local int, opts cluda.ThreadOptions) (*cluda.Thread, error) {
	if local < 0 {
		return nil, fmt.Errorf("multi: local rank %d", local)
	}
	best, err := cluda.BestDevice(f) // the interface CreateThread would choose
	if err != nil {
		return nil, fmt.Errorf("multi: %w", err)
	}
	f.API = best.API()
	f.Platform = best.Platform().Name
	if best.IsGPU() && (f.Type == 0 || f.Type&cluda.DeviceTypeGPU != 0) {
		f.Type = cluda.DeviceTypeGPU
	}
	devs, err := cluda.Devices(f)
	if err != nil {
		return nil, fmt.Errorf("multi: %w", err)
	}
	if len(devs) == 0 {
		return nil, fmt.Errorf("multi: no device matches %v", f)
	}
	return cluda.NewThread(devs[local%len(devs)], opts)
}

// Shape returns the shape of this rank's part of arrays split along axis
// (0 or 1): the whole shape with the rank's share along axis.
func (f *RankSlabFFT) Shape(axis int) []int {
	shape := f.typ.Shape()
	shape[axis] = f.shares[axis][f.rank]
	return shape
}

// Thread returns the Thread the rank's transforms run on.
func (f *RankSlabFFT) Thread() *cluda.Thread { return f.thread }

// Stats returns the times and bytes of the last call, as this rank saw
// them; ExchangedBytes counts the bytes of every rank.
func (f *RankSlabFFT) Stats() SlabStats { return f.lastStats() }

// Release releases the transforms and the work arrays.
func (f *RankSlabFFT) Release() {
	f.release()
	if f.staging != nil {
		f.staging.Release()
	}
}

// Call transforms: its arguments are those of Signature, this rank's
// parts of the arrays split as the layout says (for SlabsToTransposed, an
// output of shape Shape(1) and an input of shape Shape(0)) or
// *RankSplitArray arrays so split, and inverse, 0 for the forward
// transform and 1 for the inverse. It is a collective:
// every rank calls it, with its own parts and the same inverse. It checks
// the arguments of both transforms and of the exchanges before anything
// runs, runs the transforms and the exchanges, and returns when they are
// done. Calls from several goroutines of a rank run one after another.
func (f *RankSlabFFT) Call(args ...any) error {
	f.calls.Lock()
	defer f.calls.Unlock()
	if err := f.call(args); err != nil {
		return fmt.Errorf("multi: rank slab FFT: rank %d: %w", f.rank, err)
	}
	return nil
}

// CallNamed is Call with the arguments given by their names in the
// signature (see core.Callable.CallNamed).
func (f *RankSlabFFT) CallNamed(args map[string]any) error {
	positional, err := f.Signature().Bind(args)
	if err != nil {
		return fmt.Errorf("multi: rank slab FFT: rank %d: %w", f.rank, err)
	}
	return f.Call(positional...)
}

func (f *RankSlabFFT) call(args []any) error {
	var stats SlabStats
	firstArgs, secondArgs, output, err := f.arguments(args)
	if err == nil {
		err = f.transform(&stats, "first transform", f.first, firstArgs)
	}
	if err = f.exchangeStep(&stats, "exchange", f.toMid, f.mid2, f.mid1, err); err != nil {
		return err
	}
	err = f.transform(&stats, "second transform", f.second, secondArgs)
	stats.Exchanges, stats.ExchangedBytes = 1, f.exchange
	if output != nil {
		if err = f.exchangeStep(&stats, "exchange back", f.toSlabs, output, f.back, err); err != nil {
			return err
		}
		stats.Exchanges, stats.ExchangedBytes = 2, 2*f.exchange
	}
	if err != nil {
		return err
	}
	f.setStats(stats)
	return nil
}

// transform runs the transform c, one phase, and waits for it.
func (f *RankSlabFFT) transform(stats *SlabStats, name string, c *core.Callable, args []any) error {
	return runPhase(f.thread, stats, name, c, args)
}

// exchangeStep runs the exchange x from src to dst, unless this rank or
// another failed before it: err is this rank's failure so far, which the
// ranks tell each other before the collective.
func (f *RankSlabFFT) exchangeStep(stats *SlabStats, name string, x *rankExchange, dst, src *cluda.Array, err error) error {
	if f.exchanger != nil {
		return f.exchangeStepDevice(stats, name, x, dst, src, err)
	}
	defer addSince(&stats.Exchange)()
	if err == nil {
		if err = x.stageOut(src, f.host, stats); err != nil {
			err = fmt.Errorf("%s: %w", name, err)
		}
	}
	if err := agree(f.comm, name, err); err != nil {
		return err
	}
	if err := x.exchange(f.comm, f.host); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := x.stageIn(dst, f.host, stats); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// arguments checks the arguments of a call and returns those of the two
// transforms, and for SlabsToSlabs the output, which the exchange back
// writes.
func (f *RankSlabFFT) arguments(args []any) (first, second []any, output *cluda.Array, err error) {
	given, err := f.namedArgs(args)
	if err != nil {
		return nil, nil, nil, err
	}
	for name, v := range given {
		if s, ok := v.(*RankSplitArray); ok {
			if given[name], err = f.rankPart(s); err != nil {
				return nil, nil, nil, fmt.Errorf("parameter %q: %w", name, err)
			}
		}
	}
	if f.back != nil {
		if output, err = f.checkOutput(given["output"]); err != nil {
			return nil, nil, nil, fmt.Errorf("parameter \"output\": %w", err)
		}
		given["output"] = f.back
	}
	first, second = f.phaseArgs(given)
	if err := f.first.Check(first...); err != nil {
		return nil, nil, nil, fmt.Errorf("first transform: %w", err)
	}
	if err := f.second.Check(second...); err != nil {
		return nil, nil, nil, fmt.Errorf("second transform: %w", err)
	}
	return first, second, output, nil
}

// rankPart returns this rank's part of a split array argument, which must
// be split along axis 0 or 1 into the transform's shares along it; the
// transforms then check the part as they check a plain array.
func (f *RankSlabFFT) rankPart(s *RankSplitArray) (*cluda.Array, error) {
	switch {
	case s == nil:
		return nil, errors.New("nil *multi.RankSplitArray")
	case s.ranks.comm != f.comm || s.ranks.thread != f.thread:
		return nil, errors.New("a split array of other ranks or another Thread")
	case s.axis != 0 && s.axis != 1:
		return nil, fmt.Errorf("split along axis %d; a slab FFT's arrays are split along axis 0 or 1", s.axis)
	case !slices.Equal(s.shares, f.shares[s.axis]):
		return nil, fmt.Errorf("split into shares %v along axis %d, the transform into %v", s.shares, s.axis, f.shares[s.axis])
	}
	return s.part, nil
}

// checkOutput checks the output of a SlabsToSlabs call, which the exchange
// back writes: a live contiguous array of the rank's Thread, its part of
// the output split along axis 0.
func (f *RankSlabFFT) checkOutput(v any) (*cluda.Array, error) {
	out, ok := v.(*cluda.Array)
	switch {
	case !ok || out == nil:
		return nil, fmt.Errorf("want a *cluda.Array, got %T", v)
	case out.Thread() != f.thread:
		return nil, errors.New("an array of another Thread")
	case out.DType() != f.typ.DType() || !slices.Equal(out.Shape(), f.Shape(0)):
		return nil, fmt.Errorf("%v, want the rank's part of %v split along axis 0, %v of shape %v", out, f.typ, f.typ.DType(), f.Shape(0))
	case !out.IsContiguous():
		return nil, fmt.Errorf("%v is not contiguous", out)
	case out.Released():
		return nil, errors.New("the array was released")
	}
	return out, nil
}
