package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

const tuneExamples = `  reikna tune --shape 64,4095 --axes 1
      time the FFT of 64 rows of 4095 points with each of its candidate
      plans, keep the fastest in the wisdom on disk (beside the program
      cache), and report it beside the rules' plan
  reikna tune --shape 64,4095 --axes 1 --shape 1000,1000
      one case after another: each --shape with the --axes after it
  reikna tune --matmul 4096,4096,4096 --matmul 1000,30,1000
      the same for matrix products: the rules' plan and the tilings of the
      element size (--precision double for float64)
  reikna tune --shape 8,1024 --axes 1 --export wisdom.jsonl
      and write every choice this process knows, for --import elsewhere
  reikna tune --import wisdom.jsonl --shape 8,1024 --axes 1
      start from the choices another machine exported`

// tuneCase is one case to tune: an FFT of a shape over axes (nil: every
// axis), or where mnk is set, the product of an m×k matrix by a k×n one.
type tuneCase struct {
	shape []int
	axes  []int
	mnk   []int
}

// runTune parses the arguments of the tune command, tunes each case and
// reports the choice and the times of the rules' plan and of the tuned
// one.
func runTune(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune", "tune [options] --shape LIST [--axes LIST] ...", tuneExamples, stderr)
	var cases []tuneCase
	fs.Func("shape", "an FFT to tune: its shape, a `LIST` such as 64,4095; repeat for more cases", func(s string) error {
		shape, err := cliutil.ParseInts("--shape", s, 1)
		if err != nil {
			return err
		}
		cases = append(cases, tuneCase{shape: shape})
		return nil
	})
	fs.Func("matmul", "a matrix product to tune: M,N,K, the product of an M×K matrix by a K×N one; repeat for more cases", func(s string) error {
		mnk, err := cliutil.ParseInts("--matmul", s, 1)
		if err != nil {
			return err
		}
		if len(mnk) != 3 {
			return fmt.Errorf("--matmul %s: want M,N,K", s)
		}
		cases = append(cases, tuneCase{mnk: mnk})
		return nil
	})
	fs.Func("axes", "the axes of the --shape before it, a `LIST` such as 1 (default: every axis)", func(s string) error {
		if len(cases) == 0 || cases[len(cases)-1].mnk != nil {
			return fmt.Errorf("--axes before any --shape")
		}
		c := &cases[len(cases)-1]
		axes, err := cliutil.ParseAxes(s, len(c.shape))
		c.axes = axes
		return err
	})
	precision := cliutil.AddPrecision(fs)
	device := fs.String("device", "", "the first device whose name contains `SUBSTRING` (default: the first GPU, else the first device)")
	var api string
	cliutil.AddAPIFlag(fs, &api)
	importFile := fs.String("import", "", "read the choices of `FILE` (written by --export) first")
	exportFile := fs.String("export", "", "write every choice this process knows to `FILE` last")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 || len(cases) == 0 && *importFile == "" && *exportFile == "" {
		return usageFailure(fs, stderr, fmt.Errorf("tune: want one --shape or --matmul or more (and no other arguments)"))
	}
	if *importFile != "" {
		if err := withFile(*importFile, false, func(f *os.File) error { return cluda.ImportWisdom(f) }); err != nil {
			return fmt.Errorf("tune: --import: %w", err)
		}
	}
	if len(cases) > 0 {
		thr, err := cliutil.OpenThread(*device, api, false)
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		defer thr.Release()
		if err := cliutil.CheckPrecision(thr.Params(), precision.ComplexDType()); err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		fmt.Fprintf(stdout, "tuning on %s (%s)\n", thr.Params().Name, thr.API())
		for _, c := range cases {
			if c.mnk != nil {
				if err := tuneMatmul(thr, c.mnk, precision.ComplexDType().Real(), stdout); err != nil {
					return fmt.Errorf("tune: matrix product %v: %w", c.mnk, err)
				}
				continue
			}
			if err := tuneFFT(thr, c, precision.ComplexDType(), stdout); err != nil {
				return fmt.Errorf("tune: FFT of %v: %w", c.shape, err)
			}
		}
	}
	if *exportFile != "" {
		if err := withFile(*exportFile, true, func(f *os.File) error { return cluda.ExportWisdom(f) }); err != nil {
			return fmt.Errorf("tune: --export: %w", err)
		}
		fmt.Fprintf(stdout, "wrote %s\n", *exportFile)
	}
	return nil
}

// tuneFFT tunes the FFT of one case and reports the rules' time, the
// tuned time and the choice.
func tuneFFT(thr *cluda.Thread, c tuneCase, dt dtypes.DType, stdout io.Writer) error {
	f, err := fft.NewFFT(core.ArrayOf(dt, c.shape...), c.axes, fft.FFTOptions{})
	if err != nil {
		return err
	}
	rules, err := timeCompiled(thr, f.Computation, core.CompileOptions{})
	if err != nil {
		return err
	}
	tuned, err := timeCompiled(thr, f.Computation, core.CompileOptions{Tune: true})
	if err != nil {
		return err
	}
	choice, _ := f.TunedPlan(thr)
	fmt.Fprintf(stdout, "fft %v %v axes %v: %s, %.3f ms (the rules' plan: %.3f ms)\n",
		dt, c.shape, f.Axes(), choice, tuned.Seconds()*1e3, rules.Seconds()*1e3)
	return nil
}

// tuneMatmul tunes the product of an m×k matrix by a k×n one of dt and
// reports the rules' time, the tuned time and the choice.
func tuneMatmul(thr *cluda.Thread, mnk []int, dt dtypes.DType, stdout io.Writer) error {
	m, n, k := mnk[0], mnk[1], mnk[2]
	mm, err := computations.NewMatrixMul(core.ArrayOf(dt, m, k), core.ArrayOf(dt, k, n), computations.MatrixMulOptions{})
	if err != nil {
		return err
	}
	rules, err := timeCompiled(thr, mm.Computation, core.CompileOptions{})
	if err != nil {
		return err
	}
	tuned, err := timeCompiled(thr, mm.Computation, core.CompileOptions{Tune: true})
	if err != nil {
		return err
	}
	choice, _ := mm.TunedPlan(thr)
	flops := 2 * float64(m) * float64(n) * float64(k)
	fmt.Fprintf(stdout, "matmul %v %dx%dx%d: %s, %.3f ms, %.1f GFLOP/s (the rules' plan: %.3f ms)\n",
		dt, m, n, k, choice, tuned.Seconds()*1e3, flops/tuned.Seconds()/1e9, rules.Seconds()*1e3)
	return nil
}

// timeCompiled compiles c with opts and returns the median time of five
// calls (see core.Callable.Time).
func timeCompiled(thr *cluda.Thread, c *core.Computation, opts core.CompileOptions) (time.Duration, error) {
	k, err := c.CompileWith(thr, opts)
	if err != nil {
		return 0, err
	}
	defer k.Release()
	return k.Time(5)
}

// withFile runs f on the file at path, created (for writing) or opened.
func withFile(path string, write bool, f func(*os.File) error) error {
	open := os.Open
	if write {
		open = os.Create
	}
	file, err := open(path)
	if err != nil {
		return err
	}
	ferr := f(file)
	if cerr := file.Close(); ferr == nil {
		ferr = cerr
	}
	return ferr
}
