package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
)

// benchMatmul times the matrix product cases with the plan's own tiling
// and with each tiling the environment lists (matmulTileEnv), after
// checking a sample of the result of each against a host reference.
func benchMatmul(o *benchOptions, stdout, stderr io.Writer) error {
	cases, err := selectMatmulCases(o.cases)
	if err != nil {
		return err
	}
	tunings := map[string][]computations.MatrixMulTiling{}
	steps := 0
	for _, c := range cases {
		if tunings[c.dt.String()], err = matmulTilingsFromEnv(c.dt); err != nil {
			return err
		}
		steps += 1 + len(tunings[c.dt.String()])
	}
	// Products are slower than moving memory on a CPU: 4 MiB by default.
	cb, err := startCaseBench(o, "matmul", "matrix product", 4, steps, stderr)
	if err != nil {
		return err
	}
	defer cb.release()
	rep := &matmulReport{runHeader: newRunHeader(cb.thr, o.args), MiB: o.mib, Build: readBuildInfo()}
	b := &bencher{thr: cb.thr, runs: o.runs}
	step := 1
	for _, c := range cases {
		c = c.sized(o.mib)
		b.arrayBytes = int64(max(c.m*c.k, c.k*c.n, c.m*c.n) * c.batch * c.dt.Size())
		tilings := append([]computations.MatrixMulTiling{{}}, tunings[c.dt.String()]...)
		for _, tiling := range tilings {
			what := "the plan's tiling"
			if tiling != (computations.MatrixMulTiling{}) {
				what = "tiling " + tiling.String()
			}
			cb.bar.Step(step, fmt.Sprintf("%s of %s, %s", c.name, dimsString(c.shape()), what))
			step++
			rep.Rows = append(rep.Rows, b.measureMatmul(c, tiling))
		}
	}
	return cb.finish(o, stdout, rep)
}

// measureMatmul checks and then times the case with the tiling (the zero
// tiling for the plan's own). A case that cannot run says why in Skipped;
// one whose result is wrong, in Wrong, and has no times.
func (b *bencher) measureMatmul(c matmulCase, tiling computations.MatrixMulTiling) matmulRow {
	r := matmulRow{Case: c.name, Shape: c.shape(), DType: c.dt.String(), Tuned: tiling != (computations.MatrixMulTiling{})}
	if r.Tuned {
		r.Tiling = tiling.String()
	}
	if !b.thr.Params().SupportsDType(c.dt) {
		r.Skipped = fmt.Sprintf("the device does not compute in %v", c.dt)
		return r
	}
	mm, err := c.computation(tiling)
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	used, err := mm.TilingOn(b.thr.Params())
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	r.Tiling = used.String()
	kernel, wrong, skipped := b.checkAndTime(mm.Computation, func(call *core.Callable, sets [][]any) error {
		return b.checkMatmul(c, call, sets[0])
	})
	if r.Wrong, r.Skipped = wrong, skipped; kernel == nil {
		return r
	}
	r.Runs = len(kernel)
	r.MedianMS, r.MinMS = ms(median(kernel)), ms(slices.Min(kernel))
	r.TFLOPS = c.flops() / (r.MedianMS / 1e3) / 1e12
	return r
}

// checkMatmul runs call once on the argument set args, its output poisoned
// first, and compares a sample of the output with float64 products of the
// input values argSets uploaded. A wrong output is a *wrongResultError.
func (b *bencher) checkMatmul(c matmulCase, call *core.Callable, args []any) error {
	out, inputs, err := splitArgs(call, args)
	if err != nil {
		return err
	}
	if len(inputs) != 2 {
		return fmt.Errorf("the product has %d inputs, want 2", len(inputs))
	}
	got, err := checkedRun(call, args, out)
	if err != nil {
		return err
	}
	a, err := hostValues(b.randomValues(c.dt, inputs[0].Size()))
	if err != nil {
		return err
	}
	bv, err := hostValues(b.randomValues(c.dt, inputs[1].Size()))
	if err != nil {
		return err
	}
	if err := checkProducts(c, a, bv, got); err != nil {
		return &wrongResultError{err}
	}
	return nil
}
