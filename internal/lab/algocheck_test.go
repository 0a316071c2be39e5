package lab

import (
	"slices"
	"strings"
	"testing"
)

// TestAlgoCheck checks the host references of the algorithm cases on a
// 2×3 input whose results are written out by hand: the right output
// passes, and the same output with one element changed fails.
func TestAlgoCheck(t *testing.T) {
	shape := []int{2, 3}
	in := []float32{1, 2, 3, 4, 5, 6}
	for _, tt := range []struct {
		name string
		c    algoCase
		want []float32
	}{
		{"transpose", algoCase{kind: algoPermute, axes: []int{1, 0}}, []float32{1, 4, 2, 5, 3, 6}},
		{"identity", algoCase{kind: algoPermute, axes: []int{0, 1}}, []float32{1, 2, 3, 4, 5, 6}},
		{"fftshift", algoCase{kind: algoFFTShift}, []float32{6, 4, 5, 3, 1, 2}},
		{"sum", algoCase{kind: algoSum}, []float32{21}},
		{"sum rows", algoCase{kind: algoSum, axes: []int{1}}, []float32{6, 15}},
		{"sum columns", algoCase{kind: algoSum, axes: []int{0}}, []float32{5, 7, 9}},
		{"cumsum rows", algoCase{kind: algoCumsum}, []float32{1, 3, 6, 4, 9, 15}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.c.check(shape, in, tt.want, 1); err != nil {
				t.Errorf("the right output fails: %v", err)
			}
			half := make([]float32, len(tt.want))
			for i, v := range tt.want {
				half[i] = v / 2
			}
			if err := tt.c.check(shape, in, half, 0.5); err != nil {
				t.Errorf("the right output of the scaled input fails: %v", err)
			}
			if err := tt.c.check(shape, in, tt.want, 0.5); err == nil {
				t.Errorf("the unscaled output passes as the output of the scaled input")
			}
			for i := range tt.want {
				wrong := slices.Clone(tt.want)
				wrong[i] += 1
				if err := tt.c.check(shape, in, wrong, 1); err == nil {
					t.Errorf("an output with element %d changed passes", i)
				}
			}
		})
	}
	if err := (algoCase{kind: algoSum}).check(shape, []int32{1}, []int32{1}, 1); err == nil || !strings.Contains(err.Error(), "no host reference") {
		t.Errorf("int32 values: got %v, want an error", err)
	}
}

// TestAlgoSizedShape checks how --mib shrinks the cases.
func TestAlgoSizedShape(t *testing.T) {
	for _, tt := range []struct {
		shape []int
		mib   float64
		want  []int
	}{
		{[]int{8192, 8192}, algoFullMiB, []int{8192, 8192}},
		{[]int{8192, 8192}, 8, []int{128, 8192}},
		{[]int{8192, 8192}, 1, []int{16, 8192}},
		{[]int{8192, 8192}, 0.01, []int{16, 64}},
		{[]int{8192, 8192}, 0.001, []int{16, 16}},
		{[]int{256, 256, 256}, 1, []int{16, 16, 128}},
		{[]int{1 << 27}, 1, []int{1 << 18}},
	} {
		c := algoCase{shape: tt.shape}
		if got := c.sizedShape(tt.mib); !slices.Equal(got, tt.want) {
			t.Errorf("%v at %g MiB: %v, want %v", tt.shape, tt.mib, got, tt.want)
		}
	}
}
