package lab

import (
	"slices"
	"testing"
)

func TestParseSizes(t *testing.T) {
	tests := []struct {
		in   string
		want []int
	}{
		{"16-128", []int{16, 32, 64, 128}},
		{"1000", []int{1000}},
		{"100,1000, 2^10", []int{100, 1000, 1024}},
		{"2^4-2^6,7", []int{16, 32, 64, 7}},
		{"3-20", []int{3, 6, 12}},
	}
	for _, tt := range tests {
		got, err := parseSizes(tt.in)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("parseSizes(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "x", "2^99", "3^4", "-5", "8-4", "16-"} {
		if got, err := parseSizes(bad); err == nil {
			t.Errorf("parseSizes(%q) = %v, want an error", bad, got)
		}
	}
}
