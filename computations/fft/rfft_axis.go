package fft

import (
	"fmt"
	"slices"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// realAxis is the transform of a real transform along its real axis: of
// the real array src into the half spectrum dst (forward), or back.
type realAxis struct {
	forward bool
	axis, n int // the real axis and its real length
	cdt     dtypes.DType
	tuning  fftplan.Tuning
}

// halved reports whether the axis is transformed as the complex transform
// of n/2 points (a length of 2 is the transform of 2 points).
func (ra realAxis) halved() bool { return ra.n%2 == 0 && ra.n >= 4 }

// hooks returns how the first and last kernels read and write; rows > 0
// is the count of real rows where the transform takes two as one complex
// row (rowPairs).
func (ra realAxis) hooks(rows int) *fftRealHooks {
	h := &fftRealHooks{n: ra.n, scale: 1, rows: rows}
	switch {
	case rows > 0 && ra.forward:
		h.load, h.store = realLoadRows, realStoreSplit
	case rows > 0:
		h.load, h.store, h.scale = realLoadHermitianRows, realStoreRows, 1/float64(ra.n)
	case ra.forward && ra.halved():
		h.load, h.store = realLoadPairs, realStoreTwist
	case ra.forward:
		h.load, h.store, h.dstLength = realLoadReal, realStorePlain, ra.n/2+1
	case ra.halved():
		h.load, h.store, h.scale = realLoadUntwist, realStorePairs, 1/float64(ra.n)
	default:
		h.load, h.store, h.scale = realLoadHermitian, realStoreReal, 1/float64(ra.n)
	}
	return h
}

// build adds the kernels of the transform from src to dst.
func (ra realAxis) build(plan *core.Plan, src, dst *core.KernelArgument) error {
	if ra.n == 1 {
		return plan.KernelCall(kernelTemplates.Lookup("rfft_copy.cl"),
			[]core.KernelArg{core.Bind("output", dst), core.Bind("input", src)}, dst.Shape(),
			core.KernelOptions{Name: "rfft_copy", RenderArgs: map[string]any{
				"forward": ra.forward, "zero": ra.cdt.Real().MustLiteral(0)}})
	}
	// The complex transform runs over the shape of the real array with
	// the axis of the length it transforms.
	shape := slices.Clone(src.Shape())
	if !ra.forward {
		shape = slices.Clone(dst.Shape())
	}
	if ra.halved() {
		shape[ra.axis] = ra.n / 2
	}
	lim := fftLimits(plan.DeviceParams(), ra.cdt, ra.tuning)
	lim.RealEnds = true
	fp, rows, err := ra.rowPairs(lim, shape, dst)
	if err != nil {
		return err
	}
	if rows == 0 {
		if fp, err = fftplan.New(shape, []int{ra.axis}, lim); err != nil {
			return err
		}
	}
	h := ra.hooks(rows)
	h.pairsAt = ra.pairsAt(lim, src)
	if ra.lanesPlan(lim, fp, src, dst) {
		// The half's transform as the complex FFT's, in lanes, and the
		// twist over runs after it, where every pass of it takes lanes.
		half := lim
		half.RealEnds = false
		// Its passes in lanes, not the vector kernel of short rows, which
		// reads no real pairs (the real plans take none: RealEnds).
		half.Tuning.NoVectorRows = true
		hp, err := fftplan.New(shape, []int{ra.axis}, half)
		if err != nil {
			return err
		}
		// A half of Bluestein's algorithm takes it where the half runs in
		// looped passes of several (fftplan.Pass.Looped with L < N).
		if inLanes(hp) && (!fp.Axes[0].Bluestein || loopedSeveral(hp)) {
			fp, lim, h.ownTwist = hp, half, true
		}
	}
	b := &fftBuild{plan: plan, args: map[string]*core.KernelArgument{"output": dst, "input": src},
		shape: dst.Shape(), dt: ra.cdt, lim: lim, scale: 1, tables: newFFTTables(plan, ra.cdt),
		src: fftEnd{arg: src, shape: src.Shape()}, real: h}
	if err := b.axis(fp.Axes[0], true, true); err != nil {
		return err
	}
	switch {
	case h.twistFrom == nil:
		return nil
	case rows > 0:
		return ra.splitRuns(plan, h, fp.Axes[0].Batch, dst)
	}
	return ra.twistKernel(plan, b, h, fp.Axes[0].Batch, dst)
}

// rowPairsFrom is the shortest odd length whose real transforms take row
// pairs (realAxis.rowPairs). On PoCL 3.1 (2 cores, AVX-512, 8 MiB of
// float32, three interleaved rounds; docs/fft-gpu-notes.md §49) the
// forward transforms of 14 odd lengths from 165 to 255255 took a median
// of 0.74 of the time of a row at a time (0.47 at 315 to 1.02 at 189),
// and the inverses of 10 from 165 to 255255 0.54–0.94; of 18 lengths
// from 15 to 147, 39, 45, 49, 65 and 121 took 0.52–0.67 of the time and
// 57, 63, 75, 105 and 135 1.14–1.53 times it, with the same plans (the
// inverses of 57, 63 and 105 1.18–1.44 times it).
const rowPairsFrom = 150

// pairStride is the row that a pair of real rows starting at row o takes
// as its second, o + ceil(rows/2), in a transform of rows real rows two
// at a time (rowPairs): the first half of the rows pairs with the second.
func pairStride(rows int) int { return (rows + 1) / 2 }

// rowPairs returns the plan of the complex transform that takes real rows
// o and o + ceil(rows/2) as the real and imaginary parts of one complex
// row o (the rows of each lane of a looped kernel neighbours, as in the
// transform of each row alone), and
// the count of real rows (the product of the dimensions before the axis),
// where the axis takes it; rows = 0 where it does not. It does on a CPU
// device, for an odd length from rowPairsFrom on over two rows or more: the
// transform of a real row as a complex one does twice the work it needs.
// The forward transform stores the two rows' spectra from outputs k and
// N - k: in the stores of a looped kernel of the whole transform
// (splitsRows), or else in a kernel of its own after the transform
// (rfft_split_runs.cl), which stores through the output's pointer along
// the last axis.
func (ra realAxis) rowPairs(lim fftplan.Limits, shape []int, dst *core.KernelArgument) (fftplan.Plan, int, error) {
	if !lim.CPU || lim.Tuning.NoRowPairs || ra.halved() || ra.n < rowPairsFrom {
		return fftplan.Plan{}, 0, nil
	}
	rows := 1
	for _, d := range shape[:ra.axis] {
		rows *= d
	}
	if rows < 2 {
		return fftplan.Plan{}, 0, nil
	}
	// The transform's rows are the pairs, over the dimensions of the real
	// array (the kernels index it by the flat outer index).
	paired := slices.Clone(shape)
	for d := range ra.axis {
		paired[d] = 1
	}
	paired[ra.axis-1] = pairStride(rows)
	fp, err := fftplan.New(paired, []int{ra.axis}, lim)
	if err != nil {
		return fftplan.Plan{}, 0, err
	}
	// The split's kernel of its own adds a pass over memory: it pays
	// after several passes, not after one.
	ax := &fp.Axes[0]
	if ra.forward && !splitsRows(ax) && (len(ax.Kernels) == 1 || ra.axis != len(shape)-1 || !dst.HasPointer()) {
		return fftplan.Plan{}, 0, nil
	}
	return fp, rows, nil
}

// splitRuns adds the kernel that stores the spectra of the real rows o
// and o + ceil(rows/2) from the complex transform of row o in h.twistFrom
// (rfft_split_runs.cl): one work-item per run of twistRun outputs of a
// pair of rows.
func (ra realAxis) splitRuns(plan *core.Plan, h *fftRealHooks, batch fftplan.Batch, dst *core.KernelArgument) error {
	half := ra.n / 2
	runs := (half + twistRun) / twistRun
	real := ra.cdt.Real()
	err := plan.KernelCall(kernelTemplates.Lookup("rfft_split_runs.cl"),
		[]core.KernelArg{core.Bind("output", dst), core.Bind("input", h.twistFrom)},
		[]int{batch.Outer * runs},
		core.KernelOptions{Name: "rfft_split_runs", RenderArgs: map[string]any{
			"n": ra.n, "half": half, "rows": h.rows, "stride": pairStride(h.rows), "run": twistRun, "runs": runs, "rtype": real.CType(),
			"halve": real.MustLiteral(0.5), "zero": real.MustLiteral(0)}})
	if err != nil {
		return fmt.Errorf("the split of row pairs: %w", err)
	}
	return nil
}

// pairsAt reports whether the forward transform of a halved axis reads
// each pair x[2n], x[2n+1] as one complex value through a cast of its
// address (8-byte aligned in rows of an even length from an offset of 0;
// x86 CPUs take any): along the last axis of an input read through its
// pointer, where a pair is two neighbouring values. PoCL vectorises the
// looped pass's loads so: on PoCL 3.1 (2 cores, AVX-512, 8 MiB,
// BenchmarkRFFT in three alternating runs; docs/fft-gpu-notes.md §37) the
// real FFT of 100 took 0.84–1.03 ms against 2.36–2.68 with two scalar
// loads, 1000 0.85–0.95 against 1.28–1.42. On an H200 through CUDA (512
// MiB, two interleaved rounds; §44) 15 lengths from 100 to 2^20 took a
// median of 0.973 of their time with two loads, none slower (256 0.911,
// 6144 0.938, the lengths of several passes 0.99). Tuning.NoPairLoads
// keeps a GPU's two loads.
func (ra realAxis) pairsAt(lim fftplan.Limits, src *core.KernelArgument) bool {
	return (lim.CPU || !lim.Tuning.NoPairLoads) && ra.forward && ra.halved() && ra.axis == len(src.Shape())-1 && src.HasPointer()
}

// lanesPlan reports whether the forward transform takes the passes in
// lanes of the complex FFT of its half, its first pass reading the real
// input's pairs through the input's pointer, and the twist as a kernel of
// its own over runs of each row's outputs (rfft_twist_runs.cl), in place of
// fp, the plan of a real transform (Limits.RealEnds). It does on a CPU
// device with lanes, along the last axis, with no transformation on the
// input or the output (the twist stores through the output's pointer),
// where fp, of a smooth half or by Bluestein's algorithm (whose half
// the caller takes only in looped passes of several, loopedSeveral), is
// several passes or one looped pass over a scratch array. One pass on
// the stack, looped or not, twists in its own stores, where a kernel of
// the twist would add a pass over memory: the half's plan took 1.20–1.39
// times the time at 1024, 4096 and 16384. §32 of
// docs/fft-gpu-notes.md measured it at 0.63 and 0.51 of the real plan's
// time at 65536 and 2^20 (PoCL, 2 cores, AVX-512, 8 MiB).
func (ra realAxis) lanesPlan(lim fftplan.Limits, fp fftplan.Plan, src, dst *core.KernelArgument) bool {
	// On other devices, and under tunings without lanes, the half's plan
	// takes no lanes (inLanes): a GPU is spared planning it. Its first
	// pass reads the pairs through the input's pointer, as pairsAt does.
	if !lim.CPU || !ra.pairsAt(lim, src) || !dst.HasPointer() {
		return false
	}
	ax := fp.Axes[0]
	if ax.Rader {
		return false
	}
	return len(ax.Kernels) > 1 || ax.Kernels[0].Pass.Looped && ax.Kernels[0].Pass.Slots > 0
}

// loopedSeveral reports whether fp's axis runs as looped passes of
// several (fftplan.Pass.Looped with L < N). A real transform whose half
// takes them takes the half's plan in place of its own by Bluestein's
// algorithm: on PoCL 3.1 (2 cores, AVX-512, 8 MiB of float32, three
// interleaved rounds; docs/fft-gpu-notes.md §48) six lengths from 153534
// to 747708 ran at 0.18–0.68 of the time of the plans before.
func loopedSeveral(fp fftplan.Plan) bool {
	for _, k := range fp.Axes[0].Kernels {
		if k.Pass.Looped && k.Pass.L < k.Pass.N {
			return true
		}
	}
	return false
}

// inLanes reports whether every kernel of fp's axis is a pass in lanes or
// a looped pass (whose lanes are its own): the half of 20000 points, in
// passes without lanes, took 1.46 times the real plan's time with the
// twist over runs (PoCL, 2 cores, AVX-512, 8 MiB, three rounds), where
// halves in lanes took 0.39–0.63 of it (128 to 2^20).
func inLanes(fp fftplan.Plan) bool {
	for _, k := range fp.Axes[0].Kernels {
		if k.Pass.Lanes < 2 && !k.Pass.Looped {
			return false
		}
	}
	return true
}

// twistKernel adds the kernel that twists the transform of n/2 points in
// h.twistFrom into the spectrum in dst.
func (ra realAxis) twistKernel(plan *core.Plan, b *fftBuild, h *fftRealHooks, batch fftplan.Batch, dst *core.KernelArgument) error {
	half := ra.n / 2
	if h.ownTwist {
		return ra.twistRuns(plan, b, h, batch, dst)
	}
	k := &fftKernel{dt: ra.cdt, real: &fftRealKernel{n: ra.n, scale: 1, twist: true}}
	body := &fftPass{CType: ra.cdt.CType(), Dst: fftPassEnd{Index: fftEnd{arg: dst, shape: dst.Shape()}.index(ra.axis, batch.Outer, half+1, batch.Inner)}}
	body.Dst.Kind = realEnd{Real: k.real.body(body, ra.cdt), Then: complexEnd{}}
	if err := h.bindTwiddles(b, k); err != nil {
		return err
	}
	err := plan.KernelCall(kernelTemplates.Lookup("rfft_twist.cl"),
		[]core.KernelArg{core.Bind("output", dst), core.Bind("input", h.twistFrom), core.Bind("real_twiddle", k.realTw)},
		[]int{batch.Outer * (half + 1) * batch.Inner},
		core.KernelOptions{Name: "rfft_twist", RenderArgs: map[string]any{
			"body": body, "inner": batch.Inner, "outputs": half + 1, "half": half}})
	if err != nil {
		return fmt.Errorf("the twist: %w", err)
	}
	return nil
}

// twistRun is the outputs of a row that a work-item of the twist over runs
// takes: §32's prototype twisted the spectrum of 65536 in 0.06 of the real
// transform's time with runs of 1024, against 0.40 with a work-item per
// output.
const twistRun = 1024

// twistRuns adds the twist of a CPU device (realAxis.lanesPlan): one
// work-item per run of twistRun outputs of a row, a loop over the real and
// imaginary parts of elements k and M - k of h.twistFrom, which the
// compiler vectorises where a loop over complex values stays scalar.
func (ra realAxis) twistRuns(plan *core.Plan, b *fftBuild, h *fftRealHooks, batch fftplan.Batch, dst *core.KernelArgument) error {
	half := ra.n / 2
	k := &fftKernel{dt: ra.cdt, real: &fftRealKernel{n: ra.n, scale: 1, twist: true}}
	if err := h.bindTwiddles(b, k); err != nil {
		return err
	}
	runs := (half + twistRun - 1) / twistRun
	real := ra.cdt.Real()
	err := plan.KernelCall(kernelTemplates.Lookup("rfft_twist_runs.cl"),
		[]core.KernelArg{core.Bind("output", dst), core.Bind("input", h.twistFrom), core.Bind("real_twiddle", k.realTw)},
		[]int{batch.Outer * runs},
		core.KernelOptions{Name: "rfft_twist_runs", RenderArgs: map[string]any{
			"half": half, "run": twistRun, "runs": runs, "rtype": real.CType(),
			"halve": real.MustLiteral(0.5), "zero": real.MustLiteral(0)}})
	if err != nil {
		return fmt.Errorf("the twist: %w", err)
	}
	return nil
}
