package fft

import (
	"fmt"
	"testing"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/device"
	"github.com/reikna-go/reikna/dtypes"
)

// TestBankModelFollowsBody checks the model of local memory's banks that
// chooses whether a GPU pass pads its rows (fftplan.Pass.LocalWavefronts)
// against the accesses the register kernel's template makes, taken from
// the kernel's body: the staged load's writes in the order of addresses
// and the first stage's reads, every exchange's writes to the Stockham
// positions and reads of the next stage's elements (one part of each
// round, as the model counts), the last stage's writes and the staged
// store's reads; in single contiguous passes and in strided ones. Both layouts of each pass, padded and plain, must give
// the model's count; a change of the template's accesses that the model
// does not follow fails here.
func TestBankModelFollowsBody(t *testing.T) {
	gpu := fftplan.Limits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 1024}, ItemSize: 8}
	// Single contiguous passes, then the strided passes (neighbouring
	// work-items on neighbouring sub-transforms) of transforms in two or
	// three: the first of each stores its rows staged.
	var passes []fftplan.Pass
	for _, n := range []int{24, 48, 72, 100, 121, 198, 256, 289, 360, 361, 527, 1000, 1024, 2187, 2500, 4095} {
		plan, err := fftplan.New([]int{64, n}, []int{1}, gpu)
		if err != nil {
			t.Fatal(err)
		}
		p := plan.Axes[0].Kernels[0].Pass
		if len(plan.Axes[0].Kernels) != 1 || p.E == 0 || p.Private || p.SFast || p.Chunks > 1 {
			t.Fatalf("%d: not one contiguous pass of the register kernel in whole exchanges: %+v", n, p)
		}
		passes = append(passes, p)
	}
	strided := 0
	for _, n := range []int{16807, 65536, 70241, 129600} {
		plan, err := fftplan.New([]int{n}, []int{0}, gpu)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range plan.Axes[0].Kernels {
			if p := k.Pass; p.SFast && p.E > 0 && !p.Private && p.Chunks == 1 {
				passes, strided = append(passes, p), strided+1
			}
		}
	}
	if strided == 0 {
		t.Fatal("no strided pass of the register kernel among the cases")
	}
	for _, p := range passes {
		for _, plain := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/NS=%d/plain=%v", p.L, p.NS, plain), func(t *testing.T) {
				q := p
				q.Plain = plain
				rb := registerBody(q, dtypes.Complex64, make([]int, len(q.Radices)))
				if got, want := bodyWavefronts(q, rb, gpu.ItemSize), q.LocalWavefronts(gpu.ItemSize); got != want {
					t.Errorf("radices %v, %d work-items of %d registers, tile %d: the body's accesses take %d wavefronts, the model counts %d",
						q.Radices, q.TT, q.E, q.Tile, got, want)
				}
			})
		}
	}
}

// bodyWavefronts counts the wavefronts of the accesses to local memory
// that the register body rb of the pass p makes, as the template
// fft_register.cl indexes them (s = lid / TT, t = lid % TT; with SFast
// s = lid % Tile, t = lid / Tile).
func bodyWavefronts(p fftplan.Pass, rb *fftRegisterBody, itemSize int) int {
	pad := func(a int) int {
		if p.Plain {
			return a
		}
		return a + a>>4
	}
	part := itemSize
	if len(rb.Parts) == 2 {
		part /= 2
	}
	wg := p.TT * p.Tile
	tileElems := p.Tile * p.L
	addrs := make([]int, wg)
	active := make([]bool, wg)
	// access counts one instruction of every work-item: at(s, t) is its
	// address, lim the work-items t that make it (all where 0).
	access := func(elem, lim int, at func(s, t int) int) int {
		for lid := range addrs {
			s, t := lid/p.TT, lid%p.TT
			if p.SFast {
				s, t = lid%p.Tile, lid/p.Tile
			}
			active[lid] = lim == 0 || t < lim
			addrs[lid] = at(s, t)
		}
		return fftplan.BankWavefronts(addrs, active, elem)
	}
	// inOrder counts a round of the staged load or store: element e0 =
	// lid + off of the tile, at its row and position.
	inOrder := func(elem, off int) int {
		for lid := range addrs {
			e0 := lid + off
			active[lid] = e0 < tileElems
			addrs[lid] = e0/p.L*rb.FullRow + pad(e0%p.L)
		}
		return fftplan.BankWavefronts(addrs, active, elem)
	}
	regs := func(elem int, rs []fftRegister) int {
		n := 0
		for _, r := range rs {
			n += access(elem, r.Lim, func(s, t int) int { return s*rb.FullRow + pad(t+r.Off) })
		}
		return n
	}
	total := 0
	if rb.StagedLoad {
		for r := 0; r*wg < tileElems; r++ {
			total += inOrder(itemSize, r*wg)
		}
		total += regs(itemSize, rb.LoadRegs)
	}
	for _, st := range rb.Stages {
		x := st.Exchange
		if x == nil {
			continue
		}
		for _, round := range x.Rounds {
			if round.Part != rb.Parts[0] {
				continue
			}
			for _, w := range x.Writes {
				for _, el := range w.Elems {
					total += access(part, w.Lim, func(s, t int) int {
						jj := t + w.First
						k := jj % x.NsIn
						return s*x.Row + pad((jj-k)*x.Radix+k+el.Off)
					})
				}
			}
			for _, el := range round.Reads {
				total += access(part, el.Lim, func(s, t int) int { return s*x.Row + pad(t+el.Off) })
			}
		}
	}
	if rb.StagedStore {
		total += regs(part, rb.StoreRegs)
		for _, run := range rb.StoreRuns {
			total += inOrder(part, run.Off)
		}
	}
	return total
}
