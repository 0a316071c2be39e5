package fft_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// relayoutComment marks the exchange of a whole convolution on uneven
// stages in the kernel's text (templates/fft_register.cl).
const relayoutComment = "the outputs back to the registers of the inputs"

// turnComment marks the turn of Bluestein's transforms of several passes
// (fftplan.Pass.Turn) in the kernel's text.
const turnComment = "the first pass of the transform back on the same registers"

// rowsComment marks the turn of Bluestein's transforms over rows
// (fftplan.Pass.RowLoads) in the kernel's text.
const rowsComment = "the turn over rows"

// TestBluesteinLengths checks Bluestein's algorithm over transforms of
// each length Tuning.Bluestein chooses (a power of two, the shortest of
// factors 2, 3, 5 and 7), forward and back, against the float64
// reference, with the kernels a GPU of 48 KiB of local memory runs: one
// kernel of the whole convolution on even stages (2048 for 1009) and on
// uneven ones, which moves the outputs back between its transforms (2016
// for 1009, 4320 for 2161), and transforms of several passes (20250 for
// 10091, 524288 for 212964) whose turn runs the forward transform's last
// pass and the first one back in one kernel (or, with Tuning.NoTurn, runs
// each transform's passes), and the same transforms over rows
// (Tuning.RowTurnsFrom: three kernels, the turn reading whole rows), over
// contiguous rows and strided axes, in both precisions.
func TestBluesteinLengths(t *testing.T) {
	thr := cludatest.Thread(t)
	// Stockham's order throughout, where CUDA's rule would take the turn
	// over rows (fftplan.NoRowTurns).
	pow2 := fft.FFTTuning{Primes: fftplan.PrimesBluestein, Bluestein: fftplan.BluesteinPow2, LocalBytes: 48 << 10, RowTurnsFrom: fftplan.NoRowTurns}
	smooth := fft.FFTTuning{Primes: fftplan.PrimesBluestein, Bluestein: fftplan.BluesteinSmooth, LocalBytes: 48 << 10, RowTurnsFrom: fftplan.NoRowTurns}
	noTurn := smooth
	noTurn.NoTurn = true
	// Within 8 KiB the 20250 points of 10091 take three passes in
	// Stockham's order: five kernels with the turn, or three over rows.
	smallStockham := fft.FFTTuning{Primes: fftplan.PrimesBluestein, Bluestein: fftplan.BluesteinSmooth, LocalBytes: 8 << 10, RowTurnsFrom: fftplan.NoRowTurns}
	small := smallStockham
	small.RowTurnsFrom = 3
	rowsTwoPasses := smooth
	rowsTwoPasses.RowTurnsFrom = 2
	rows := pow2
	rows.RowTurnsFrom = 3
	c64, c128 := dtypes.Complex64, dtypes.Complex128
	tests := []struct {
		name    string
		dt      dtypes.DType
		shape   []int
		axis    int
		tuning  fft.FFTTuning
		kernels int // the plan's kernels, one: the whole convolution
		// relayout: a kernel moves the outputs of uneven stages back to
		// the registers of the inputs between its transforms.
		relayout bool
		turn     bool // a kernel is the turn of several passes
		rows     bool // the turn reads rows (Bluestein's transforms over rows)
	}{
		{"1009 over 2048", c64, []int{4, 1009}, 1, pow2, 1, false, false, false},
		{"1009 over 2016", c64, []int{4, 1009}, 1, smooth, 1, true, false, false},
		{"2161 over 4320", c64, []int{2, 2161}, 1, smooth, 1, true, false, false},
		{"211 over 420", c128, []int{3, 211}, 1, smooth, 1, false, false, false},
		{"1009 over 2016, strided", c64, []int{1009, 3}, 0, smooth, 0, false, false, false},
		{"2·1009 over 4032, middle axis", c64, []int{2, 2018, 3}, 1, smooth, 0, false, true, false},
		{"10091 over 20250", c64, []int{10091}, 0, smooth, 3, false, true, false},
		{"10091 over 32768", c64, []int{10091}, 0, pow2, 3, false, true, false},
		{"10091 over 20250 without the turn", c64, []int{10091}, 0, noTurn, 4, false, false, false},
		{"10091 over 20250, strided", c64, []int{10091, 2}, 0, smooth, 3, false, true, false},
		{"10091 over 20250, complex128", c128, []int{10091}, 0, smooth, 3, false, true, false},
		{"212964 over 524288, three passes", c64, []int{212964}, 0, pow2, 5, false, true, false},
		{"212964 over 524288 over rows", c64, []int{212964}, 0, rows, 3, false, true, true},
		{"10091 over 20250 in 8 KiB, three passes", c64, []int{10091}, 0, smallStockham, 5, false, true, false},
		{"10091 over 20250 in 8 KiB over rows", c64, []int{2, 10091}, 1, small, 3, false, true, true},
		{"10091 over 20250 in 8 KiB over rows, strided", c64, []int{10091, 3}, 0, small, 3, false, true, true},
		{"10091 over 20250 over rows, two passes", c64, []int{10091}, 0, rowsTwoPasses, 3, false, true, true},
		{"10091 over 20250 over rows, complex128", c128, []int{10091}, 0, rowsTwoPasses, 3, false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compileTunedFFT(t, thr, core.ArrayOf(tt.dt, tt.shape...), []int{tt.axis}, fft.FFTOptions{}, tt.tuning)
			ks := c.Kernels()
			if tt.kernels > 0 && len(ks) != tt.kernels {
				t.Errorf("%d kernels, want %d", len(ks), tt.kernels)
			}
			if tt.relayout && !strings.Contains(ks[0].Source, relayoutComment) {
				t.Errorf("the kernel does not move the outputs of its uneven stages back")
			}
			src := strings.Join(kernelSources(c), "\n")
			if turns := strings.Contains(src, turnComment); turns != tt.turn {
				t.Errorf("a kernel of the turn: %v, want %v", turns, tt.turn)
			}
			if rows := strings.Contains(src, rowsComment); rows != tt.rows {
				t.Errorf("the turn over rows: %v, want %v", rows, tt.rows)
			}
			if e := runRader(t, thr, c, tt.dt, tt.shape, tt.axis, false); !(e <= tolerance(tt.dt)) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}

// TestBluesteinRuleReal checks real transforms whose half length the GPU
// rule gives Bluestein's algorithm over the shorter length of factors 2,
// 3, 5 and 7 (35147 over 70560 points, in passes): the real ends load and
// store around the chirps. Planned with the 48 KiB of a GPU.
func TestBluesteinRuleReal(t *testing.T) {
	if testing.Short() {
		t.Skip("long case")
	}
	thr := cludatest.Thread(t)
	gpu := fft.FFTTuning{LocalBytes: 48 << 10}
	shape, axes := []int{2, 2 * 35147}, []int{1}
	n, half := shape[1], halfShape(shape, axes)
	fwd, err := fft.NewTunedRFFT(core.ArrayOf(dtypes.Float32, shape...), axes, gpu)
	if err != nil {
		t.Fatal(err)
	}
	inv, err := fft.NewTunedIRFFT(core.ArrayOf(dtypes.Complex64, half...), axes, n, gpu)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func(*core.Callable) float64
		comp interface {
			Compile(*cluda.Thread) (*core.Callable, error)
		}
	}{
		{"RFFT", func(k *core.Callable) float64 { return runRFFT(t, thr, k, dtypes.Float32, shape, axes, 3) }, fwd},
		{"IRFFT", func(k *core.Callable) float64 { return runIRFFT(t, thr, k, dtypes.Complex64, half, axes, n, 3) }, inv},
	} {
		k, err := c.comp.Compile(thr)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(kernelSources(k), "\n"), "70560") {
			t.Errorf("%s: no kernel of Bluestein's transforms of 70560 points", c.name)
		}
		if e := c.run(k); !(e <= realTolerance(dtypes.Float32)) {
			t.Errorf("%s: relative error %.3g", c.name, e)
		}
		k.Release()
	}
}

// kernelSources returns the sources of k's kernels.
func kernelSources(k *core.Callable) []string {
	var out []string
	for _, ki := range k.Kernels() {
		out = append(out, ki.Source)
	}
	return out
}
