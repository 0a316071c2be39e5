package transformations_test

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// unary describes a test of a transformation with parameters (output,
// input[, scalars]): output must be want(input), of dtype out, within ulps.
type unary struct {
	trf     *core.Transformation
	in, out dtypes.DType
	scalars map[string]any
	want    func(complex128) complex128
	ulps    float64
}

// check runs u on fresh random input and compares the output.
func (u unary) check(t *testing.T, seed uint64) {
	t.Helper()
	thr := thread(t, u.in, u.out)
	rng := rand.New(rand.NewPCG(seed, 1))
	in := random(rng, u.in, n)
	got := runTransformation(t, thr, u.trf, "output", map[string]vec{"input": in}, u.scalars)
	compare(t, u.trf.Name(), u.out, got["output"], mapVec(u.out, in, u.want), u.ulps)
}

// must fails the test on a constructor's error.
func must(t *testing.T) func(*core.Transformation, error) *core.Transformation {
	return func(trf *core.Transformation, err error) *core.Transformation {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return trf
	}
}

func identity(z complex128) complex128 { return z }

func TestCopy(t *testing.T) {
	for i, d := range testDTypes {
		t.Run(d.String(), func(t *testing.T) {
			trf := must(t)(transformations.Copy(core.ArrayOf(d, n)))
			unary{trf: trf, in: d, out: d, want: identity}.check(t, uint64(i))
		})
	}
}

func TestCast(t *testing.T) {
	for i, from := range testDTypes {
		for j, to := range testDTypes {
			if from.IsComplex() && !to.IsComplex() {
				continue
			}
			t.Run(from.String()+"_to_"+to.String(), func(t *testing.T) {
				trf := must(t)(transformations.Cast(core.ArrayOf(from, n), to))
				// Go's conversions round floats to nearest and truncate
				// floats to integers, as C's do.
				unary{trf: trf, in: from, out: to, want: identity}.check(t, uint64(10*i+j))
			})
		}
	}
}

// arithmetic is a binary operation of the *Const and *Param tests, with
// the Go reference of its result in dtype d.
type arithmetic struct {
	name   string
	const_ func(core.Type, any) (*core.Transformation, error)
	param  func(core.Type, dtypes.DType) (*core.Transformation, error)
	apply  func(d dtypes.DType, x, c complex128) complex128
}

var arithmetics = []arithmetic{
	{"add", transformations.AddConst, transformations.AddParam,
		func(_ dtypes.DType, x, c complex128) complex128 { return x + c }},
	{"mul", transformations.MulConst, transformations.MulParam,
		func(_ dtypes.DType, x, c complex128) complex128 { return x * c }},
	{"div", transformations.DivConst, transformations.DivParam,
		func(d dtypes.DType, x, c complex128) complex128 {
			if d.IsInteger() {
				return complex(math.Trunc(real(x)/real(c)), 0)
			}
			if imag(x) == 0 && imag(c) == 0 {
				return complex(real(x)/real(c), 0)
			}
			return x / c
		}},
}

// operands returns the constants the arithmetic tests use with an array of
// dtype d: a positive and a negative real one, and a complex one for a
// complex d.
func operands(d dtypes.DType) []complex128 {
	switch {
	case d.IsInteger():
		return []complex128{7, -3}
	case d.IsFloat():
		return []complex128{1.5, -0.3}
	}
	return []complex128{0.5, complex(1.5, -2)}
}

// arithULPs returns the tolerance of one arithmetic operation on d.
func arithULPs(d dtypes.DType) float64 {
	if d.IsInteger() {
		return ulpExact
	}
	return ulpArith
}

func TestArithmeticConst(t *testing.T) {
	for _, op := range arithmetics {
		for i, d := range testDTypes {
			for j, c := range operands(d) {
				// The constant as the Go value a user would write: an int
				// for integer arrays, a float64 or a complex128 otherwise.
				var cv any = c
				switch {
				case d.IsInteger():
					cv = int(real(c))
				case imag(c) == 0:
					cv = real(c)
				}
				c := round(d, vec{c})[0] // as the literal holds it
				t.Run(fmt.Sprintf("%s_%v_%v", op.name, d, cv), func(t *testing.T) {
					trf := must(t)(op.const_(core.ArrayOf(d, n), cv))
					unary{trf: trf, in: d, out: d, ulps: arithULPs(d),
						want: func(x complex128) complex128 { return op.apply(d, x, c) }}.check(t, uint64(100*i+j))
				})
			}
		}
	}
}

func TestArithmeticParam(t *testing.T) {
	for _, op := range arithmetics {
		for i, d := range testDTypes {
			// The parameter of the array's dtype, and a real one for a
			// complex array (mixed real and complex arithmetic).
			pds := []dtypes.DType{d}
			if d.IsComplex() {
				pds = append(pds, d.Real())
			}
			for j, pd := range pds {
				c := operands(d)[1]
				if pd != d {
					c = -0.75
				}
				c = round(pd, vec{c})[0] // as the parameter holds it
				t.Run(fmt.Sprintf("%s_%v_by_%v", op.name, d, pd), func(t *testing.T) {
					trf := must(t)(op.param(core.ArrayOf(d, n), pd))
					unary{trf: trf, in: d, out: d, ulps: arithULPs(d), scalars: map[string]any{"param": scalar(pd, c)},
						want: func(x complex128) complex128 { return op.apply(d, x, c) }}.check(t, uint64(100*i+j))
				})
			}
		}
	}
}

func TestComplexParts(t *testing.T) {
	for i, d := range []dtypes.DType{dtypes.Complex64, dtypes.Complex128} {
		t.Run(d.String(), func(t *testing.T) {
			thr := thread(t, d)
			typ := core.ArrayOf(d, n)
			rng := rand.New(rand.NewPCG(uint64(i), 2))
			in := random(rng, d, n)
			re := mapVec(d.Real(), in, func(z complex128) complex128 { return complex(real(z), 0) })
			im := mapVec(d.Real(), in, func(z complex128) complex128 { return complex(imag(z), 0) })

			got := runTransformation(t, thr, must(t)(transformations.SplitComplex(typ)), "input", map[string]vec{"input": in}, nil)
			compare(t, "split_complex real", d.Real(), got["real"], re, ulpExact)
			compare(t, "split_complex imag", d.Real(), got["imag"], im, ulpExact)

			got = runTransformation(t, thr, must(t)(transformations.CombineComplex(typ)), "output", map[string]vec{"real": re, "imag": im}, nil)
			compare(t, "combine_complex", d, got["output"], in, ulpExact)

			unary{trf: must(t)(transformations.RealPart(typ)), in: d, out: d.Real(),
				want: func(z complex128) complex128 { return complex(real(z), 0) }}.check(t, uint64(i))
			unary{trf: must(t)(transformations.ImagPart(typ)), in: d, out: d.Real(),
				want: func(z complex128) complex128 { return complex(imag(z), 0) }}.check(t, uint64(i))
		})
	}
}

func TestRealToComplex(t *testing.T) {
	for i, d := range []dtypes.DType{dtypes.Float32, dtypes.Float64} {
		t.Run(d.String(), func(t *testing.T) {
			c, _ := d.Complex()
			unary{trf: must(t)(transformations.RealToComplex(core.ArrayOf(d, n))), in: d, out: c, want: identity}.check(t, uint64(i))
		})
	}
}

func TestAbs(t *testing.T) {
	for i, d := range testDTypes {
		t.Run(d.String(), func(t *testing.T) {
			ulps := float64(ulpExact)
			if d.IsComplex() {
				ulps = ulpHypot
			}
			unary{trf: must(t)(transformations.Abs(core.ArrayOf(d, n))), in: d, out: d.Real(), ulps: ulps,
				want: func(z complex128) complex128 { return complex(cmplx.Abs(z), 0) }}.check(t, uint64(i))
		})
	}
}

func TestConj(t *testing.T) {
	for i, d := range testDTypes {
		t.Run(d.String(), func(t *testing.T) {
			unary{trf: must(t)(transformations.Conj(core.ArrayOf(d, n))), in: d, out: d, want: cmplx.Conj}.check(t, uint64(i))
		})
	}
}

// normULPs returns the tolerance of |z|^order on d.
func normULPs(d dtypes.DType, order float64) float64 {
	switch {
	case d.IsInteger():
		return ulpExact
	case order == 2:
		return ulpArith
	case order == 1 && d.IsComplex():
		return ulpHypot
	case order == 1:
		return ulpExact
	case d.IsComplex():
		return ulpPow + math.Abs(order)*ulpHypot
	}
	return ulpPow
}

func TestNormConst(t *testing.T) {
	for i, d := range testDTypes {
		orders := []float64{2, 1, 0.5, 3}
		if d.IsInteger() {
			orders = []float64{2, 1, 3}
		}
		for j, order := range orders {
			t.Run(fmt.Sprintf("%v_order_%v", d, order), func(t *testing.T) {
				unary{trf: must(t)(transformations.NormConst(core.ArrayOf(d, n), order)), in: d, out: d.Real(),
					ulps: normULPs(d, order),
					want: func(z complex128) complex128 { return complex(math.Pow(cmplx.Abs(z), order), 0) },
				}.check(t, uint64(10*i+j))
			})
		}
	}
}

func TestNormParam(t *testing.T) {
	for i, d := range []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Complex128} {
		for j, order := range []float64{1.5, 2} {
			t.Run(fmt.Sprintf("%v_order_%v", d, order), func(t *testing.T) {
				unary{trf: must(t)(transformations.NormParam(core.ArrayOf(d, n))), in: d, out: d.Real(),
					scalars: map[string]any{"order": order},
					ulps:    ulpPow + order*ulpHypot,
					want:    func(z complex128) complex128 { return complex(math.Pow(cmplx.Abs(z), order), 0) },
				}.check(t, uint64(10*i+j))
			})
		}
	}
}

func TestIgnore(t *testing.T) {
	for i, d := range testDTypes {
		t.Run(d.String(), func(t *testing.T) {
			thr := thread(t, d)
			trf := must(t)(transformations.Ignore(core.ArrayOf(d, n)))
			in := random(rand.New(rand.NewPCG(uint64(i), 3)), d, n)
			if got := runTransformation(t, thr, trf, "input", map[string]vec{"input": in}, nil); len(got) != 0 {
				t.Errorf("outputs %v", got)
			}
		})
	}
}

// constant returns a value of dtype d for the broadcast tests, as the Go
// value a user would write.
func constant(d dtypes.DType) (any, complex128) {
	switch {
	case d.IsInteger():
		return -7, -7
	case d.IsFloat():
		return 2.5, 2.5
	}
	return complex(1.5, -2), complex(1.5, -2)
}

func TestBroadcast(t *testing.T) {
	for _, d := range testDTypes {
		t.Run(d.String(), func(t *testing.T) {
			thr := thread(t, d)
			typ := core.ArrayOf(d, 10, 100)
			v, z := constant(d)
			want := make(vec, typ.Size())
			for i := range want {
				want[i] = z
			}
			got := runTransformation(t, thr, must(t)(transformations.BroadcastConst(typ, v)), "output", nil, nil)
			compare(t, "broadcast_const", d, got["output"], want, ulpExact)
			got = runTransformation(t, thr, must(t)(transformations.BroadcastParam(typ)), "output", nil,
				map[string]any{"param": scalar(d, z)})
			compare(t, "broadcast_param", d, got["output"], want, ulpExact)
		})
	}
}

// broadcastIndex returns the flat index into an array of shape in of the
// element that broadcasting in to shape out puts at out's flat index i.
func broadcastIndex(i int, in, out []int) int {
	lead := len(out) - len(in)
	flat, stride := 0, 1
	for k := len(out) - 1; k >= 0; k-- {
		x := i % out[k]
		i /= out[k]
		if j := k - lead; j >= 0 {
			if in[j] != 1 {
				flat += x * stride
			}
			stride *= in[j]
		}
	}
	return flat
}

func TestCopyBroadcasted(t *testing.T) {
	out := []int{4, 25, 10}
	shapes := [][]int{{10}, {25, 1}, {1, 25, 10}, {4, 1, 10}, {}, {1, 1}, {4, 25, 10}}
	for i, d := range testDTypes {
		for j, in := range shapes {
			if !d.IsComplex() && j%2 == 1 {
				continue // every shape on the complex dtypes, half of them on the others
			}
			t.Run(fmt.Sprintf("%v_%v", d, in), func(t *testing.T) {
				thr := thread(t, d)
				trf := must(t)(transformations.CopyBroadcasted(core.ArrayOf(d, in...), core.ArrayOf(d, out...)))
				src := random(rand.New(rand.NewPCG(uint64(i), uint64(j))), d, core.ArrayOf(d, in...).Size())
				want := make(vec, core.ArrayOf(d, out...).Size())
				for k := range want {
					want[k] = src[broadcastIndex(k, in, out)]
				}
				got := runTransformation(t, thr, trf, "output", map[string]vec{"input": src}, nil)
				compare(t, "copy_broadcasted", d, got["output"], want, ulpExact, out...)
			})
		}
	}
}

func TestMulArray(t *testing.T) {
	shape := []int{10, 4, 25}
	cases := []struct {
		axes        []int
		factorShape []int
	}{
		{[]int{-1}, []int{25}},             // a window along the last axis
		{nil, []int{4, 25}},                // numpy broadcasting
		{[]int{0}, []int{10}},              // along the first axis
		{[]int{2, 0}, []int{25, 10}},       // axes in another order
		{[]int{0, 1, 2}, []int{10, 4, 25}}, // elementwise
	}
	for i, d := range testDTypes {
		fds := []dtypes.DType{d}
		if d.IsComplex() {
			fds = append(fds, d.Real())
		}
		for _, fd := range fds {
			for j, c := range cases {
				t.Run(fmt.Sprintf("%v_by_%v_%v", d, fd, c.factorShape), func(t *testing.T) {
					thr := thread(t, d, fd)
					typ, ft := core.ArrayOf(d, shape...), core.ArrayOf(fd, c.factorShape...)
					trf := must(t)(transformations.MulArray(typ, ft, c.axes))
					rng := rand.New(rand.NewPCG(uint64(i), uint64(j)))
					in, factor := random(rng, d, typ.Size()), random(rng, fd, ft.Size())
					axes := c.axes
					if axes == nil {
						axes = []int{1, 2}
					}
					want := make(vec, len(in))
					for k := range in {
						idx := []int{k / 100, k / 25 % 4, k % 25}
						f := 0
						for m, a := range axes {
							if a < 0 {
								a += 3
							}
							f = f*c.factorShape[m] + idx[a]
						}
						want[k] = in[k] * factor[f]
					}
					got := runTransformation(t, thr, trf, "output", map[string]vec{"input": in, "factor": factor}, nil)
					compare(t, "mul_array", d, got["output"], round(d, want), arithULPs(d), shape...)
				})
			}
		}
	}
}

// TestIntegerConstWraps checks that sums and products of int32 arrays and
// constants wrap round where they overflow, as numpy's do, rather than
// give what C's undefined signed overflow lets a compiler return.
func TestIntegerConstWraps(t *testing.T) {
	i32 := core.ArrayOf(dtypes.Int32, n)
	wrap := func(f func(a int32) int32) func(complex128) complex128 {
		return func(z complex128) complex128 { return complex(float64(f(int32(real(z)))), 0) }
	}
	for _, tc := range []struct {
		name string
		trf  func() (*core.Transformation, error)
		want func(a int32) int32
	}{
		{"add MinInt32", func() (*core.Transformation, error) { return transformations.AddConst(i32, int32(math.MinInt32)) },
			func(a int32) int32 { return a + math.MinInt32 }},
		{"add MaxInt32", func() (*core.Transformation, error) { return transformations.AddConst(i32, int32(math.MaxInt32)) },
			func(a int32) int32 { return a + math.MaxInt32 }},
		{"mul 2^30", func() (*core.Transformation, error) { return transformations.MulConst(i32, int32(1<<30)) },
			func(a int32) int32 { return a * (1 << 30) }},
		{"mul MinInt32", func() (*core.Transformation, error) { return transformations.MulConst(i32, int32(math.MinInt32)) },
			func(a int32) int32 { return a * math.MinInt32 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			unary{trf: must(t)(tc.trf()), in: dtypes.Int32, out: dtypes.Int32, want: wrap(tc.want)}.check(t, 7)
		})
	}
}
