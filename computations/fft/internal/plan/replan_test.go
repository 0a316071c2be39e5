package plan

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/computations/internal/device"
)

// planOne returns the plan of the transforms along the last axis of shape.
func planOne(t *testing.T, shape []int, lim Limits) Axis {
	t.Helper()
	p, err := New(shape, []int{len(shape) - 1}, lim)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Axes) != 1 {
		t.Fatalf("%d axes", len(p.Axes))
	}
	return p.Axes[0]
}

// limits16K are those of a GPU with 16 KiB of local memory.
var limits16K = Limits{Limits: device.Limits{LocalMemBytes: 16 << 10, MaxWorkGroup: 1024}, ItemSize: 8}

// TestReplan checks what Replan puts in the place of a refused kernel.
func TestReplan(t *testing.T) {
	tests := []struct {
		name    string
		shape   []int
		lim     Limits
		refusal Refusal
		// refusals are as many refusals of kernel 0 before refusal
		// (NotBuilt), one per step.
		refusals int
		want     []string // the kernels of the axis after Replan of kernel 0 (or kernel)
		kernel   int      // the kernel refused last, 0 unless set
	}{
		{"fewer work-items, more elements each", []int{64, 1024}, gpuLimits, Refusal{WorkGroupTooLarge, 32}, 0,
			[]string{"L1024 NS1 [16 16 4] reg E32 TT32 C1/1 tile1 wg32"}, 0},
		{"the local kernel within the work-items allowed", []int{64, 1024}, gpuLimits, Refusal{WorkGroupTooLarge, 16}, 0,
			[]string{"L1024 NS1 [16 16 4] local tile1 wg16"}, 0},
		{"the local kernel for a register kernel not built", []int{64, 1024}, gpuLimits, Refusal{Reason: NotBuilt}, 0,
			[]string{"L1024 NS1 [16 16 4] local tile4 wg256"}, 0},
		{"a transform too long for the local kernel in two passes", []int{8, 8192}, gpuLimits, Refusal{Reason: NotBuilt}, 0, []string{
			"L128 NS1 [16 8] reg E16 TT8 C1/1 tile32 wg256 sfast staged-store",
			"L64 NS128 [16 4] reg E16 TT4 C1/1 tile32 wg128 sfast",
		}, 0},
		{"Bluestein's algorithm in one kernel goes back to its two transforms", []int{8, 1009}, limits16K, Refusal{Reason: NotBuilt}, 0, []string{
			"L2048 NS1 [16 16 8] reg E16 TT128 C2/1 tile1 wg128 chirp-in kernel-b",
			"L2048 NS1 [16 16 8] reg E16 TT128 C2/1 tile1 wg128 chirp-out",
		}, 0},
		{"Bluestein's roles go to the first and last passes", []int{8, 1009}, limits16K, Refusal{Reason: NotBuilt}, 1, []string{
			"L64 NS1 [16 4] reg E16 TT4 C2/1 tile32 wg128 sfast staged-store chirp-in",
			"L32 NS64 [16 2] reg E16 TT2 C1/1 tile32 wg64 sfast kernel-b",
			"L2048 NS1 [16 16 8] reg E16 TT128 C2/1 tile1 wg128 chirp-out",
		}, 0},
		{"a looped pass goes back to the passes of before it", []int{64, 1024}, cpuLimits, Refusal{Reason: NotBuilt}, 0, []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS16 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS128 [8] reg E8 TT1 C1/1 tile64 wg8 private sfast lanes8",
		}, 0},
		{"Bluestein's looped kernel goes back to the passes of its two transforms", []int{1039, 1009}, tuned(cpuLimits, Tuning{Primes: PrimesBluestein}), Refusal{Reason: NotBuilt}, 0, []string{
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg64 private sfast chirp-in",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS256 [8] reg E8 TT1 C1/1 tile64 wg64 private sfast kernel-b",
			"L16 NS1 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L16 NS16 [16] reg E16 TT1 C1/1 tile64 wg8 private sfast lanes8",
			"L8 NS256 [8] reg E8 TT1 C1/1 tile64 wg64 private sfast chirp-out",
		}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := planOne(t, tt.shape, tt.lim)
			for range tt.refusals {
				var err error
				if a, err = Replan(a, 0, Refusal{Reason: NotBuilt}, tt.lim); err != nil {
					t.Fatal(err)
				}
			}
			got, err := Replan(a, tt.kernel, tt.refusal, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			var kernels []string
			for _, k := range got.Kernels {
				kernels = append(kernels, summary(k))
			}
			if !slices.Equal(kernels, tt.want) {
				t.Errorf("kernels\n\t%s\nwant\n\t%s", strings.Join(kernels, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
			if err := checkAxis(got, tt.shape, tt.lim, int(tt.lim.LocalMemBytes)); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestReplanErrors checks the refusals Replan has no kernel for, and the
// calls it refuses.
func TestReplanErrors(t *testing.T) {
	local := tuned(gpuLimits, Tuning{NoRegisters: true})
	tests := []struct {
		name      string
		shape     []int
		plan, lim Limits // planned with plan, replanned with lim
		kernel    int
		refusal   Refusal
		noKernel  bool // the error is ErrNoKernel
		want      string
	}{
		{"a local kernel not built", []int{64, 1024}, local, local, 0, Refusal{Reason: NotBuilt}, true, "refuses the local kernel"},
		{"a limit no smaller than the work-group", []int{64, 1024}, gpuLimits, gpuLimits, 0, Refusal{WorkGroupTooLarge, 128}, true, "a work-group of 128 with a limit of 128"},
		{"no work-items at all", []int{64, 1024}, gpuLimits, gpuLimits, 0, Refusal{WorkGroupTooLarge, 0}, true, "a limit of 0"},
		{"kernel out of range", []int{64, 1024}, gpuLimits, gpuLimits, 1, Refusal{Reason: NotBuilt}, false, "replan of kernel 1 of an axis of 1"},
		{"unknown reason", []int{64, 1024}, gpuLimits, gpuLimits, 0, Refusal{Reason: 9}, false, "reason 9"},
		{"bad limits", []int{64, 1024}, gpuLimits, Limits{}, 0, Refusal{Reason: NotBuilt}, false, "local memory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := planOne(t, tt.shape, tt.plan)
			got, err := Replan(a, tt.kernel, tt.refusal, tt.lim)
			if err == nil || !strings.Contains(err.Error(), tt.want) || errors.Is(err, ErrNoKernel) != tt.noKernel {
				t.Errorf("error %v, want one containing %q (ErrNoKernel: %v)", err, tt.want, tt.noKernel)
			}
			if !slices.EqualFunc(got.Kernels, a.Kernels, func(x, y Kernel) bool { return summary(x) == summary(y) }) {
				t.Errorf("Replan changed the axis it refused to replan")
			}
		})
	}
}

// refuse returns a refusal of kernel k that Replan must act on: a smaller
// work-group while it has more than one work-item, then a failed build.
func refuse(k Kernel) Refusal {
	if k.Pass.WG > 1 {
		return Refusal{Reason: WorkGroupTooLarge, Limit: k.Pass.WG / 2}
	}
	return Refusal{Reason: NotBuilt}
}

// less reports whether rank a is below rank b in lexicographic order.
func less(a, b [8]int) bool { return slices.Compare(a[:], b[:]) < 0 }

// TestReplanEnds refuses every kernel of many plans over and over, as a
// device that runs nothing would: every step lowers the rank of the kernels
// in the refused one's place and leaves a valid plan, and Replan ends with
// ErrNoKernel after a bounded number of steps.
func TestReplanEnds(t *testing.T) {
	// Every step at least halves the work-group (of at most 512
	// work-items), or gives up the register kernel or the whole transform:
	// some 3·10 steps per kernel at most.
	const maxSteps = 64
	// Replan gives a kernel up to 32 elements per work-item, whatever the
	// tuning, where its work-group is too large.
	checked := func(lim Limits) Limits {
		lim.Tuning.MaxRegE = 0
		return lim
	}
	for _, pl := range planLimits {
		t.Run(pl.name, func(t *testing.T) {
			for _, n := range []int{2, 7, 16, 60, 97, 256, 527, 1000, 1009, 2871, 4096, 8192, 10091, 65536, 65537, 1 << 20} {
				for _, shape := range [][]int{{4, n}, {2, n, 3}} {
					p, err := New(shape, []int{1}, pl.lim)
					if err != nil {
						t.Fatal(err)
					}
					ax := p.Axes[0]
					for i := 0; i < len(ax.Kernels); i++ {
						steps := 0
						for ; steps < maxSteps; steps++ {
							old := ax.Kernels[i]
							next, err := Replan(ax, i, refuse(old), pl.lim)
							if err != nil {
								if !errors.Is(err, ErrNoKernel) {
									t.Fatalf("%v, kernel %d: %v", shape, i, err)
								}
								break
							}
							added := len(next.Kernels) - len(ax.Kernels) + 1
							for j := i; j < i+added; j++ {
								if !less(next.Kernels[j].rank(), old.rank()) {
									t.Fatalf("%v, kernel %d: %s in place of %s does not lower the rank", shape, i, summary(next.Kernels[j]), summary(old))
								}
							}
							if err := checkAxis(next, shape, checked(pl.lim), pl.localBytes); err != nil {
								t.Fatalf("%v, kernel %d after %s: %v", shape, i, summary(old), err)
							}
							ax = next
						}
						if steps == maxSteps {
							t.Fatalf("%v, kernel %d: still replanned after %d steps", shape, i, maxSteps)
						}
					}
				}
			}
		})
	}
}
