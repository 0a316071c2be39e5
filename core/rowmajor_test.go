package core_test

import (
	"slices"
	"testing"

	"github.com/reikna-go/reikna/core"
)

func TestRowMajorIndices(t *testing.T) {
	tests := []struct {
		name string
		dims []int
		want []string
	}{
		{"no axes", nil, []string{}},
		{"one axis", []int{7}, []string{"(VSIZE_T)(f)"}},
		{"two axes", []int{3, 4}, []string{"((VSIZE_T)(f) / 4)", "((VSIZE_T)(f) % 4)"}},
		{"three axes", []int{2, 3, 4}, []string{"((VSIZE_T)(f) / 12)", "(((VSIZE_T)(f) / 4) % 3)", "((VSIZE_T)(f) % 4)"}},
		{"axes of length 1", []int{1, 3, 1, 4}, []string{"0", "(((VSIZE_T)(f) / 4) % 3)", "0", "((VSIZE_T)(f) % 4)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := core.RowMajorIndices("f", tt.dims); !slices.Equal(got, tt.want) {
				t.Errorf("RowMajorIndices(f, %v) = %q, want %q", tt.dims, got, tt.want)
			}
		})
	}
}

func TestIndexNames(t *testing.T) {
	if got, want := core.IndexNames(3), []string{"_idx0", "_idx1", "_idx2"}; !slices.Equal(got, want) {
		t.Errorf("IndexNames(3) = %q, want %q", got, want)
	}
	if got := core.IndexName(2); got != "_idx2" {
		t.Errorf("IndexName(2) = %q, want _idx2", got)
	}
}
