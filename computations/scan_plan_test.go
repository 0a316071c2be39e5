package computations

import (
	"slices"
	"testing"

	"github.com/reikna-go/reikna/computations/internal/device"
)

// TestScanPlan checks multi-pass plans (of devices without global
// atomics, or forced) against the numbers their rules give, and that every
// level but the last holds more than a block.
func TestScanPlan(t *testing.T) {
	for _, tc := range []struct {
		name    string
		o, r, i int
		lim     reductionLimits
		s, l, e int
		levels  []int
	}{
		{"2^27 on a GPU", 1, 1 << 27, 1, limitsGPU, 256, 1, 8, []int{1 << 27, 65536, 32}},
		{"rows of 16384 on a GPU", 8192, 16384, 1, limitsGPU, 256, 1, 8, []int{16384, 8}},
		{"columns of 8192×16384 on a GPU", 1, 8192, 16384, limitsGPU, 8, 32, 8, []int{8192, 128, 2}},
		{"one block on a GPU", 3, 2048, 1, limitsGPU, 256, 1, 8, []int{2048}},
		{"a short row, a small work-group", 1, 10, 1, limitsGPU, 2, 1, 8, []int{10}},
		{"100000 on a CPU", 1, 100000, 1, limitsCPU, 256, 1, 64, []int{100000, 7}},
		{"three lanes on a CPU", 1, 100, 3, limitsCPU, 2, 2, 64, []int{100}},
		{"complex128 in 48 KiB", 1, 1 << 20, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 1024, LocalMemBytes: 48 << 10, ComputeUnits: 132, GPU: true}, ItemSize: 16},
			256, 1, 8, []int{1 << 20, 512}},
		{"a small local memory", 1, 1000, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 256, LocalMemBytes: 1 << 10, ComputeUnits: 1}, ItemSize: 16},
			16, 1, 1, []int{1000, 63, 4}},
		{"forced on a device with atomics", 1, 1 << 27, 1, withAtomics(limitsGPU), 256, 1, 8, []int{1 << 27, 65536, 32}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := newScanPlan(tc.o, tc.r, tc.i, tc.lim, scanTuning{Passes: scanMultiPass})
			if err != nil {
				t.Fatal(err)
			}
			if p.SinglePass {
				t.Error("a single-pass plan")
			}
			if p.S != tc.s || p.L != tc.l || p.E != tc.e || !slices.Equal(p.Levels, tc.levels) {
				t.Errorf("items %d, lanes %d, per item %d, levels %v; want %d, %d, %d, %v", p.S, p.L, p.E, p.Levels, tc.s, tc.l, tc.e, tc.levels)
			}
			if scanLocalBytes(p.S, p.L, p.E, 0, tc.lim.ItemSize) > tc.lim.LocalMemBytes || p.S*p.L > tc.lim.MaxWorkGroup {
				t.Errorf("work-group %d×%d with %d values each exceeds the device", p.S, p.L, p.E)
			}
			for k, r := range p.Levels {
				if k < len(p.Levels)-1 && (r <= p.Block() || p.Levels[k+1] != ceilDiv(r, p.Block())) {
					t.Errorf("level %d of %d elements is followed by %v", k, r, p.Levels[k+1:])
				}
			}
			if last := p.Levels[len(p.Levels)-1]; last > p.Block() {
				t.Errorf("the last level of %d elements exceeds a block of %d", last, p.Block())
			}
		})
	}
}

// withAtomics returns lim with global atomics.
func withAtomics(lim reductionLimits) reductionLimits {
	lim.GlobalAtomics = true
	return lim
}

// TestScanPlanForm checks which form the plan chooses, and the numbers of
// single-pass plans: one level, a window of at most a warp within the
// work-group, 16 bits of the value per status word.
func TestScanPlanForm(t *testing.T) {
	complex128GPU := withAtomics(reductionLimits{Limits: device.Limits{MaxWorkGroup: 1024, LocalMemBytes: 48 << 10, ComputeUnits: 132, GPU: true}, ItemSize: 16})
	for _, tc := range []struct {
		name                   string
		o, r, i                int
		lim                    reductionLimits
		tuning                 scanTuning
		single                 bool
		s, l, e, window, words int
	}{
		{"2^27 on a GPU: too long a chain", 1, 1 << 27, 1, withAtomics(limitsGPU), scanTuning{}, false, 256, 1, 8, 0, 0},
		{"2^27 on a GPU, forced", 1, 1 << 27, 1, withAtomics(limitsGPU), scanTuning{Passes: scanSinglePass}, true, 256, 1, 8, 32, 2},
		{"rows of 16384 on a GPU", 8192, 16384, 1, withAtomics(limitsGPU), scanTuning{}, true, 256, 1, 8, 32, 2},
		{"columns of 8192×16384 on a GPU: too long a chain", 1, 8192, 16384, withAtomics(limitsGPU), scanTuning{}, false, 8, 32, 8, 0, 0},
		{"columns of 512×16384 on a GPU", 1, 512, 16384, withAtomics(limitsGPU), scanTuning{}, true, 8, 32, 8, 8, 2},
		{"one block on a GPU", 3, 2048, 1, withAtomics(limitsGPU), scanTuning{}, false, 256, 1, 8, 0, 0},
		{"2^27 without atomics", 1, 1 << 27, 1, limitsGPU, scanTuning{}, false, 256, 1, 8, 0, 0},
		{"100000 on a CPU, forced multi-pass", 1, 100000, 1, withAtomics(limitsCPU), scanTuning{Passes: scanMultiPass}, false, 256, 1, 64, 0, 0},
		{"100000 on a CPU, forced", 1, 100000, 1, withAtomics(limitsCPU), scanTuning{Passes: scanSinglePass}, true, 256, 1, 64, 32, 4},
		{"complex128 in 48 KiB", 1, 1 << 16, 1, complex128GPU, scanTuning{}, true, 256, 1, 8, 32, 8},
		{"forced on one block", 1, 100, 1, withAtomics(limitsCPU), scanTuning{Passes: scanSinglePass}, true, 2, 1, 64, 2, 4},
		{"small work-groups", 1, 3000, 1, withAtomics(limitsCPU), scanTuning{Passes: scanSinglePass, WorkGroup: 16}, true, 16, 1, 64, 16, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := newScanPlan(tc.o, tc.r, tc.i, tc.lim, tc.tuning)
			if err != nil {
				t.Fatal(err)
			}
			if p.Chunked {
				t.Fatalf("a chunked plan (%d chunks of %d)", p.W, p.C)
			}
			if p.SinglePass != tc.single || p.S != tc.s || p.L != tc.l || p.E != tc.e || p.Window != tc.window || p.Chunks != tc.words {
				t.Errorf("single pass %v, items %d, lanes %d, per item %d, window %d, words %d; want %v, %d, %d, %d, %d, %d",
					p.SinglePass, p.S, p.L, p.E, p.Window, p.Chunks, tc.single, tc.s, tc.l, tc.e, tc.window, tc.words)
			}
			if !p.SinglePass {
				return
			}
			if len(p.Levels) != 1 || p.Levels[0] != tc.r || p.Window > p.S {
				t.Errorf("levels %v, window %d of %d items", p.Levels, p.Window, p.S)
			}
			if scanLocalBytes(p.S, p.L, p.E, p.Window, tc.lim.ItemSize) > tc.lim.LocalMemBytes {
				t.Errorf("work-group %d×%d with %d values each and a window of %d exceeds the local memory", p.S, p.L, p.E, p.Window)
			}
			if want := 1 + tc.o*ceilDiv(tc.r, p.Block())*tc.i*p.Chunks; p.StatusWords() != want {
				t.Errorf("%d status words, want %d", p.StatusWords(), want)
			}
		})
	}
}

// TestScanPlanErrors checks the plans refused.
func TestScanPlanErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		o, r, i int
		lim     reductionLimits
		tuning  scanTuning
	}{
		{"no elements", 1, 0, 1, limitsGPU, scanTuning{}},
		{"local memory below a block of one", 1, 5, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 64, LocalMemBytes: 20, ComputeUnits: 1, GPU: true}, ItemSize: 16}, scanTuning{}},
		{"local memory below a block of one, forced on a CPU", 1, 5, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 64, LocalMemBytes: 20, ComputeUnits: 1, CPU: true}, ItemSize: 16},
			scanTuning{Passes: scanMultiPass}},
		{"chunks of values of no bytes", 1, 5, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 64, LocalMemBytes: 1 << 10, ComputeUnits: 1, CPU: true}}, scanTuning{}},
		{"a single pass without atomics", 1, 5000, 1, limitsGPU, scanTuning{Passes: scanSinglePass}},
		{"a single pass of more groups than tickets", 1 << 24, 1 << 12, 1 << 8, withAtomics(limitsGPU), scanTuning{Passes: scanSinglePass}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := newScanPlan(tc.o, tc.r, tc.i, tc.lim, tc.tuning); err == nil {
				t.Error("no error")
			}
		})
	}
}

// The form of each plan in TestScanPlanChoice.
const (
	formMultiPass  = "multi-pass"
	formSinglePass = "single-pass"
	formChunked    = "chunked"
)

// scanForm names the form of a plan.
func scanForm(p scanPlan) string {
	switch {
	case p.Chunked:
		return formChunked
	case p.SinglePass:
		return formSinglePass
	}
	return formMultiPass
}

// TestScanPlanChoice checks which form each device gets: a chunked scan
// wherever the device is no GPU and the tuning forces nothing, a GPU's
// forms elsewhere (with the block plans' numbers that TestScanPlan and
// TestScanPlanForm check), and whatever a tuning forces.
func TestScanPlanChoice(t *testing.T) {
	accelerator := reductionLimits{Limits: device.Limits{MaxWorkGroup: 256, LocalMemBytes: 32 << 10, ComputeUnits: 4}, ItemSize: 4}
	for _, tc := range []struct {
		name    string
		o, r, i int
		lim     reductionLimits
		tuning  scanTuning
		form    string
	}{
		{"2^27 on a GPU with atomics", 1, 1 << 27, 1, withAtomics(limitsGPU), scanTuning{}, formMultiPass},
		{"rows of 16384 on a GPU with atomics", 8192, 16384, 1, withAtomics(limitsGPU), scanTuning{}, formSinglePass},
		{"rows of 16384 on a GPU without atomics", 8192, 16384, 1, limitsGPU, scanTuning{}, formMultiPass},
		{"a GPU's work-groups tuned", 8192, 16384, 1, withAtomics(limitsGPU), scanTuning{WorkGroup: 128}, formSinglePass},
		{"2^27 on a CPU", 1, 1 << 27, 1, withAtomics(limitsCPU), scanTuning{}, formChunked},
		{"rows of 16384 on a CPU", 8192, 16384, 1, withAtomics(limitsCPU), scanTuning{}, formChunked},
		{"columns on a CPU", 1, 8192, 16384, limitsCPU, scanTuning{}, formChunked},
		{"a CPU's work-groups tuned", 1, 100000, 1, limitsCPU, scanTuning{WorkGroup: 128}, formChunked},
		{"neither a GPU nor a CPU", 1, 100000, 1, accelerator, scanTuning{}, formChunked},
		{"a CPU, forced multi-pass", 1, 100000, 1, limitsCPU, scanTuning{Passes: scanMultiPass}, formMultiPass},
		{"a CPU, forced single pass", 1, 100000, 1, withAtomics(limitsCPU), scanTuning{Passes: scanSinglePass}, formSinglePass},
		{"a GPU, forced chunks", 1, 1 << 27, 1, withAtomics(limitsGPU), scanTuning{Passes: scanChunked}, formChunked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := newScanPlan(tc.o, tc.r, tc.i, tc.lim, tc.tuning)
			if err != nil {
				t.Fatal(err)
			}
			if got := scanForm(p); got != tc.form {
				t.Errorf("form %s, want %s", got, tc.form)
			}
			if !p.Chunked && (p.W != 0 || p.C != 0 || p.Local != 0) {
				t.Errorf("a %s plan with chunks: %d of %d, %d a work-group", scanForm(p), p.W, p.C, p.Local)
			}
		})
	}
}

// TestScanPlanChunked checks the numbers of chunked plans: the lanes by
// the values' size, the chunks (one where the positions fill the device,
// as many as reach scanChunkItemsPerUnit per compute unit otherwise, none
// shorter than scanMinChunk unless a tuning bounds them), and the
// work-groups along o.
func TestScanPlanChunked(t *testing.T) {
	withItem := func(lim reductionLimits, size int) reductionLimits {
		lim.ItemSize = size
		return lim
	}
	// limitsCPU: 2 compute units, values of 8 bytes; 32 work-items aimed at.
	for _, tc := range []struct {
		name     string
		o, r, i  int
		lim      reductionLimits
		maxChunk int
		l, w, c  int
		local    int
	}{
		{"cumsum of 2^24", 1, 1 << 24, 1, limitsCPU, 0, 1, 32, 1 << 19, 1},
		{"cumsum of 2^18: chunks of the least length", 1, 1 << 18, 1, limitsCPU, 0, 1, 4, 1 << 16, 1},
		{"cumsum of 1000003: a shorter last chunk", 1, 1000003, 1, limitsCPU, 0, 1, 15, 66667, 1},
		{"cumsum of 100000: one chunk", 1, 100000, 1, limitsCPU, 0, 1, 1, 100000, 1},
		{"cumsum of 10", 1, 10, 1, limitsCPU, 0, 1, 1, 10, 1},
		{"rows of 1024×16384: enough rows", 1024, 16384, 1, limitsCPU, 0, 1, 1, 16384, 16},
		{"rows of 2^20×16", 1 << 20, 16, 1, limitsCPU, 0, 1, 1, 16, 16},
		{"rows of 20×16384: too short to split", 20, 16384, 1, limitsCPU, 0, 1, 1, 16384, 1},
		{"rows of 8×2^20", 8, 1 << 20, 1, limitsCPU, 0, 1, 4, 1 << 18, 1},
		{"rows of 48×2^20: a work-group of one row", 48, 1 << 20, 1, limitsCPU, 0, 1, 1, 1 << 20, 1},
		{"columns of 16384×1024", 1, 16384, 1024, limitsCPU, 0, 16, 1, 16384, 1},
		{"columns of 16384×1024 float32", 1, 16384, 1024, withItem(limitsCPU, 4), 0, 32, 1, 16384, 1},
		{"columns of 2^20×16", 1, 1 << 20, 16, limitsCPU, 0, 16, 16, 1 << 16, 1},
		{"three lanes", 1, 1 << 20, 3, limitsCPU, 0, 3, 16, 1 << 16, 1},
		{"40 lanes, the last item of 8", 1, 1 << 20, 40, limitsCPU, 0, 16, 11, 95326, 1},
		{"lanes of complex128", 1, 1 << 20, 1000, withItem(limitsCPU, 16), 0, 8, 1, 1 << 20, 1},
		{"lanes of int8", 1, 1 << 20, 1000, withItem(limitsCPU, 1), 0, 32, 1, 1 << 20, 1},
		{"batches of columns", 64, 4096, 32, limitsCPU, 0, 16, 1, 4096, 4},
		{"tuned chunks of 100", 1, 1000, 1, limitsCPU, 100, 1, 10, 100, 1},
		{"tuned chunks of 300 of 1000", 1, 1000, 1, limitsCPU, 300, 1, 4, 250, 1},
		{"tuned chunks longer than the rules'", 1, 1 << 24, 1, limitsCPU, 1 << 22, 1, 32, 1 << 19, 1},
		{"forced on a GPU", 1, 1 << 27, 1, limitsGPU, 0, 1, 2048, 1 << 16, 1},
		{"work-groups of at most 4", 1 << 20, 16, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 4, LocalMemBytes: 1 << 10, ComputeUnits: 2, CPU: true}, ItemSize: 8},
			0, 1, 1, 16, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := newScanPlan(tc.o, tc.r, tc.i, tc.lim, scanTuning{Passes: scanChunked, MaxChunk: tc.maxChunk})
			if err != nil {
				t.Fatal(err)
			}
			if !p.Chunked || p.L != tc.l || p.W != tc.w || p.C != tc.c || p.Local != tc.local {
				t.Errorf("chunked %v, %d lanes, %d chunks of %d, %d a work-group; want %d, %d of %d, %d", p.Chunked, p.L, p.W, p.C, p.Local, tc.l, tc.w, tc.c, tc.local)
			}
			// Every chunk holds an element, and together they hold r.
			if p.C < 1 || (p.W-1)*p.C >= tc.r || p.W*p.C < tc.r {
				t.Errorf("%d chunks of %d for %d elements", p.W, p.C, tc.r)
			}
			if tc.maxChunk > 0 && p.C > tc.maxChunk {
				t.Errorf("chunks of %d above the tuning's %d", p.C, tc.maxChunk)
			}
			if p.L*tc.lim.ItemSize > scanChunkLaneBytes && p.L > 1 || p.L > scanChunkMaxLanes || p.L > tc.i {
				t.Errorf("%d lanes of %d bytes for %d positions", p.L, tc.lim.ItemSize, tc.i)
			}
			if !slices.Equal(p.Levels, []int{tc.r}) || p.O != tc.o || p.I != tc.i {
				t.Errorf("levels %v, o %d, i %d", p.Levels, p.O, p.I)
			}
		})
	}
}

// TestScanCandidates checks the candidates tuning times: each plans the
// scan differently from the rules and the candidates before it (a CPU's
// chunks and work-groups are the rules' chunks; a GPU's work-groups of
// 256 are the rules'; no single pass without atomics), and without tuning
// every candidate, so that the wisdom's choice is among them.
func TestScanCandidates(t *testing.T) {
	for _, tc := range []struct {
		name    string
		o, r, i int
		lim     reductionLimits
		tuning  bool
		want    []string
	}{
		{"a CPU with atomics", 1, 100000, 1, withAtomics(limitsCPU), true, []string{"rules", "multi-pass", "single-pass"}},
		{"a CPU without atomics", 1, 100000, 1, limitsCPU, true, []string{"rules", "multi-pass"}},
		{"rows on a GPU with atomics", 8192, 16384, 1, withAtomics(limitsGPU), true, []string{"rules", "multi-pass", "chunks", "work-group-128"}},
		{"2^27 on a GPU with atomics", 1, 1 << 27, 1, withAtomics(limitsGPU), true, []string{"rules", "single-pass", "chunks", "work-group-128"}},
		{"a GPU without atomics", 1, 1 << 27, 1, limitsGPU, true, []string{"rules", "chunks", "work-group-128"}},
		{"without tuning", 1, 100000, 1, limitsCPU, false, []string{"rules", "multi-pass", "single-pass", "chunks", "work-group-256", "work-group-128"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range scanCandidatesFor(tc.o, tc.r, tc.i, tc.lim, tc.tuning) {
				got = append(got, c.name)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("candidates %v, want %v", got, tc.want)
			}
		})
	}
}
