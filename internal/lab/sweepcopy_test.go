package lab

import (
	"strings"
	"testing"
)

// TestCopySummary checks the share of the copy by kind on made-up rows:
// the median of an even count (the mean of the middle two) and of one, the 10th percentile by nearest
// rank, the lowest with its length, the count at the target, and that
// skipped rows and kinds without rows are left out.
func TestCopySummary(t *testing.T) {
	row := func(n int, pct float64) benchResult {
		return benchResult{N: n, MedianMS: 1, CopyPct: pct, Kind: lengthKind(n)}
	}
	var smooth []benchResult
	for i := range 20 { // 60%, 62%, ..., 98% at N = 2 ... 21 (16 and 18 smooth, 17 and 19 not)
		smooth = append(smooth, row([]int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 21, 22, 24}[i], 60+2*float64(i)))
	}
	rs := append(smooth, row(17, 95), row(34, 80), benchResult{N: 19, Kind: lengthKind(19), Skipped: "wrong"})
	got := copySummary(rs)
	want := []copyShare{
		{Kind: "all", Count: 22, Median: 80, P10: 64, Lowest: 60, LowAt: 2, AtTarget: 6},
		{Kind: kindSmoothShort, Count: 20, Median: 79, P10: 62, Lowest: 60, LowAt: 2, AtTarget: 5},
		{Kind: kindPrime, Count: 1, Median: 95, P10: 95, Lowest: 95, LowAt: 17, AtTarget: 1},
		{Kind: kindLargePrime, Count: 1, Median: 80, P10: 80, Lowest: 80, LowAt: 34, AtTarget: 0},
	}
	if len(got) != len(want) {
		t.Fatalf("%d rows %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if rows := copySummary([]benchResult{{N: 5, Skipped: "panicked"}}); rows != nil {
		t.Errorf("a sweep with nothing measured: %+v, want no rows", rows)
	}
	var b strings.Builder
	if err := writeCopySummary(&b, got); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"smooth up to 4096       20     79.0      62.0   60.0      2     5 (25%)", "prime  "} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("the table lacks %q:\n%s", line, b.String())
		}
	}
}
