package lab

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// benchMatmul times the matrix product cases with the plan's own tiling
// and with each tiling the environment lists (matmulTileEnv), after
// checking a sample of the result of each against a host reference.
func benchMatmul(o *Options, stdout, stderr io.Writer) error {
	tunings := map[string][]computations.MatrixMulTiling{}
	// The cases, and the tunings of their dtypes.
	cases := func(list string) ([]matmulCase, error) {
		cs, err := selectMatmulCases(list)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			if tunings[c.dt.String()], err = matmulTilingsFromEnv(c.dt); err != nil {
				return nil, err
			}
		}
		return cs, nil
	}
	// Variant 0 is the plan's own tiling, variant v the tuning v-1.
	tiling := func(c matmulCase, v int) computations.MatrixMulTiling {
		if v == 0 {
			return computations.MatrixMulTiling{}
		}
		return tunings[c.dt.String()][v-1]
	}
	return runBenchSet(o, stdout, stderr, benchSet[matmulCase, *matmulReport]{
		// Products are slower than moving memory on a CPU: 4 MiB by default.
		mode: "matmul", what: "matrix product", otherMiB: 4, cases: cases,
		variants: func(c matmulCase) int { return 1 + len(tunings[c.dt.String()]) },
		label: func(c matmulCase, v int) string {
			what := "the plan's tiling"
			if t := tiling(c, v); t != (computations.MatrixMulTiling{}) {
				what = "tiling " + t.String()
			}
			c = c.sized(o.MiB)
			return fmt.Sprintf("%s of %s, %s", c.name, cliutil.DimsString(c.shape()), what)
		},
		report: func(h runHeader, mib, _ float64) *matmulReport {
			return &matmulReport{runHeader: h, MiB: mib, Build: readBuildInfo()}
		},
		measure: func(b *bencher, rep *matmulReport, c matmulCase, v int) {
			c = c.sized(o.MiB)
			b.arrayBytes = int64(max(c.m*c.k, c.k*c.n, c.m*c.n) * c.batch * c.dt.Size())
			rep.Rows = append(rep.Rows, b.measureMatmul(c, tiling(c, v)))
		},
	})
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
	used, err := mm.PlanOn(b.thr.Params())
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	r.Tiling = used
	if !strings.HasSuffix(used, "/mma-"+c.precision.String()) {
		// The device computes the product in float32, and is checked as
		// such.
		c.precision = computations.Float32Precision
	}
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
