package main

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in   string
		bits int
		want float64
		err  string
	}{
		{"1", 32, 1, ""},
		{"-2.5e3", 64, -2500, ""},
		{"0.1", 32, float64(float32(0.1)), ""},
		{"0.1", 64, 0.1, ""},
		{"3.4028235e38", 32, math.MaxFloat32, ""},
		{"1e39", 64, 1e39, ""},
		{"1e-50", 32, 0, ""},        // rounds to zero, as on the device
		{"1e-45", 32, 0x1p-149, ""}, // the smallest subnormal
		{"1e39", 32, 0, "out of the range of float32"},
		{"-3.5e38", 32, 0, "out of the range of float32"},
		{"1e999", 64, 0, "out of the range of float64"},
		{"0x1p128", 32, 0, "out of the range of float32"},
		{"Inf", 64, 0, "not a finite number"},
		{"-infinity", 32, 0, "not a finite number"},
		{"NaN", 32, 0, "not a finite number"},
		{"1.2.3", 64, 0, "not a number"},
		{"", 64, 0, "not a number"},
	}
	for _, tt := range tests {
		got, err := parseNumber(tt.in, tt.bits)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("parseNumber(%q, %d) = %v, %v; want %v", tt.in, tt.bits, got, err, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), strconv.Quote(tt.in))):
			t.Errorf("parseNumber(%q, %d) = %v, %v; want an error that quotes the input and says %q", tt.in, tt.bits, got, err, tt.err)
		}
	}
}

// FuzzParseNumber checks the parser of the fft command's input: it never
// panics; what it accepts is finite, is what strconv reads at the
// precision, is exact in that precision, and reads back the same from the
// digits the command writes; what float64 refuses float32 refuses too;
// refusals quote the input. A whole line obeys the same rules.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1", "-0", "0.1", "1e39", "-1e39", "3.4028235e38", "3.4028236e38",
		"1e-45", "1e-400", "0x1p-149", "0x1.fffffep127", "9007199254740993", "+.5e-3", "1_000",
		"NaN", "Inf", "-Infinity", "1e999", "", " ", "1 2", " 1\t-2 # c", "1 2 3", "#", "1e", "--1", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var errs [2]error
		for i, bits := range []int{32, 64} {
			v, err := parseNumber(s, bits)
			errs[i] = err
			if err != nil {
				if !strings.Contains(err.Error(), strconv.Quote(s)) {
					t.Errorf("parseNumber(%q, %d): the error %q does not quote the input", s, bits, err)
				}
				continue
			}
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("parseNumber(%q, %d) = %v", s, bits, v)
			}
			if want, err := strconv.ParseFloat(s, bits); err != nil || want != v {
				t.Fatalf("parseNumber(%q, %d) = %v; strconv reads %v, %v", s, bits, v, want, err)
			}
			if bits == 32 && float64(float32(v)) != v {
				t.Fatalf("parseNumber(%q, 32) = %v, not a float32", s, v)
			}
			back, err := parseNumber(strconv.FormatFloat(v, 'g', -1, bits), bits)
			if err != nil || back != v {
				t.Fatalf("parseNumber(%q, %d) = %v, which reads back as %v, %v", s, bits, v, back, err)
			}
		}
		if errs[1] != nil && errs[0] == nil {
			t.Errorf("%q: float64 refuses it (%v), float32 accepts it", s, errs[1])
		}
		for _, bits := range []int{32, 64} {
			v, ok, err := parseLine(s, bits)
			if err != nil || !ok {
				continue
			}
			line := strconv.FormatFloat(real(v), 'g', -1, bits) + " " + strconv.FormatFloat(imag(v), 'g', -1, bits)
			if back, ok, err := parseLine(line, bits); err != nil || !ok || back != v {
				t.Fatalf("parseLine(%q, %d) = %v, which reads back as %v, %v, %v", s, bits, v, back, ok, err)
			}
		}
	})
}
