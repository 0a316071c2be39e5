package computations

import (
	"fmt"
	"testing"

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
		pass fftPass
	}{
		{"radices 4, 4", fftPass{n: 16, l: 16, ns: 1, radices: []int{4, 4}, tile: 4, wg: 16, e: 4, tt: 4, comps: 1, chunks: 1}},
		{"radices 2, 4, 4 in parts", fftPass{n: 32, l: 32, ns: 1, radices: []int{2, 4, 4}, tile: 2, wg: 8, e: 8, tt: 4, comps: 2, chunks: 1}},
		{"radices 8, 8 in chunks", fftPass{n: 64, l: 64, ns: 1, radices: []int{8, 8}, tile: 1, wg: 8, e: 8, tt: 8, comps: 2, chunks: 2}},
		{"radices 3, 5", fftPass{n: 15, l: 15, ns: 1, radices: []int{3, 5}, tile: 1, wg: 1, e: 15, tt: 1, comps: 1, chunks: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.pass
			rb := registerBody(p, dtypes.Complex64, make([]int, len(p.radices)))
			if len(rb.Stages) != len(p.radices) {
				t.Fatalf("%d stages, want %d", len(rb.Stages), len(p.radices))
			}
			for si, st := range rb.Stages {
				var regs []int
				for _, bf := range st.Butterflies {
					regs = append(regs, bf.Regs...)
				}
				checkOnce(t, fmt.Sprintf("stage %d: registers", si), regs, p.e)
				x := st.Exchange
				if (x == nil) != (si == len(rb.Stages)-1) {
					t.Fatalf("stage %d: exchange %v", si, x)
				}
				if x == nil {
					continue
				}
				var positions []int
				for th := 0; th < p.tt; th++ {
					for _, w := range x.Writes {
						jj := th + w.First
						k := jj % x.NsIn
						for _, el := range w.Elems {
							positions = append(positions, (jj-k)*x.Radix+k+el.Off)
						}
					}
				}
				checkOnce(t, fmt.Sprintf("stage %d: positions written", si), positions, p.l)
				read := map[string][]int{}
				for _, r := range x.Rounds {
					for _, el := range r.Reads {
						if el.Off+r.Lo != p.tt*el.M {
							t.Errorf("stage %d: register %d read from %d + %d, want element %d", si, el.M, r.Lo, el.Off, p.tt*el.M)
						}
						read[r.Part] = append(read[r.Part], el.M)
					}
				}
				if len(read) != len(rb.Parts) {
					t.Errorf("stage %d: parts %v read, want %v", si, read, rb.Parts)
				}
				for part, regs := range read {
					checkOnce(t, fmt.Sprintf("stage %d: registers read back (part %q)", si, part), regs, p.e)
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
