package plan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/computations/internal/device"
)

// Model devices: a GPU with 48 KiB of local memory per work-group (as
// cluda.ModelGPU), a CPU (as cluda.ModelCPU) and a device with little local
// memory and small work-groups.
var (
	gpuLimits   = Limits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 1024}, ItemSize: 8}
	cpuLimits   = Limits{Limits: device.Limits{LocalMemBytes: 512 << 10, MaxWorkGroup: 4096, ComputeUnits: 2, CPU: true}, ItemSize: 8}
	smallLimits = Limits{Limits: device.Limits{LocalMemBytes: 2 << 10, MaxWorkGroup: 256}, ItemSize: 8}
)

// tuned returns lim with the tuning t.
func tuned(lim Limits, t Tuning) Limits {
	lim.Tuning = t
	return lim
}

// summary writes a kernel's pass and roles in one line.
func summary(k Kernel) string {
	p := k.Pass
	kind := "local"
	if p.E > 0 {
		kind = fmt.Sprintf("reg E%d TT%d C%d/%d", p.E, p.TT, p.Comps, p.Chunks)
	}
	s := fmt.Sprintf("L%d NS%d %v %s tile%d wg%d", p.L, p.NS, p.Radices, kind, p.Tile, p.WG)
	for _, f := range []struct {
		on   bool
		name string
	}{{p.Uneven, "uneven"}, {p.Private, "private"}, {p.Bounded, "bounded"}, {p.SFast, "sfast"}, {p.StagedLoad, "staged-load"}, {p.StagedStore, "staged-store"},
		{k.ChirpIn, "chirp-in"}, {k.KernelB, "kernel-b"}, {k.ChirpOut, "chirp-out"}, {k.Rader, "rader"}, {p.Turn, "turn"},
		{p.RowLoads, "row-loads"}, {p.ColumnStores, "column-stores"}} {
		if f.on {
			s += " " + f.name
		}
	}
	if p.Lanes > 1 {
		s += fmt.Sprintf(" lanes%d", p.Lanes)
	}
	if p.Looped {
		s += " looped"
	}
	if p.Vectors > 0 {
		s += fmt.Sprintf(" vectors%d", p.Vectors)
	}
	if p.Slots > 0 {
		s += fmt.Sprintf(" slots%d", p.Slots)
	}
	return s
}

// TestNewPlans checks the plans of representative transforms: the kernels'
// passes, register or local kernel, work-group shapes and roles. The GPU
// and CPU plans of batched transforms are those of the golden plans of the
// computations package.
func TestNewPlans(t *testing.T) {
	tests := []struct {
		name        string
		shape, axes []int
		lim         Limits
		want        []string // the kernels of every axis, in order
	}{
		// Rows of fewer than 32 work-items whose length is not a power of
		// two go through local memory on GPUs, not on CPUs.
		{"GPU 100: staged", []int{1 << 13, 100}, []int{1}, gpuLimits,
			[]string{"L100 NS1 [10 10] reg E10 TT10 C1/1 tile12 wg120 staged-load staged-store"}},
		{"CPU 100: not staged", []int{1 << 13, 100}, []int{1}, tuned(cpuLimits, Tuning{NoLooped: true}),
			[]string{"L100 NS1 [10 10] reg E10 TT10 C1/1 tile25 wg250"}},
		{"GPU 16", []int{1 << 19, 16}, []int{1}, gpuLimits,
			[]string{"L16 NS1 [16] reg E16 TT1 C1/1 tile128 wg128 staged-load staged-store"}},
		{"GPU 1024", []int{1 << 16, 1024}, []int{1}, gpuLimits,
			[]string{"L1024 NS1 [16 16 4] reg E16 TT64 C1/1 tile2 wg128"}},
		{"GPU 8192: exchanges as parts", []int{8192, 8192}, []int{1}, gpuLimits,
			[]string{"L8192 NS1 [16 16 16 2] reg E32 TT256 C2/1 tile1 wg256"}},
		{"GPU 65536 in two passes", []int{1024, 65536}, []int{1}, gpuLimits, []string{
			"L256 NS1 [16 16] reg E16 TT16 C1/1 tile16 wg256 sfast staged-store",
			"L256 NS256 [16 16] reg E16 TT16 C1/1 tile16 wg256 sfast",
		}},
		{"GPU 1009 by Bluestein", []int{4096, 1009}, []int{1}, gpuLimits, []string{
			"L2048 NS1 [16 16 8] reg E16 TT128 C1/1 tile1 wg128 chirp-in kernel-b chirp-out",
		}},
		// Bluestein's transforms of two passes: the forward one's last and
		// the first one back in one kernel, the turn, and the passes back
		// in the reverse order.
		{"GPU 10091 by Bluestein: the turn", []int{64, 10091}, []int{1}, gpuLimits, []string{
			"L150 NS1 [6 5 5] reg E6 TT30 C1/1 tile8 wg240 uneven sfast staged-store chirp-in",
			"L135 NS150 [15 3 3] reg E15 TT9 C1/1 tile28 wg252 sfast staged-store kernel-b turn",
			"L150 NS135 [6 5 5] reg E6 TT30 C1/1 tile8 wg240 uneven sfast chirp-out",
		}},
		// Three passes: the passes back over strided data keep the
		// uneven stages that the forward ones take, at a tile of 4
		// (backBudget); with two, the local kernel takes the last pass
		// back of 240 in tiles of 17.
		{"GPU 5931676 by Bluestein: the passes back keep uneven stages", []int{5, 5931676}, []int{1}, gpuLimits, []string{
			"L300 NS1 [6 5 5 2] reg E6 TT60 C1/1 tile4 wg240 uneven sfast staged-store chirp-in",
			"L210 NS300 [7 6 5] reg E7 TT42 C1/1 tile6 wg252 uneven sfast",
			"L189 NS63000 [7 3 3 3] reg E7 TT32 C1/1 tile8 wg256 uneven sfast staged-store kernel-b turn",
			"L210 NS189 [7 6 5] reg E7 TT42 C1/1 tile6 wg252 uneven sfast",
			"L300 NS39690 [6 5 5 2] reg E6 TT60 C1/1 tile4 wg240 uneven sfast chirp-out",
		}},
		{"GPU 17220 by Bluestein: the last pass back local", []int{64, 17220}, []int{1}, tuned(gpuLimits, Tuning{MaxPrime: 31}), []string{
			"L240 NS1 [8 6 5] reg E8 TT48 C1/1 tile5 wg240 uneven sfast staged-store chirp-in",
			"L144 NS240 [12 12] reg E12 TT12 C1/1 tile21 wg252 sfast staged-store kernel-b turn",
			"L240 NS144 [16 15] local tile17 wg255 chirp-out",
		}},
		{"GPU 10091 by Bluestein, no turn", []int{64, 10091}, []int{1}, tuned(gpuLimits, Tuning{NoTurn: true}), []string{
			"L150 NS1 [6 5 5] reg E6 TT30 C1/1 tile8 wg240 uneven sfast staged-store chirp-in",
			"L135 NS150 [15 3 3] reg E15 TT9 C1/1 tile28 wg252 sfast kernel-b",
			"L150 NS1 [6 5 5] reg E6 TT30 C1/1 tile8 wg240 uneven sfast staged-store",
			"L135 NS150 [15 3 3] reg E15 TT9 C1/1 tile28 wg252 sfast chirp-out",
		}},
		{"GPU 212964 by Bluestein over rows", []int{8, 212964}, []int{1}, tuned(gpuLimits, Tuning{RowTurnsFrom: 3}), []string{
			"L64 NS1 [16 4] reg E16 TT4 C1/1 tile32 wg128 sfast chirp-in column-stores",
			"L8192 NS64 [16 16 16 2] reg E32 TT256 C2/1 tile1 wg256 kernel-b turn row-loads",
			"L64 NS8192 [16 4] reg E16 TT4 C1/1 tile32 wg128 sfast chirp-out",
		}},
		{"GPU strided axis", []int{512, 6}, []int{0}, gpuLimits,
			[]string{"L512 NS1 [16 16 2] reg E16 TT32 C1/1 tile6 wg192 sfast"}},
		{"GPU two axes", []int{64, 32}, nil, gpuLimits, []string{
			"L64 NS1 [16 4] reg E16 TT4 C1/1 tile32 wg128 sfast",
			"L32 NS1 [16 2] reg E16 TT2 C1/1 tile64 wg128 staged-load staged-store",
		}},
		{"CPU 16: a row per work-item in vectors", []int{65536, 16}, []int{1}, cpuLimits,
			[]string{"L16 NS1 [2 2 2 2] reg E16 TT1 C1/1 tile64 wg64 private sfast vectors8"}},
		{"CPU 256: a row per work-item in vectors", []int{4096, 256}, []int{1}, cpuLimits,
			[]string{"L256 NS1 [2 2 2 2 2 2 2 2] reg E256 TT1 C1/1 tile64 wg64 private sfast vectors8"}},
		{"CPU 16: a sub-transform per work-item without vectors", []int{65536, 16}, []int{1}, tuned(cpuLimits, Tuning{NoVectorRows: true}),
			[]string{"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg64 private sfast"}},
		{"CPU 32: a private exchange without vectors", []int{32768, 32}, []int{1}, tuned(cpuLimits, Tuning{NoVectorRows: true}),
			[]string{"L32 NS1 [16 2] reg E32 TT1 C1/1 tile64 wg64 private sfast"}},
		{"CPU 256 in passes of 16 without looped passes", []int{4096, 256}, []int{1}, tuned(cpuLimits, Tuning{NoLooped: true}), []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
		}},
		{"CPU 1009 by Rader in one kernel where tuned", []int{1039, 1009}, []int{1}, tuned(cpuLimits, Tuning{Primes: PrimesRader}),
			[]string{"L1008 NS1 [8 7 6 3] reg E8 TT168 C1/1 tile1 wg168 uneven rader"}},
		// On CPU devices Bluestein's algorithm over its shortest length of
		// factors 2, 3, 5 and 7 in one looped kernel, for primes too,
		// and Rader's where that is no looped pass.
		{"CPU 1009 by Bluestein's looped kernel by the rule", []int{1039, 1009}, []int{1}, cpuLimits, []string{
			"L2016 NS1 [8 7 6 6] reg E2016 TT1 C1/1 tile8 wg1 private sfast chirp-in kernel-b chirp-out lanes8 looped",
		}},
		{"CPU 521 by Bluestein's looped kernel over 1050 points", []int{64, 521}, []int{1}, cpuLimits, []string{
			"L1050 NS1 [7 6 5 5] reg E1050 TT1 C1/1 tile8 wg1 private sfast chirp-in kernel-b chirp-out lanes8 looped",
		}},
		{"CPU 97 strided by Bluestein's looped kernel over columns", []int{97, 64}, []int{0}, cpuLimits, []string{
			"L192 NS1 [8 6 4] reg E192 TT1 C1/1 tile8 wg1 private sfast chirp-in kernel-b chirp-out lanes8 looped",
		}},
		{"CPU 521 by Rader without looped passes", []int{64, 521}, []int{1}, tuned(cpuLimits, Tuning{NoLooped: true}),
			[]string{"L520 NS1 [13 8 5] reg E16 TT40 C1/1 tile6 wg240 uneven rader"}},
		{"CPU 97 strided by Rader without looped passes, even stages", []int{97, 64}, []int{0}, tuned(cpuLimits, Tuning{NoLooped: true}),
			[]string{"L96 NS1 [12 4 2] reg E12 TT8 C1/1 tile16 wg128 sfast rader"}},
		{"GPU 1009 by Rader where tuned", []int{1039, 1009}, []int{1}, tuned(gpuLimits, Tuning{Primes: PrimesRader}),
			[]string{"L1008 NS1 [8 7 6 3] reg E8 TT168 C1/1 tile1 wg168 uneven rader"}},
		{"CPU 1009 by Bluestein over 2048 points, one looped kernel", []int{1039, 1009}, []int{1}, tuned(cpuLimits, Tuning{Primes: PrimesBluestein, Bluestein: BluesteinPow2}), []string{
			"L2048 NS1 [8 8 8 4] reg E2048 TT1 C1/1 tile8 wg1 private sfast chirp-in kernel-b chirp-out lanes8 looped",
		}},
		{"CPU 1009 by Bluestein over 2048 points without looped passes", []int{1039, 1009}, []int{1}, tuned(cpuLimits, Tuning{Primes: PrimesBluestein, NoLooped: true}), []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg64 private sfast chirp-in",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS256 [8] reg E8 TT1 C1/1 tile64 wg64 private sfast kernel-b",
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS256 [8] reg E8 TT1 C1/1 tile64 wg64 private sfast chirp-out",
		}},
		{"CPU 2187 in one pass without looped passes", []int{479, 2187}, []int{1}, tuned(cpuLimits, Tuning{NoLooped: true}),
			[]string{"L2187 NS1 [9 9 9 3] reg E9 TT243 C1/1 tile1 wg243"}},
		{"CPU 2187 looped", []int{479, 2187}, []int{1}, cpuLimits,
			[]string{"L2187 NS1 [3 3 3 3 3 3 3] reg E2187 TT1 C1/1 tile8 wg1 private sfast lanes8 looped"}},
		{"CPU 1024 looped", []int{1024, 1024}, []int{1}, cpuLimits,
			[]string{"L1024 NS1 [8 8 8 2] reg E1024 TT1 C1/1 tile8 wg1 private sfast lanes8 looped"}},
		{"CPU 100 looped", []int{1024, 100}, []int{1}, cpuLimits,
			[]string{"L100 NS1 [5 5 4] reg E100 TT1 C1/1 tile8 wg1 private sfast lanes8 looped"}},
		{"CPU 512 looped", []int{1024, 512}, []int{1}, cpuLimits,
			[]string{"L512 NS1 [8 8 8] reg E512 TT1 C1/1 tile8 wg1 private sfast lanes8 looped"}},
		{"CPU 8192 looped", []int{64, 8192}, []int{1}, cpuLimits,
			[]string{"L8192 NS1 [8 8 8 8 2] reg E8192 TT1 C1/1 tile8 wg1 private sfast lanes8 looped"}},
		{"CPU 16384 in passes: the looped arrays would hold 2 MiB", []int{64, 16384}, []int{1}, cpuLimits, []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS256 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS2048 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
		}},
		{"CPU 16384 of a real transform looped in a scratch array", []int{64, 16384}, []int{1}, realEnds(cpuLimits),
			[]string{"L16384 NS1 [8 8 8 8 4] reg E16384 TT1 C1/1 tile8 wg1 private sfast lanes8 looped slots2"}},
		{"CPU 32768 of a real transform looped in a scratch array", []int{3, 32768}, []int{1}, realEnds(cpuLimits),
			[]string{"L32768 NS1 [8 8 8 8 8] reg E32768 TT1 C1/1 tile8 wg1 private sfast lanes8 looped slots1"}},
		{"CPU 65536 of a real transform in passes: the looped arrays would hold 8 MiB", []int{64, 65536}, []int{1}, realEnds(cpuLimits), []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS256 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS4096 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
		}},
		{"CPU 1024 over strided data looped", []int{1024, 8}, []int{0}, cpuLimits,
			[]string{"L1024 NS1 [8 8 8 2] reg E1024 TT1 C1/1 tile8 wg1 private sfast lanes8 looped"}},
		{"CPU 1024 over strided data in passes without looped passes", []int{1024, 8}, []int{0}, tuned(cpuLimits, Tuning{NoLooped: true}), []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg64 private sfast",
			"L8 NS16 [8] reg E8 TT1 C1/1 tile64 wg64 private sfast",
			"L8 NS128 [8] reg E8 TT1 C1/1 tile64 wg64 private sfast",
		}},
		{"CPU 1024 in passes of 16 without looped passes", []int{1024, 1024}, []int{1}, tuned(cpuLimits, Tuning{NoLooped: true}), []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS16 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS128 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
		}},
		{"CPU 65536 in passes of 16", []int{16, 65536}, []int{1}, cpuLimits, []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS256 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS4096 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
		}},
		{"CPU 65536 without lanes", []int{16, 65536}, []int{1}, tuned(cpuLimits, Tuning{NoLanes: true}), []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg64 private sfast",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg64 private sfast",
			"L16 NS256 [16] reg E16 TT1 C1/1 tile64 wg64 private sfast",
			"L16 NS4096 [16] reg E16 TT1 C1/1 tile64 wg64 private sfast",
		}},
		{"CPU 1000 in one pass without looped passes", []int{1048, 1000}, []int{1}, tuned(cpuLimits, Tuning{NoLooped: true}),
			[]string{"L1000 NS1 [10 10 10] reg E10 TT100 C1/1 tile2 wg200"}},
		{"CPU 1000 looped", []int{1048, 1000}, []int{1}, cpuLimits,
			[]string{"L1000 NS1 [8 5 5 5] reg E1000 TT1 C1/1 tile8 wg1 private sfast lanes8 looped"}},
		{"CPU 6144 in passes of at most 16, multiples of the lanes first", []int{170, 6144}, []int{1}, tuned(cpuLimits, Tuning{NoLooped: true}), []string{
			"L8 NS1 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS8 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS64 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L12 NS512 [12] reg E12 TT1 C1/1 tile64 wg8 private sfast lanes8",
		}},
		{"CPU 1024 with at most 8 elements per work-item", []int{64, 1024}, []int{1}, tuned(cpuLimits, Tuning{MaxRegE: 8}), []string{
			"L8 NS1 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS8 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L4 NS64 [4] reg E4 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L4 NS256 [4] reg E4 TT1 C1/1 tile64 wg8 private sfast lanes8",
		}},
		{"CPU planned as a GPU", []int{65536, 16}, []int{1}, tuned(cpuLimits, Tuning{LocalBytes: 48 << 10}),
			[]string{"L16 NS1 [16] reg E16 TT1 C1/1 tile128 wg128 staged-load staged-store"}},
		{"small local memory: exchanges in chunks", []int{8, 1024}, []int{1}, smallLimits,
			[]string{"L1024 NS1 [16 16 4] reg E16 TT64 C2/4 tile1 wg64"}},
		{"local kernel only", []int{64, 1024}, []int{1}, tuned(gpuLimits, Tuning{NoRegisters: true}),
			[]string{"L1024 NS1 [16 16 4] local tile4 wg256"}},
		{"at most 4 elements per work-item", []int{64, 1024}, []int{1}, tuned(gpuLimits, Tuning{MaxRegE: 4}),
			[]string{"L1024 NS1 [4 4 4 4 4] reg E4 TT256 C1/1 tile1 wg256"}},
		{"at most 64 work-items", []int{64, 1024}, []int{1}, tuned(gpuLimits, Tuning{MaxRegWG: 64}),
			[]string{"L1024 NS1 [16 16 4] reg E16 TT64 C1/1 tile1 wg64"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			axes := tt.axes
			if axes == nil {
				for i := range tt.shape {
					axes = append(axes, i)
				}
			}
			p, err := New(tt.shape, axes, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range p.Axes {
				for _, k := range a.Kernels {
					got = append(got, summary(k))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("kernels\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestNewTables checks which tables the kernels read: one-level rows of
// pass twiddles on a GPU and in the private passes of a CPU, two-level
// ones where the tuning makes the table short, tables of exponent bits in
// the other passes of a CPU (unless the tuning plans for a GPU's local
// memory).
func TestNewTables(t *testing.T) {
	shape, axes := []int{4, 1 << 17}, []int{1} // in several passes
	tests := []struct {
		name   string
		lim    Limits
		lo, hi TableKind
		plain  bool
	}{
		{"GPU", gpuLimits, RowTwiddlesLow, NoTable, false},
		{"GPU, short tables", tuned(gpuLimits, Tuning{PassTable: 64}), RowTwiddlesLow, RowTwiddlesHigh, false},
		{"CPU", cpuLimits, RowTwiddlesLow, NoTable, true},
		{"CPU without private passes", tuned(cpuLimits, Tuning{MaxRegE: 1}), ExpTwiddlesLow, ExpTwiddlesHigh, true},
		{"CPU planned as a GPU", tuned(cpuLimits, Tuning{LocalBytes: 48 << 10}), RowTwiddlesLow, NoTable, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(shape, axes, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			ks := p.Axes[0].Kernels
			if len(ks) < 2 {
				t.Fatalf("%d kernels, want several", len(ks))
			}
			first, second := ks[0].Tables, ks[1].Tables
			if first.PassLo.Kind != NoTable || first.PassHi.Kind != NoTable {
				t.Errorf("the first pass reads pass twiddles %v", first)
			}
			if second.PassLo.Kind != tt.lo || second.PassHi.Kind != tt.hi {
				t.Errorf("pass twiddles %v and %v, want %v and %v", second.PassLo.Kind, second.PassHi.Kind, tt.lo, tt.hi)
			}
			if (second.PassBlock > 0) != (tt.hi == RowTwiddlesHigh) {
				t.Errorf("pass twiddle block %d with tables %v", second.PassBlock, tt.hi)
			}
			if (second.PassShift > 0) != (tt.lo == ExpTwiddlesLow) {
				t.Errorf("pass twiddle shift %d with tables %v", second.PassShift, tt.lo)
			}
			for _, k := range ks {
				if want := wantPlain(k.Pass, tt.plain, tt.lim.ItemSize); k.Pass.Plain != want {
					t.Errorf("plain local memory %v, want %v", k.Pass.Plain, want)
				}
			}
		})
	}
}

// planLimits are limits to plan with, and the local memory a work-group
// may use under them.
var planLimits = []struct {
	name       string
	lim        Limits
	localBytes int
}{
	{"GPU", gpuLimits, 48 << 10},
	{"GPU complex128", Limits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 1024}, ItemSize: 16}, 48 << 10},
	{"CPU", cpuLimits, 256 << 10},
	{"small", smallLimits, 2 << 10},
	{"work-groups of 64", Limits{Limits: device.Limits{LocalMemBytes: 32 << 10, MaxWorkGroup: 64}, ItemSize: 8}, 32 << 10},
	{"CPU planned with 8 KiB", tuned(cpuLimits, Tuning{LocalBytes: 8 << 10}), 8 << 10},
	{"local kernel only", tuned(gpuLimits, Tuning{NoRegisters: true}), 48 << 10},
	{"4 elements, 64 work-items", tuned(gpuLimits, Tuning{MaxRegE: 4, MaxRegWG: 64}), 48 << 10},
	{"short pass tables", tuned(gpuLimits, Tuning{PassTable: 64}), 48 << 10},
	{"GPU, Bluestein's lengths smooth", tuned(gpuLimits, Tuning{Bluestein: BluesteinSmooth}), 48 << 10},
	{"GPU, Bluestein's lengths powers of two", tuned(gpuLimits, Tuning{Bluestein: BluesteinPow2}), 48 << 10},
	{"GPU, Bluestein's transforms over rows", tuned(gpuLimits, Tuning{RowTurnsFrom: 2}), 48 << 10},
	{"GPU in 8 KiB, Bluestein's transforms over rows", tuned(gpuLimits, Tuning{RowTurnsFrom: 3, LocalBytes: 8 << 10}), 8 << 10},
	{"CPU, Bluestein's lengths powers of two", tuned(cpuLimits, Tuning{Bluestein: BluesteinPow2}), 256 << 10},
	{"CPU, a real transform's ends", realEnds(cpuLimits), 256 << 10},
	{"GPU with 227 KiB", largeLocal(gpuLimits, Tuning{}), 227 << 10},
	{"GPU with 227 KiB, large passes", largeLocal(gpuLimits, Tuning{LargePasses: AnyLargePasses}), 227 << 10},
	{"GPU with 227 KiB, wide large passes", largeLocal(gpuLimits, Tuning{LargePasses: WideLargePasses}), 227 << 10},
}

// largeLocal returns lim with CUDA's opt-in local memory of an H200 and the
// tuning t.
func largeLocal(lim Limits, t Tuning) Limits {
	lim.LargeLocalMemBytes, lim.CUDA = 227<<10, true
	return tuned(lim, t)
}

// complex128Of returns lim for complex128 values.
func complex128Of(lim Limits) Limits {
	lim.ItemSize = 16
	return lim
}

// realEnds returns lim for the complex transform of a real one.
func realEnds(lim Limits) Limits {
	lim.RealEnds = true
	return lim
}

// planLengths are transform lengths to plan: every length up to 300 and
// longer ones of every kind (powers of two, smooth, Bluestein's).
func planLengths() []int {
	var ns []int
	for n := 1; n <= 300; n++ {
		ns = append(ns, n)
	}
	for p := 9; p <= 24; p++ {
		ns = append(ns, 1<<p)
	}
	return append(ns, 1000, 1009, 1536, 2187, 4095, 6144, 10000, 65537, 100000, 1<<20+7)
}

// TestPlanInvariants checks, for many lengths and batches on every kind of
// limits, what every kernel needs to compute its part of the transform
// within the limits.
func TestPlanInvariants(t *testing.T) {
	for _, pl := range planLimits {
		t.Run(pl.name, func(t *testing.T) {
			for _, n := range planLengths() {
				for _, c := range []struct {
					shape []int
					axis  int
				}{
					{[]int{3, n}, 1}, // contiguous
					{[]int{n, 5}, 0}, // strided
					{[]int{2, n, 3}, 1},
				} {
					p, err := New(c.shape, []int{c.axis}, pl.lim)
					if err != nil {
						t.Fatalf("%v over axis %d: %v", c.shape, c.axis, err)
					}
					if n == 1 {
						if len(p.Axes) != 0 {
							t.Errorf("%v over axis %d: %d axes for a transform of length 1", c.shape, c.axis, len(p.Axes))
						}
						continue
					}
					if len(p.Axes) != 1 {
						t.Fatalf("%v over axis %d: %d axes", c.shape, c.axis, len(p.Axes))
					}
					if want := 1 / float64(n); p.Scale != want {
						t.Errorf("%v over axis %d: scale %g, want %g", c.shape, c.axis, p.Scale, want)
					}
					if err := checkAxis(p.Axes[0], c.shape, pl.lim, pl.localBytes); err != nil {
						t.Errorf("%v over axis %d: %v", c.shape, c.axis, err)
					}
				}
			}
		})
	}
}

// checkAxis checks the plan of one axis of an array of shape: its
// transforms, the passes that compute each, and every kernel's limits.
func checkAxis(a Axis, shape []int, lim Limits, localBytes int) error {
	n := shape[a.Axis]
	if a.N != n || a.Outer != elements(shape[:a.Axis]) || a.Inner != elements(shape[a.Axis+1:]) {
		return fmt.Errorf("axis %+v of shape %v", a.Batch, shape)
	}
	if a.Rader {
		return checkRader(a, lim, localBytes)
	}
	if a.Bluestein != (a.M != n) || a.M < n || a.Bluestein && a.M < 2*n-2 {
		return fmt.Errorf("transforms of length %d for %d (Bluestein: %v)", a.M, n, a.Bluestein)
	}
	ffts := 1
	if a.Bluestein {
		ffts = 2
	}
	if len(a.Kernels) == 0 || len(a.Kernels)%ffts != 0 && !a.Bluestein {
		return fmt.Errorf("%d kernels", len(a.Kernels))
	}
	// The kernels of each transform: passes of sub-lengths that multiply to
	// M, each after the ones before.
	ns, transforms := 1, 0
	for i, k := range a.Kernels {
		if k.Convolution() {
			if err := checkConvolution(k, a, ns); err != nil {
				return fmt.Errorf("kernel %d (%s): %w", i, summary(k), err)
			}
			if err := checkKernel(k, lim, localBytes); err != nil {
				return fmt.Errorf("kernel %d (%s): %w", i, summary(k), err)
			}
			transforms += 2
			continue
		}
		if k.Batch != a.Batch || k.Pass.N != a.M || k.Pass.NS != ns {
			return fmt.Errorf("kernel %d: %+v of %+v after passes of %d", i, k.Pass, k.Batch, ns)
		}
		if k.Pass.Turn {
			// The forward transform's last pass and the first one back.
			if err := checkTurn(k, a, ns, transforms); err != nil {
				return fmt.Errorf("kernel %d (%s): %w", i, summary(k), err)
			}
			if err := checkKernel(k, lim, localBytes); err != nil {
				return fmt.Errorf("kernel %d (%s): %w", i, summary(k), err)
			}
			ns, transforms = k.Pass.L, 1
			continue
		}
		ns *= k.Pass.L
		if ns > a.M || a.M%ns != 0 {
			return fmt.Errorf("kernel %d: passes of %d do not divide %d", i, ns, a.M)
		}
		first, last := ns == k.Pass.L, ns == a.M
		if err := checkRoles(k, a, transforms, first, last); err != nil {
			return fmt.Errorf("kernel %d: %w", i, err)
		}
		if err := checkKernel(k, lim, localBytes); err != nil {
			return fmt.Errorf("kernel %d (%s): %w", i, summary(k), err)
		}
		if last {
			ns = 1
			transforms++
		}
	}
	if ns != 1 || transforms != ffts {
		return fmt.Errorf("%d transforms, and passes of %d left over", transforms, ns)
	}
	return nil
}

// checkRader checks the plan of an axis by Rader's algorithm: a prime
// length above the butterflies', one kernel of one pass of the register
// kernel over its predecessor (uneven stages over contiguous rows only, in
// one round of exchanges), reading and writing the
// whole axis, with Rader's tables and no part of Bluestein's.
func checkRader(a Axis, lim Limits, localBytes int) error {
	if !isPrime(a.N) || a.N <= maxPrimeRadix || a.M != a.N-1 || a.Bluestein || len(a.Kernels) != 1 {
		return fmt.Errorf("Rader's algorithm for %d over transforms of %d in %d kernels (Bluestein: %v)", a.N, a.M, len(a.Kernels), a.Bluestein)
	}
	k := a.Kernels[0]
	p := k.Pass
	if !k.Rader || k.Batch != a.Batch || p.N != a.M || p.L != a.M || p.NS != 1 || p.E == 0 || p.Uneven && (p.Chunks > 1 || a.Inner > 1) {
		return fmt.Errorf("Rader's kernel %s", summary(k))
	}
	if k.SrcLength != a.N || k.DstLength != a.N || k.ChirpIn || k.KernelB || k.ChirpOut || k.Tables.Chirp.Kind != NoTable {
		return fmt.Errorf("Rader's kernel reads %d and writes %d points with Bluestein's roles %v %v %v", k.SrcLength, k.DstLength, k.ChirpIn, k.KernelB, k.ChirpOut)
	}
	if k.Tables.KernelB.Key() != (Table{Kind: RaderKernel, N: a.N, M: a.M}).Key() || k.Tables.Indices.Key() != (Table{Kind: RaderIndices, N: a.N, M: a.M}).Key() {
		return fmt.Errorf("Rader's tables %+v and %+v", k.Tables.KernelB, k.Tables.Indices)
	}
	return checkKernel(k, lim, localBytes)
}

// checkConvolution checks a kernel that computes the whole of Bluestein's
// algorithm, after passes of ns: one pass of the register kernel over the
// whole transform of length M, reading and writing N points.
func checkConvolution(k Kernel, a Axis, ns int) error {
	if !a.Bluestein || ns != 1 || k.Batch != a.Batch || k.Pass.N != a.M || k.Pass.L != a.M || k.Pass.NS != 1 || k.Pass.E == 0 {
		return fmt.Errorf("Bluestein's algorithm in one kernel of %+v (Bluestein: %v, after passes of %d)", k.Pass, a.Bluestein, ns)
	}
	if k.SrcLength != a.N || k.DstLength != a.N || !k.KernelB {
		return fmt.Errorf("lengths %d → %d and kernel %v, want %d → %d and the kernel", k.SrcLength, k.DstLength, k.KernelB, a.N, a.N)
	}
	return nil
}

// checkTurn checks the turn of Bluestein's algorithm after passes of ns
// of transform number transform: the last pass of the forward transform
// (ns·L = M, after at least one pass), a register kernel that runs its
// stages twice or a looped pass of several (loopedTurnKernels), with the
// transformed kernel and no chirp, between temporary arrays of M points.
func checkTurn(k Kernel, a Axis, ns, transform int) error {
	if !a.Bluestein || transform != 0 || ns == 1 || ns*k.Pass.L != a.M || !k.Pass.runsTwice() && !k.Pass.Looped || k.Pass.StoreNS() != 1 {
		return fmt.Errorf("a turn of transform %d after passes of %d of %d (Bluestein: %v)", transform, ns, a.M, a.Bluestein)
	}
	table := BluesteinKernel
	if k.Pass.RowLoads {
		// The turn over rows reads the kernel in the order of its rows.
		table = BluesteinKernelRows
		if kb := k.Tables.KernelB; kb.NS != k.Pass.NS || kb.L != k.Pass.L {
			return fmt.Errorf("the kernel's table in rows of %d after %d for a turn of %d after %d", kb.L, kb.NS, k.Pass.L, k.Pass.NS)
		}
	}
	if k.SrcLength != a.M || k.DstLength != a.M || k.ChirpIn || !k.KernelB || k.ChirpOut || k.Tables.KernelB.Kind != table || k.Tables.Chirp.Kind != NoTable {
		return fmt.Errorf("lengths %d → %d and roles %v %v %v, want %d → %d and the kernel only", k.SrcLength, k.DstLength, k.ChirpIn, k.KernelB, k.ChirpOut, a.M, a.M)
	}
	return nil
}

// checkRoles checks what kernel k, the first and/or last pass of transform
// number transform of the axis, applies of Bluestein's algorithm, and the
// lengths it reads and writes.
func checkRoles(k Kernel, a Axis, transform int, first, last bool) error {
	src, dst := a.N, a.N
	var chirpIn, kernelB, chirpOut bool
	if a.Bluestein {
		src, dst = a.M, a.M
		chirpIn = transform == 0 && first
		kernelB = transform == 0 && last
		chirpOut = transform == 1 && last
		if chirpIn {
			src = a.N
		}
		if chirpOut {
			dst = a.N
		}
	}
	if k.SrcLength != src || k.DstLength != dst || k.ChirpIn != chirpIn || k.KernelB != kernelB || k.ChirpOut != chirpOut {
		return fmt.Errorf("lengths %d → %d and roles %v %v %v, want %d → %d and %v %v %v",
			k.SrcLength, k.DstLength, k.ChirpIn, k.KernelB, k.ChirpOut, src, dst, chirpIn, kernelB, chirpOut)
	}
	if (k.Tables.Chirp.Kind == Chirp) != (chirpIn || chirpOut) || (k.Tables.KernelB.Kind == BluesteinKernel) != kernelB {
		return fmt.Errorf("Bluestein's tables %+v and %+v", k.Tables.Chirp, k.Tables.KernelB)
	}
	return nil
}

// checkKernel checks a kernel's pass against the limits (with localBytes of
// local memory per work-group) and the tables it reads.
func checkKernel(k Kernel, lim Limits, localBytes int) error {
	p := k.Pass
	maxPrime := maxGPUPrimeRadix
	switch {
	case lim.CPU && lim.Tuning.LocalBytes == 0 && lim.Tuning.MaxPrime == 0:
		// The CPU device's looped passes take the primes up to
		// maxLoopedFactor (budget.loopedPrimes; a prime length up to
		// maxLoopedPrimeLength), its other passes up to maxPrimeRadix.
		maxPrime = maxPrimeRadix
		if p.Looped && !k.Rader {
			maxPrime = maxLoopedFactor
			switch {
			case lim.Tuning.LoopedPrime > 0:
				maxPrime = max(lim.Tuning.LoopedPrime, maxWidePrimeRadix)
			case isPrime(p.L):
				maxPrime = maxLoopedPrimeLength
			}
		}
	case lim.Tuning.MaxPrime > 0:
		maxPrime = max(lim.Tuning.MaxPrime, maxPrimeRadix)
	case p.N >= widerPrimesFrom && !k.Rader:
		maxPrime = maxWiderPrimeRadix
	case p.N >= widePrimesFrom && !k.Rader && lim.CUDA:
		maxPrime = maxCUDAWiderPrimeRadix
	case p.N >= widePrimesFrom && !k.Rader:
		maxPrime = maxWidePrimeRadix
	}
	if product(p.Radices) != p.L || slices.ContainsFunc(p.Radices, func(r int) bool { return r < 2 || r > maxRadix && !(isPrime(r) && r <= maxPrime) }) {
		return fmt.Errorf("radices %v of a pass of %d", p.Radices, p.L)
	}
	if p.Tile < 1 || p.WG < 1 || p.WG > lim.MaxWorkGroup {
		return fmt.Errorf("tile %d and work-group %d (the device allows %d)", p.Tile, p.WG, lim.MaxWorkGroup)
	}
	if k.Groups()*p.Tile < k.Count() {
		return fmt.Errorf("%d groups of %d for %d sub-transforms", k.Groups(), p.Tile, k.Count())
	}
	if p.Plain != wantPlain(p, lim.CPU && lim.Tuning.LocalBytes == 0, lim.ItemSize) {
		return fmt.Errorf("plain local memory %v", p.Plain)
	}
	if p.E > 0 {
		if err := checkRegisters(k, lim, localBytes); err != nil {
			return err
		}
	} else {
		if p.WG > 256 {
			return fmt.Errorf("a local kernel of %d work-items", p.WG)
		}
		if used := p.LocalElems() * lim.ItemSize; used > localBytes {
			return fmt.Errorf("the local kernel uses %d bytes of local memory, more than %d", used, localBytes)
		}
	}
	return checkTables(k, lim)
}

// checkRegisters checks a kernel's pass of the register kernel.
func checkRegisters(k Kernel, lim Limits, localBytes int) error {
	p := k.Pass
	if lim.Tuning.NoRegisters {
		return fmt.Errorf("a register kernel with NoRegisters")
	}
	maxWG := min(512, lim.MaxWorkGroup)
	if lim.Tuning.MaxRegWG > 0 {
		maxWG = min(lim.Tuning.MaxRegWG, lim.MaxWorkGroup)
	}
	maxE := 32
	if lim.Tuning.MaxRegE > 0 {
		maxE = lim.Tuning.MaxRegE
	}
	if p.Bounded {
		// A kernel bound to its size (CUDA's large local memory): up to
		// largeRegWG work-items of at most 16 elements, or more elements
		// within the register kernel's work-group size, or in one wide
		// pass (largeWide, where the budget takes it) up to wideRegWG of
		// up to wideRegE.
		wide := lim.budget().wideOnePass && p.WG <= wideRegWG && p.E <= wideRegE
		if !p.Private && p.WG > maxWG && p.E > 16 && !wide {
			return fmt.Errorf("a bound kernel of %d work-items of %d elements", p.WG, p.E)
		}
		maxWG = min(largeRegWG, lim.MaxWorkGroup)
	}
	if p.Uneven {
		if err := checkUneven(p); err != nil {
			return err
		}
	} else if p.TT*p.E != p.L {
		return fmt.Errorf("%d work-items of %d elements for a pass of %d", p.TT, p.E, p.L)
	}
	if p.Looped {
		return checkLooped(k, lim)
	}
	if p.Vectors > 0 {
		return checkVectors(k, lim)
	}
	lanes := max(p.Lanes, 1)
	if p.Lanes > 1 && (!p.Private || p.Tile%p.Lanes != 0 || p.NS%p.Lanes != 0 && !(p.NS == 1 && p.L%p.Lanes == 0) || (p.N/p.L)%p.Lanes != 0) {
		return fmt.Errorf("lanes of %d in a pass of tile %d after %d, %d butterflies (private %v)", p.Lanes, p.Tile, p.NS, p.N/p.L, p.Private)
	}
	if p.WG*lanes != p.TT*p.Tile || p.WG > maxWG || p.E > maxE {
		return fmt.Errorf("%d work-items of %d elements for a pass of %d (the most: %d work-items of %d elements)", p.WG, p.E, p.L, maxWG, maxE)
	}
	if !p.Uneven && slices.ContainsFunc(p.Radices, func(r int) bool { return p.E%r != 0 }) {
		return fmt.Errorf("radices %v with %d elements per work-item", p.Radices, p.E)
	}
	if p.Private {
		if !lim.CPU || lim.Tuning.LocalBytes > 0 || p.TT != 1 || p.Comps != 1 || p.Chunks != 1 || p.StagedLoad || p.StagedStore {
			return fmt.Errorf("private exchanges with %d work-items per sub-transform, %d parts, %d chunks, staged %v %v, on a CPU %v",
				p.TT, p.Comps, p.Chunks, p.StagedLoad, p.StagedStore, lim.CPU && lim.Tuning.LocalBytes == 0)
		}
		return nil
	}
	if p.Comps != 1 && p.Comps != 2 || p.Chunks < 1 || p.E%p.Chunks != 0 {
		return fmt.Errorf("exchanges as %d parts in %d chunks", p.Comps, p.Chunks)
	}
	need := p.Tile * p.ExchangeRow(p.L/p.Chunks, p.Tile) * lim.ItemSize / p.Comps
	if p.StagedStore {
		need = max(need, p.Tile*p.Row()*lim.ItemSize/p.Comps)
	}
	if p.StagedLoad {
		need = max(need, p.Tile*p.Row()*lim.ItemSize)
	}
	if need > localBytes {
		return fmt.Errorf("the register kernel uses %d bytes of local memory, more than %d", need, localBytes)
	}
	return nil
}

// checkLooped checks a looped pass: a whole transform in lanes of rows,
// on a CPU device, whose two private arrays fit maxLoopedBytes, or with
// slots in a scratch array (maxScratchLoopedBytes for a real transform's
// ends, maxBluesteinLoopedBytes for the whole of Bluestein's algorithm and
// for a length with a prime factor above maxPrimeRadix),
// and whose radices multiply to its length.
func checkLooped(k Kernel, lim Limits) error {
	p := k.Pass
	scratch := 0 // the most bytes of arrays in a scratch array
	switch {
	case k.Convolution() || !isSmooth(p.L, maxPrimeRadix):
		// Bluestein's algorithm, and a length with a prime factor from 17
		// to 31 (budget.loopedPrimes), which takes such a pass in its place.
		scratch = maxBluesteinLoopedBytes
	case lim.RealEnds:
		scratch = maxScratchLoopedBytes
	}
	prod := 1
	for _, r := range p.Radices {
		prod *= r
	}
	bytes := 2 * p.Lanes * p.L * lim.ItemSize // the two arrays of Lanes sub-transforms
	switch {
	case !lim.CPU || lim.Tuning.LocalBytes > 0 || lim.Tuning.NoLanes || lim.Tuning.NoLooped:
		return fmt.Errorf("a looped pass with limits %+v", lim)
	case !p.Private || p.Lanes < 2 || p.WG*p.Lanes != p.Tile || p.E != p.L || p.TT != 1 || p.N%p.L != 0 || p.NS > p.N/p.L || (p.N/p.L)%p.NS != 0:
		return fmt.Errorf("a looped pass of %d of %d after %d, %d lanes, tile %d, %d work-items", p.L, p.N, p.NS, p.Lanes, p.Tile, p.WG)
	case p.L < p.N && (p.Slots > 0 || lim.Tuning.NoLoopedPasses || p.Turn && lim.Tuning.NoTurn || p.RowLoads || p.ColumnStores || k.Convolution()):
		// Looped passes of several (loopedSplit) keep their arrays on
		// the stack and load and store as Stockham passes.
		return fmt.Errorf("a looped pass of %d of %d after %d, %d lanes, tile %d, %d work-items", p.L, p.N, p.NS, p.Lanes, p.Tile, p.WG)
	case p.Slots == 0 && bytes > maxLoopedBytes:
		return fmt.Errorf("a looped pass of %d in %d lanes holds more than %d bytes", p.L, p.Lanes, maxLoopedBytes)
	case p.Slots > 0 && (bytes <= maxLoopedBytes || bytes > scratch):
		return fmt.Errorf("a looped pass of %d in %d lanes in %d slots of a scratch array of at most %d bytes (real ends %t, Bluestein's %t)",
			p.L, p.Lanes, p.Slots, scratch, lim.RealEnds, k.Convolution())
	case p.Slots > max(lim.ComputeUnits, 1) || p.Slots > maxLoopedSlots:
		return fmt.Errorf("%d slots on %d compute units", p.Slots, lim.ComputeUnits)
	case prod != p.L:
		return fmt.Errorf("radices %v of a looped pass of %d", p.Radices, p.L)
	}
	return nil
}

// checkTables checks the tables a kernel reads.
func checkTables(k Kernel, lim Limits) error {
	t, p := k.Tables, k.Pass
	if len(t.StageOffsets) != len(p.Radices) {
		return fmt.Errorf("stage offsets %v of radices %v", t.StageOffsets, p.Radices)
	}
	if (t.Stages.Kind == StageTwiddles) != (len(p.Radices) > 1 && p.Vectors == 0) {
		return fmt.Errorf("stage twiddles %+v of radices %v", t.Stages, p.Radices)
	}
	// The turn over rows takes the tables of exponent bits on every device.
	exp := lim.CPU && lim.Tuning.LocalBytes == 0 && !p.Private || p.RowLoads
	switch {
	case p.NS == 1:
		if t.PassLo.Kind != NoTable || t.PassHi.Kind != NoTable {
			return fmt.Errorf("pass twiddles of the first pass")
		}
	case exp:
		if t.PassLo.Kind != ExpTwiddlesLow || t.PassHi.Kind != ExpTwiddlesHigh || t.PassShift <= 0 || t.PassLo.Size != p.NS*p.L {
			return fmt.Errorf("pass twiddles %+v and %+v from tables of exponent bits", t.PassLo, t.PassHi)
		}
	default:
		if t.PassLo.Kind != RowTwiddlesLow || (t.PassBlock > 0) != (t.PassHi.Kind == RowTwiddlesHigh) {
			return fmt.Errorf("pass twiddles %+v and %+v in blocks of %d", t.PassLo, t.PassHi, t.PassBlock)
		}
	}
	return nil
}

// TestNewErrors checks that New refuses limits that no plan can be made
// for, and axes and shapes that are not those of a transform.
func TestNewErrors(t *testing.T) {
	tests := []struct {
		name        string
		shape, axes []int
		lim         Limits
		want        string
	}{
		{"no local memory", []int{16}, []int{0}, Limits{Limits: device.Limits{MaxWorkGroup: 256}, ItemSize: 8}, "0 bytes of local memory"},
		{"no work-items", []int{16}, []int{0}, Limits{Limits: device.Limits{LocalMemBytes: 1 << 15}, ItemSize: 8}, "0 work-items"},
		{"no item size", []int{16}, []int{0}, Limits{Limits: device.Limits{LocalMemBytes: 1 << 15, MaxWorkGroup: 256}}, "complex values of 0 bytes"},
		{"negative tuning", []int{16}, []int{0}, tuned(gpuLimits, Tuning{MaxRegE: -1}), "negative tuning"},
		{"negative local bytes", []int{16}, []int{0}, tuned(gpuLimits, Tuning{LocalBytes: -8}), "negative tuning"},
		{"unknown Bluestein's length", []int{16}, []int{0}, tuned(gpuLimits, Tuning{Bluestein: BluesteinSmooth + 1}), "Bluestein's length by rule"},
		{"unknown algorithm of primes", []int{16}, []int{0}, tuned(gpuLimits, Tuning{Primes: -1}), "primes by algorithm"},
		{"unknown large passes", []int{16}, []int{0}, tuned(gpuLimits, Tuning{LargePasses: WideLargePasses + 1}), "large local memory by rule"},
		{"axis out of range", []int{16}, []int{1}, gpuLimits, "axes [1]"},
		{"negative axis", []int{16}, []int{-1}, gpuLimits, "axes [-1]"},
		{"repeated axis", []int{16, 4}, []int{0, 0}, gpuLimits, "axes [0 0]"},
		{"empty axis", []int{0, 4}, []int{0}, gpuLimits, "axis 0 has length 0"},
		{"beyond 32-bit indices", []int{3, 1 << 31}, []int{1}, gpuLimits, "more elements than the 2^32"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.shape, tt.axes, tt.lim)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// checkUneven checks the stages of an uneven register kernel: a pass
// without chunks or private exchanges, whose every stage's butterflies the
// work-items cover within E registers each, and E the most a stage takes.
func checkUneven(p Pass) error {
	if p.Private || p.Chunks != 1 {
		return fmt.Errorf("uneven stages in a pass of %d of %d after %d, private %v, %d chunks", p.L, p.N, p.NS, p.Private, p.Chunks)
	}
	most := 0
	for i, r := range p.Radices {
		l := p.StageLayout(i)
		if l.Butterflies*p.TT < p.L/r || (l.Butterflies-1)*p.TT >= p.L/r {
			return fmt.Errorf("stage %d of radix %d: %d butterflies of %d work-items for %d", i, r, l.Butterflies, p.TT, p.L/r)
		}
		most = max(most, l.Registers())
	}
	if most != p.E {
		return fmt.Errorf("uneven stages %v of %d work-items take %d registers, E is %d", p.Radices, p.TT, most, p.E)
	}
	return nil
}

// TestBluesteinManyFactors computes the table of the kernel of
// Bluestein's algorithm for lengths of more factors than gonum's FFT
// takes (FFTPACK's 13; a CPU device chose 2^11·3^7·7 for 10327627): it
// is the transform of that length, split in two (internal/hostfft). Here
// 2·3^13, the shortest length of 14 such factors.
func TestBluesteinManyFactors(t *testing.T) {
	const m = 2 * 1594323
	const n = m/2 + 1
	if len(primeFactors(m)) <= 13 {
		t.Fatalf("%d has %d prime factors", m, len(primeFactors(m)))
	}
	v := Table{Kind: BluesteinKernel, N: n, M: m}.Values()
	if len(v) != m {
		t.Fatalf("%d values, want %d", len(v), m)
	}
}

// TestBluesteinTuning checks the length of Bluestein's transforms that
// each choice of Tuning.Bluestein gives, on a GPU and on a CPU device,
// and that a convolution of uneven stages is one kernel.
func TestBluesteinTuning(t *testing.T) {
	tests := []struct {
		name string
		lim  Limits
		n    int
		m    int // Bluestein's length
	}{
		{"GPU powers of two, 1009", tuned(gpuLimits, Tuning{Bluestein: BluesteinPow2}), 1009, 2048},
		{"GPU smooth, 1009", tuned(gpuLimits, Tuning{Bluestein: BluesteinSmooth}), 1009, 2016},
		{"GPU smooth, 35147", tuned(gpuLimits, Tuning{Bluestein: BluesteinSmooth}), 35147, 70560},
		{"GPU powers of two, 35147", tuned(gpuLimits, Tuning{Bluestein: BluesteinPow2}), 35147, 1 << 17},
		{"CPU smooth, 1009", tuned(cpuLimits, Tuning{Bluestein: BluesteinSmooth, Primes: PrimesBluestein}), 1009, 2016},
		{"CPU powers of two, 10007", tuned(cpuLimits, Tuning{Bluestein: BluesteinPow2, Primes: PrimesBluestein}), 10007, 1 << 15},
		{"CPU rule, 1009 (a looped pass)", tuned(cpuLimits, Tuning{Primes: PrimesBluestein}), 1009, 2016},
		{"CPU rule, 1009 without looped passes", tuned(cpuLimits, Tuning{Primes: PrimesBluestein, NoLooped: true}), 1009, 2048},
		{"CPU rule, 10007", tuned(cpuLimits, Tuning{Primes: PrimesBluestein}), 10007, 20160},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New([]int{4, tt.n}, []int{1}, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			a := p.Axes[0]
			if !a.Bluestein || a.M != tt.m {
				t.Fatalf("Bluestein %v over transforms of %d, want %d", a.Bluestein, a.M, tt.m)
			}
		})
	}
	// 2016 = 2^5·3^2·7 takes uneven stages on a GPU; the whole of
	// Bluestein's algorithm is still one kernel, which moves the outputs
	// back between its transforms.
	p, err := New([]int{4, 1009}, []int{1}, tuned(gpuLimits, Tuning{Bluestein: BluesteinSmooth}))
	if err != nil {
		t.Fatal(err)
	}
	if ks := p.Axes[0].Kernels; len(ks) != 1 || !ks[0].Convolution() {
		t.Errorf("Bluestein's 1009 over 2016 points in %d kernels, want one convolution", len(ks))
	}
}

// TestBluesteinRule checks the GPU rule's length of Bluestein's
// transforms (smoothBluesteinPays) through CUDA's large local memory and
// within 48 KiB: the shorter length of factors 2, 3, 5 and 7 where the
// power of two pads 1.4 times more and is no single kernel of the whole
// convolution within 256 work-items, or is one in CUDA's large local
// memory and the shorter one within 48 KiB of at most
// maxSmoothConvolutionE elements a work-item (complex64); the power of
// two elsewhere.
func TestBluesteinRule(t *testing.T) {
	cuda := gpuLimits
	cuda.LargeLocalMemBytes = 227 << 10
	cudaDouble := complex128Of(cuda)
	tests := []struct {
		name string
		lim  Limits
		n, m int
	}{
		{"one kernel of 2048", cuda, 1009, 2048},
		{"complex128, one kernel of 4096 in the large memory", cudaDouble, 1031, 4096},
		{"one kernel of 8192 in the large memory, 4900 within 48 KiB", cuda, 2449, 4900},
		{"one kernel of 8192 in the large memory, 4374 within 48 KiB", cuda, 2181, 4374},
		{"one kernel of 8192 in the large memory, 4536 of 28 elements", cuda, 2263, 8192},
		{"one kernel of 8192 in the large memory, 4200 of 30 elements", cuda, 2078, 8192},
		{"one kernel of 8192 in the large memory, 6144 1.33 times shorter", cuda, 3001, 8192},
		{"one kernel of 16384 over 1024 work-items", cuda, 4552, 9216},
		{"16384 within 48 KiB, two passes", gpuLimits, 4552, 9216},
		{"1.2 times shorter", cuda, 6799, 16384},
		{"1.35 times shorter", cuda, 48066, 1 << 17},
		{"1.86 times shorter", cuda, 35147, 70560},
		{"1.86 times shorter within 48 KiB", gpuLimits, 35147, 70560},
		{"1.96 times shorter, three passes", gpuLimits, 8525209, 17146080},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			batch := max(1, (256<<20)/(8*tt.n))
			p, err := New([]int{batch, tt.n}, []int{1}, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			if a := p.Axes[0]; !a.Bluestein || a.M != tt.m {
				t.Errorf("Bluestein %v over transforms of %d, want %d", a.Bluestein, a.M, tt.m)
			}
		})
	}
}

// TestLargeLocalStages checks that the large local memory of CUDA takes a
// single pass of even stages only where it has fewer stages than the plan
// within 48 KiB (noMoreStages: 96 and 392 keep theirs on a tie), up to
// largeUnevenFrom points, and that above it the one pass within 48 KiB
// stays where it has fewer stages over whole warps (keepsFewerStages:
// 3072 and 7168, not 5120's 171 work-items), and largeUneven decides
// otherwise.
func TestLargeLocalStages(t *testing.T) {
	cuda := gpuLimits
	cuda.LargeLocalMemBytes = 227 << 10
	for _, tc := range []struct {
		n    int
		want string
	}{
		{896, "L896 NS1 [8 8 7 2] reg E8 TT128 C1/1 tile1 wg128 uneven"},
		{405, "L405 NS1 [9 9 5] reg E10 TT45 C1/1 tile2 wg90 uneven"},
		{1280, "L1280 NS1 [8 8 5 4] reg E8 TT256 C1/1 tile1 wg256 uneven"},
		{1024, "L1024 NS1 [16 16 4] reg E16 TT64 C1/1 tile2 wg128"},
		{96, "L96 NS1 [8 6 2] reg E8 TT16 C1/1 tile8 wg128 uneven staged-load staged-store"},
		{392, "L392 NS1 [8 7 7] reg E8 TT56 C1/1 tile2 wg112 uneven"},
		{2916, "L2916 NS1 [12 9 9 3] reg E12 TT324 C1/1 tile1 wg324 uneven bounded"},
		{3072, "L3072 NS1 [16 16 12] reg E16 TT256 C1/1 tile1 wg256 uneven"},
		{7168, "L7168 NS1 [16 16 14 2] reg E32 TT256 C1/1 tile1 wg256 uneven"},
		{5120, "L5120 NS1 [8 8 8 5 2] reg E8 TT1024 C1/1 tile1 wg1024 uneven bounded"},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			p, err := New([]int{(512 << 20) / 8 / tc.n, tc.n}, []int{1}, cuda)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, k := range p.Axes[0].Kernels {
				got = append(got, summary(k))
			}
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("kernels %v, want [%s]", got, tc.want)
			}
		})
	}
}
