package plan

import (
	"fmt"
	"reflect"
	"testing"
)

// TestSectorTiles checks the rounding of a strided pass's tile to whole
// sectors: down to a multiple of the sector where that keeps three
// quarters of the tile, else the tile as it was.
func TestSectorTiles(t *testing.T) {
	for _, tc := range []struct {
		tile, sector, want int
	}{
		{9, 4, 8},
		{10, 4, 8},
		{14, 4, 12},
		{18, 4, 16},
		{21, 4, 20},
		{23, 4, 20},
		{5, 4, 4},
		{6, 4, 6},   // 4 would take a third
		{7, 4, 7},   // 4 would take three sevenths
		{11, 4, 11}, // 8 would take more than a quarter
		{4, 4, 4},
		{3, 4, 3},
		{32, 4, 32},
		{9, 0, 9}, // no sectors: a CPU device, or complex128
		{9, 1, 9},
	} {
		t.Run(fmt.Sprintf("%d in sectors of %d", tc.tile, tc.sector), func(t *testing.T) {
			if got := sectorTiles(tc.tile, tc.sector); got != tc.want {
				t.Errorf("sectorTiles(%d, %d) = %d, want %d", tc.tile, tc.sector, got, tc.want)
			}
		})
	}
}

// TestSectorTilesInPlans checks which passes of whole plans take tiles of
// whole sectors: the later passes of several over rows of a whole number
// of sectors, on GPUs, in complex64; not first passes, not rows of an odd
// number of sub-transforms, not complex128, not CPU devices, and not with
// Tuning.NoSectorTiles.
func TestSectorTilesInPlans(t *testing.T) {
	cuda := largeLocal(gpuLimits, Tuning{})
	c128 := complex128Of(gpuLimits)
	for _, tc := range []struct {
		name  string
		n     int
		lim   Limits
		tiles []int // each kernel's tile
	}{
		// 216 × 162: the second pass over rows of 216 sub-transforms in
		// tiles of 8 for 9; the first keeps its 14.
		{"later pass, OpenCL", 34992, gpuLimits, []int{14, 8}},
		{"later pass, CUDA", 34992, cuda, []int{14, 8}},
		{"without the rule", 34992, tuned(gpuLimits, Tuning{NoSectorTiles: true}), []int{14, 9}},
		{"complex128", 34992, c128, nil},
		// 117 × 117: rows of 117 sub-transforms hold no whole sector.
		{"rows of an odd length", 13689, gpuLimits, []int{19, 19}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New([]int{64, tc.n}, []int{1}, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			ks := p.Axes[0].Kernels
			if tc.tiles == nil {
				// complex128: the same tiles as without the rule.
				lim := tc.lim
				lim.Tuning.NoSectorTiles = true
				q, err := New([]int{64, tc.n}, []int{1}, lim)
				if err != nil {
					t.Fatal(err)
				}
				for i := range ks {
					if ks[i].Pass.Tile != q.Axes[0].Kernels[i].Pass.Tile {
						t.Errorf("kernel %d: tile %d, want %d as without the rule", i, ks[i].Pass.Tile, q.Axes[0].Kernels[i].Pass.Tile)
					}
				}
				return
			}
			if len(ks) != len(tc.tiles) {
				t.Fatalf("%d kernels, want %d", len(ks), len(tc.tiles))
			}
			for i, k := range ks {
				if k.Pass.Tile != tc.tiles[i] {
					t.Errorf("kernel %d (L %d, NS %d): tile %d, want %d", i, k.Pass.L, k.Pass.NS, k.Pass.Tile, tc.tiles[i])
				}
			}
		})
	}
	t.Run("CPU device", func(t *testing.T) {
		for _, n := range []int{34992, 300000, 4257792} {
			a, err := New([]int{1, n}, []int{1}, cpuLimits)
			if err != nil {
				t.Fatal(err)
			}
			b, err := New([]int{1, n}, []int{1}, tuned(cpuLimits, Tuning{NoSectorTiles: true}))
			if err != nil {
				t.Fatal(err)
			}
			for i := range a.Axes[0].Kernels {
				if !reflect.DeepEqual(a.Axes[0].Kernels[i].Pass, b.Axes[0].Kernels[i].Pass) {
					t.Errorf("N = %d, kernel %d: the rule changed a CPU device's pass", n, i)
				}
			}
		}
	})
}
