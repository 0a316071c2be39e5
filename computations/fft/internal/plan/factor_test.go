package plan

import (
	"slices"
	"testing"
)

func product(xs []int) int {
	p := 1
	for _, x := range xs {
		p *= x
	}
	return p
}

func TestRadices(t *testing.T) {
	tests := []struct {
		n    int
		want []int
	}{
		{1, nil},
		{2, []int{2}},
		{16, []int{16}},
		{4096, []int{16, 16, 16}},
		{2048, []int{16, 16, 8}},
		{1000, []int{10, 10, 10}},
		{6144, []int{16, 16, 12, 2}},
		{2187, []int{9, 9, 9, 3}},
		{13 * 11 * 7, []int{13, 11, 7}},
	}
	for _, tt := range tests {
		got := radices(tt.n)
		if !slices.Equal(got, tt.want) {
			t.Errorf("radices(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
	for n := 1; n <= 5000; n++ {
		if !isSmooth(n, maxPrimeRadix) {
			continue
		}
		rs := radices(n)
		if product(rs) != n {
			t.Fatalf("radices(%d) = %v: product %d", n, rs, product(rs))
		}
		for _, r := range rs {
			if r > maxRadix || r < 2 {
				t.Fatalf("radices(%d) = %v: radix %d out of range", n, rs, r)
			}
		}
	}
}

func TestBluesteinLength(t *testing.T) {
	tests := []struct {
		n    int
		pow2 bool
		want int
	}{
		{17, false, 32}, {97, false, 192}, {1009, false, 2016}, {65537, false, 131072}, {2, false, 2},
		{17, true, 32}, {97, true, 256}, {1009, true, 2048}, {4093, true, 8192},
	}
	for _, tt := range tests {
		if got := bluesteinLength(tt.n, tt.pow2); got != tt.want {
			t.Errorf("bluesteinLength(%d, %v) = %d, want %d", tt.n, tt.pow2, got, tt.want)
		}
	}
	for n := 2; n < 3000; n++ {
		m := bluesteinLength(n, false)
		if m < 2*n-2 || !isSmooth(m, 7) {
			t.Fatalf("bluesteinLength(%d, false) = %d", n, m)
		}
		if p := bluesteinLength(n, true); p < m || p&(p-1) != 0 {
			t.Fatalf("bluesteinLength(%d, true) = %d, shorter than %d or not a power of two", n, p, m)
		}
	}
}

func TestSplitLength(t *testing.T) {
	tests := []struct {
		n, maxL int
		want    []int
	}{
		{4096, 4096, []int{4096}},
		{1 << 20, 1024, []int{1024, 1024}},
		{1 << 24, 512, []int{256, 256, 256}},
		{100000, 512, []int{400, 250}},
	}
	for _, tt := range tests {
		got := splitLength(tt.n, tt.maxL)
		if !slices.Equal(got, tt.want) {
			t.Errorf("splitLength(%d, %d) = %v, want %v", tt.n, tt.maxL, got, tt.want)
		}
		if product(got) != tt.n {
			t.Errorf("product of %v is not %d", got, tt.n)
		}
	}
}
