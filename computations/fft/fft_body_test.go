package fft

import (
	"fmt"
	"testing"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/dtypes"
)

// TestRegisterBodyExchanges checks the numbers of the register kernel's
// stages and exchanges: the butterflies of a stage take every register
// once, an exchange writes every position of the sub-transform once, and
// each part of an exchange reads every register back once, from element
// t + tt*i.
func TestRegisterBodyExchanges(t *testing.T) {
	tests := []struct {
		name string
		pass fftplan.Pass
	}{
		{"radices 4, 4", fftplan.Pass{N: 16, L: 16, NS: 1, Radices: []int{4, 4}, Tile: 4, WG: 16, E: 4, TT: 4, Comps: 1, Chunks: 1}},
		{"radices 2, 4, 4 in parts", fftplan.Pass{N: 32, L: 32, NS: 1, Radices: []int{2, 4, 4}, Tile: 2, WG: 8, E: 8, TT: 4, Comps: 2, Chunks: 1}},
		{"radices 8, 8 in chunks", fftplan.Pass{N: 64, L: 64, NS: 1, Radices: []int{8, 8}, Tile: 1, WG: 8, E: 8, TT: 8, Comps: 2, Chunks: 2}},
		{"radices 3, 5", fftplan.Pass{N: 15, L: 15, NS: 1, Radices: []int{3, 5}, Tile: 1, WG: 1, E: 15, TT: 1, Comps: 1, Chunks: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.pass
			rb := registerBody(p, dtypes.Complex64, make([]int, len(p.Radices)))
			if len(rb.Stages) != len(p.Radices) {
				t.Fatalf("%d stages, want %d", len(rb.Stages), len(p.Radices))
			}
			for si, st := range rb.Stages {
				var regs []int
				for _, bf := range st.Butterflies {
					regs = append(regs, bf.Regs...)
				}
				checkOnce(t, fmt.Sprintf("stage %d: registers", si), regs, p.E)
				x := st.Exchange
				if (x == nil) != (si == len(rb.Stages)-1) {
					t.Fatalf("stage %d: exchange %v", si, x)
				}
				if x == nil {
					continue
				}
				var positions []int
				for th := 0; th < p.TT; th++ {
					for _, w := range x.Writes {
						jj := th + w.First
						k := jj % x.NsIn
						for _, el := range w.Elems {
							positions = append(positions, (jj-k)*x.Radix+k+el.Off)
						}
					}
				}
				checkOnce(t, fmt.Sprintf("stage %d: positions written", si), positions, p.L)
				read := map[string][]int{}
				for _, r := range x.Rounds {
					for _, el := range r.Reads {
						if el.Off+r.Lo != p.TT*el.M {
							t.Errorf("stage %d: register %d read from %d + %d, want element %d", si, el.M, r.Lo, el.Off, p.TT*el.M)
						}
						read[r.Part] = append(read[r.Part], el.M)
					}
				}
				if len(read) != len(rb.Parts) {
					t.Errorf("stage %d: parts %v read, want %v", si, read, rb.Parts)
				}
				for part, regs := range read {
					checkOnce(t, fmt.Sprintf("stage %d: registers read back (part %q)", si, part), regs, p.E)
				}
			}
		})
	}
}

// checkOnce fails unless got holds each of 0, ..., n-1 exactly once.
func checkOnce(t *testing.T, what string, got []int, n int) {
	t.Helper()
	seen := make([]int, n)
	for _, v := range got {
		if v < 0 || v >= n {
			t.Errorf("%s: %d out of [0, %d)", what, v, n)
			continue
		}
		seen[v]++
	}
	for v, c := range seen {
		if c != 1 {
			t.Errorf("%s: %d taken %d times", what, v, c)
		}
	}
}
