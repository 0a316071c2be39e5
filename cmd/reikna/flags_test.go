package main

import (
	"flag"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		args []string
		pos  []string
		inv  bool
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, false},
		{[]string{"--inverse", "a", "b"}, []string{"a", "b"}, true},
		{[]string{"a", "--inverse", "b"}, []string{"a", "b"}, true},
		{[]string{"a", "b", "--inverse"}, []string{"a", "b"}, true},
		{[]string{"a", "-", "--inverse"}, []string{"a", "-"}, true},
		{[]string{"--", "--inverse", "b"}, []string{"--inverse", "b"}, false},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		inv := fs.Bool("inverse", false, "")
		pos, err := parseArgs(fs, tt.args)
		if err != nil || !slices.Equal(pos, tt.pos) || *inv != tt.inv {
			t.Errorf("parseArgs(%q) = %q, %v, inverse %v; want %q, inverse %v", tt.args, pos, err, *inv, tt.pos, tt.inv)
		}
	}
}

// TestNumberFlags checks that a numeric flag given a value it cannot take
// says what it takes, where package flag says only "parse error", and
// that good values still parse.
func TestNumberFlags(t *testing.T) {
	bad := []clitest.ErrorCase{
		{[]string{"render", "cbrng", "--seed", "-1"}, `invalid value "-1" for flag -seed: want a whole number from 0 to 2^64-1 (18446744073709551615)`},
		{[]string{"render", "cbrng", "--seed", "18446744073709551616"}, "for flag -seed: out of range: want a whole number from 0 to 2^64-1"},
		{[]string{"render", "cbrng", "--seed", "seven"}, "for flag -seed: want a whole number from 0 to 2^64-1"},
		{[]string{"render", "dht", "--order", "1.5"}, "for flag -order: want a whole number from -9223372036854775808 to 9223372036854775807"},
		{[]string{"render", "dht", "--order", "1e100"}, "for flag -order: want a whole number"},
		{[]string{"render", "dht", "--order", "99999999999999999999"}, "for flag -order: out of range: want a whole number"},
		{[]string{"fft", "--tol", "x", "in.txt", "out.txt"}, "for flag -tol: want a number"},
		{[]string{"fft", "--tol", "1e999", "in.txt", "out.txt"}, "for flag -tol: out of range: want a number of magnitude at most"},
		{[]string{"bench", "--runs", "many"}, "for flag -runs: want a whole number"},
		{[]string{"bench", "--mib", "lots"}, "for flag -mib: want a number"},
	}
	tool.Errors(t, bad)
	for _, tc := range []struct {
		value string
		want  uint64
	}{{"0", 0}, {"7", 7}, {"0x10", 16}, {"18446744073709551615", 1<<64 - 1}} {
		t.Run("seed "+tc.value, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			var seed uint64
			cliutil.NumberVar(fs, &seed, "seed", 3, "")
			if seed != 3 {
				t.Errorf("default %d, want 3", seed)
			}
			if err := fs.Parse([]string{"--seed", tc.value}); err != nil || seed != tc.want {
				t.Errorf("--seed %s: %d, %v; want %d", tc.value, seed, err, tc.want)
			}
		})
	}
}
