package cliutil

import (
	"fmt"
	"slices"
	"testing"
)

func TestParseAxes(t *testing.T) {
	tests := []struct {
		in   string
		rank int
		want []int
		err  string
	}{
		{"", 3, []int{0, 1, 2}, ""},
		{"1", 2, []int{1}, ""},
		{"2,0", 3, []int{2, 0}, ""},
		{"1", 1, nil, "--axes 1: the data has one axis, 0"},
		{"0,3", 3, nil, "--axes 0,3: the data has axes 0 to 2"},
		{"0,0", 2, nil, "--axes 0,0: axis 0 is repeated"},
		{"a", 2, nil, `--axes a: "a" is not a whole number`},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q of rank %d", tt.in, tt.rank), func(t *testing.T) {
			got, err := ParseAxes(tt.in, tt.rank)
			if tt.err == "" && (err != nil || !slices.Equal(got, tt.want)) {
				t.Errorf("got %v, %v; want %v", got, err, tt.want)
			}
			if tt.err != "" && (err == nil || err.Error() != tt.err) {
				t.Errorf("got %v, %v; want the error %q", got, err, tt.err)
			}
		})
	}
}
