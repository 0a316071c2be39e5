package lab

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		name string
		xs   []float64
		want float64
	}{
		{"one", []float64{3}, 3},
		{"odd, unsorted", []float64{5, 1, 3}, 3},
		{"even: the mean of the middle two", []float64{4, 1, 3, 2}, 2.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Median(tt.xs); got != tt.want {
				t.Errorf("Median(%v) = %v, want %v", tt.xs, got, tt.want)
			}
		})
	}
	if got := Median(nil); !math.IsNaN(got) {
		t.Errorf("Median(nil) = %v, want NaN", got)
	}
}

// TestRounds checks the order and the count of the calls of Rounds: two
// warm-up calls and runs timed calls of each variant a round, the first
// variant of each round one further along, and a figure for every
// variant and round, the first variant's ratios 1.
func TestRounds(t *testing.T) {
	var calls []string
	variant := func(name string) Variant {
		return Variant{name, func() error { calls = append(calls, name); return nil }}
	}
	times, ratios, err := Rounds([]Variant{variant("a"), variant("b"), variant("c")}, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for i := 0; i < len(calls); i += 4 { // 2 warm-up calls and 2 runs a variant
		if !slices.Equal(calls[i:i+4], []string{calls[i], calls[i], calls[i], calls[i]}) {
			t.Fatalf("calls %v: a variant's calls are not together", calls)
		}
		order = append(order, calls[i])
	}
	if want := []string{"a", "b", "c", "b", "c", "a", "c", "a", "b"}; !slices.Equal(order, want) {
		t.Errorf("the variants ran in the order %v, want %v", order, want)
	}
	for i := range times {
		if len(times[i]) != 3 || len(ratios[i]) != 3 {
			t.Errorf("variant %d: %d times and %d ratios, want 3 each", i, len(times[i]), len(ratios[i]))
		}
	}
	for _, r := range ratios[0] {
		if r != 1 && !math.IsNaN(r) { // NaN where a call took no measurable time
			t.Errorf("the first variant's ratio to itself is %v", r)
		}
	}
}

func TestRoundsErrors(t *testing.T) {
	fail := errors.New("no device")
	tests := []struct {
		name     string
		variants []Variant
		rounds   int
		runs     int
		want     string
	}{
		{"no variants", nil, 1, 1, "each must be positive"},
		{"no rounds", []Variant{{"a", func() error { return nil }}}, 0, 1, "each must be positive"},
		{"no runs", []Variant{{"a", func() error { return nil }}}, 1, 0, "each must be positive"},
		{"a call fails", []Variant{{"a", func() error { return nil }}, {"b", func() error { return fail }}}, 2, 1, "b: no device"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Rounds(tt.variants, tt.rounds, tt.runs)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
