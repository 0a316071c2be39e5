package functions_test

import (
	"math"
	"math/big"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/snippets"
)

const (
	i32  = dtypes.Int32
	i64  = dtypes.Int64
	u32  = dtypes.Uint32
	f32  = dtypes.Float32
	f64  = dtypes.Float64
	c64  = dtypes.Complex64
	c128 = dtypes.Complex128
)

// numeric are the dtypes the tests combine: the integers that kernels use
// most, and every float and complex dtype.
var numeric = []dtypes.DType{i32, i64, f32, f64, c64, c128}

// floats are the real floating-point dtypes.
var floats = []dtypes.DType{f32, f64}

// naryLists are the argument lists Mul and Add are tested on: every pair of
// numeric dtypes, one argument alone, and triples that mix kinds and
// precisions.
func naryLists() [][]dtypes.DType {
	lists := [][]dtypes.DType{{c64}, {f64}, {i32}}
	for _, a := range numeric {
		for _, b := range numeric {
			lists = append(lists, []dtypes.DType{a, b})
		}
	}
	return append(lists,
		[]dtypes.DType{f32, c64, f64},
		[]dtypes.DType{c64, c64, c64},
		[]dtypes.DType{c128, c128, c128},
		[]dtypes.DType{i32, i32, i32},
		[]dtypes.DType{c128, f32, i64},
		[]dtypes.DType{i64, c64, f32},
		[]dtypes.DType{f32, f32, f32},
	)
}

// naryOutLists are the output dtypes and arguments MulOut and AddOut are
// tested on: outputs of a lower and a higher precision than the arguments',
// real results returned as complex ones, and integers returned as floats.
var naryOutLists = []struct {
	out dtypes.DType
	in  []dtypes.DType
}{
	{f32, []dtypes.DType{f64, f64}},
	{c128, []dtypes.DType{f32, f32}},
	{c64, []dtypes.DType{c128, f32}},
	{c64, []dtypes.DType{f32}},
	{f64, []dtypes.DType{i32, i32}},
	{i64, []dtypes.DType{i32, i32}},
	{c128, []dtypes.DType{i32, c64, f32}},
	{f32, []dtypes.DType{i64, f64, i32}},
}

// naryCases returns the cases of Mul and MulOut (or Add and AddOut): the
// module of each, the generator of its arguments and the reference
// operation.
func naryCases(def func(...dtypes.DType) (*snippets.Module, error),
	withOut func(dtypes.DType, ...dtypes.DType) (*snippets.Module, error),
	gen func(*rand.Rand, int, dtypes.DType) complex128,
	op func(a, b complex128) complex128) []tcase {
	ref := func(x []complex128) complex128 {
		r := x[0]
		for _, v := range x[1:] {
			r = op(r, v)
		}
		return r
	}
	var cases []tcase
	for _, in := range naryLists() {
		cases = append(cases, tcase{
			name: name(dtypes.Invalid, in...),
			mod:  mustModule(def(in...)),
			out:  dtypes.MustResultType(in...),
			in:   in, gen: gen, ref: ref,
		})
	}
	for _, l := range naryOutLists {
		cases = append(cases, tcase{
			name: name(l.out, l.in...),
			mod:  mustModule(withOut(l.out, l.in...)),
			out:  l.out,
			in:   l.in, gen: gen, ref: ref,
		})
	}
	return cases
}

func mustModule(m *snippets.Module, err error) *snippets.Module {
	if err != nil {
		panic(err)
	}
	return m
}

func TestMul(t *testing.T) {
	runCases(t, naryCases(functions.Mul, functions.MulOut, general,
		func(a, b complex128) complex128 { return a * b }))
}

func TestAdd(t *testing.T) {
	// Positive values and parts: a sum that cancels would measure the
	// conditioning of the sum, not the module.
	runCases(t, naryCases(functions.Add, functions.AddOut, positive,
		func(a, b complex128) complex128 { return a + b }))
}

func TestDiv(t *testing.T) {
	gen := func(rng *rand.Rand, arg int, d dtypes.DType) complex128 {
		if arg == 1 && d.IsInteger() {
			return complex(intIn(rng, -30, 30), 0) // quotients other than 0
		}
		return general(rng, arg, d)
	}
	var cases []tcase
	add := func(out dtypes.DType, mod *snippets.Module, a, b dtypes.DType, nm string) {
		cases = append(cases, tcase{
			name: nm, mod: mod, out: out, in: []dtypes.DType{a, b}, gen: gen,
			ref: func(x []complex128) complex128 {
				if out.IsInteger() { // C's (and Go's) truncating division
					return complex(float64(int64(real(x[0]))/int64(real(x[1]))), 0)
				}
				return x[0] / x[1]
			},
		})
	}
	for _, a := range numeric {
		for _, b := range numeric {
			add(dtypes.MustResultType(a, b), functions.MustDiv(a, b), a, b, name(dtypes.Invalid, a, b))
		}
	}
	for _, l := range []struct{ out, a, b dtypes.DType }{
		{f64, i32, i32}, // exact division of integers
		{f32, i64, i32},
		{c64, c128, c128},
		{c128, f32, c64},
		{f32, f64, f32},
		{c64, i32, c128},
	} {
		add(l.out, functions.MustDivOut(l.out, l.a, l.b), l.a, l.b, name(l.out, l.a, l.b))
	}
	runCases(t, cases)
}

func TestConj(t *testing.T) {
	var cases []tcase
	for _, d := range numeric {
		cases = append(cases, tcase{
			name: d.String(), mod: functions.MustConj(d), out: d, in: []dtypes.DType{d}, gen: general,
			ref: func(x []complex128) complex128 { return cmplx.Conj(x[0]) },
		})
	}
	runCases(t, cases)
}

func TestCast(t *testing.T) {
	// Values up to 1000, with fractions, so that a float cast to an integer
	// is truncated to a number of several digits.
	gen := func(rng *rand.Rand, arg int, d dtypes.DType) complex128 {
		if d.IsInteger() {
			return general(rng, arg, d)
		}
		return 100 * general(rng, arg, d)
	}
	var cases []tcase
	for _, out := range numeric {
		for _, in := range numeric {
			if in.IsComplex() && !out.IsComplex() {
				continue // an error; see TestErrors
			}
			cases = append(cases, tcase{
				name: in.String() + "->" + out.String(), mod: functions.MustCast(out, in),
				out: out, in: []dtypes.DType{in}, gen: gen,
				ref: func(x []complex128) complex128 {
					if out.IsInteger() {
						return complex(math.Trunc(real(x[0])), 0)
					}
					return x[0]
				},
			})
		}
	}
	runCases(t, cases)
}

func TestNorm(t *testing.T) {
	var cases []tcase
	for _, d := range numeric {
		cases = append(cases, tcase{
			name: d.String(), mod: functions.MustNorm(d), out: d.Real(), in: []dtypes.DType{d}, gen: general,
			ref: func(x []complex128) complex128 {
				return complex(real(x[0])*real(x[0])+imag(x[0])*imag(x[0]), 0)
			},
		})
	}
	runCases(t, cases)
}

func TestExp(t *testing.T) {
	var cases []tcase
	for _, d := range []dtypes.DType{f32, f64, c64, c128} {
		cases = append(cases, tcase{
			name: d.String(), mod: functions.MustExp(d), out: d, in: []dtypes.DType{d}, trans: true,
			gen: general, // real parts in ±[0.1, 10), angles likewise
			ref: func(x []complex128) complex128 { return cmplx.Exp(x[0]) },
		})
	}
	runCases(t, cases)
}

// angle returns a random angle in ±[0.5, 50): several turns, so that
// argument reduction is exercised.
func angle(rng *rand.Rand) float64 { return 5 * signed(rng) }

func TestPolar(t *testing.T) {
	var cases []tcase
	for _, d := range floats {
		cases = append(cases, tcase{
			name: d.String(), mod: functions.MustPolar(d), out: complexOf(d), in: []dtypes.DType{d, d}, trans: true,
			gen: func(rng *rand.Rand, arg int, d dtypes.DType) complex128 {
				if arg == 0 {
					return complex(signed(rng), 0) // negative moduli too
				}
				return complex(angle(rng), 0)
			},
			ref: func(x []complex128) complex128 { return complex(real(x[0]), 0) * cmplx.Rect(1, real(x[1])) },
		})
	}
	runCases(t, cases)
}

func TestPolarUnit(t *testing.T) {
	var cases []tcase
	for _, d := range floats {
		cases = append(cases, tcase{
			name: d.String(), mod: functions.MustPolarUnit(d), out: complexOf(d), in: []dtypes.DType{d}, trans: true,
			gen: func(rng *rand.Rand, _ int, _ dtypes.DType) complex128 { return complex(angle(rng), 0) },
			ref: func(x []complex128) complex128 { return cmplx.Rect(1, real(x[0])) },
		})
	}
	runCases(t, cases)
}

func complexOf(d dtypes.DType) dtypes.DType {
	c, err := d.Complex()
	if err != nil {
		panic(err)
	}
	return c
}

func TestPow(t *testing.T) {
	var cases []tcase
	add := func(out, base, exponent dtypes.DType, mod *snippets.Module, nm string) {
		cases = append(cases, tcase{
			name: nm, mod: mod, out: out, in: []dtypes.DType{base, exponent},
			trans: exponent.IsFloat(),
			gen:   powGen(out, exponent),
			ref:   powRef(out, exponent),
		})
	}
	for _, base := range numeric {
		for _, exponent := range []dtypes.DType{i32, i64, u32, f32, f64} {
			if base.IsInteger() && exponent.IsFloat() {
				continue // an error; see TestErrors
			}
			add(base, base, exponent, functions.MustPow(base, exponent), name(dtypes.Invalid, base, exponent))
		}
	}
	for _, l := range []struct{ out, base, exponent dtypes.DType }{
		{c64, f32, f32},   // negative bases to real powers
		{c128, f64, f64},  // the same in double precision
		{f64, i32, f64},   // an integer base to a real power
		{c128, c64, i32},  // a complex base in a higher precision
		{f32, f64, i64},   // a real base in a lower precision
		{c64, i32, u32},   // an integer base to a complex result
		{i64, i32, i32},   // an integer base to a wider integer
		{c64, c128, f64},  // a complex base to a real power in a lower precision
		{f64, f32, f32},   // the same for reals
		{c128, i64, f32},  // integers to complex powers
		{i32, i32, i64},   // a wide integer exponent
		{f64, f64, u32},   // unsigned exponents
		{c128, c128, u32}, // unsigned exponents
	} {
		add(l.out, l.base, l.exponent, functions.MustPowOut(l.out, l.base, l.exponent), name(l.out, l.base, l.exponent))
	}
	runCases(t, cases)
}

// powGen returns the generator of the arguments of a power in dtype out
// with an exponent of dtype exponent. Integer exponents are in [-8, 8] (or
// [1, 8] unsigned) and integer bases in [-5, 5], so that integer powers do
// not overflow. Real exponents are in ±[0.1, 3]; with a real out, bases are
// positive, since C's pow of a negative base is NaN for most of them.
func powGen(out, exponent dtypes.DType) func(*rand.Rand, int, dtypes.DType) complex128 {
	return func(rng *rand.Rand, arg int, d dtypes.DType) complex128 {
		switch {
		case arg == 1 && exponent.IsSigned():
			return complex(intIn(rng, -8, 8), 0)
		case arg == 1 && exponent.IsUnsigned():
			return complex(intIn(rng, 1, 8), 0)
		case arg == 1:
			return complex(math.Copysign(0.1+2.9*rng.Float64(), signed(rng)), 0)
		case d.IsInteger():
			if out.IsUnsigned() || exponent.IsFloat() && !out.IsComplex() {
				return complex(intIn(rng, 1, 5), 0)
			}
			return complex(intIn(rng, -5, 5), 0)
		case exponent.IsFloat() && !out.IsComplex():
			return complex(magnitude(rng), 0)
		}
		return general(rng, arg, d)
	}
}

// powRef returns the reference power, with the base and a real exponent
// rounded to the precision of out first, as the module does: exact for
// integer exponents (truncated for an integer out), math.Pow for a real
// exponent with a real out, cmplx.Pow for one with a complex out.
func powRef(out, exponent dtypes.DType) func([]complex128) complex128 {
	return func(x []complex128) complex128 {
		base := round(out, x[0])
		switch {
		case exponent.IsInteger():
			p := exactPow(base, int(real(x[1])))
			if out.IsInteger() {
				p = complex(math.Trunc(real(p)), 0)
			}
			return p
		case out.IsComplex():
			return cmplx.Pow(base, round(out, x[1]))
		}
		return complex(math.Pow(real(base), real(round(out, x[1]))), 0)
	}
}

// exactPow returns x^e rounded to complex128, computed by repeated
// multiplication in 512-bit floats, which hold the products of the tests
// (at most 8 factors of 53 bits) exactly. It shares no algorithm with the
// module or with Go's math.Pow, which also powers by squaring.
func exactPow(x complex128, e int) complex128 {
	const prec = 512
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	re, im := f(real(x)), f(imag(x))
	pr, pi := f(1), f(0)
	for range max(e, -e) {
		t1, t2 := f(0).Mul(pr, re), f(0).Mul(pi, im)
		t3, t4 := f(0).Mul(pr, im), f(0).Mul(pi, re)
		pr, pi = t1.Sub(t1, t2), t3.Add(t3, t4)
	}
	if e < 0 {
		n := f(0).Add(f(0).Mul(pr, pr), f(0).Mul(pi, pi))
		pr, pi = pr.Quo(pr, n), pi.Quo(pi, n)
		pi.Neg(pi)
	}
	r, _ := pr.Float64()
	i, _ := pi.Float64()
	return complex(r, i)
}
