package main

import (
	"fmt"
	"io"
	"math"
	"os"

	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/reference"
)

const fftExamples = `  reikna fft signal.txt spectrum.txt
      the FFT of the numbers in signal.txt (one per line: "re" or "re im")
  reikna fft --inverse spectrum.txt signal.txt
      the inverse FFT, divided by the length as numpy.fft.ifft does
  reikna fft --pow2 --check signal.txt -
      zero-padded to the next power of two, printed, and compared with gonum
  reikna fft --shape 64,100 --axes 1 --pad 128 image.txt -
      64 rows of 100 values (row-major), each padded to 128 and transformed`

// stdin is what an input file named "-" reads.
var stdin io.Reader = os.Stdin

// fftOptions are the flags of the fft command.
type fftOptions struct {
	inverse, pow2, check bool
	pad, shape, axes     string
	device               string
	api                  string
	tol                  float64
	precision            *cliutil.PrecisionFlag
}

func runFFT(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("fft", "fft [options] IN OUT", fftExamples, stderr)
	o := &fftOptions{}
	fs.BoolVar(&o.inverse, "inverse", false, "compute the inverse transform (divided by the transform length)")
	fs.StringVar(&o.pad, "pad", "", "zero-pad the transformed axes to length `N` (one length, or one per axis)")
	fs.BoolVar(&o.pow2, "pow2", false, "zero-pad the transformed axes to the next power of two")
	fs.StringVar(&o.shape, "shape", "", "the shape of the data in row-major order, a `LIST` such as 64,100 (default: one axis)")
	fs.StringVar(&o.axes, "axes", "", "the axes to transform, a `LIST` such as 1 or 0,1 (default: all)")
	o.precision = cliutil.AddPrecision(fs)
	fs.StringVar(&o.device, "device", "", "the first device whose name contains `SUBSTRING` (default: the first GPU, else the first device)")
	cliutil.AddAPIFlag(fs, &o.api)
	fs.BoolVar(&o.check, "check", false, "compare with a float64 FFT on the CPU (gonum) and report the errors; fail if values are off by more than --tol")
	cliutil.NumberVar(fs, &o.tol, "tol", 0, "the tolerance of --check, relative to the largest magnitude of the result (default 1e-5 single, 1e-12 double)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usageFailure(fs, stderr, fmt.Errorf("fft: want an input file and an output file (- for standard output), such as: reikna fft signal.txt spectrum.txt; got %s", cliutil.Plural(len(pos), "argument")))
	}
	if err := fftFile(o, pos[0], pos[1], stdout, stderr); err != nil {
		return fmt.Errorf("fft: %w", err)
	}
	return nil
}

// fftFile runs the fft command: reads in, transforms, writes out.
func fftFile(o *fftOptions, in, out string, stdout, stderr io.Writer) error {
	if o.pad != "" && o.pow2 {
		return fmt.Errorf("--pad and --pow2 both pad; give one of them")
	}
	if o.axes != "" && o.shape == "" {
		return fmt.Errorf("--axes needs --shape: without it the data has one axis")
	}
	if !(o.tol >= 0) || math.IsInf(o.tol, 0) {
		return fmt.Errorf("--tol %v: want a finite tolerance of 0 or more (0 for the default)", o.tol)
	}
	plan, err := planFFT(o)
	if err != nil {
		return err
	}
	if o.precision.Double {
		return fftValues[complex128](o, plan, in, out, stdout, stderr)
	}
	return fftValues[complex64](o, plan, in, out, stdout, stderr)
}

// fftValues runs the fft command with the values held as T.
func fftValues[T cliutil.Complex](o *fftOptions, plan *fftPlan, in, out string, stdout, stderr io.Writer) error {
	// Reports go where the numbers do not.
	report := stdout
	if out == "-" {
		report = stderr
	}
	input, inName, err := openInput(in, stdin)
	if err != nil {
		return err
	}
	defer input.Close()
	output, err := createOutput(out, stdout)
	if err != nil {
		return err
	}
	defer output.abort()
	bar := cliutil.StartProgress(stderr, 6)
	defer bar.Finish()

	bar.Step(0, "opening the device")
	thr, err := cliutil.OpenThread(o.device, o.api, true)
	if err != nil {
		return err
	}
	defer thr.Release()
	if err := cliutil.CheckPrecision(thr.Params(), plan.dtype); err != nil {
		return err
	}
	limit, err := plan.inputLimit(thr.Params())
	if err != nil {
		return err
	}

	bar.Step(1, "reading "+in)
	values, err := parseValues[T](input, inName, limit)
	if err != nil {
		return err
	}
	if err := plan.setLength(len(values), in); err != nil {
		return err
	}
	if err := plan.checkFits(thr.Params()); err != nil {
		return err
	}
	job := &fftJob[T]{fftPlan: plan, values: values}

	bar.Step(2, "compiling")
	c, err := job.compile(thr)
	if err != nil {
		return err
	}
	defer c.Release()

	bar.Step(3, "computing")
	result, dur, err := job.run(thr, c, o.inverse)
	if err != nil {
		return err
	}
	if err := checkFinite(result); err != nil {
		return err
	}

	var cmp *cliutil.Comparison
	if o.check {
		bar.Step(4, "checking with gonum")
		tol := o.tol
		if tol == 0 {
			tol = 1e-5
			if o.precision.Double {
				tol = 1e-12
			}
		}
		r := cliutil.Compare(cliutil.Widen(result), reference.FFTN(job.paddedValues(), job.padded, job.axes, o.inverse), tol)
		cmp = &r
	}

	bar.Step(5, "writing "+out)
	if err := writeResult(output, job, result, o.inverse, thr, in); err != nil {
		return fmt.Errorf("writing %s: %w", outName(out), err)
	}
	if err := output.commit(); err != nil {
		return err
	}
	bar.Finish()
	fmt.Fprintf(report, "%s\non %s: %.3f ms of kernel time\nwrote %s to %s\n",
		job.describe(o.inverse, in), thr.Params().Name, dur.Seconds()*1e3, cliutil.Plural(len(result), "value"), outName(out))
	if cmp != nil {
		fmt.Fprintf(report, "check against gonum (float64): relative L2 error %.2g, max abs error %.2g, %d of %d values off by more than %.2g (%g × max|X|)\n",
			cmp.RelL2, cmp.MaxAbs, cmp.Over, len(result), cmp.Tol*cmp.RefMax, cmp.Tol)
		if cmp.Over > 0 {
			verb := "are"
			if cmp.Over == 1 {
				verb = "is"
			}
			return fmt.Errorf("check failed: %s %s off by more than the tolerance (--tol sets it)", cliutil.Plural(cmp.Over, "value"), verb)
		}
	}
	return nil
}

// checkFinite returns an error where a value of the result is infinite or
// NaN: the transform overflowed the precision, which the input, all of it
// finite, does not show, and the output file could not be read back.
func checkFinite[T cliutil.Complex](result []T) error {
	bad, first := 0, -1
	for i, v := range result {
		c := complex128(v)
		if math.IsInf(real(c), 0) || math.IsInf(imag(c), 0) || math.IsNaN(real(c)) || math.IsNaN(imag(c)) {
			if first < 0 {
				first = i
			}
			bad++
		}
	}
	if bad == 0 {
		return nil
	}
	bits := bitSize[T]()
	what := "transform in double precision (--precision double) or scale the input down"
	if bits == 64 {
		what = "scale the input down"
	}
	return fmt.Errorf("the result overflows %s: %d of %s are infinite or NaN, the first value %d (%v); %s",
		floatName(bits), bad, cliutil.Plural(len(result), "value"), first, result[first], what)
}
