package computations

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/computations/internal/device"
)

// h200Limits are the limits of the H200 through OpenCL: 48 KiB of local
// memory and 1024 work-items per work-group, 132 compute units.
var h200Limits = matmulLimits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 1024, ComputeUnits: 132}}

func TestPlanMatmulChoosesTilings(t *testing.T) {
	square := func(batch, side int) matmulShape {
		return matmulShape{batch: batch, m: side, n: side, k: side}
	}
	for _, tc := range []struct {
		name     string
		s        matmulShape
		itemSize int
		complex  bool
		lim      matmulLimits
		want     MatrixMulTiling
	}{
		{"float32 4096", square(1, 4096), 4, false, h200Limits, MatrixMulTiling{128, 128, 8, 8, 8}},
		{"float32 8192", square(1, 8192), 4, false, h200Limits, MatrixMulTiling{128, 128, 8, 8, 8}},
		{"complex64 4096", square(1, 4096), 8, true, h200Limits, MatrixMulTiling{64, 64, 16, 4, 4}},
		{"float64 4096", square(1, 4096), 8, false, h200Limits, MatrixMulTiling{128, 128, 8, 8, 8}},
		{"complex128 4096", square(1, 4096), 16, true, h200Limits, MatrixMulTiling{64, 64, 8, 4, 4}},
		// One work-group per matrix of a batch of small ones.
		{"float32 batch of 64", square(1024, 64), 4, false, h200Limits, MatrixMulTiling{64, 64, 16, 4, 4}},
		// Too few tiles of 128 to fill the device.
		{"float32 1000", square(1, 1000), 4, false, h200Limits, MatrixMulTiling{64, 64, 16, 4, 4}},
		// Too few of any size: the smallest.
		{"float32 200", square(1, 200), 4, false, h200Limits, MatrixMulTiling{32, 32, 8, 4, 4}},
		// Every tile is mostly outside 5×7 matrices: the smallest.
		{"float32 tiny", matmulShape{batch: 1000, m: 5, n: 7, k: 3}, 4, false, h200Limits, MatrixMulTiling{32, 32, 8, 4, 4}},
		// 16 KiB of local memory holds no double-buffered tile of 128 or 64.
		{"small local memory", square(1, 4096), 4, false, matmulLimits{Limits: device.Limits{LocalMemBytes: 16 << 10, MaxWorkGroup: 1024, ComputeUnits: 1}}, MatrixMulTiling{32, 32, 16, 2, 2}},
		// Work-groups of at most 128 work-items.
		{"small work-groups", square(1, 4096), 8, false, matmulLimits{Limits: device.Limits{LocalMemBytes: 32 << 10, MaxWorkGroup: 128, ComputeUnits: 8}}, MatrixMulTiling{32, 32, 8, 4, 4}},
		// A CPU's large work-groups and local memory take the largest tiles.
		{"a CPU", square(1, 4096), 4, false, matmulLimits{Limits: device.Limits{LocalMemBytes: 4 << 20, MaxWorkGroup: 4096, ComputeUnits: 2}}, MatrixMulTiling{128, 128, 8, 8, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := planMatmul(tc.s, tc.itemSize, tc.complex, Float32Precision, false, false, tc.lim, MatrixMulTiling{})
			if err != nil {
				t.Fatal(err)
			}
			if p.MatrixMulTiling != tc.want {
				t.Errorf("tiling %v, want %v", p.MatrixMulTiling, tc.want)
			}
			if p.LocalBytes > tc.lim.localBytes() || p.Items > tc.lim.MaxWorkGroup {
				t.Errorf("plan %+v exceeds the limits %+v", p, tc.lim)
			}
		})
	}
}

func TestPlanMatmulNumbers(t *testing.T) {
	s := matmulShape{batch: 3, m: 300, n: 200, k: 100}
	for _, tc := range []struct {
		name           string
		itemSize       int
		transA, transB bool
		tiling         MatrixMulTiling
		want           matmulPlan
	}{
		{"float32", 4, false, false, MatrixMulTiling{128, 128, 16, 8, 8}, matmulPlan{
			Items: 256, GroupsM: 3, GroupsN: 2, Groups: 18, Slices: 7, VecM: 4, VecN: 4, PadM: 4, PadN: 0,
			LoadsA: 8, LoadsB: 8, LocalBytes: 2 * 16 * (132 + 128) * 4, EdgeM: true, EdgeN: true, EdgeK: true}},
		{"float32 transposed", 4, true, true, MatrixMulTiling{128, 128, 16, 8, 8}, matmulPlan{
			Items: 256, GroupsM: 3, GroupsN: 2, Groups: 18, Slices: 7, VecM: 4, VecN: 4, PadM: 0, PadN: 4,
			LoadsA: 8, LoadsB: 8, LocalBytes: 2 * 16 * (128 + 132) * 4, EdgeM: true, EdgeN: true, EdgeK: true}},
		{"complex64", 8, false, false, MatrixMulTiling{128, 64, 8, 8, 4}, matmulPlan{
			Items: 256, GroupsM: 3, GroupsN: 4, Groups: 36, Slices: 13, VecM: 2, VecN: 2, PadM: 2, PadN: 0,
			LoadsA: 4, LoadsB: 2, LocalBytes: 2 * 8 * (130 + 64) * 8, EdgeM: true, EdgeN: true, EdgeK: true}},
		{"complex128", 16, false, false, MatrixMulTiling{64, 64, 8, 4, 4}, matmulPlan{
			Items: 256, GroupsM: 5, GroupsN: 4, Groups: 60, Slices: 13, VecM: 1, VecN: 1, PadM: 1, PadN: 0,
			LoadsA: 2, LoadsB: 2, LocalBytes: 2 * 8 * (65 + 64) * 16, EdgeM: true, EdgeN: true, EdgeK: true}},
		{"odd items", 4, false, false, MatrixMulTiling{32, 16, 8, 4, 1}, matmulPlan{
			Items: 128, GroupsM: 10, GroupsN: 13, Groups: 390, Slices: 13, VecM: 4, VecN: 1, PadM: 4, PadN: 0,
			LoadsA: 2, LoadsB: 1, LocalBytes: 2 * 8 * (36 + 16) * 4, EdgeM: true, EdgeN: true, EdgeK: true}},
		// 300 rows, 200 columns and an inner dimension of 100 divide into
		// whole tiles of 20, 40 and 4: no index is checked.
		{"whole tiles", 4, false, false, MatrixMulTiling{20, 40, 4, 5, 10}, matmulPlan{
			Items: 16, GroupsM: 15, GroupsN: 5, Groups: 225, Slices: 25, VecM: 1, VecN: 2, PadM: 1, PadN: 0,
			LoadsA: 5, LoadsB: 10, LocalBytes: 2 * 4 * (21 + 40) * 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := planMatmul(s, tc.itemSize, false, Float32Precision, tc.transA, tc.transB, h200Limits, tc.tiling)
			if err != nil {
				t.Fatal(err)
			}
			tc.want.MatrixMulTiling = tc.tiling
			if p != tc.want {
				t.Errorf("plan\n%+v, want\n%+v", p, tc.want)
			}
		})
	}
}

func TestPlanMatmulErrors(t *testing.T) {
	square := matmulShape{batch: 1, m: 64, n: 64, k: 64}
	for _, tc := range []struct {
		name     string
		s        matmulShape
		itemSize int
		lim      matmulLimits
		tiling   MatrixMulTiling
		want     string
	}{
		{"zero", square, 4, h200Limits, MatrixMulTiling{BlockM: 64}, "positive"},
		{"not multiples", square, 4, h200Limits, MatrixMulTiling{64, 60, 8, 4, 8}, "multiples"},
		{"too many work-items", square, 4, h200Limits, MatrixMulTiling{128, 128, 16, 2, 2}, "more than the device's 1024"},
		{"loads", square, 4, h200Limits, MatrixMulTiling{32, 32, 4, 1, 1}, "do not divide"},
		{"local memory", square, 16, h200Limits, MatrixMulTiling{256, 256, 16, 16, 16}, "local memory"},
		{"nothing fits", square, 4, matmulLimits{Limits: device.Limits{LocalMemBytes: 1 << 10, MaxWorkGroup: 1024, ComputeUnits: 1}}, MatrixMulTiling{}, "no tiling"},
		{"slices past an int32", matmulShape{batch: 1, m: 1, n: 1, k: 1 << 40}, 4, h200Limits, MatrixMulTiling{32, 32, 8, 4, 4}, "more than the kernel counts"},
		{"work-groups too small", square, 4, matmulLimits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 32, ComputeUnits: 1}}, MatrixMulTiling{}, "no tiling"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := planMatmul(tc.s, tc.itemSize, false, Float32Precision, false, false, tc.lim, tc.tiling)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestVectorWidth(t *testing.T) {
	for _, tc := range []struct{ items, maxVec, want int }{
		{8, 4, 4}, {4, 4, 4}, {2, 4, 2}, {6, 4, 2}, {3, 4, 1}, {8, 2, 2}, {8, 1, 1},
	} {
		if got := vectorWidth(tc.items, tc.maxVec); got != tc.want {
			t.Errorf("vectorWidth(%d, %d) = %d, want %d", tc.items, tc.maxVec, got, tc.want)
		}
	}
}

// TestPlanMatmulCUDAVectors checks that a CUDA device gets the plan an
// OpenCL device with the same limits gets, vector reads of local memory
// included (its kernel names CUDA's components).
func TestPlanMatmulCUDAVectors(t *testing.T) {
	cuda := h200Limits
	cuda.CUDA = true
	for _, itemSize := range []int{4, 8, 16} {
		s := matmulShape{batch: 2, m: 1000, n: 1000, k: 1000}
		want, err := planMatmul(s, itemSize, itemSize == 8, Float32Precision, false, false, h200Limits, MatrixMulTiling{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := planMatmul(s, itemSize, itemSize == 8, Float32Precision, false, false, cuda, MatrixMulTiling{})
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%d-byte elements: CUDA's plan %+v, OpenCL's %+v", itemSize, got, want)
		}
		if itemSize < 16 && got.VecM == 1 {
			t.Errorf("%d-byte elements: local memory read element by element", itemSize)
		}
	}
}
