package plan

import (
	"math"
	"math/cmplx"
	"testing"
)

func TestUnitRoot(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 12, 16, 60, 97, 1000, 4096, 65537, 1 << 24} {
		step := max(n/97, 1)
		for e := 0; e < n; e += step {
			want := cmplx.Exp(complex(0, -2*math.Pi*float64(e)/float64(n)))
			got := UnitRoot(e, n)
			if cmplx.Abs(got-want) > 1e-15 {
				t.Fatalf("UnitRoot(%d, %d) = %v, want %v", e, n, got, want)
			}
		}
	}
	// Exact values where the angle is a multiple of π/4.
	if got := UnitRoot(1, 4); got != complex(0, -1) {
		t.Errorf("UnitRoot(1, 4) = %v, want -i", got)
	}
}

func TestChirp(t *testing.T) {
	for _, n := range []int{3, 17, 1009, 65537, 1 << 20} {
		w := chirp(n)
		for _, e := range []int{0, 1, n / 2, n - 1} {
			angle := -math.Pi * math.Mod(float64(e)*float64(e), float64(2*n)) / float64(n)
			want := cmplx.Exp(complex(0, angle))
			if cmplx.Abs(w[e]-want) > 1e-12 {
				t.Fatalf("chirp(%d)[%d] = %v, want %v", n, e, w[e], want)
			}
		}
	}
}

// TestTableLen checks that Len counts the values Values makes, for every
// kind of table.
func TestTableLen(t *testing.T) {
	tests := []struct {
		name  string
		table Table
	}{
		{"none", Table{}},
		{"stages", Table{Kind: StageTwiddles, Radices: []int{4, 8, 2, 3}}},
		{"one stage", Table{Kind: StageTwiddles, Radices: []int{16}}},
		{"rows in one table", Table{Kind: RowTwiddlesLow, NS: 24, L: 5}},
		{"rows low", Table{Kind: RowTwiddlesLow, NS: 1000, L: 3, Block: passTwiddleBlock}},
		{"rows high", Table{Kind: RowTwiddlesHigh, NS: 1000, L: 3, Block: passTwiddleBlock}},
		{"exponents low", Table{Kind: ExpTwiddlesLow, Size: 1000, Shift: expTwiddleSplit(1000)}},
		{"exponents high", Table{Kind: ExpTwiddlesHigh, Size: 1000, Shift: expTwiddleSplit(1000)}},
		{"chirp", Table{Kind: Chirp, N: 17}},
		{"Bluestein's kernel", Table{Kind: BluesteinKernel, N: 17, M: 64}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := tt.table.Len(), len(tt.table.Values()); got != want {
				t.Errorf("Len() = %d, want %d", got, want)
			}
			if tt.table.HostValues() < tt.table.Len() {
				t.Errorf("HostValues() = %d, less than Len() = %d", tt.table.HostValues(), tt.table.Len())
			}
		})
	}
}
