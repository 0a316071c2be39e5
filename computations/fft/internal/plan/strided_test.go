package plan

import (
	"slices"
	"testing"
)

// TestStridedUneven checks the passes over strided data that the rule
// gives uneven stages (stridedUnevenPays) on the cases it was measured on:
// the first pass of several over a row takes them against even stages; the
// later passes take them only in place of the local kernel, with a tile of
// at least minStridedUnevenTile or no more stages; Tuning.EvenStrided
// keeps every strided pass even.
func TestStridedUneven(t *testing.T) {
	const (
		even   = "even"
		uneven = "uneven"
		local  = "local"
	)
	kind := func(p Pass) string {
		switch {
		case p.E == 0:
			return local
		case p.Uneven:
			return uneven
		}
		return even
	}
	tests := []struct {
		name  string
		shape []int
		axes  []int
		lim   Limits
		want  []string // of each kernel
	}{
		{"129600: both passes of 360", []int{4, 129600}, []int{1}, gpuLimits, []string{uneven, uneven}},
		{"96000: 240 after 400 in tiles of 5 with a stage more", []int{4, 96000}, []int{1}, gpuLimits, []string{uneven, local}},
		{"160000: 400 after 400 keeps even stages", []int{4, 160000}, []int{1}, gpuLimits, []string{uneven, even}},
		{"27000: 150 after 180 in tiles of 8", []int{4, 27000}, []int{1}, gpuLimits, []string{uneven, uneven}},
		{"axes of 400×400×400 keep even stages", []int{400, 400, 400}, []int{0, 1}, gpuLimits, []string{even, even}},
		{"axis 1 of 128×720×720", []int{128, 720, 720}, []int{1}, gpuLimits, []string{uneven}},
		{"129600 held to even strided stages", []int{4, 129600}, []int{1}, tuned(gpuLimits, Tuning{EvenStrided: true}), []string{local, local}},
		{"CPU plans take no uneven stages", []int{4, 129600}, []int{1}, cpuLimits, []string{even, even, even, even, even}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(tt.shape, tt.axes, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range p.Axes {
				for _, k := range a.Kernels {
					got = append(got, kind(k.Pass))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("kernels %v, want %v", got, tt.want)
			}
		})
	}
}

// TestWidePrimes checks where GPUs take the butterflies of 29 and 31
// (widePrimesFrom, Tuning.MaxPrime) and those from 37 to 61
// (widerPrimesFrom, and from widePrimesFrom those up to 47 through CUDA),
// where a CPU device does (its looped passes, budget.loopedPrimes) and
// where Bluestein's algorithm.
func TestWidePrimes(t *testing.T) {
	cuda := gpuLimits
	cuda.CUDA = true
	tests := []struct {
		name      string
		n         int
		lim       Limits
		bluestein bool
	}{
		{"GPU 527 = 17·31", 527, gpuLimits, false},
		{"GPU 2871 = 3²·11·29", 2871, gpuLimits, false},
		{"GPU 31744 = 31·1024 in passes", 31744, gpuLimits, false},
		{"GPU 124 below widePrimesFrom", 124, gpuLimits, true},
		{"GPU 124 tuned to 31", 124, tuned(gpuLimits, Tuning{MaxPrime: 31}), false},
		{"GPU 527 tuned to 23", 527, tuned(gpuLimits, Tuning{MaxPrime: 23}), true},
		{"GPU 311: Rader's 310 keeps the butterflies up to 23", 311, gpuLimits, true},
		{"GPU 2553 = 3·23·37 above widerPrimesFrom", 2553, gpuLimits, false},
		{"GPU 4028 = 2²·19·53 above widerPrimesFrom", 4028, gpuLimits, false},
		{"GPU 60416 = 59·1024 in passes", 60416, gpuLimits, false},
		{"GPU 1247 = 29·43 below widerPrimesFrom", 1247, gpuLimits, true},
		{"CUDA 1247 = 29·43 from widePrimesFrom", 1247, cuda, false},
		{"CUDA 282 = 6·47 from widePrimesFrom", 282, cuda, false},
		{"CUDA 2006 = 2·17·59 below widerPrimesFrom", 2006, cuda, true},
		{"CUDA 222 = 6·37 below widePrimesFrom", 222, cuda, true},
		{"GPU 4087 = 61·67: 67 takes no butterfly", 4087, gpuLimits, true},
		{"GPU 2553 tuned to 31", 2553, tuned(gpuLimits, Tuning{MaxPrime: 31}), true},
		{"GPU 222 tuned to 61", 222, tuned(gpuLimits, Tuning{MaxPrime: 61}), false},
		{"CPU 527 in a looped pass", 527, cpuLimits, false},
		{"CPU 527 without looped passes", 527, tuned(cpuLimits, Tuning{NoLooped: true}), true},
		{"CPU 52700 in a looped pass over a scratch array", 52700, cpuLimits, false},
		{"CPU 139264 in looped passes of several", 139264, cpuLimits, false},
		{"CPU 139264 without looped passes of several", 139264, tuned(cpuLimits, Tuning{NoLoopedPasses: true}), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New([]int{4, tt.n}, []int{1}, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			a := p.Axes[0]
			if a.Bluestein != tt.bluestein || a.Rader {
				t.Errorf("Bluestein's algorithm %v, Rader's %v; want Bluestein's %v", a.Bluestein, a.Rader, tt.bluestein)
			}
		})
	}
	if _, err := New([]int{4, 67}, []int{1}, tuned(gpuLimits, Tuning{MaxPrime: 67})); err == nil {
		t.Error("butterflies of 67 were accepted")
	}
	for n, want := range map[int]bool{527: true, 58: true, 667: true, 1024: false, 74: true, 2553: true, 134: false, 23: false} {
		if got := WidePrimeChoice(n); got != want {
			t.Errorf("WidePrimeChoice(%d) = %v, want %v", n, got, want)
		}
	}
}
