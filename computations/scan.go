package computations

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Scan is the prefix scan of an array over a set of its axes with a
// predicate (reikna's Scan), batched over the other axes: the chosen axes
// are flattened in row-major order into one sequence, and element k of
// the output is the operation over elements 0..k of the input
// (inclusive), or over elements 0..k-1 (exclusive, the predicate's empty
// value at k = 0). Its signature is (output, input), both of the input's
// shape. The operation need be associative only.
//
// On a GPU each work-group scans a block of the sequence in local memory.
// A longer sequence is scanned in a single pass on a GPU with global
// atomics: the blocks start in the order of a ticket counter, publish
// their totals and inclusive prefixes in status words, and each finds the
// prefix of the blocks before it by looking back over their status
// (decoupled look-back), so that the input is read once. Otherwise it is
// scanned in levels: a kernel writes the total of each block, the totals
// are scanned in turn, and a last kernel scans each block again from the
// total of the blocks before it. Where kept axes follow the scanned ones,
// neighbouring work-items scan neighbouring positions of them side by
// side, so that memory is read in order.
//
// On a device that is no GPU (a CPU, which runs a work-group's items one
// after another) the sequence is cut into contiguous chunks instead, and
// each work-item scans one chunk serially, element after element, where
// kept axes follow the scanned ones for several neighbouring positions
// side by side, each with a value of its own. Where the positions alone
// give too few work-items to keep every core busy, a sequence is cut into
// several chunks: a first kernel folds each chunk into its total, and the
// scan of each chunk starts from the fold of the totals of the chunks
// before it; otherwise one kernel scans whole sequences.
//
// Transformations connected to input run inside its loads, those
// connected to output inside the stores of the kernel that writes it.
//
// Scan embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	sum, err := computations.PredicateSum(dtypes.Int32)
//	sc, err := computations.NewScan(core.ArrayOf(dtypes.Int32, 1<<20), sum, nil, computations.ScanOptions{})
//	c, err := sc.Compile(thr)
//	defer c.Release()
//	err = c.Call(out, in) // the cumulative sum
type Scan struct {
	*core.Computation
	typ       core.Type
	predicate *Predicate
	axes      []int
	exclusive bool
	tuning    scanTuning
}

// ScanOptions are the optional parts of a Scan.
type ScanOptions struct {
	// Exclusive makes each output the fold of the inputs before it, the
	// first of each scan the predicate's empty value (which the predicate
	// then needs); otherwise each output includes its own input.
	Exclusive bool
}

// NewScan returns the scan of arrays of type t over axes (nil for every
// axis; negative ones count from the end) with the predicate, whose dtype
// must be t's.
func NewScan(t core.Type, predicate *Predicate, axes []int, opts ScanOptions) (*Scan, error) {
	return newScan(t, predicate, axes, opts.Exclusive, scanTuning{})
}

// newScan is NewScan with the plan tuned.
func newScan(t core.Type, predicate *Predicate, axes []int, exclusive bool, tuning scanTuning) (*Scan, error) {
	axes, err := checkReductionArgs("Scan", t, predicate, axes)
	if err != nil {
		return nil, err
	}
	if exclusive {
		if _, err := predicate.emptyLiteral("an exclusive scan"); err != nil {
			return nil, fmt.Errorf("computations: Scan: %w", err)
		}
	}
	sc := &Scan{typ: t, predicate: predicate, axes: axes, exclusive: exclusive, tuning: tuning}
	sc.Computation, err = core.NewComputation("scan", []core.Parameter{
		core.Param("output", core.Out(core.ArrayOf(t.DType(), t.Shape()...))),
		core.Param("input", core.In(t)),
	}, sc.build)
	if err != nil {
		return nil, err
	}
	if err := arrayparam.DeclareBatches(sc.Computation, t.Rank(), axes, "output", "input"); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	return sc, nil
}

// Axes returns the scanned axes, in increasing order.
func (sc *Scan) Axes() []int { return slices.Clone(sc.axes) }

// Exclusive reports whether the scan is exclusive.
func (sc *Scan) Exclusive() bool { return sc.exclusive }

// scanPassArgs are the numbers and index arguments scan.cl renders a
// kernel from.
type scanPassArgs struct {
	S, L, E, Block, R, I int
	LocalElems           int // values of the local array of the blocks
	Totals, Exclusive    bool
	// Of a single-pass scan (Lookback): the blocks along r, the groups
	// along i, the look-back window and the status words of a value.
	Lookback                           bool
	Blocks, LaneGroups, Window, Chunks int
	// Index arguments of the input at (_o, _r, _i), of the output there,
	// and of the prefix (the scanned totals of the level above) there.
	Load, Store, Prefix string
}

// scanEnd is an array a kernel of a scan reads or writes, and its view.
type scanEnd struct {
	arg  *core.KernelArgument
	view oriView
}

// build plans the scan for the plan's device and adds its kernels.
func (sc *Scan) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	lim, err := reductionLimitsOf(plan, sc.typ)
	if err != nil {
		return fmt.Errorf("Scan: %w", err)
	}
	shape := sc.typ.Shape()
	roles, o, r, i := splitAxes(shape, sc.axes)
	if o*r*i == 0 {
		return nil // an empty array
	}
	sp, err := newScanPlan(o, r, i, lim, sc.chooseTuning(plan, o, r, i, lim))
	if err != nil {
		return fmt.Errorf("Scan: %w", err)
	}
	empty := ""
	if sc.exclusive {
		if empty, err = sc.predicate.emptyLiteral("an exclusive scan"); err != nil {
			return fmt.Errorf("Scan: %w", err)
		}
	}
	view := oriView{shape: shape, roles: roles}
	if sp.Chunked {
		return sc.chunked(plan, sp, args, view, empty)
	}
	if sp.SinglePass {
		return sc.singlePass(plan, sp, args, view, empty)
	}
	temp := func(r int) (scanEnd, error) {
		a, err := plan.TempArray(core.ArrayOf(sc.typ.DType(), o*r*i))
		return scanEnd{a, oriView{r: r, i: i}}, err
	}
	// src[k] is what level k scans: input, then the totals of the blocks
	// of the level before.
	src := []scanEnd{{args["input"], view}}
	for k := 1; k < len(sp.Levels); k++ {
		totals, err := temp(sp.Levels[k])
		if err != nil {
			return fmt.Errorf("Scan: %w", err)
		}
		if err := sc.kernel(plan, sp, scanKernel{level: k - 1, src: src[k-1], dst: totals, totals: true}); err != nil {
			return err
		}
		src = append(src, totals)
	}
	// Scan the levels from the top down, each from the scan of the one
	// above it.
	var above *scanEnd
	for k := len(sp.Levels) - 1; k >= 0; k-- {
		dst := scanEnd{args["output"], view}
		if k > 0 {
			if dst, err = temp(sp.Levels[k]); err != nil {
				return fmt.Errorf("Scan: %w", err)
			}
		}
		kernel := scanKernel{level: k, src: src[k], dst: dst, prefix: above, exclusive: sc.exclusive && k == 0, empty: empty}
		if err := sc.kernel(plan, sp, kernel); err != nil {
			return err
		}
		above = &dst
	}
	return nil
}

// scanKernel is one kernel of a scan: of level level, it scans src into
// dst, from the scanned totals of the level above where prefix is not
// nil, or with totals writes the totals of the blocks of src into dst.
type scanKernel struct {
	level     int
	src, dst  scanEnd
	prefix    *scanEnd
	totals    bool
	exclusive bool
	empty     string // the C literal of the empty value, for an exclusive scan
}

// kernel adds a kernel of the scan.
func (sc *Scan) kernel(plan *core.Plan, sp scanPlan, k scanKernel) error {
	r := sp.Levels[k.level]
	pass := scanPassArgs{S: sp.S, L: sp.L, E: sp.E, Block: sp.Block(), R: r, I: sp.I, LocalElems: localElems(sp.S, sp.L, sp.E),
		Totals: k.totals, Exclusive: k.exclusive,
		Load: k.src.view.loadArgs("_o", "_r", "_i"), Store: k.dst.view.storeArgs("_o", "_r", "_i")}
	kargs := []core.KernelArg{core.Bind("output", k.dst.arg), core.Bind("input", k.src.arg)}
	render := map[string]any{"operation": sc.predicate.operation, "empty": k.empty, "prefix": nil}
	name := fmt.Sprintf("scan_level%d", k.level)
	if k.totals {
		name = fmt.Sprintf("scan_totals%d", k.level)
	}
	if k.prefix != nil {
		pass.Prefix = k.prefix.view.loadArgs("_o", "_r", "_i")
		kargs = append(kargs, core.Bind("prefix", k.prefix.arg))
		delete(render, "prefix")
	}
	render["pass"] = pass
	err := plan.KernelCall(kernelTemplates.Lookup("scan.cl"), kargs, []int{sp.O, ceilDiv(r, sp.Block()) * sp.S, ceilDiv(sp.I, sp.L) * sp.L},
		core.KernelOptions{Name: name, Local: []int{1, sp.S, sp.L}, RenderArgs: render})
	if err != nil {
		return fmt.Errorf("Scan: level %d: %w", k.level, err)
	}
	return nil
}

// singlePass adds the kernels of a single-pass scan: one that clears the
// ticket counter and the status words, and the scan.
func (sc *Scan) singlePass(plan *core.Plan, sp scanPlan, args map[string]*core.KernelArgument, view oriView, empty string) error {
	status, err := plan.TempArray(core.ArrayOf(dtypes.Uint32, sp.StatusWords()))
	if err != nil {
		return fmt.Errorf("Scan: %w", err)
	}
	err = plan.KernelCall(kernelTemplates.Lookup("reduce_fill.cl"), []core.KernelArg{core.Bind("output", status)}, []int{sp.StatusWords()},
		core.KernelOptions{Name: "scan_clear", RenderArgs: map[string]any{"empty": "0"}})
	if err != nil {
		return fmt.Errorf("Scan: clearing the status: %w", err)
	}
	r := sp.Levels[0]
	pass := scanPassArgs{S: sp.S, L: sp.L, E: sp.E, Block: sp.Block(), R: r, I: sp.I, LocalElems: localElems(sp.S, sp.L, sp.E),
		Exclusive: sc.exclusive, Lookback: true, Blocks: sp.Blocks(), LaneGroups: ceilDiv(sp.I, sp.L), Window: sp.Window, Chunks: sp.Chunks,
		Load: view.loadArgs("_o", "_r", "_i"), Store: view.storeArgs("_o", "_r", "_i")}
	kargs := []core.KernelArg{core.Bind("output", args["output"]), core.Bind("input", args["input"]), core.Bind("status", status)}
	render := map[string]any{"operation": sc.predicate.operation, "empty": empty, "prefix": nil, "pass": pass}
	err = plan.KernelCall(kernelTemplates.Lookup("scan.cl"), kargs, []int{sp.O, sp.Blocks() * sp.S, pass.LaneGroups * sp.L},
		core.KernelOptions{Name: "scan_single_pass", Local: []int{1, sp.S, sp.L}, RenderArgs: render})
	if err != nil {
		return fmt.Errorf("Scan: single pass: %w", err)
	}
	return nil
}

// scanChunkArgs are the numbers and index arguments scan_chunks.cl
// renders a kernel of a chunked scan from.
type scanChunkArgs struct {
	R, I, L, W, C int
	B             int // the block of a work-item of one lane
	// Ragged: the last work-item along i has fewer than L lanes; Short:
	// the last chunk is shorter than C.
	Ragged, Short     bool
	Totals, Exclusive bool
	// Index arguments of the input at (_o, _r, _i), of the output there
	// (of a chunk's total, at (_o, _w, _i), in the kernel of the totals),
	// and of the total of chunk _w at (_o, _i).
	Load, Store, Total string
}

// chunked adds the kernels of a chunked scan: with more than one chunk,
// one that folds each chunk into its total, and the scan of the chunks.
func (sc *Scan) chunked(plan *core.Plan, sp scanPlan, args map[string]*core.KernelArgument, view oriView, empty string) error {
	r := sp.Levels[0]
	pass := scanChunkArgs{R: r, I: sp.I, L: sp.L, W: sp.W, C: sp.C, B: scanChunkBlock, Ragged: sp.I%sp.L != 0, Short: r%sp.C != 0,
		Exclusive: sc.exclusive, Load: view.loadArgs("_o", "_r", "_i"), Store: view.storeArgs("_o", "_r", "_i")}
	global := []int{sp.O, sp.W, ceilDiv(sp.I, sp.L)}
	local := []int{sp.Local, 1, 1}
	kargs := []core.KernelArg{core.Bind("output", args["output"]), core.Bind("input", args["input"])}
	render := map[string]any{"operation": sc.predicate.operation, "empty": empty, "totals": nil}
	if sp.W > 1 {
		totals, err := plan.TempArray(core.ArrayOf(sc.typ.DType(), sp.O*sp.W*sp.I))
		if err != nil {
			return fmt.Errorf("Scan: %w", err)
		}
		tv := oriView{r: sp.W, i: sp.I}
		folds := pass
		folds.Totals, folds.Exclusive, folds.Store = true, false, tv.storeArgs("_o", "_w", "_i")
		err = plan.KernelCall(kernelTemplates.Lookup("scan_chunks.cl"), []core.KernelArg{core.Bind("output", totals), core.Bind("input", args["input"])}, global,
			core.KernelOptions{Name: "scan_chunk_totals", Local: local, RenderArgs: map[string]any{"operation": sc.predicate.operation, "empty": "", "totals": nil, "pass": folds}})
		if err != nil {
			return fmt.Errorf("Scan: the chunks' totals: %w", err)
		}
		pass.Total = tv.loadArgs("_o", "_w", "_i")
		kargs = append(kargs, core.Bind("totals", totals))
		delete(render, "totals")
	}
	render["pass"] = pass
	err := plan.KernelCall(kernelTemplates.Lookup("scan_chunks.cl"), kargs, global,
		core.KernelOptions{Name: "scan_chunks", Local: local, RenderArgs: render})
	if err != nil {
		return fmt.Errorf("Scan: chunks: %w", err)
	}
	return nil
}

// scanCandidate is a plan that tuning may take for a scan in place of the
// rules' (see core.Plan.Choose and core.CompileOptions.Tune).
type scanCandidate struct {
	name   string
	tuning scanTuning
}

// scanCandidates are the scan's candidate plans, the rules' own first:
// the GPU's two forms, the chunks (the form the rules take on a device
// that is no GPU), and smaller work-groups (of the GPU's forms).
var scanCandidates = []scanCandidate{
	{"rules", scanTuning{}},
	{"multi-pass", scanTuning{Passes: scanMultiPass}},
	{"single-pass", scanTuning{Passes: scanSinglePass}},
	{"chunks", scanTuning{Passes: scanChunked}},
	{"work-group-256", scanTuning{WorkGroup: 256}},
	{"work-group-128", scanTuning{WorkGroup: 128}},
}

// scanCandidatesFor returns the candidates of the scan of r elements for
// each of o × i positions on a device of limits lim: with tuning, those
// that plan the scan, each differently from the rules and from the
// candidates before it (on a CPU the chunks and both work-groups are the
// rules' plan, and a GPU's work-groups are at most 256 items by the rules
// already), else all of them, so that a choice the wisdom holds is among
// them.
func scanCandidatesFor(o, r, i int, lim reductionLimits, tuning bool) []scanCandidate {
	if !tuning {
		return scanCandidates
	}
	var out []scanCandidate
	var seen []scanPlan
	for _, c := range scanCandidates {
		p, err := newScanPlan(o, r, i, lim, c.tuning)
		if err != nil || slices.ContainsFunc(seen, func(q scanPlan) bool { return reflect.DeepEqual(p, q) }) {
			continue
		}
		seen = append(seen, p)
		out = append(out, c)
	}
	return out
}

// chooseTuning returns the scan's own tuning (a test's or a benchmark's)
// where it has one, else the candidate the plan chooses among
// scanCandidatesFor's.
func (sc *Scan) chooseTuning(plan *core.Plan, o, r, i int, lim reductionLimits) scanTuning {
	if sc.tuning != (scanTuning{}) {
		return sc.tuning
	}
	candidates := scanCandidatesFor(o, r, i, lim, plan.Tunes())
	names := make([]string, len(candidates))
	for k, c := range candidates {
		names[k] = c.name
	}
	choice := plan.Choose(fmt.Sprintf("scan %v %v axes %v exclusive %v", sc.typ.DType(), sc.typ.Shape(), sc.axes, sc.exclusive), names...)
	for _, c := range candidates {
		if c.name == choice {
			return c.tuning
		}
	}
	return sc.tuning
}
