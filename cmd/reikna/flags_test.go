package main

import (
	"bytes"
	"flag"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
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

func TestNum(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0", 0.012345: "0.0123", 1.2345: "1.23", 12.345: "12.3", 123.45: "123", 12345: "12345",
		9.9996: "10.0", 0.99996: "1.00",
	} {
		if got := num(v); got != want {
			t.Errorf("num(%v) = %q, want %q", v, got, want)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the progress bar's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestProgress(t *testing.T) {
	if p := startProgress(&bytes.Buffer{}, 3); p != nil {
		t.Error("a progress bar on a writer that is not a terminal")
	}
	var nilBar *progress
	nilBar.Step(1, "nothing") // a nil bar does nothing
	nilBar.Finish()

	var w syncBuffer
	p := newProgress(&w, 4, 0, time.Millisecond)
	p.Step(2, "N = 1024: device "+strings.Repeat("x", 100))
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(w.String(), "2/4") && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	p.Finish()
	out := w.String()
	lines := strings.Split(out, "\r")
	if !strings.HasPrefix(out, "\r[============>           ] 2/4 N = 1024: device xxx") {
		t.Errorf("the bar is drawn as %q", lines[1])
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > 79 {
			t.Errorf("a line of %d characters would wrap: %q", n, l)
		}
	}
	if !strings.HasSuffix(out, fmt.Sprintf("\r%s\r", strings.Repeat(" ", len([]rune(lines[len(lines)-3]))))) {
		t.Errorf("Finish does not clear the line: %q", out[max(0, len(out)-100):])
	}
}

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
			got, err := parseAxes(tt.in, tt.rank)
			if tt.err == "" && (err != nil || !slices.Equal(got, tt.want)) {
				t.Errorf("got %v, %v; want %v", got, err, tt.want)
			}
			if tt.err != "" && (err == nil || err.Error() != tt.err) {
				t.Errorf("got %v, %v; want the error %q", got, err, tt.err)
			}
		})
	}
}

// TestNumberFlags checks that a numeric flag given a value it cannot take
// says what it takes, where package flag says only "parse error", and
// that good values still parse.
func TestNumberFlags(t *testing.T) {
	bad := []errorCase{
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
	checkErrors(t, bad)
	for _, tc := range []struct {
		value string
		want  uint64
	}{{"0", 0}, {"7", 7}, {"0x10", 16}, {"18446744073709551615", 1<<64 - 1}} {
		t.Run("seed "+tc.value, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			var seed uint64
			numberVar(fs, &seed, "seed", 3, "")
			if seed != 3 {
				t.Errorf("default %d, want 3", seed)
			}
			if err := fs.Parse([]string{"--seed", tc.value}); err != nil || seed != tc.want {
				t.Errorf("--seed %s: %d, %v; want %d", tc.value, seed, err, tc.want)
			}
		})
	}
}
