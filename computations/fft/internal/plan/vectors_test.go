package plan

import (
	"fmt"
	"slices"
	"testing"
)

// TestVectorRows checks the CPU device's rule of the vector kernel
// (vectorPays): rows from vectorFromOf whose prime factors are at most
// maxVectorRadix, as many a work-item as VectorRows (the last work-item
// fewer) within vectorRowBytes, one pass of stages of those factors,
// complex64 and complex128; and the transforms that keep their plans:
// shorter or longer rows, larger factors, columns (an axis with elements
// after it), the halves of
// real transforms, plans without looped passes (a fused convolution's)
// or with Tuning.NoVectorRows, and GPUs.
func TestVectorRows(t *testing.T) {
	for _, tc := range []struct {
		name   string
		shape  []int
		axis   int
		lim    Limits
		vector bool
	}{
		{"16", []int{4, 16}, 1, cpuLimits, true},
		{"32", []int{100, 32}, 1, cpuLimits, true},
		{"64", []int{3, 64}, 1, cpuLimits, true},
		{"128 of a 3-D array", []int{2, 3, 128}, 2, cpuLimits, true},
		{"256", []int{5, 256}, 1, cpuLimits, true},
		{"8: two rows a work-item", []int{4, 8}, 1, cpuLimits, true},
		{"8 over an odd number of rows", []int{5, 8}, 1, cpuLimits, true},
		{"4: four rows a work-item", []int{4, 4}, 1, cpuLimits, true},
		{"3: eight rows a work-item", []int{20, 3}, 1, cpuLimits, true},
		{"512: above vectorRowBytes", []int{4, 512}, 1, cpuLimits, false},
		{"4 in complex128: below vectorFromOf", []int{6, 4}, 1, complex128Of(cpuLimits), false},
		{"16 in complex128", []int{6, 16}, 1, complex128Of(cpuLimits), true},
		{"128 in complex128", []int{3, 128}, 1, complex128Of(cpuLimits), true},
		{"256 in complex128: above vectorRowBytes", []int{3, 256}, 1, complex128Of(cpuLimits), false},
		{"48 = 3·2^4", []int{4, 48}, 1, cpuLimits, true},
		{"12: four rows a work-item", []int{8, 12}, 1, cpuLimits, true},
		{"12 over 6 rows: the last work-item 2 of 4", []int{6, 12}, 1, cpuLimits, true},
		{"60 = 5·3·2²", []int{8, 60}, 1, cpuLimits, true},
		{"240 = 5·3·2⁴", []int{3, 240}, 1, cpuLimits, true},
		{"28 = 7·2²", []int{8, 28}, 1, cpuLimits, true},
		{"22 = 11·2: a factor above maxVectorRadix", []int{8, 22}, 1, cpuLimits, false},
		{"100: four rows a work-item past vectorRowBytes", []int{8, 100}, 1, cpuLimits, false},
		{"64 over columns", []int{64, 3}, 0, cpuLimits, false},
		{"64, a real transform's half", []int{4, 64}, 1, realEnds(cpuLimits), false},
		{"64 with NoLooped", []int{4, 64}, 1, tuned(cpuLimits, Tuning{NoLooped: true}), false},
		{"64 with NoVectorRows", []int{4, 64}, 1, tuned(cpuLimits, Tuning{NoVectorRows: true}), false},
		{"64 with NoLanes", []int{4, 64}, 1, tuned(cpuLimits, Tuning{NoLanes: true}), false},
		{"64 on a GPU", []int{4, 64}, 1, gpuLimits, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.shape, []int{tc.axis}, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			a := p.Axes[0]
			vectors := 0
			for _, k := range a.Kernels {
				if k.Pass.Vectors > 0 {
					vectors++
				}
			}
			if !tc.vector {
				if vectors > 0 {
					t.Errorf("%d vector kernels, want none: %s", vectors, summary(a.Kernels[0]))
				}
				return
			}
			if len(a.Kernels) != 1 || vectors != 1 {
				t.Fatalf("%d kernels, %d of them vector kernels; want one: %s", len(a.Kernels), vectors, summary(a.Kernels[0]))
			}
			k := a.Kernels[0]
			n := tc.shape[tc.axis]
			values := vectorValuesOf(tc.lim.ItemSize)
			if p := k.Pass; p.Vectors != values || p.L != n || p.N != n || !slices.Equal(p.Radices, vectorRadices(n)) || p.Tile != p.WG*p.VectorRows() || p.WG != min(privateWG, (a.Outer+p.VectorRows()-1)/p.VectorRows()) {
				t.Errorf("pass %+v: want %d values a vector, L = N = %d in stages %v, VectorRows rows a work-item", p, values, n, vectorRadices(n))
			}
			if err := checkAxis(a, tc.shape, tc.lim, tc.lim.budget().localBytes); err != nil {
				t.Error(err)
			}
		})
	}
}

// checkVectors checks a kernel's pass of the vector kernel: on a CPU, a
// whole transform from vectorFromOf points in stages of its prime factors
// (at most maxVectorRadix), contiguous rows, VectorRows of them a
// work-item within vectorRowBytes, vectors of vectorBytes, and no tables.
func checkVectors(k Kernel, lim Limits) error {
	p := k.Pass
	if !lim.CPU || p.Vectors != vectorValuesOf(lim.ItemSize) {
		return fmt.Errorf("a vector kernel of %d values a vector on a CPU %v, values of %d bytes", p.Vectors, lim.CPU, lim.ItemSize)
	}
	rows := p.VectorRows()
	if p.L != p.N || p.NS != 1 || p.N < vectorFromOf(lim.ItemSize) || rows*p.N*lim.ItemSize > vectorRowBytes || k.Inner != 1 {
		return fmt.Errorf("a vector kernel of %d points of %d after %d, %d rows a work-item of %d, %d elements after the axis", p.L, p.N, p.NS, rows, k.Outer, k.Inner)
	}
	if !p.Private || p.TT != 1 || p.E != p.L || p.Tile != p.WG*rows || p.WG > privateWG || p.Lanes > 1 || p.Looped {
		return fmt.Errorf("a vector kernel of %d work-items, tile %d, %d elements, lanes %d, looped %v", p.WG, p.Tile, p.E, p.Lanes, p.Looped)
	}
	product := 1
	for _, r := range p.Radices {
		product *= r
		if r > maxVectorRadix || rows*p.N%(r*p.Vectors) != 0 {
			return fmt.Errorf("a vector kernel of radices %v over %d rows of %d", p.Radices, rows, p.N)
		}
	}
	if product != p.N {
		return fmt.Errorf("a vector kernel of radices %v for %d points", p.Radices, p.N)
	}
	if t := k.Tables; t.Stages.Kind != NoTable || t.PassLo.Kind != NoTable || t.PassHi.Kind != NoTable {
		return fmt.Errorf("a vector kernel with tables %+v", t)
	}
	return nil
}
