package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/dtypes"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
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
	tol                  float64
	precision            *precisionFlag
}

func runFFT(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("fft", "fft [options] IN OUT", fftExamples, stderr)
	o := &fftOptions{}
	fs.BoolVar(&o.inverse, "inverse", false, "compute the inverse transform (divided by the transform length)")
	fs.StringVar(&o.pad, "pad", "", "zero-pad the transformed axes to length `N` (one length, or one per axis)")
	fs.BoolVar(&o.pow2, "pow2", false, "zero-pad the transformed axes to the next power of two")
	fs.StringVar(&o.shape, "shape", "", "the shape of the data in row-major order, a `LIST` such as 64,100 (default: one axis)")
	fs.StringVar(&o.axes, "axes", "", "the axes to transform, a `LIST` such as 1 or 0,1 (default: all)")
	o.precision = addPrecision(fs)
	fs.StringVar(&o.device, "device", "", "the first OpenCL device whose name contains `SUBSTRING` (default: the first GPU, else the first device)")
	fs.BoolVar(&o.check, "check", false, "compare with a float64 FFT on the CPU (gonum) and report the errors; fail if values are off by more than --tol")
	fs.Float64Var(&o.tol, "tol", 0, "the tolerance of --check, relative to the largest magnitude of the result (default 1e-5 single, 1e-12 double)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		fs.Usage()
		return fmt.Errorf("fft: want an input file and an output file (- for standard output), such as: reikna fft signal.txt spectrum.txt; got %s", plural(len(pos), "argument"))
	}
	if err := fftFile(o, pos[0], pos[1], stdout, stderr); err != nil {
		return fmt.Errorf("fft: %w", err)
	}
	return nil
}

// fftJob is an FFT of the fft command, with its shapes worked out.
type fftJob struct {
	values []complex128
	shape  []int // of the data
	padded []int // of the transform
	axes   []int
	dtype  dtypes.DType
}

// fftFile runs the fft command: reads in, transforms, writes out.
func fftFile(o *fftOptions, in, out string, stdout, stderr io.Writer) error {
	if o.pad != "" && o.pow2 {
		return fmt.Errorf("--pad and --pow2 both pad; give one of them")
	}
	if o.axes != "" && o.shape == "" {
		return fmt.Errorf("--axes needs --shape: without it the data has one axis")
	}
	// Reports go where the numbers do not.
	report := stdout
	if out == "-" {
		report = stderr
	}
	bar := startProgress(stderr, 5)
	defer bar.Finish()

	bar.Step(0, "reading "+in)
	values, err := readValues(in, stdin)
	if err != nil {
		return err
	}
	job, err := planJob(o, values, in)
	if err != nil {
		return err
	}

	bar.Step(1, "compiling")
	thr, err := openThread(o.device, true)
	if err != nil {
		return err
	}
	defer thr.Release()
	if err := checkPrecision(thr, job.dtype); err != nil {
		return err
	}
	// The input, the output and a temporary array for transforms of
	// several passes.
	inBytes, outBytes := float64(job.dtype.Size())*shapeSize(job.shape), float64(job.dtype.Size())*shapeSize(job.padded)
	if err := checkFits(thr, inBytes, outBytes, outBytes); err != nil {
		return err
	}
	c, err := job.compile(thr)
	if err != nil {
		return err
	}
	defer c.Release()

	bar.Step(2, "computing")
	result, dur, err := job.run(thr, c, o.inverse)
	if err != nil {
		return err
	}

	var cmp *comparison
	if o.check {
		bar.Step(3, "checking with gonum")
		tol := o.tol
		if tol == 0 {
			tol = 1e-5
			if o.precision.double {
				tol = 1e-12
			}
		}
		r := compare(result, referenceFFT(job.paddedValues(), job.padded, job.axes, o.inverse), tol)
		cmp = &r
	}

	bar.Step(4, "writing "+out)
	if err := writeResult(out, stdout, job, result, o.inverse, thr, in); err != nil {
		return err
	}
	bar.Finish()
	fmt.Fprintf(report, "%s\non %s: %.3f ms of kernel time\nwrote %s to %s\n",
		job.describe(o.inverse, in), thr.Params().Name, dur.Seconds()*1e3, plural(len(result), "value"), outName(out))
	if cmp != nil {
		fmt.Fprintf(report, "check against gonum (float64): relative L2 error %.2g, max abs error %.2g, %d of %d values off by more than %.2g (%g × max|X|)\n",
			cmp.relL2, cmp.maxAbs, cmp.over, len(result), cmp.tol*cmp.refMax, cmp.tol)
		if cmp.over > 0 {
			verb := "are"
			if cmp.over == 1 {
				verb = "is"
			}
			return fmt.Errorf("check failed: %s %s off by more than the tolerance (--tol sets it)", plural(cmp.over, "value"), verb)
		}
	}
	return nil
}

// planJob works out the shape, axes and padding of an FFT of values from
// the options.
func planJob(o *fftOptions, values []complex128, in string) (*fftJob, error) {
	job := &fftJob{values: values, shape: []int{len(values)}, dtype: o.precision.complexDType()}
	var err error
	if o.shape != "" {
		if job.shape, err = parseInts("--shape", o.shape, 1); err != nil {
			return nil, err
		}
		if n := shapeSize(job.shape); n != float64(len(values)) {
			return nil, fmt.Errorf("--shape %s holds %.0f values, and %s has %d", o.shape, n, displayName(in), len(values))
		}
	}
	if o.axes == "" {
		for a := range job.shape {
			job.axes = append(job.axes, a)
		}
	} else {
		if job.axes, err = parseInts("--axes", o.axes, 0); err != nil {
			return nil, err
		}
		for i, a := range job.axes {
			switch {
			case a >= len(job.shape) && len(job.shape) == 1:
				return nil, fmt.Errorf("--axes %s: the data has one axis, 0", o.axes)
			case a >= len(job.shape):
				return nil, fmt.Errorf("--axes %s: the data has axes 0 to %d", o.axes, len(job.shape)-1)
			}
			if slices.Contains(job.axes[:i], a) {
				return nil, fmt.Errorf("--axes %s: axis %d is repeated", o.axes, a)
			}
		}
	}
	job.padded = slices.Clone(job.shape)
	switch {
	case o.pow2:
		for _, a := range job.axes {
			job.padded[a] = nextPow2(job.shape[a])
		}
	case o.pad != "":
		lens, err := parseInts("--pad", o.pad, 1)
		if err != nil {
			return nil, err
		}
		if len(lens) != 1 && len(lens) != len(job.axes) {
			return nil, fmt.Errorf("--pad %s: %d lengths for %d transformed axes (give one, or one per axis)", o.pad, len(lens), len(job.axes))
		}
		for i, a := range job.axes {
			m := lens[min(i, len(lens)-1)]
			if m < job.shape[a] {
				return nil, fmt.Errorf("--pad %s: %d is shorter than the %d values on axis %d (--pad only adds zeros)", o.pad, m, job.shape[a], a)
			}
			job.padded[a] = m
		}
	}
	return job, nil
}

// shapeSize returns the number of elements of shape, as a float64 so that
// huge shapes do not overflow.
func shapeSize(shape []int) float64 {
	n := 1.0
	for _, m := range shape {
		n *= float64(m)
	}
	return n
}

// checkFits returns an error unless arrays of the given numbers of bytes
// fit the device: each under its largest allocation, all in its memory.
func checkFits(thr *cluda.Thread, arrays ...float64) error {
	p := thr.Params()
	var largest, total float64
	for _, a := range arrays {
		largest, total = max(largest, a), total+a
	}
	switch {
	case largest > float64(p.MaxMemAllocSize):
		return fmt.Errorf("an array needs %s, and %s allows at most %s in one array (transform less data, or use a device with more memory)",
			floatBytes(largest), p.Name, bytesString(p.MaxMemAllocSize))
	case total > float64(p.GlobalMemSize):
		return fmt.Errorf("the arrays need %s together, and %s has %s of memory (transform less data, or use a device with more memory)",
			floatBytes(total), p.Name, bytesString(p.GlobalMemSize))
	}
	return nil
}

// floatBytes formats a byte count that may exceed an int64.
func floatBytes(b float64) string {
	if b >= 1<<62 {
		return fmt.Sprintf("%.3g bytes", b)
	}
	return bytesString(int64(b))
}

// compile builds the FFT of the job's padded shape, with the padding
// transformation fused into its input where the data is shorter.
func (j *fftJob) compile(thr *cluda.Thread) (*core.Callable, error) {
	t := core.ArrayOf(j.dtype, j.padded...)
	fft, err := computations.NewFFT(t, j.axes, computations.FFTOptions{})
	if err != nil {
		return nil, err
	}
	if !slices.Equal(j.shape, j.padded) {
		lens := make([]string, len(j.axes))
		for i, a := range j.axes {
			lens[i] = strconv.Itoa(j.shape[a])
		}
		site := chainSite{typ: t, axes: j.axes}
		if err := connectChains(fft.Computation, site, []trfSpec{{"pad", strings.Join(lens, ",")}}, nil); err != nil {
			return nil, err
		}
	}
	return fft.Compile(thr)
}

// run uploads the values, calls c and returns the result and the time the
// kernels took.
func (j *fftJob) run(thr *cluda.Thread, c *core.Callable, inverse bool) ([]complex128, time.Duration, error) {
	var host any
	if j.dtype == dtypes.Complex64 {
		host = toComplex64(j.values)
	} else {
		host = j.values
	}
	in, err := thr.ToDevice(host, j.shape...)
	if err != nil {
		return nil, 0, err
	}
	defer in.Release()
	out, err := thr.Empty(j.padded, j.dtype)
	if err != nil {
		return nil, 0, err
	}
	defer out.Release()
	var inv int32
	if inverse {
		inv = 1
	}
	var args []any
	for _, p := range c.Signature() {
		switch p.Role() {
		case core.Output:
			args = append(args, out)
		case core.Input:
			args = append(args, in)
		default:
			args = append(args, inv)
		}
	}
	dur, err := c.CallProfiled(args...)
	if err != nil {
		return nil, 0, err
	}
	if j.dtype == dtypes.Complex64 {
		r, err := cluda.Read[complex64](out)
		if err != nil {
			return nil, 0, err
		}
		res := make([]complex128, len(r))
		for i, v := range r {
			res[i] = complex128(v)
		}
		return res, dur, nil
	}
	r, err := cluda.Read[complex128](out)
	return r, dur, err
}

func toComplex64(x []complex128) []complex64 {
	y := make([]complex64, len(x))
	for i, v := range x {
		y[i] = complex64(v)
	}
	return y
}

// paddedValues returns the values zero-padded to the padded shape, as the
// device sees them (rounded to the precision).
func (j *fftJob) paddedValues() []complex128 {
	round := func(v complex128) complex128 {
		if j.dtype == dtypes.Complex64 {
			return complex128(complex64(v))
		}
		return v
	}
	out := make([]complex128, int(shapeSize(j.padded)))
	idx := make([]int, len(j.shape))
	for _, v := range j.values {
		flat := 0
		for a, i := range idx {
			flat = flat*j.padded[a] + i
		}
		out[flat] = round(v)
		for a := len(idx) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < j.shape[a] {
				break
			}
			idx[a] = 0
		}
	}
	return out
}

// describe says what the job computes: "forward FFT (complex64) of 1000
// values from data.txt, zero-padded to 1024".
func (j *fftJob) describe(inverse bool, in string) string {
	dir := "forward"
	if inverse {
		dir = "inverse"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s FFT (%v)", dir, j.dtype)
	if len(j.shape) > 1 {
		fmt.Fprintf(&b, " over %s", axesString(j.axes))
	}
	fmt.Fprintf(&b, " of %s values from %s", dimsString(j.shape), displayName(in))
	if !slices.Equal(j.shape, j.padded) {
		fmt.Fprintf(&b, ", zero-padded to %s", dimsString(j.padded))
	}
	return b.String()
}

// dimsString is "1000" for one axis and "64×100" for more.
func dimsString(shape []int) string {
	s := make([]string, len(shape))
	for i, n := range shape {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, "×")
}

// writeResult writes the result to out ("-": stdout), one "re im" per line
// with the digits that round-trip the precision, after a comment that says
// what it is (the input format skips it, so the file can be read back).
func writeResult(out string, stdout io.Writer, j *fftJob, result []complex128, inverse bool, thr *cluda.Thread, in string) (err error) {
	w := stdout
	if out != "-" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := f.Close(); err == nil && cerr != nil {
				err = cerr
			}
		}()
		w = f
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# reikna fft: %s, on %s\n", j.describe(inverse, in), thr.Params().Name)
	if len(j.padded) > 1 {
		fmt.Fprintf(bw, "# shape %s in row-major order, one \"re im\" per line\n", dimsString(j.padded))
	} else {
		fmt.Fprintf(bw, "# %d values, one \"re im\" per line\n", len(result))
	}
	bitSize := 64
	if j.dtype == dtypes.Complex64 {
		bitSize = 32
	}
	buf := make([]byte, 0, 64)
	for _, v := range result {
		// +0 for -0, which reads the same and is less puzzling.
		re, im := real(v)+0, imag(v)+0
		buf = strconv.AppendFloat(buf[:0], re, 'g', -1, bitSize)
		buf = append(buf, ' ')
		buf = strconv.AppendFloat(buf, im, 'g', -1, bitSize)
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", outName(out), err)
	}
	return nil
}

func displayName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

func outName(name string) string {
	if name == "-" {
		return "standard output"
	}
	return name
}
