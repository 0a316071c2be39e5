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
		{"100000 on a CPU", 1, 100000, 1, withAtomics(limitsCPU), scanTuning{}, false, 256, 1, 64, 0, 0},
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
		{"local memory below a block of one", 1, 5, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 64, LocalMemBytes: 20, ComputeUnits: 1}, ItemSize: 16}, scanTuning{}},
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
