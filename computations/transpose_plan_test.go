package computations

import (
	"fmt"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/computations/internal/device"
)

// gpuLimits are the limits of a GPU like those the tiled plans are made
// for.
var gpuLimits = transposeLimits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 1024}}

// applyRotations returns the order of axes that the batched transposes ops
// make from the identity order of r axes.
func applyRotations(r int, ops [][2]int) []int {
	cur := arrayparam.AllAxes(r)
	for _, op := range ops {
		cur = slices.Concat(cur[:op[0]], cur[op[1]:], cur[op[0]:op[1]])
	}
	return cur
}

func TestFewestRotations(t *testing.T) {
	for _, tc := range []struct {
		perm []int
		want int
	}{
		{[]int{0, 1, 2}, 0},
		{[]int{1, 0}, 1},
		{[]int{0, 2, 1}, 1},
		{[]int{1, 2, 0}, 1},
		{[]int{2, 0, 1}, 1},
		{[]int{1, 0, 2}, 2},
		{[]int{2, 1, 0}, 2},
		{[]int{3, 2, 1, 0}, 3},
		{[]int{0, 3, 1, 2}, 1},
		{[]int{7, 6, 5, 4, 3, 2, 1, 0}, 6},
		{[]int{1, 0, 3, 2, 5, 4, 7, 6, 9, 8}, -1}, // above maxSearchRank
	} {
		t.Run(fmt.Sprint(tc.perm), func(t *testing.T) {
			ops := fewestRotations(tc.perm)
			if got := applyRotations(len(tc.perm), ops); !slices.Equal(got, tc.perm) {
				t.Fatalf("the passes %v make %v", ops, got)
			}
			if tc.want >= 0 && len(ops) != tc.want {
				t.Errorf("%d passes %v, want %d", len(ops), ops, tc.want)
			}
		})
	}
}

func TestMergePermutation(t *testing.T) {
	for _, tc := range []struct {
		shape, perm     []int
		wantShape       []int
		wantPerm        []int
		wantIn, wantOut []int
	}{
		{[]int{3, 4, 5}, []int{2, 0, 1}, []int{12, 5}, []int{1, 0}, []int{0, 2, 3}, []int{0, 1, 3}},
		{[]int{3, 4, 5}, []int{0, 1, 2}, []int{60}, []int{0}, []int{0, 3}, []int{0, 3}},
		{[]int{6, 1, 5}, []int{2, 1, 0}, []int{6, 5}, []int{1, 0}, []int{0, 2, 3}, []int{0, 2, 3}},
		{[]int{1, 9, 1, 11}, []int{3, 2, 0, 1}, []int{9, 11}, []int{1, 0}, []int{0, 3, 4}, []int{0, 3, 4}},
		{[]int{2, 3, 4, 5}, []int{2, 3, 0, 1}, []int{6, 20}, []int{1, 0}, []int{0, 2, 4}, []int{0, 2, 4}},
		{[]int{1, 1}, []int{1, 0}, nil, nil, []int{2}, []int{2}},
	} {
		t.Run(fmt.Sprint(tc.shape, tc.perm), func(t *testing.T) {
			m := mergePermutation(tc.shape, tc.perm)
			if !slices.Equal(m.shape, tc.wantShape) || !slices.Equal(m.perm, tc.wantPerm) ||
				!slices.Equal(m.inStart, tc.wantIn) || !slices.Equal(m.outStart, tc.wantOut) {
				t.Errorf("got shape %v perm %v inStart %v outStart %v, want %v %v %v %v",
					m.shape, m.perm, m.inStart, m.outStart, tc.wantShape, tc.wantPerm, tc.wantIn, tc.wantOut)
			}
		})
	}
}

func TestPlanTranspose(t *testing.T) {
	cpu := gpuLimits
	cpu.tiledBytes = cpuTiledBytes
	small := gpuLimits
	small.LocalMemBytes = 16 * 17 * 8
	for _, tc := range []struct {
		name     string
		shape    []int
		perm     []int
		itemSize int
		lim      transposeLimits
		gather   bool
		rows     int
		passes   []transposePass
	}{
		{name: "cpu", shape: []int{64, 64}, perm: []int{1, 0}, itemSize: 4, lim: cpu, gather: true},
		{name: "cpu, large", shape: []int{512, 512}, perm: []int{1, 0}, itemSize: 4, lim: cpu, rows: 8,
			passes: []transposePass{{batch: 1, height: 512, width: 512, tile: 32, srcGroups: []int{1, 1}, dstGroups: []int{1, 1}}}},
		{name: "identity", shape: []int{64, 64}, perm: []int{0, 1}, itemSize: 4, lim: gpuLimits, gather: true},
		{name: "long rows stay", shape: []int{8, 8, 32}, perm: []int{1, 0, 2}, itemSize: 4, lim: gpuLimits, gather: true},
		{name: "2-d", shape: []int{100, 300}, perm: []int{1, 0}, itemSize: 8, lim: gpuLimits, rows: 8,
			passes: []transposePass{{batch: 1, height: 100, width: 300, tile: 32, srcGroups: []int{1, 1}, dstGroups: []int{1, 1}}}},
		{name: "small local memory", shape: []int{100, 300}, perm: []int{1, 0}, itemSize: 8, lim: small, rows: 8,
			passes: []transposePass{{batch: 1, height: 100, width: 300, tile: 16, srcGroups: []int{1, 1}, dstGroups: []int{1, 1}}}},
		{name: "merged", shape: []int{256, 256, 256}, perm: []int{2, 0, 1}, itemSize: 8, lim: gpuLimits, rows: 8,
			passes: []transposePass{{batch: 1, height: 65536, width: 256, tile: 32, srcGroups: []int{2, 1}, dstGroups: []int{1, 2}}}},
		{name: "batched", shape: []int{7, 30, 40}, perm: []int{0, 2, 1}, itemSize: 4, lim: gpuLimits, rows: 8,
			passes: []transposePass{{batch: 7, height: 30, width: 40, tile: 32, srcGroups: []int{1, 1, 1}, dstGroups: []int{1, 1, 1}}}},
		{name: "small matrices", shape: []int{1000, 12, 10}, perm: []int{0, 2, 1}, itemSize: 8, lim: gpuLimits, rows: 8,
			passes: []transposePass{{batch: 1000, height: 12, width: 10, tile: 16, srcGroups: []int{1, 1, 1}, dstGroups: []int{1, 1, 1}}}},
		{name: "two passes", shape: []int{5, 6, 2}, perm: []int{1, 0, 2}, itemSize: 4, lim: gpuLimits, rows: 8,
			passes: []transposePass{
				{batch: 1, height: 5, width: 12, tile: 8, srcGroups: []int{1, 2}, dstGroups: []int{2, 1}, dstShape: []int{6, 2, 5}},
				{batch: 6, height: 2, width: 5, tile: 8, srcGroups: []int{1, 1, 1}, dstGroups: []int{1, 1, 1}},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := planTranspose(tc.shape, tc.perm, tc.itemSize, tc.lim)
			if p.gather != tc.gather || p.rows != tc.rows || len(p.passes) != len(tc.passes) {
				t.Fatalf("got %+v, want gather %v, rows %d, passes %+v", p, tc.gather, tc.rows, tc.passes)
			}
			for i, got := range p.passes {
				want := tc.passes[i]
				if got.batch != want.batch || got.height != want.height || got.width != want.width || got.tile != want.tile ||
					!slices.Equal(got.srcGroups, want.srcGroups) || !slices.Equal(got.dstGroups, want.dstGroups) ||
					!slices.Equal(got.dstShape, want.dstShape) {
					t.Errorf("pass %d is %+v, want %+v", i, got, want)
				}
			}
		})
	}
}

func TestTransposeTile(t *testing.T) {
	for _, tc := range []struct {
		itemSize     int
		localBytes   int64
		maxWorkGroup int
		tile, rows   int
	}{
		{4, 48 << 10, 1024, 32, 8},
		{16, 48 << 10, 1024, 32, 8},
		{16, 16 << 10, 1024, 16, 8},
		{8, 48 << 10, 128, 32, 4},
		{8, 48 << 10, 8, 8, 1},
		{16, 512, 1024, 0, 0},
	} {
		t.Run(fmt.Sprint(tc.itemSize, tc.localBytes, tc.maxWorkGroup), func(t *testing.T) {
			tile, rows := transposeTile(tc.itemSize, transposeLimits{Limits: device.Limits{LocalMemBytes: tc.localBytes, MaxWorkGroup: tc.maxWorkGroup}})
			if tile != tc.tile || rows != tc.rows {
				t.Errorf("got tile %d, rows %d, want %d, %d", tile, rows, tc.tile, tc.rows)
			}
		})
	}
}
