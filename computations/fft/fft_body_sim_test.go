package fft

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/device"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
)

// simTolerance bounds the relative L2 error of a transform the register
// body's numbers compute in float64 (TestRegisterBodyComputes): the
// round-off of a few stages of direct DFTs, far below any error of the
// numbers themselves (a misplaced element gives an error of order 1).
const simTolerance = 1e-12

// TestRegisterBodyComputes runs the numbers of the register kernel of
// single passes that the planner makes for a GPU, even and uneven, in
// float64 on the host: every work-item of a sub-transform loads its
// registers (LoadRegs), runs the butterflies of each stage with their
// twiddles, writes its outputs to their Stockham positions and reads
// back what the next stage's butterflies take (the exchange's Writes and
// Reads), and stores (StoreRegs), each behind its guard (Lim). The
// result must be the DFT of the input, every position of an exchange
// written once and read only once written, and every output stored once.
func TestRegisterBodyComputes(t *testing.T) {
	gpu := fftplan.Limits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 1024}, ItemSize: 8}
	// Above 4096, CUDA's large shared memory: one pass of up to 1024
	// work-items (3072 and 3456 take it too).
	lengths := []int{12, 17, 20, 23, 24, 30, 45, 48, 51, 92, 100, 121, 143, 169, 253, 360, 391, 480, 720, 1000, 1001, 1536, 2310, 3000, 3072, 3456, 4004, 4095, 9000, 12288}
	uneven := 0
	defer func() {
		if uneven == 0 || uneven == len(lengths) {
			t.Errorf("%d of the %d passes have uneven stages: the test covers only one kind", uneven, len(lengths))
		}
	}()
	for _, n := range lengths {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			lim := gpu
			if n > 3000 {
				lim.LargeLocalMemBytes = 227 << 10
			}
			plan, err := fftplan.New([]int{64, n}, []int{1}, lim)
			if err != nil {
				t.Fatal(err)
			}
			p := plan.Axes[0].Kernels[0].Pass
			if len(plan.Axes[0].Kernels) != 1 || p.E == 0 || p.L != n {
				t.Fatalf("not one pass of the register kernel: %+v", p)
			}
			if p.Uneven {
				uneven++
			}
			rb := registerBody(p, dtypes.Complex64, make([]int, len(p.Radices)))
			x := make([]complex128, n)
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			for i := range x {
				x[i] = complex(rng.NormFloat64(), rng.NormFloat64())
			}
			got := simulateRegisterBody(t, p, rb, x)
			want := reference.DFT(x)
			if e := reference.RelativeL2(got, want); !(e <= simTolerance) {
				t.Errorf("radices %v, %d work-items of %d registers (uneven %v): relative error %.3g", p.Radices, p.TT, p.E, p.Uneven, e)
			}
		})
	}
}

// simulateRegisterBody computes the transform of x that the register body
// rb of the pass p describes, for one sub-transform (NS == 1, L == N).
func simulateRegisterBody(t *testing.T, p fftplan.Pass, rb *fftRegisterBody, x []complex128) []complex128 {
	t.Helper()
	regs := make([][]complex128, p.TT)
	has := make([][]bool, p.TT)
	for th := range regs {
		regs[th] = make([]complex128, p.E)
		has[th] = make([]bool, p.E)
	}
	active := func(th, lim int) bool { return lim == 0 || th < lim }
	for th := 0; th < p.TT; th++ {
		for _, r := range rb.LoadRegs {
			if active(th, r.Lim) {
				regs[th][r.M], has[th][r.M] = x[th+r.Off], true
			}
		}
	}
	nsIn := 1
	for si, st := range rb.Stages {
		for th := 0; th < p.TT; th++ {
			for _, bf := range st.Butterflies {
				if !active(th, bf.Lim) {
					continue
				}
				jj := th + bf.First
				k := jj % nsIn
				vals := make([]complex128, st.Radix)
				for m, reg := range bf.Regs {
					if !has[th][reg] {
						t.Fatalf("stage %d: work-item %d reads register %d, which holds nothing", si, th, reg)
					}
					w := cmplx.Exp(complex(0, -2*math.Pi*float64(k*m)/float64(nsIn*st.Radix)))
					vals[m] = regs[th][reg] * w
				}
				for m, v := range reference.DFT(vals) {
					regs[th][bf.Regs[m]] = v
				}
			}
		}
		if x := st.Exchange; x != nil {
			buf := make([]complex128, p.L)
			written := make([]bool, p.L)
			for th := 0; th < p.TT; th++ {
				for _, w := range x.Writes {
					if !active(th, w.Lim) {
						continue
					}
					jj := th + w.First
					k := jj % x.NsIn
					for _, el := range w.Elems {
						pos := (jj-k)*x.Radix + k + el.Off
						if written[pos] {
							t.Fatalf("stage %d: position %d written twice", si, pos)
						}
						buf[pos], written[pos] = regs[th][el.M], true
					}
				}
			}
			for th := range has {
				clear(has[th])
			}
			// Every part of a round reads the same registers: the first
			// part stands for all.
			for _, round := range x.Rounds {
				if round.Part != rb.Parts[0] {
					continue
				}
				for th := 0; th < p.TT; th++ {
					for _, el := range round.Reads {
						if !active(th, el.Lim) {
							continue
						}
						pos := th + el.Off + round.Lo
						if !written[pos] {
							t.Fatalf("stage %d: work-item %d reads position %d, which no work-item wrote", si, th, pos)
						}
						regs[th][el.M], has[th][el.M] = buf[pos], true
					}
				}
			}
		}
		nsIn *= st.Radix
	}
	out := make([]complex128, p.L)
	stored := make([]bool, p.L)
	for th := 0; th < p.TT; th++ {
		for _, r := range rb.StoreRegs {
			if !active(th, r.Lim) {
				continue
			}
			pos := th + r.Off
			if stored[pos] || !has[th][r.M] {
				t.Fatalf("work-item %d stores register %d at %d: stored before %v, register set %v", th, r.M, pos, stored[pos], has[th][r.M])
			}
			out[pos], stored[pos] = regs[th][r.M], true
		}
	}
	for pos, ok := range stored {
		if !ok {
			t.Fatalf("output %d not stored", pos)
		}
	}
	return out
}
