package multi_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/multi"
)

// pencilCase is a pencil FFT of shape on a grid of p × q ranks, its
// blocks grouped on the devices and exchanged by DeviceExchangers where
// device is set.
type pencilCase struct {
	p, q   int
	shape  []int
	layout multi.PencilLayout
	dt     dtypes.DType
	device bool
}

func (c pencilCase) String() string {
	through := "host"
	if c.device {
		through = "device"
	}
	return fmt.Sprintf("%dx%d/%v/%v/%v/%s", c.p, c.q, c.shape, c.layout, c.dt, through)
}

// TestRankPencilFFT runs pencil FFTs on grids of ranks in this process, a
// goroutine and a Thread each, whose grid rows and columns exchange
// through memory, forward and back, and checks every rank's part of the
// output against the float64 reference: on a square grid, on a column
// and a row of ranks, with uneven shares, four dimensions and complex128,
// through host memory and with the blocks grouped on the devices (the
// DeviceExchangers' path, through host memory here as NCCL's would be
// between GPUs).
func TestRankPencilFFT(t *testing.T) {
	cases := []pencilCase{
		{2, 2, []int{6, 5, 4}, multi.PencilsToTransposed, dtypes.Complex64, false},
		{2, 2, []int{5, 7, 3}, multi.TransposedToPencils, dtypes.Complex64, false},
		{3, 1, []int{4, 6, 5}, multi.PencilsToTransposed, dtypes.Complex128, false},
		{1, 3, []int{3, 4, 7, 2}, multi.TransposedToPencils, dtypes.Complex64, false},
		{2, 2, []int{6, 5, 4}, multi.PencilsToTransposed, dtypes.Complex64, true},
		{2, 2, []int{5, 7, 3}, multi.TransposedToPencils, dtypes.Complex64, true},
		{3, 1, []int{4, 6, 5}, multi.PencilsToTransposed, dtypes.Complex128, true},
		{1, 3, []int{3, 4, 7, 2}, multi.TransposedToPencils, dtypes.Complex64, true},
		{2, 2, []int{3, 2, 5, 3}, multi.PencilsToTransposed, dtypes.Complex128, true},
	}
	m := cludatest.MultiThread(t, 4, cluda.MultiThreadOptions{})
	threads := threadsOf(m)
	for _, c := range cases {
		t.Run(c.String(), func(t *testing.T) {
			typ := core.ArrayOf(c.dt, c.shape...)
			x := make([]complex128, typ.Size())
			rng := rand.New(rand.NewPCG(uint64(len(c.shape)), uint64(c.p)))
			for i := range x {
				x[i] = complex(2*rng.Float64()-1, 2*rng.Float64()-1)
			}
			errs := runGrid(threads[:c.p*c.q], c.p, c.q, func(thr *cluda.Thread, rows, cols multi.Communicator) error {
				return checkPencilRank(thr, rows, cols, c, x)
			})
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// pencilTolerance bounds the relative L2 error of a pencil FFT: the FFT's
// own bound, as the exchanges move values without touching them.
func pencilTolerance(dt dtypes.DType) float64 {
	if dt == dtypes.Complex128 {
		return 1e-13
	}
	return 1e-6
}

// checkPencilRank runs the case's transform, forward and inverse, as the
// rank of rows and cols on x, and checks its part of the output.
func checkPencilRank(thr *cluda.Thread, rows, cols multi.Communicator, c pencilCase, x []complex128) error {
	typ := core.ArrayOf(c.dt, c.shape...)
	opts := multi.PencilFFTOptions{Layout: c.layout}
	if c.device {
		opts.RowExchanger, opts.ColumnExchanger = hostExchanger{rows}, hostExchanger{cols}
	}
	f, err := multi.NewRankPencilFFT(thr, rows, cols, typ, opts)
	if err != nil {
		return err
	}
	defer f.Release()
	p, q := cols.Rank(), rows.Rank()
	inBox, outBox := pencilBoxes(c, p, q, true), pencilBoxes(c, p, q, false)
	in, err := toDevice(thr, c.dt, box(x, c.shape, inBox), f.Shape(true))
	if err != nil {
		return err
	}
	defer in.Release()
	out, err := thr.Empty(f.Shape(false), c.dt)
	if err != nil {
		return err
	}
	defer out.Release()
	for _, inverse := range []bool{false, true} {
		if err := out.Fill(complexOf(c.dt, complex(float32(1e30), 0))); err != nil {
			return err
		}
		dir := map[bool]int{false: 0, true: 1}[inverse]
		if err := f.Call(out, in, dir); err != nil {
			return err
		}
		got, err := readComplex(out)
		if err != nil {
			return err
		}
		want := box(reference.FFTN(x, c.shape, nil, inverse), c.shape, outBox)
		if e := reference.RelativeL2(got, want); !(e <= pencilTolerance(c.dt)) {
			return fmt.Errorf("rank (%d, %d), inverse %v: relative error %.3g", p, q, inverse, e)
		}
	}
	if st := f.Stats(); st.Exchanges != 2 || st.ExchangedBytes <= 0 || st.Compute <= 0 || st.Exchange < st.Staging {
		return fmt.Errorf("rank (%d, %d): stats %+v", p, q, st)
	}
	return nil
}

// pencilBoxes returns the ranges, axis by axis, of rank (p, q)'s part of
// the case's input (in) or output.
func pencilBoxes(c pencilCase, p, q int, in bool) [][2]int {
	pencils := (c.layout == multi.PencilsToTransposed) == in
	out := make([][2]int, len(c.shape))
	for a, n := range c.shape {
		out[a] = [2]int{0, n}
	}
	share := func(n, k, i int) [2]int {
		shares := cluda.EqualShares(n, k)
		start := 0
		for _, s := range shares[:i] {
			start += s
		}
		return [2]int{start, start + shares[i]}
	}
	if pencils {
		out[0], out[1] = share(c.shape[0], c.p, p), share(c.shape[1], c.q, q)
	} else {
		out[1], out[2] = share(c.shape[1], c.p, p), share(c.shape[2], c.q, q)
	}
	return out
}

// box returns the elements of x, of shape, within the ranges, in
// row-major order.
func box(x []complex128, shape []int, ranges [][2]int) []complex128 {
	var out []complex128
	var walk func(axis, offset int)
	walk = func(axis, offset int) {
		if axis == len(shape) {
			out = append(out, x[offset])
			return
		}
		for i := ranges[axis][0]; i < ranges[axis][1]; i++ {
			walk(axis+1, offset*shape[axis]+i)
		}
	}
	walk(0, 0)
	return out
}

// toDevice uploads x as an array of dt and shape.
func toDevice(thr *cluda.Thread, dt dtypes.DType, x []complex128, shape []int) (*cluda.Array, error) {
	if dt == dtypes.Complex128 {
		return thr.ToDevice(x, shape...)
	}
	y := make([]complex64, len(x))
	for i, v := range x {
		y[i] = complex64(v)
	}
	return thr.ToDevice(y, shape...)
}

// complexOf returns v as a value of dt.
func complexOf(dt dtypes.DType, v complex64) any {
	if dt == dtypes.Complex128 {
		return complex128(v)
	}
	return v
}

// readComplex returns the array's values as complex128.
func readComplex(a *cluda.Array) ([]complex128, error) {
	if a.DType() == dtypes.Complex128 {
		return cluda.Read[complex128](a)
	}
	v, err := cluda.Read[complex64](a)
	out := make([]complex128, len(v))
	for i, z := range v {
		out[i] = complex128(z)
	}
	return out, err
}

// runGrid runs f as each rank of a p × q grid of the threads, a goroutine
// each, rank (i, j) on thread i·q + j with the communicators of its grid
// row and column, and returns their errors by rank.
func runGrid(threads []*cluda.Thread, p, q int, f func(thr *cluda.Thread, rows, cols multi.Communicator) error) []error {
	rowWorlds, colWorlds := make([][]localComm, p), make([][]localComm, q)
	for i := range rowWorlds {
		rowWorlds[i] = newLocalWorld(q)
	}
	for j := range colWorlds {
		colWorlds[j] = newLocalWorld(p)
	}
	errs := make([]error, p*q)
	var wg sync.WaitGroup
	for i := range p {
		for j := range q {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rows, cols := rowWorlds[i][j], colWorlds[j][i]
				defer rows.w.leave()
				defer cols.w.leave()
				errs[i*q+j] = f(threads[i*q+j], rows, cols)
			}()
		}
	}
	wg.Wait()
	return errs
}

// TestNewRankPencilFFTErrors checks what NewRankPencilFFT refuses.
func TestNewRankPencilFFTErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	one := newLocalWorld(1)[0]
	two := newLocalWorld(2)
	tests := []struct {
		name       string
		thr        *cluda.Thread
		rows, cols multi.Communicator
		typ        core.Type
		layout     multi.PencilLayout
		want       string
	}{
		{"nil Thread", nil, one, one, core.ArrayOf(dtypes.Complex64, 4, 4, 4), 0, "nil Thread"},
		{"nil Communicator", thr, nil, one, core.ArrayOf(dtypes.Complex64, 4, 4, 4), 0, "nil Communicator"},
		{"two dimensions", thr, one, one, core.ArrayOf(dtypes.Complex64, 4, 4), 0, "three or more dimensions"},
		{"a real dtype", thr, one, one, core.ArrayOf(dtypes.Float32, 4, 4, 4), 0, "complex64 or complex128"},
		{"no such layout", thr, one, one, core.ArrayOf(dtypes.Complex64, 4, 4, 4), 7, "no such layout"},
		{"fewer places than ranks", thr, two[0], one, core.ArrayOf(dtypes.Complex64, 4, 1, 4), 0, "axis 1 of shape [4 1 4] among 2 ranks"},
		{"a row exchanger alone", thr, one, one, core.ArrayOf(dtypes.Complex64, 4, 4, 4), 0, "give both or neither"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := multi.PencilFFTOptions{Layout: tt.layout}
			if tt.name == "a row exchanger alone" {
				opts.RowExchanger = hostExchanger{one}
			}
			_, err := multi.NewRankPencilFFT(tt.thr, tt.rows, tt.cols, tt.typ, opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "multi: rank pencil FFT: ") {
				t.Errorf("error %v, want one of multi: rank pencil FFT: with %q", err, tt.want)
			}
		})
	}
}

// TestRankPencilFFTRefusal gives one rank of a 2 × 2 grid an output of the
// wrong shape: it refuses its arguments, and every other rank learns of it
// before the first exchange and runs none, rather than waiting for it.
func TestRankPencilFFTRefusal(t *testing.T) {
	m := cludatest.MultiThread(t, 4, cluda.MultiThreadOptions{})
	typ := core.ArrayOf(dtypes.Complex64, 4, 4, 4)
	errs := runGrid(threadsOf(m), 2, 2, func(thr *cluda.Thread, rows, cols multi.Communicator) error {
		f, err := multi.NewRankPencilFFT(thr, rows, cols, typ, multi.PencilFFTOptions{})
		if err != nil {
			return err
		}
		defer f.Release()
		in, err := thr.Empty(f.Shape(true), dtypes.Complex64)
		if err != nil {
			return err
		}
		defer in.Release()
		shape := f.Shape(false)
		if rows.Rank() == 0 && cols.Rank() == 0 {
			shape[0]++
		}
		out, err := thr.Empty(shape, dtypes.Complex64)
		if err != nil {
			return err
		}
		defer out.Release()
		return f.Call(out, in, 0)
	})
	for r, err := range errs {
		want := "failed before the exchange 1"
		if r == 0 {
			want = "phase 3"
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("rank %d: %v, want an error with %q", r, err, want)
		}
	}
}
