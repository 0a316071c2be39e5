package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/dsp/fourier"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/reference"
)

// writeValues writes values to a new file in dir, one per line, as "re im"
// or, where realOnly is set, as the real part alone, with a comment and a
// blank line among them.
func writeValues(t *testing.T, dir, name string, values []complex128, realOnly bool) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("# test data\n\n")
	for _, v := range values {
		if realOnly {
			fmt.Fprintf(&b, "%.17g\n", real(v))
		} else {
			fmt.Fprintf(&b, "%.17g %.17g  # a comment\n", real(v), imag(v))
		}
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readOutput reads a file the fft command wrote.
func readOutput(t *testing.T, path string) []complex128 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	values, err := parseValues[complex128](f, path, noInputLimit)
	if err != nil {
		t.Fatalf("the output does not read back: %v", err)
	}
	return values
}

func randomComplex(rng *rand.Rand, n int, realOnly bool) []complex128 {
	x := make([]complex128, n)
	for i := range x {
		x[i] = complex(2*rng.Float64()-1, 0)
		if !realOnly {
			x[i] += complex(0, 2*rng.Float64()-1)
		}
	}
	return x
}

// relErr returns the relative L2 error of got against want.
func relErr(t *testing.T, got, want []complex128) float64 {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d values, want %d", len(got), len(want))
	}
	var num, den float64
	for i := range want {
		d := cmplx.Abs(got[i] - want[i])
		num += d * d
		den += cmplx.Abs(want[i]) * cmplx.Abs(want[i])
	}
	return math.Sqrt(num / den)
}

func TestFFTRoundTrip(t *testing.T) {
	cludatest.Thread(t)
	tests := []struct {
		n         int
		precision string
		tol       float64
	}{
		{1, "single", 1e-6},
		{16, "single", 1e-6},
		{1000, "single", 1e-6},
		{1031, "single", 1e-6}, // a prime: Bluestein
		{4096, "single", 1e-6},
		{1031, "double", 1e-13},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/N=%d", tt.precision, tt.n), func(t *testing.T) {
			dir := t.TempDir()
			x := randomComplex(rng, tt.n, tt.n%2 == 0) // real lines for even lengths
			in := writeValues(t, dir, "in.txt", x, tt.n%2 == 0)
			spec, back := filepath.Join(dir, "spec.txt"), filepath.Join(dir, "back.txt")

			stdout, _ := tool.OK(t, "fft", "--check", "--precision", tt.precision, in, spec)
			for _, want := range []string{"forward FFT", fmt.Sprintf("of %d values", tt.n), "wrote", spec,
				fmt.Sprintf(" 0 of %d values off by more than", tt.n)} {
				if !strings.Contains(stdout, want) {
					t.Errorf("the report lacks %q:\n%s", want, stdout)
				}
			}
			want := fourier.NewCmplxFFT(tt.n).Coefficients(nil, x)
			if e := relErr(t, readOutput(t, spec), want); e > tt.tol {
				t.Errorf("forward: relative error %.3g against gonum, want ≤ %g", e, tt.tol)
			}
			// Flags after the file names work too.
			tool.OK(t, "fft", spec, back, "--inverse", "--precision", tt.precision)
			if e := relErr(t, readOutput(t, back), x); e > tt.tol {
				t.Errorf("round trip: relative error %.3g, want ≤ %g", e, tt.tol)
			}
		})
	}
}

func TestFFTDigits(t *testing.T) {
	cludatest.Thread(t)
	dir := t.TempDir()
	in := writeValues(t, dir, "in.txt", []complex128{0.1, 1 / 3.0, -2.5, 1e-7}, true)
	for _, tt := range []struct {
		precision string
		bits      int
	}{{"single", 32}, {"double", 64}} {
		t.Run(tt.precision, func(t *testing.T) {
			stdout, stderr := tool.OK(t, "fft", "--precision", tt.precision, in, "-")
			if !strings.Contains(stderr, "wrote 4 values to standard output") {
				t.Errorf("the report does not go to stderr when the output is -:\n%s", stderr)
			}
			lines := 0
			for _, line := range strings.Split(stdout, "\n") {
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				lines++
				for _, f := range strings.Fields(line) {
					// Each number is the shortest that reads back as the
					// same value of the precision.
					v, err := strconv.ParseFloat(f, tt.bits)
					if err != nil {
						t.Fatal(err)
					}
					if short := strconv.FormatFloat(v, 'g', -1, tt.bits); short != f {
						t.Errorf("%q is printed, the shortest round trip is %q", f, short)
					}
				}
			}
			if lines != 4 {
				t.Errorf("%d values printed, want 4:\n%s", lines, stdout)
			}
		})
	}
}

func TestFFTPadding(t *testing.T) {
	cludatest.Thread(t)
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	x := randomComplex(rng, 100, false)
	in := writeValues(t, dir, "in.txt", x, false)
	tests := []struct {
		flag []string
		n    int
	}{
		{[]string{"--pad", "160"}, 160},
		{[]string{"--pow2"}, 128},
		{[]string{"--pad", "100"}, 100},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.flag, " "), func(t *testing.T) {
			out := filepath.Join(dir, "out.txt")
			stdout, _ := tool.OK(t, append(append([]string{"fft", "--check"}, tt.flag...), in, out)...)
			if tt.n != 100 && !strings.Contains(stdout, fmt.Sprintf("zero-padded to %d", tt.n)) {
				t.Errorf("the report does not say it padded:\n%s", stdout)
			}
			if !strings.Contains(stdout, "check against gonum (float64): relative L2 error") || !strings.Contains(stdout, fmt.Sprintf(" 0 of %d values off", tt.n)) {
				t.Errorf("--check report:\n%s", stdout)
			}
			padded := append(append([]complex128(nil), x...), make([]complex128, tt.n-100)...)
			want := fourier.NewCmplxFFT(tt.n).Coefficients(nil, padded)
			if e := relErr(t, readOutput(t, out), want); e > 1e-6 {
				t.Errorf("relative error %.3g against gonum", e)
			}
		})
	}
}

// naiveDFT is the discrete Fourier transform of x (row-major, of shape)
// over axes by its definition, in float64.
func naiveDFT(x []complex128, shape, axes []int, inverse bool) []complex128 {
	y := append([]complex128(nil), x...)
	sign := -1.0
	if inverse {
		sign = 1
	}
	for _, a := range axes {
		n, inner := shape[a], 1
		for _, m := range shape[a+1:] {
			inner *= m
		}
		z := make([]complex128, len(y))
		for i := range y {
			k := i / inner % n
			base := i - k*inner
			var s complex128
			for j := 0; j < n; j++ {
				s += y[base+j*inner] * cmplx.Rect(1, sign*2*math.Pi*float64(j*k%n)/float64(n))
			}
			if inverse {
				s /= complex(float64(n), 0)
			}
			z[i] = s
		}
		y = z
	}
	return y
}

func TestFFTShapeAxes(t *testing.T) {
	cludatest.Thread(t)
	rng := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	x := randomComplex(rng, 6*10, false)
	in := writeValues(t, dir, "in.txt", x, false)
	tests := []struct {
		args   []string
		shape  []int // of the result
		axes   []int
		padded bool
	}{
		{[]string{"--shape", "6,10", "--axes", "1"}, []int{6, 10}, []int{1}, false},
		{[]string{"--shape", "6,10", "--axes", "0"}, []int{6, 10}, []int{0}, false},
		{[]string{"--shape", "6,10"}, []int{6, 10}, []int{0, 1}, false},
		{[]string{"--shape", "6,10", "--inverse"}, []int{6, 10}, []int{0, 1}, false},
		{[]string{"--shape", "6,10", "--axes", "1", "--pad", "16"}, []int{6, 16}, []int{1}, true},
		{[]string{"--shape", "6,10", "--pow2"}, []int{8, 16}, []int{0, 1}, true},
		{[]string{"--shape", "6,10", "--axes", "1,0", "--pad", "12,7"}, []int{7, 12}, []int{1, 0}, true},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out := filepath.Join(dir, "out.txt")
			tool.OK(t, append(append([]string{"fft"}, tt.args...), in, out)...)
			data := x
			if tt.padded {
				data = make([]complex128, tt.shape[0]*tt.shape[1])
				for i := 0; i < 6; i++ {
					copy(data[i*tt.shape[1]:], x[i*10:(i+1)*10])
				}
			}
			want := naiveDFT(data, tt.shape, tt.axes, slices.Contains(tt.args, "--inverse"))
			if e := relErr(t, readOutput(t, out), want); e > 1e-6 {
				t.Errorf("relative error %.3g against the DFT", e)
			}
		})
	}
}

func TestFFTErrors(t *testing.T) {
	cludatest.Thread(t)
	dir := t.TempDir()
	file := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := file("good.txt", "1\n2\n3\n4\n5\n6\n")
	out := filepath.Join(dir, "out.txt")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"not a number", []string{file("data.txt", "1\n2 0\n1.2.3\n"), out},
			`fft: ` + dir + `/data.txt:3: "1.2.3" is not a number (want a real value or "re im")`},
		{"imaginary part not a number", []string{file("im.txt", "# x\n\n1 i\n"), out}, `im.txt:3: "i" is not a number`},
		{"three numbers", []string{file("three.txt", "1\n1 2 3\n"), out}, `three.txt:2: 3 numbers on the line "1 2 3" (want a real value or "re im")`},
		{"nan", []string{file("nan.txt", "1\nNaN\n"), out}, `nan.txt:2: "NaN" is not a finite number`},
		{"infinity", []string{file("inf.txt", "1 -Inf\n"), out}, `inf.txt:1: "-Inf" is not a finite number`},
		{"out of range", []string{"--precision", "double", file("big.txt", "1e999\n"), out}, `big.txt:1: "1e999" is out of the range of float64`},
		{"out of single precision", []string{file("big32.txt", "1\n2 -1e39\n"), out}, `big32.txt:2: "-1e39" is out of the range of float32 (--precision single)`},
		// Values each finite whose sums overflow: an error, not a file of
		// infinities that the input format refuses.
		{"result out of single precision", []string{file("sum32.txt", "3e38\n3e38\n"), out},
			"the result overflows float32 (--precision single): 1 of 2 values are infinite or NaN, the first value 0 ((+Inf+0i)); transform in double precision (--precision double)"},
		{"result out of double precision", []string{"--precision", "double", file("sum64.txt", "1.7e308 1.7e308\n1.7e308 1.7e308\n"), out},
			"the result overflows float64: 1 of 2 values are infinite or NaN, the first value 0 ((+Inf+Infi)); scale the input down"},
		{"result to standard output", []string{file("sum32.txt", "3e38\n3e38\n"), "-"}, "the result overflows float32"},
		{"more values than the shape", []string{"--shape", "2,2", good, out}, good + " has more values than --shape 2,2 holds (4)"},
		{"negative tolerance", []string{"--check", "--tol", "-1", good, out}, "--tol -1: want a finite tolerance of 0 or more"},
		{"NaN tolerance", []string{"--check", "--tol", "NaN", good, out}, "--tol NaN: want a finite tolerance"},
		{"infinite tolerance", []string{"--check", "--tol", "+Inf", good, out}, "--tol +Inf: want a finite tolerance"},
		{"empty file", []string{file("empty.txt", ""), out}, `empty.txt: no numbers in the file (write one number per line: a real value or "re im")`},
		{"comments only", []string{file("comments.txt", "# nothing\n\n   # here\n"), out}, "comments.txt: no numbers in the file"},
		{"missing file", []string{filepath.Join(dir, "nope.txt"), out}, "nope.txt: no such file"},
		{"one argument", []string{good}, "fft: want an input file and an output file (- for standard output)"},
		{"three arguments", []string{good, out, out}, "got 3 arguments"},
		{"shape mismatch", []string{"--shape", "2,4", good, out}, "--shape 2,4 holds 8 values, and " + good + " has 6"},
		{"bad shape", []string{"--shape", "2,x", good, out}, `--shape 2,x: "x" is not a whole number`},
		{"axes without shape", []string{"--axes", "0", good, out}, "--axes needs --shape"},
		{"axis out of range", []string{"--shape", "2,3", "--axes", "2", good, out}, "--axes 2: the data has axes 0 to 1"},
		{"repeated axis", []string{"--shape", "2,3", "--axes", "1,1", good, out}, "axis 1 is repeated"},
		{"pad shorter", []string{"--pad", "4", good, out}, "--pad 4: " + good + " has more than 4 values (--pad only adds zeros)"},
		{"pad shorter on an axis", []string{"--shape", "2,3", "--axes", "1", "--pad", "2", good, out}, "--pad 2: 2 is shorter than the 3 values on axis 1 (--pad only adds zeros)"},
		{"pad and pow2", []string{"--pad", "8", "--pow2", good, out}, "--pad and --pow2 both pad; give one of them"},
		{"pad lengths", []string{"--shape", "2,3", "--pad", "4,4,4", good, out}, "3 lengths for 2 transformed axes"},
		{"too large", []string{"--pad", "2^40", good, out}, "allows at most"},
		{"bad precision", []string{"--precision", "half", good, out}, `"half" is not a precision (want single or double)`},
		{"no device", []string{"--device", "no-such-device-anywhere", good, out}, "`reikna devices` lists the devices"},
		{"unwritable output", []string{good, filepath.Join(dir, "no", "such", "dir.txt")}, "no such file or directory"},
		{"check fails", []string{"--check", "--tol", "1e-20", file("ramp.txt", "1\n2\n3\n4\n5\n6\n7\n"), "-"},
			"values are off by more than the tolerance (--tol sets it)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tool.Error(t, append([]string{"fft"}, tt.args...), tt.want) })
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a failed run wrote %s", out)
	}
}

func TestReferenceFFT(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	tests := []struct {
		shape, axes []int
	}{
		{[]int{1031}, []int{0}},    // Bluestein
		{[]int{2 * 101}, []int{0}}, // Bluestein of an even length
		{[]int{360}, []int{0}},     // gonum's mixed radix
		{[]int{3, 67}, []int{1, 0}},
	}
	for _, tt := range tests {
		x := randomComplex(rng, int(cliutil.ShapeSize(tt.shape)), false)
		for _, inverse := range []bool{false, true} {
			got := reference.FFTN(x, tt.shape, tt.axes, inverse)
			if e := relErr(t, got, naiveDFT(x, tt.shape, tt.axes, inverse)); e > 1e-13 {
				t.Errorf("shape %v axes %v inverse %v: relative error %.3g against the DFT", tt.shape, tt.axes, inverse, e)
			}
		}
	}
}

func TestFFTHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run([]string{"fft", "--help"}, &stdout, &stderr)
	for _, want := range []string{"Usage: reikna fft [options] IN OUT", "Examples:", "--pow2", "--check", "--shape"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("fft --help lacks %q:\n%s", want, stderr.String())
		}
	}
}

// endlessInput is an input of one line repeated up to size bytes, far
// more than a command should read of it; it counts the bytes read.
type endlessInput struct {
	line string
	size int64
	at   int // in line
	read int64
}

func (e *endlessInput) Read(p []byte) (int, error) {
	if e.read >= e.size {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), e.size-e.read)]
	for i := range p {
		p[i] = e.line[e.at]
		e.at = (e.at + 1) % len(e.line)
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestFFTInputTooLarge feeds endless input to the fft command on a device
// made small, and checks that the command refuses it having read no more
// than the device can take (nothing at all where the options say that
// much already), holding no more than that in memory.
func TestFFTInputTooLarge(t *testing.T) {
	cludatest.Thread(t)
	const maxAlloc = 1 << 20
	saved := cliutil.DeviceMemory
	cliutil.DeviceMemory = func(*cluda.DeviceParams) (int64, int64) { return maxAlloc, 3 * maxAlloc }
	t.Cleanup(func() { cliutil.DeviceMemory = saved })
	savedStdin := stdin
	t.Cleanup(func() { stdin = savedStdin })

	const line = "0.5 -1\n"
	// The scanner reads ahead by up to its first buffer.
	const readAhead = 64 << 10
	tests := []struct {
		name   string
		args   []string
		values int // the values the command may read before refusing
		want   string
	}{
		{"single", nil, maxAlloc / 8, fmt.Sprintf("standard input has more than %d values", maxAlloc/8)},
		{"double", []string{"--precision", "double"}, maxAlloc / 16, fmt.Sprintf("standard input has more than %d values", maxAlloc/16)},
		{"pow2", []string{"--pow2"}, maxAlloc / 8, "more than the device can transform at once"},
		{"shape", []string{"--shape", "100,10"}, 1000, "standard input has more values than --shape 100,10 holds (1000)"},
		{"shape too large", []string{"--shape", "1000,1000"}, 0, "allows at most 1.0 MiB in one array"},
		{"pad", []string{"--pad", "1000"}, 1000, "--pad 1000: standard input has more than 1000 values"},
		{"pad too large", []string{"--pad", "2^20"}, 0, "allows at most 1.0 MiB in one array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &endlessInput{line: line, size: 64 << 20}
			stdin = in
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			tool.Error(t, append(append([]string{"fft"}, tt.args...), "-", "-"), strings.ReplaceAll(tt.want, "the device", cludatest.Thread(t).Params().Name))
			runtime.ReadMemStats(&after)
			if tt.values == 0 && in.read > 0 {
				t.Errorf("read %d bytes of a job refused by its options alone", in.read)
			}
			if limit := int64(tt.values+1)*int64(len(line)) + readAhead; in.read > limit {
				t.Errorf("read %d bytes, more than the %d values allowed need (%d)", in.read, tt.values, limit)
			}
			// The values held are at most one array of the device (1 MiB),
			// grown by doubling; the rest is the Thread and the scanner's
			// strings of each line read. Reading all the input would take
			// over 64 MiB.
			if grown := after.TotalAlloc - before.TotalAlloc; grown > 16<<20 {
				t.Errorf("the command allocated %d bytes", grown)
			}
		})
	}
}

// TestFFTOutputAtomic checks that a failed run leaves an existing output
// as it was, with no partial file beside it, and that a successful run
// replaces it whole.
func TestFFTOutputAtomic(t *testing.T) {
	cludatest.Thread(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	const old = "# the result of an earlier run\n1 0\n"
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := writeValues(t, dir, "bad.txt", []complex128{1, 2}, true)
	if err := os.WriteFile(bad, []byte(readString(t, bad)+"1e39\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := writeValues(t, dir, "good.txt", []complex128{1, 2, 3, 4}, true)
	for _, args := range [][]string{
		{bad, out},
		{"--shape", "3", good, out},
		{"--pad", "2^40", good, out},
	} {
		tool.Error(t, append([]string{"fft"}, args...), "")
		if got := readString(t, out); got != old {
			t.Errorf("reikna fft %v changed the existing output to %q", args, got)
		}
		checkOnly(t, dir, "bad.txt", "good.txt", "out.txt")
	}
	tool.OK(t, "fft", good, out)
	if got := readOutput(t, out); len(got) != 4 || got[0] != 10 {
		t.Errorf("the new output holds %v", got)
	}
	checkOnly(t, dir, "bad.txt", "good.txt", "out.txt")
}
