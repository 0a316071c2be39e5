package functions_test

import (
	"hash/fnv"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

// Tolerances on the largest relative error of one element,
// |got − want| / |want| (moduli for complex values), where want is computed
// in float64 or complex128 from the inputs as they were rounded to their
// dtypes. Integer results must be exact.
const (
	// Arithmetic (Mul, Add, Div, Conj, Cast, Norm, Pow with an integer
	// exponent): every C operation is correctly rounded, u = 2^-24 ≈ 6e-8
	// in single precision. The longest chains here (a three-factor complex
	// product, a complex quotient, x^8 by binary powering, an operand first
	// rounded from float64) take up to about ten roundings, and the
	// normwise error of a complex product or quotient is a few u, so the
	// errors stay well below 1e-6 (17 u). A step done in the wrong
	// precision would show as an error of 1e-8 or more in float64, or of
	// order 1 where an imaginary part is dropped.
	tolArith32 = 1e-6
	// The same in double precision, u = 2^-53 ≈ 1.1e-16: 1e-14 is 90 u.
	tolArith64 = 1e-14

	// Transcendental modules (Exp, Polar, PolarUnit, Pow with a float
	// exponent) add the errors of the OpenCL math library, which OpenCL 1.2
	// bounds, in either precision, at 3 ulp for exp, 4 ulp for sin, cos and
	// hypot, 6 ulp for atan2 and 16 ulp for pow. The longest chain, a
	// complex base to a real power e (|e| ≤ 3 here), also multiplies the
	// error of the angle, up to 6 ulp of π, by e: in all some 85 ulp,
	// which is 5e-6 in single precision.
	tolTrans32 = 5e-6
	// The same 85 ulp in double precision.
	tolTrans64 = 1e-14
)

// n is the number of random values each argument gets.
const n = 1000

// poisonInt is written to integer outputs before a run. No test result can
// equal it: it is a prime above every value the integer tests produce.
const poisonInt = -1234567891

// tcase is one function module tested on one list of dtypes.
type tcase struct {
	name  string
	mod   *snippets.Module
	out   dtypes.DType
	in    []dtypes.DType
	trans bool // transcendental: use the tolTrans tolerances

	// gen returns a value for argument arg, of dtype d.
	gen func(rng *rand.Rand, arg int, d dtypes.DType) complex128
	// ref returns the exact result for the (rounded) arguments.
	ref func(x []complex128) complex128
}

// tol returns the tolerance for the case's results.
func (c *tcase) tol() float64 {
	switch {
	case c.out.IsInteger():
		return 0
	case c.trans && c.out.IsDouble():
		return tolTrans64
	case c.trans:
		return tolTrans32
	case c.out.IsDouble():
		return tolArith64
	}
	return tolArith32
}

// kcase is what the kernel template sees of a case: its dtypes, and the
// byte offsets of its arrays in the output and input buffers.
type kcase struct {
	Out    dtypes.DType
	In     []dtypes.DType
	OutOff int
	InOff  []int
}

// kernels has one kernel that applies the module mods[i] of every case i to
// the n elements of its input arrays. Each PoCL kernel takes tens of
// milliseconds to compile at its first launch, so the cases of one test
// share a kernel, with their arrays packed into one input and one output
// buffer.
var kernels = templates.MustParse("kernels", `
KERNEL void run(GLOBAL_MEM char *out, GLOBAL_MEM const char *in)
{
    const SIZE_T i = get_global_id(0);
{{- range $i, $c := .cases }}
    ((GLOBAL_MEM {{ ctype $c.Out }} *)(out + {{ $c.OutOff }}))[i] = {{ index $.mods $i }}(
    {{- range $j, $d := $c.In }}{{ if $j }}, {{ end }}((GLOBAL_MEM const {{ ctype $d }} *)(in + {{ index $c.InOff $j }}))[i]{{ end }});
{{- end }}
}
`)

// runCases runs one kernel over every case the device supports, then
// checks each case in a subtest named by c.name.
func runCases(t *testing.T, cases []tcase) {
	t.Helper()
	thr := cludatest.Thread(t)
	supported := func(c *tcase) bool {
		for _, d := range append([]dtypes.DType{c.out}, c.in...) {
			if !thr.Params().SupportsDType(d) {
				return false
			}
		}
		return true
	}

	// Lay the arrays out, draw the inputs, poison the outputs.
	var kc []kcase
	var mods []*snippets.Module
	var in, out []byte
	inputs := make([][][]complex128, len(cases))
	index := make([]int, len(cases))
	for ci := range cases {
		c := &cases[ci]
		index[ci] = -1
		if !supported(c) {
			continue
		}
		index[ci] = len(kc)
		k := kcase{Out: c.out, In: c.in, OutOff: len(out)}
		out = appendValues(out, c.out, slices.Repeat([]complex128{poison(c.out)}, n))
		// A seed of its own for each case, the same on every run.
		h := fnv.New64a()
		h.Write([]byte(t.Name() + "/" + c.name))
		rng := rand.New(rand.NewPCG(h.Sum64(), 1))
		for j, d := range c.in {
			vals := make([]complex128, n)
			for i := range vals {
				vals[i] = c.gen(rng, j, d)
			}
			k.InOff = append(k.InOff, len(in))
			in = appendValues(in, d, vals)
			// The values as the device sees them.
			inputs[ci] = append(inputs[ci], values(in[k.InOff[j]:], d, n))
		}
		kc = append(kc, k)
		mods = append(mods, c.mod)
	}

	if len(kc) > 0 {
		prog, err := core.CompileTemplate(thr, kernels, map[string]any{"cases": kc, "mods": mods}, cluda.CompileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		k, err := prog.Kernel("run")
		if err != nil {
			t.Fatal(err)
		}
		inDev, err := thr.ToDevice(in)
		if err != nil {
			t.Fatal(err)
		}
		defer inDev.Release()
		outDev, err := thr.ToDevice(out)
		if err != nil {
			t.Fatal(err)
		}
		defer outDev.Release()
		if err := k.Call([]int{n}, nil, outDev, inDev); err != nil {
			t.Fatal(err)
		}
		if err := outDev.Get(out); err != nil {
			t.Fatal(err)
		}
	}

	for ci := range cases {
		c := &cases[ci]
		t.Run(c.name, func(t *testing.T) {
			if index[ci] < 0 {
				t.Skipf("%s: the device does not support double precision", thr.Params().Name)
			}
			check(t, c, inputs[ci], values(out[kc[index[ci]].OutOff:], c.out, n))
		})
	}
}

// check compares the results of c for the given inputs with c.ref.
func check(t *testing.T, c *tcase, inputs [][]complex128, got []complex128) {
	tol := c.tol()
	maxErr, bad := 0.0, 0
	x := make([]complex128, len(inputs))
	for i := range got {
		for j := range x {
			x[j] = inputs[j][i]
		}
		want := c.ref(x)
		e := relErr(got[i], want)
		if !(e <= tol) { // NaN too
			if bad < 5 {
				t.Errorf("element %d: %s(%v) = %v, want %v (relative error %.3g > %.0e)",
					i, c.name, x, got[i], want, e, tol)
			}
			bad++
		}
		if e > maxErr || math.IsNaN(e) {
			maxErr = e
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d elements wrong", bad, n)
	}
	t.Logf("maxerr=%.3g tol=%.0e out=%v", maxErr, tol, c.out)
}

// relErr is |got − want| / |want|, or |got − want| where want is 0.
func relErr(got, want complex128) float64 {
	d := cmplx.Abs(got - want)
	if w := cmplx.Abs(want); w != 0 {
		return d / w
	}
	return d
}

// poison returns the value outputs are filled with before a run.
func poison(d dtypes.DType) complex128 {
	switch {
	case d.IsInteger():
		return poisonInt
	case d.IsComplex():
		return complex(math.NaN(), math.NaN())
	}
	return complex(math.NaN(), 0)
}

// appendValues appends vals, rounded (floats) or truncated (integers) to
// dtype d, to buf in the device's (little-endian) layout, and pads buf to a
// multiple of 16 bytes.
func appendValues(buf []byte, d dtypes.DType, vals []complex128) []byte {
	s := reflect.MakeSlice(reflect.SliceOf(d.GoType()), len(vals), len(vals))
	for i, v := range vals {
		e := s.Index(i)
		switch {
		case d.IsSigned():
			e.SetInt(int64(real(v)))
		case d.IsUnsigned():
			e.SetUint(uint64(real(v)))
		case d.IsFloat():
			e.SetFloat(real(v))
		default:
			e.SetComplex(v)
		}
	}
	buf = append(buf, unsafe.Slice((*byte)(s.UnsafePointer()), len(vals)*d.Size())...)
	for len(buf)%16 != 0 {
		buf = append(buf, 0)
	}
	return buf
}

// values returns the first count values of dtype d in buf as complex128.
func values(buf []byte, d dtypes.DType, count int) []complex128 {
	s := reflect.NewAt(reflect.ArrayOf(count, d.GoType()), unsafe.Pointer(&buf[0])).Elem()
	out := make([]complex128, count)
	for i := range out {
		e := s.Index(i)
		switch {
		case d.IsSigned():
			out[i] = complex(float64(e.Int()), 0)
		case d.IsUnsigned():
			out[i] = complex(float64(e.Uint()), 0)
		case d.IsFloat():
			out[i] = complex(e.Float(), 0)
		default:
			out[i] = e.Complex()
		}
	}
	return out
}

// round returns v rounded to the precision of the float or complex dtype
// d, and v itself for an integer d.
func round(d dtypes.DType, v complex128) complex128 {
	if d.Real() == dtypes.Float32 {
		return complex(float64(float32(real(v))), float64(float32(imag(v))))
	}
	return v
}

// magnitude returns a random number in [0.1, 10), uniform in its logarithm.
func magnitude(rng *rand.Rand) float64 { return math.Pow(10, 2*rng.Float64()-1) }

// signed returns magnitude(rng) with a random sign.
func signed(rng *rand.Rand) float64 {
	if rng.IntN(2) == 0 {
		return -magnitude(rng)
	}
	return magnitude(rng)
}

// intIn returns a random integer in [lo, hi] other than 0.
func intIn(rng *rand.Rand, lo, hi int) float64 {
	for {
		if v := lo + rng.IntN(hi-lo+1); v != 0 {
			return float64(v)
		}
	}
}

// general returns a nonzero value of dtype d: an integer in [-1000, 1000],
// and floats and complex parts with magnitudes in [0.1, 10) and random
// signs.
func general(rng *rand.Rand, _ int, d dtypes.DType) complex128 {
	switch {
	case d.IsSigned():
		return complex(intIn(rng, -1000, 1000), 0)
	case d.IsUnsigned():
		return complex(intIn(rng, 1, 1000), 0)
	case d.IsComplex():
		return complex(signed(rng), signed(rng))
	}
	return complex(signed(rng), 0)
}

// positive is general with positive values and parts, so that sums do not
// cancel.
func positive(rng *rand.Rand, _ int, d dtypes.DType) complex128 {
	switch {
	case d.IsInteger():
		return complex(intIn(rng, 1, 1000), 0)
	case d.IsComplex():
		return complex(magnitude(rng), magnitude(rng))
	}
	return complex(magnitude(rng), 0)
}

// name formats a case name such as "float32,complex64" or, with an output
// dtype, "float32,complex64->complex128".
func name(out dtypes.DType, in ...dtypes.DType) string {
	s := make([]string, len(in))
	for i, d := range in {
		s[i] = d.String()
	}
	if out == dtypes.Invalid {
		return strings.Join(s, ",")
	}
	return strings.Join(s, ",") + "->" + out.String()
}
