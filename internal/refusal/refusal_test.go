package refusal

import (
	"errors"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		err    error
		values []any
		clear  bool
	}{
		{"names a length", errors.New("pkg: Thing: shape [3 -1] has a negative dimension"), []any{[]int{3, -1}}, true},
		{"names a dtype", errors.New("pkg: Thing: int8 is not a float dtype"), []any{"int8"}, true},
		{"no error", nil, []any{1}, false},
		{"another prefix", errors.New("other: Thing: bad 3"), []any{3}, false},
		{"nested prefixes", errors.New("pkg: Thing: pkg: Inner: bad 3"), []any{3}, false},
		{"a prefix inside a word", errors.New("pkg: Thing: render xpkg: bad 3"), []any{3}, true},
		{"another package's error nested", errors.New("pkg: Thing: core: render: bad 3"), []any{3}, false},
		{"another package's prefix inside a word", errors.New("pkg: Thing: encore: bad 3"), []any{3}, true},
		{"names nothing", errors.New("pkg: Thing: bad input"), []any{3, "int8"}, false},
		{"a part of a word", errors.New("pkg: Thing: length 31 is odd"), []any{3}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := Check(tc.err, "pkg: ", "pkg: Thing", tc.values...); (err == nil) != tc.clear {
				t.Errorf("Check(%v) = %v, want clear %v", tc.err, err, tc.clear)
			}
		})
	}
}

func TestPrefixes(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want int
	}{
		{"fft: FFT: bad 3", 1},
		{"fft: fft: FFT: bad 3", 2},
		{"core: render rfft: fft: RFFT: bad 3", 1},
		{"core: render rfft: bad 3", 0},
	} {
		if got := Prefixes(tc.msg, "fft: "); got != tc.want {
			t.Errorf("Prefixes(%q) = %d, want %d", tc.msg, got, tc.want)
		}
	}
}
