package lab

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/multi"
)

// onDevices measures the runs on k devices: each batched FFT and the slab
// FFT in both layouts.
func (mb *multiBench) onDevices(all *cluda.MultiThread, k int) error {
	m := all
	if k != all.Len() {
		var err error
		m, err = cluda.CreateMultiThread(mb.filter, k, mb.threadOptions())
		if err != nil {
			return fmt.Errorf("%d devices: %w", k, err)
		}
		defer m.Release()
	}
	if k > 1 {
		mb.next(fmt.Sprintf("all-to-all among %d devices", k))
		mb.rep.AllToAll = append(mb.rep.AllToAll, measureAllToAll(m, mb.bytes, mb.runs()))
	}
	for _, n := range mb.lengths {
		mb.next(fmt.Sprintf("batched FFT of length %d on %d devices", n, k))
		mb.rep.Batched = append(mb.rep.Batched, mb.splitBatched(m, n))
	}
	for _, layout := range []multi.SlabLayout{multi.SlabsToTransposed, multi.SlabsToSlabs} {
		for _, chunks := range mb.slabChunks(k) {
			mb.next(fmt.Sprintf("slab FFT of %s on %d devices, %v, %d chunks", cliutil.DimsString(mb.shape), k, layout, chunks))
			mb.rep.Slabs = append(mb.rep.Slabs, mb.splitSlab(m, layout, chunks))
		}
	}
	return nil
}

// splitBatched times the batched FFT of length n split among the devices
// of m by rows, and checks it against the run on one device.
func (mb *multiBench) splitBatched(m *cluda.MultiThread, n int) scalingRow {
	shape := []int{mb.batch(n), n}
	r := scalingRow{N: n, Batch: shape[0], Devices: m.Len(), Bytes: int64(shape[0]) * int64(n) * int64(mb.dt.Size())}
	single := mb.single[batchedKey(n)]
	if single.err != "" {
		r.Skipped = "on one device: " + single.err
		return r
	}
	r.OneMS = single.ms
	shares, err := cluda.SplitShares(shape[0], nil, m.Len())
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	r.Shares = shares
	c, err := multi.Compile(m, shares, func(p multi.Part) (core.AnyComputation, error) {
		return fft.NewFFT(core.ArrayOf(mb.dt, p.Length, n), []int{1}, fft.FFTOptions{})
	})
	if err != nil {
		r.setError(err)
		return r
	}
	defer c.Release()
	err = mb.splitRun(m, shape, 0, shares, func(out, in *cluda.SplitArray) func() error {
		return func() error { return c.Call(out, in, 0) }
	}, func(out *cluda.SplitArray) (err error) {
		r.RelL2, err = checkSplitSamples(out, batchedRows(shape[0]), single.samples)
		return err
	}, &r.MultiMS, &r.Runs)
	r.setError(err)
	return r
}

// splitSlab times the slab FFT of --shape on the devices of m in layout,
// and checks it against the run on one device.
func (mb *multiBench) splitSlab(m *cluda.MultiThread, layout multi.SlabLayout, chunks int) slabRow {
	r := slabRow{Shape: mb.shape, Devices: m.Len(), Layout: layout.String(), Chunks: chunks, Bytes: int64(cliutil.ShapeSize(mb.shape)) * int64(mb.dt.Size())}
	// Where one device cannot hold the FFT, the split one still runs,
	// checked by its round trip instead of against one device.
	single := mb.single["slab"]
	roundTrip := single.err != ""
	if roundTrip {
		r.OneDevice = single.err
	} else {
		r.OneMS = single.ms
	}
	typ := core.ArrayOf(mb.dt, mb.shape...)
	ft, err := multi.NewSlabFFT(m, typ, multi.SlabFFTOptions{Layout: layout, Chunks: chunks})
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	defer ft.Release()
	outAxis := 1
	if layout == multi.SlabsToSlabs {
		outAxis = 0
	}
	var stats []multi.SlabStats
	var input *cluda.SplitArray
	err = mb.splitRunTo(m, mb.shape, 0, ft.Shares(0), outAxis, ft.Shares(outAxis), func(out, in *cluda.SplitArray) func() error {
		input = in
		return func() error {
			if err := ft.Call(out, in, 0); err != nil {
				return err
			}
			stats = append(stats, ft.Stats())
			return nil
		}
	}, func(out *cluda.SplitArray) (err error) {
		if roundTrip {
			r.RelL2, err = checkSlabRoundTrip(m, typ, ft, out, input)
			return err
		}
		r.RelL2, err = checkSplitSamples(out, slabPositions(mb.shape), single.samples)
		return err
	}, &r.TotalMS, &r.Runs)
	if err == nil {
		// The timed runs are the last: the check's and the warm-ups' come
		// before them.
		r.setPhases(stats[len(stats)-r.Runs:])
	}
	r.setError(err)
	return r
}

// slabChunks returns the chunks of the slab FFT rows on k devices: those
// of --chunks, 0 standing for the number the SlabFFT chooses, each once,
// and none beyond the shortest part.
func (mb *multiBench) slabChunks(k int) []int {
	shortest := min(mb.shape[0]/k, mb.shape[1]/k)
	var out []int
	for _, c := range mb.chunks {
		if c == 0 {
			c = min(multi.SlabChunks(int64(cliutil.ShapeSize(mb.shape))*int64(mb.dt.Size()), k), shortest)
		}
		if c <= shortest && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// checkSlabRoundTrip transforms the output out of the slab FFT ft back
// (by ft itself where it gives slabs, else by a FFT of the transposed
// slabs to slabs) and returns the relative L2 difference of the sampled
// result from the input in, an error where it is above multiCheckTol.
func checkSlabRoundTrip(m *cluda.MultiThread, typ core.Type, ft *multi.SlabFFT, out, in *cluda.SplitArray) (float64, error) {
	inverse := ft
	if ft.Layout() == multi.SlabsToTransposed {
		var err error
		if inverse, err = multi.NewSlabFFT(m, typ, multi.SlabFFTOptions{Layout: multi.TransposedToSlabs}); err != nil {
			return 0, err
		}
		defer inverse.Release()
	}
	// The round trip writes the input itself, its samples read first:
	// an array the size of the whole less, where the whole fills the
	// devices (2048³ on four H200). The timed calls then take the
	// round trip's values, the input's up to rounding.
	positions := slabPositions(typ.Shape())
	want, err := readSamples(func(at []int) ([]complex128, error) { return readSplitSample(in, at) }, positions)
	if err != nil {
		return 0, err
	}
	if err := inverse.Call(in, out, 1); err != nil {
		return 0, fmt.Errorf("the round trip: %w", err)
	}
	rel, err := checkSplitSamples(in, positions, want)
	if err != nil {
		return rel, fmt.Errorf("the round trip: %w", err)
	}
	return rel, nil
}

// splitRun is splitRunTo with the output split as the input.
func (mb *multiBench) splitRun(m *cluda.MultiThread, shape []int, axis int, shares []int,
	call func(out, in *cluda.SplitArray) func() error, check func(out *cluda.SplitArray) error, median *float64, runs *int) error {
	return mb.splitRunTo(m, shape, axis, shares, axis, shares, call, check, median, runs)
}

// splitRunTo allocates a filled input split along axis into shares and
// an output split along outAxis into outShares, runs the call that
// callOn makes of them once on the output poisoned and checks it, then
// times it by the wall clock until every device is done.
func (mb *multiBench) splitRunTo(m *cluda.MultiThread, shape []int, axis int, shares []int, outAxis int, outShares []int,
	callOn func(out, in *cluda.SplitArray) func() error, check func(out *cluda.SplitArray) error, median *float64, runs *int) error {
	in, err := m.EmptySplit(shape, mb.dt, axis, shares)
	if err != nil {
		return err
	}
	defer in.Release()
	out, err := m.EmptySplit(shape, mb.dt, outAxis, outShares)
	if err != nil {
		return err
	}
	defer out.Release()
	if err := fillSplit(in); err != nil {
		return fmt.Errorf("filling the input: %w", err)
	}
	for _, p := range out.Parts() {
		if err := poisonComplex(p); err != nil {
			return err
		}
	}
	call := callOn(out, in)
	if err := call(); err != nil {
		return err
	}
	if err := m.Synchronize(); err != nil {
		return err
	}
	// A check that finds other values says so (wrongResultError); one
	// that cannot run, for want of memory say, leaves the row skipped.
	if err := check(out); err != nil {
		return fmt.Errorf("checking the result: %w", err)
	}
	*median, *runs, err = mb.timeWall(call, m.Synchronize)
	return err
}
