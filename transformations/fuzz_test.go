package transformations_test

import (
	"fmt"
	"math"
	"math/bits"
	"math/cmplx"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/refusal"
	"github.com/reikna-go/reikna/transformations"
)

// The constructors FuzzConstructors builds, by its kind argument modulo
// fuzzKinds.
const (
	fuzzAddConst = iota
	fuzzMulConst
	fuzzDivConst
	fuzzAddParam
	fuzzMulParam
	fuzzDivParam
	fuzzMulArray
	fuzzCopy
	fuzzCopyBroadcasted
	fuzzCast
	fuzzIgnore
	fuzzBroadcastConst
	fuzzBroadcastParam
	fuzzSplitComplex
	fuzzCombineComplex
	fuzzRealToComplex
	fuzzRealPart
	fuzzImagPart
	fuzzAbs
	fuzzConj
	fuzzNormConst
	fuzzNormParam
	fuzzFromHalf
	fuzzToHalf
	fuzzPad
	fuzzCrop
	fuzzCenteredOffsets
	fuzzKinds
)

// fuzzMaxElements bounds the arrays that FuzzConstructors runs on the
// device: a compilation costs up to a second, so the device runs are of
// small arrays only.
const fuzzMaxElements = 4096

// fuzzShape returns the first rank dims (rank taken modulo len(dims)+1) as
// a shape.
func fuzzShape(rank uint8, dims ...int64) []int {
	shape := make([]int, int(rank)%(len(dims)+1))
	for i := range shape {
		shape[i] = int(dims[i])
	}
	return shape
}

// fuzzDType returns the dtype of code: every valid one, and Invalid.
func fuzzDType(code uint8) dtypes.DType {
	return dtypes.DType(code % uint8(len(dtypes.All)+1))
}

// fuzzNumber returns x and y as the Go number of kind (modulo 9): an int,
// int32, int64, uint8, float32, float64, complex64 or complex128, or a
// string, which is no number.
func fuzzNumber(kind uint8, x, y float64) any {
	switch kind % 9 {
	case 0:
		return int(x)
	case 1:
		return int32(x)
	case 2:
		return int64(x)
	case 3:
		return uint8(x)
	case 4:
		return float32(x)
	case 5:
		return x
	case 6:
		return complex64(complex(x, y))
	case 7:
		return complex(x, y)
	}
	return fmt.Sprint(x)
}

// checkRefusal fails the test unless err is a clear refusal (see
// refusal.Check): prefix names the package and the constructor, values the
// input's values that the message may name.
func checkRefusal(t *testing.T, err error, prefix string, values ...any) {
	t.Helper()
	if err := refusal.Check(err, "transformations: ", prefix, values...); err != nil {
		t.Fatal(err)
	}
}

// FuzzConstructors fuzzes every constructor of the package over the dtypes
// of its types (every valid one, and Invalid), their shapes (zero, huge
// and negative lengths among them), a second type where it takes one, a
// constant or order of every Go number type (NaN, infinities, huge, tiny,
// negative and zero values among them) and axes or offsets. The property:
// the constructor refuses the input with a clear error (see
// checkRefusal), never a panic; or, where it accepts arrays of at most
// fuzzMaxElements elements of the dtypes the test harness computes with,
// the transformation run as a PureParallel on the device gives, into
// outputs poisoned first, what a float64 reference gives on fresh random
// inputs.
func FuzzConstructors(f *testing.F) {
	thr := thread(f)
	seeds := []struct {
		kind, dtype, dtype2, rank uint8
		d0, d1, d2                int64
		rank2                     uint8
		e0, e1, e2                int64
		valueKind                 uint8
		value, imag               float64
		a0, a1, a2                int8
	}{
		{fuzzMulConst, uint8(dtypes.Complex64), 0, 2, 3, 5, 0, 0, 0, 0, 0, 5, 2.5, 0, 0, 0, 0},
		{fuzzAddConst, uint8(dtypes.Int32), 0, 1, 7, 0, 0, 0, 0, 0, 0, 1, -1e9, 0, 0, 0, 0},
		{fuzzDivConst, uint8(dtypes.Complex128), 0, 1, 6, 0, 0, 0, 0, 0, 0, 7, 1e-300, -3, 0, 0, 0},
		{fuzzDivConst, uint8(dtypes.Complex64), 0, 1, 6, 0, 0, 0, 0, 0, 0, 6, 1e20, 1, 0, 0, 0},
		{fuzzDivConst, uint8(dtypes.Complex64), 0, 1, 6, 0, 0, 0, 0, 0, 0, 6, 1e-25, -1e-25, 0, 0, 0},
		{fuzzMulConst, uint8(dtypes.Complex64), 0, 1, 64, 0, 0, 0, 0, 0, 0, 6, 3e38, 3e38, 0, 0, 0},
		{fuzzNormConst, uint8(dtypes.Float64), 0, 1, 64, 0, 0, 0, 0, 0, 0, 5, -1e300, 0, 0, 0, 0},
		{fuzzDivConst, uint8(dtypes.Float32), 0, 1, 6, 0, 0, 0, 0, 0, 0, 5, math.NaN(), 0, 0, 0, 0},
		{fuzzMulParam, uint8(dtypes.Float64), uint8(dtypes.Float32), 2, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{fuzzDivParam, uint8(dtypes.Int64), uint8(dtypes.Int64), 1, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{fuzzMulArray, uint8(dtypes.Complex64), uint8(dtypes.Float32), 2, 3, 4, 0, 1, 3, 0, 0, 0, 0, 0, 1, 0, 0},
		{fuzzCopyBroadcasted, uint8(dtypes.Float32), 0, 3, 2, 3, 4, 2, 1, 4, 0, 0, 0, 0, 0, 0, 0},
		{fuzzCast, uint8(dtypes.Int32), uint8(dtypes.Complex128), 1, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{fuzzBroadcastConst, uint8(dtypes.Int64), 0, 1, 3, 0, 0, 0, 0, 0, 0, 2, -5, 0, 0, 0, 0},
		{fuzzNormConst, uint8(dtypes.Complex64), 0, 1, 8, 0, 0, 0, 0, 0, 0, 5, 3.5, 0, 0, 0, 0},
		{fuzzNormConst, uint8(dtypes.Int32), 0, 1, 8, 0, 0, 0, 0, 0, 0, 5, 3, 0, 0, 0, 0},
		{fuzzPad, uint8(dtypes.Float64), 0, 2, 2, 3, 0, 2, 4, 5, 0, 0, 0, 0, 1, 1, 0},
		{fuzzCrop, uint8(dtypes.Complex128), 0, 2, 5, 5, 0, 2, 2, 3, 0, 0, 0, 0, 3, 2, 0},
		{fuzzToHalf, uint8(dtypes.Float32), 0, 1, 1 << 62, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{fuzzAbs, uint8(dtypes.Float32), 0, 2, -3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{fuzzSplitComplex, uint8(dtypes.Complex64), 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	}
	for _, s := range seeds {
		f.Add(s.kind, s.dtype, s.dtype2, s.rank, s.d0, s.d1, s.d2, s.rank2, s.e0, s.e1, s.e2, s.valueKind, s.value, s.imag, s.a0, s.a1, s.a2)
	}
	f.Fuzz(func(t *testing.T, kind, dtype, dtype2, rank uint8, d0, d1, d2 int64, rank2 uint8, e0, e1, e2 int64,
		valueKind uint8, value, imag float64, a0, a1, a2 int8) {
		dt, dt2 := fuzzDType(dtype), fuzzDType(dtype2)
		shape, shape2 := fuzzShape(rank, d0, d1, d2), fuzzShape(rank2, e0, e1, e2)
		typ, typ2 := core.ArrayOf(dt, shape...), core.ArrayOf(dt, shape2...)
		c := fuzzNumber(valueKind, value, imag)
		var axes []int // nil where a0 is 0, else the first len(shape2) of a1, a2, a0-1
		if a0 != 0 {
			axes = []int{int(a1), int(a2), int(a0) - 1}[:min(len(shape2), 3)]
		}
		k := int(kind) % fuzzKinds
		name := fuzzNames[k]
		var (
			trf *core.Transformation
			err error
		)
		switch k {
		case fuzzAddConst:
			trf, err = transformations.AddConst(typ, c)
		case fuzzMulConst:
			trf, err = transformations.MulConst(typ, c)
		case fuzzDivConst:
			trf, err = transformations.DivConst(typ, c)
		case fuzzAddParam:
			trf, err = transformations.AddParam(typ, dt2)
		case fuzzMulParam:
			trf, err = transformations.MulParam(typ, dt2)
		case fuzzDivParam:
			trf, err = transformations.DivParam(typ, dt2)
		case fuzzMulArray:
			typ2 = core.ArrayOf(dt2, shape2...)
			trf, err = transformations.MulArray(typ, typ2, axes)
		case fuzzCopy:
			trf, err = transformations.Copy(typ)
		case fuzzCopyBroadcasted:
			trf, err = transformations.CopyBroadcasted(typ2, typ)
		case fuzzCast:
			trf, err = transformations.Cast(typ, dt2)
		case fuzzIgnore:
			trf, err = transformations.Ignore(typ)
		case fuzzBroadcastConst:
			trf, err = transformations.BroadcastConst(typ, c)
		case fuzzBroadcastParam:
			trf, err = transformations.BroadcastParam(typ)
		case fuzzSplitComplex:
			trf, err = transformations.SplitComplex(typ)
		case fuzzCombineComplex:
			trf, err = transformations.CombineComplex(typ)
		case fuzzRealToComplex:
			trf, err = transformations.RealToComplex(typ)
		case fuzzRealPart:
			trf, err = transformations.RealPart(typ)
		case fuzzImagPart:
			trf, err = transformations.ImagPart(typ)
		case fuzzAbs:
			trf, err = transformations.Abs(typ)
		case fuzzConj:
			trf, err = transformations.Conj(typ)
		case fuzzNormConst:
			trf, err = transformations.NormConst(typ, value)
		case fuzzNormParam:
			trf, err = transformations.NormParam(typ)
		case fuzzFromHalf:
			trf, err = transformations.FromHalf(typ)
		case fuzzToHalf:
			trf, err = transformations.ToHalf(typ)
		case fuzzPad:
			trf, err = transformations.Pad(typ2, typ, axes)
		case fuzzCrop:
			trf, err = transformations.Crop(typ, typ2, axes)
		case fuzzCenteredOffsets:
			checkCenteredOffsets(t, typ, typ2)
			return
		}
		if err != nil {
			checkRefusal(t, err, "transformations: "+name+": ", shape, shape2, len(shape), len(shape2), dt, dt2, c, value, axes)
			return
		}
		if trf == nil {
			t.Fatalf("%s returned neither a transformation nor an error", name)
		}
		if fuzzRuns(thr, trf) {
			checkTransformation(t, thr, k, trf, c, value, axes)
		}
	})
}

// fuzzNames are the names of the constructors, by kind.
var fuzzNames = [fuzzKinds]string{
	"AddConst", "MulConst", "DivConst", "AddParam", "MulParam", "DivParam", "MulArray", "Copy",
	"CopyBroadcasted", "Cast", "Ignore", "BroadcastConst", "BroadcastParam", "SplitComplex",
	"CombineComplex", "RealToComplex", "RealPart", "ImagPart", "Abs", "Conj", "NormConst",
	"NormParam", "FromHalf", "ToHalf", "Pad", "Crop", "CenteredOffsets",
}

// checkCenteredOffsets checks that CenteredOffsets gives nil for types of
// different ranks and otherwise offsets that centre the shorter length of
// each axis in the longer, without a panic on any shape.
func checkCenteredOffsets(t *testing.T, a, b core.Type) {
	got := transformations.CenteredOffsets(a, b)
	as, bs := a.Shape(), b.Shape()
	if len(as) != len(bs) {
		if got != nil {
			t.Fatalf("CenteredOffsets of shapes %v and %v of different ranks = %v, want nil", as, bs, got)
		}
		return
	}
	for i := range as {
		lo, hi := min(as[i], bs[i]), max(as[i], bs[i])
		if lo < 0 {
			continue // no array has a negative length; any offset will be refused by Pad and Crop
		}
		if off := got[i]; off < 0 || off > hi-lo || (hi-lo)-2*off > 1 {
			t.Fatalf("CenteredOffsets of shapes %v and %v: offset %d on axis %d does not centre %d in %d", as, bs, off, i, lo, hi)
		}
	}
}

// fuzzRuns reports whether FuzzConstructors runs trf on the device: every
// array parameter has between 1 and fuzzMaxElements elements, and every
// parameter a dtype of testDTypes that the device supports.
func fuzzRuns(thr *cluda.Thread, trf *core.Transformation) bool {
	for _, p := range trf.Signature() {
		pt := p.Type()
		if !slices.Contains(testDTypes, pt.DType()) || !thr.Params().SupportsDType(pt.DType()) {
			return false
		}
		if pt.IsArray() && (pt.Validate() != nil || pt.Size() < 1 || pt.Size() > fuzzMaxElements) {
			return false
		}
	}
	return true
}

// fuzzFloor is the absolute error FuzzConstructors allows on top of the
// relative one: the smallest normal value of d, since the device may
// flush a subnormal result (a tiny constant times an input) to zero.
func fuzzFloor(d dtypes.DType) float64 {
	switch d.Real() {
	case dtypes.Float32:
		return 0x1p-126
	case dtypes.Float64:
		return 0x1p-1022
	}
	return 0
}

// ulpPowReference bounds, per unit of |order|, the relative error of the
// float64 reference of a power, math.Pow: it raises to an integer order by
// repeated squaring, which doubles the error of each square, and computes
// other orders from a logarithm whose error the order multiplies. Against
// float64 data this error of the reference, not the device's, dominates.
const ulpPowReference = 4

// fuzzCompare checks got against want as compare does, within ulps·eps(d)
// of |want| plus fuzzFloor(d); a NaN part is matched by a NaN part.
func fuzzCompare(t *testing.T, what string, d dtypes.DType, got, want vec, ulps float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	sameNaN := func(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }
	for i := range got {
		g, w := got[i], want[i]
		if cmplx.IsNaN(w) {
			continue // undefined: see intArith and fuzzArith
		}
		if sameNaN(real(g), real(w)) && sameNaN(imag(g), imag(w)) {
			continue
		}
		tol := ulps*eps(d)*cmplx.Abs(w) + fuzzFloor(d)
		if cmplx.IsInf(w) {
			// An overflowed part must overflow alike; the other part
			// is held to its own magnitude.
			part := func(g, w float64) bool {
				return sameNaN(g, w) || math.Abs(g-w) <= ulps*eps(d)*math.Abs(w)+fuzzFloor(d)
			}
			if part(real(g), real(w)) && part(imag(g), imag(w)) {
				continue
			}
		} else if cmplx.Abs(g-w) <= tol {
			continue
		}
		t.Fatalf("%s of %v: element %d: got %v, want %v", what, d, i, g, w)
	}
}

// intOf returns the integer value of the accepted constant c of an integer
// array, exactly.
func intOf(c any) int64 {
	switch v := c.(type) {
	case int:
		return int64(v)
	case int32:
		return int64(v)
	case int64:
		return v
	case uint8:
		return int64(v)
	case float32:
		return int64(v)
	case float64:
		return int64(v)
	case complex64:
		return int64(real(v))
	case complex128:
		return int64(real(v))
	}
	panic(fmt.Sprintf("intOf: %T", c))
}

// inRange returns x and whether it lies in the range of the integer
// dtype d.
func inRange(d dtypes.DType, x int64) (int64, bool) {
	return x, d != dtypes.Int32 || x == int64(int32(x))
}

// mulInt returns a·b in the integer dtype d, and whether it is defined:
// signed overflow is undefined behaviour in OpenCL C.
func mulInt(d dtypes.DType, a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	hi, lo := bits.Mul64(uint64(max(a, -a)), uint64(max(b, -b)))
	if hi != 0 || lo > math.MaxInt64 || a == math.MinInt64 || b == math.MinInt64 {
		return 0, false
	}
	p := int64(lo)
	if (a < 0) != (b < 0) {
		p = -p
	}
	return inRange(d, p)
}

// intArith returns a op b in the integer dtype d, with division truncated
// toward zero, and whether the result is defined. Sums and products wrap
// round as numpy's do (functions.Add and Mul compute them so); an
// overflow of a signed quotient is undefined behaviour in OpenCL C, whose
// result no reference can give.
func intArith(d dtypes.DType, kind int, a, b int64) (int64, bool) {
	switch kind {
	case fuzzAddConst:
		return wrapInt(d, int64(uint64(a)+uint64(b))), true
	case fuzzMulConst:
		return wrapInt(d, int64(uint64(a)*uint64(b))), true
	}
	if b == -1 {
		return mulInt(d, a, b)
	}
	return a / b, true
}

// wrapInt returns x wrapped round into the range of the integer dtype d.
func wrapInt(d dtypes.DType, x int64) int64 {
	switch d {
	case dtypes.Int8:
		return int64(int8(x))
	case dtypes.Int16:
		return int64(int16(x))
	case dtypes.Int32:
		return int64(int32(x))
	case dtypes.Uint8:
		return int64(uint8(x))
	case dtypes.Uint16:
		return int64(uint16(x))
	case dtypes.Uint32:
		return int64(uint32(x))
	}
	return x
}

// intPow returns a to the power n in the integer dtype d, and whether it
// is defined (see intArith).
func intPow(d dtypes.DType, a int64, n int64) (int64, bool) {
	r, ok := int64(1), true
	for ; n > 0 && ok; n >>= 1 {
		if n&1 == 1 {
			if r, ok = mulInt(d, r, a); !ok {
				return 0, false
			}
		}
		if n > 1 {
			a, ok = mulInt(d, a, a)
		}
	}
	return r, ok
}

// undefined is the reference of a result that no reference gives: an
// integer that OpenCL C leaves undefined, or a complex product or quotient
// whose partial products overflow; fuzzCompare accepts any value for it.
var undefined = cmplx.NaN()

// intValue returns the integer v holds, of any Go integer kind: an
// unsigned one as the int64 of the same bits, as intArith computes them.
func intValue(v reflect.Value) int64 {
	if v.CanInt() {
		return v.Int()
	}
	return int64(v.Uint())
}

// numberOf returns the accepted constant c as a complex128.
func numberOf(c any) complex128 {
	if isInt(c) {
		return complex(float64(intOf(c)), 0)
	}
	switch v := c.(type) {
	case float32:
		return complex(float64(v), 0)
	case float64:
		return complex(v, 0)
	case complex64:
		return complex128(v)
	}
	return c.(complex128)
}

// isInt reports whether c is of a Go integer type.
func isInt(c any) bool {
	switch c.(type) {
	case int, int32, int64, uint8:
		return true
	}
	return false
}

// nonzero returns v with its zeros replaced by ones, for divisors.
func nonzero(v vec) vec {
	for i, z := range v {
		if z == 0 {
			v[i] = 1
		}
	}
	return v
}

// checkTransformation runs trf, made by the constructor of kind from the
// constant c (and order, and axes or offsets), as a PureParallel on fresh
// random inputs and checks its outputs against a float64 reference.
func checkTransformation(t *testing.T, thr *cluda.Thread, kind int, trf *core.Transformation, c any, order float64, axes []int) {
	t.Helper()
	sig := trf.Signature()
	types := map[string]core.Type{}
	guiding := "output"
	for _, p := range sig {
		types[p.Name] = p.Type()
	}
	if _, ok := types["output"]; !ok || kind == fuzzCrop {
		guiding = "input"
	}
	rng := rand.New(rand.NewPCG(uint64(kind), uint64(types[guiding].Size())))
	inputs, scalars := map[string]vec{}, map[string]any{}
	for _, p := range sig {
		pt := p.Type()
		switch {
		case p.Role() == core.Input:
			inputs[p.Name] = nonzero(random(rng, pt.DType(), pt.Size()))
		case p.Role() == core.Scalar && p.Name == "order":
			scalars[p.Name] = scalar(pt.DType(), complex(0.5+3*rng.Float64(), 0))
		case p.Role() == core.Scalar:
			scalars[p.Name] = scalar(pt.DType(), nonzero(random(rng, pt.DType(), 1))[0])
		}
	}
	exact := runExact(t, thr, trf, guiding, inputs, scalars)
	got := map[string]vec{}
	for name, s := range exact {
		got[name] = toVec(s)
	}
	x := inputs["input"]
	in := types["input"].DType()
	out := types[guiding].DType()
	if o, ok := types["output"]; ok {
		out = o.DType()
	}
	name := trf.Name()
	elementwise := func(ulps float64, f func(int, complex128) complex128) {
		t.Helper()
		want := make(vec, len(x))
		for i, z := range x {
			want[i] = f(i, z)
		}
		rounded := round(out, want)
		for i, w := range want {
			if cmplx.IsNaN(w) {
				rounded[i] = w // undefined stays undefined
			}
		}
		fuzzCompare(t, name, out, got["output"], rounded, ulps)
	}
	// intElementwise checks an integer output exactly, as the int64s the
	// device wrote: a complex128 holds int64s beyond 2^53 only rounded.
	// f gives each element's reference and whether it is defined.
	intElementwise := func(f func(a int64) (int64, bool)) {
		t.Helper()
		out := reflect.ValueOf(exact["output"])
		for i, z := range x {
			w, ok := f(int64(real(z)))
			if !ok {
				continue // undefined: see intArith
			}
			if g := intValue(out.Index(i)); g != w {
				t.Fatalf("%s of %v: element %d: got %d, want %d", name, in, i, g, w)
			}
		}
	}
	switch kind {
	case fuzzAddConst, fuzzMulConst, fuzzDivConst:
		if in.IsInteger() {
			b := intOf(c)
			intElementwise(func(a int64) (int64, bool) { return intArith(in, kind, a, b) })
			return
		}
		b := round(in, vec{numberOf(c)})[0] // the literal is of the array's precision
		var ulps float64 = ulpExact
		if imag(b) != 0 || kind == fuzzDivConst {
			ulps = ulpArith
		}
		elementwise(ulps, func(_ int, z complex128) complex128 { return fuzzArith(in, kind, z, b) })
	case fuzzAddParam, fuzzMulParam, fuzzDivParam:
		if in.IsInteger() {
			b := intValue(reflect.ValueOf(scalars["param"]))
			intElementwise(func(a int64) (int64, bool) { return intArith(in, kind-fuzzAddParam, a, b) })
			return
		}
		b := numberOf(scalars["param"])
		elementwise(arithULPs(in), func(_ int, z complex128) complex128 {
			return fuzzArith(in, kind-fuzzAddParam, z, b)
		})
	case fuzzMulArray:
		shape, fshape, factor := types["input"].Shape(), types["factor"].Shape(), inputs["factor"]
		if axes == nil {
			for k := range fshape {
				axes = append(axes, len(shape)-len(fshape)+k)
			}
		}
		elementwise(arithULPs(in), func(i int, z complex128) complex128 {
			idx, fidx := unravel(i, shape), make([]int, len(axes))
			for k, ax := range axes {
				fidx[k] = idx[(ax+len(shape))%len(shape)]
			}
			return z * factor[flatIndex(fidx, fshape)]
		})
	case fuzzCopy, fuzzFromHalf, fuzzToHalf:
		elementwise(ulpExact, func(_ int, z complex128) complex128 { return z })
	case fuzzCopyBroadcasted:
		inShape, outShape := types["input"].Shape(), types["output"].Shape()
		want := make(vec, types["output"].Size())
		for i := range want {
			want[i] = x[broadcastIndex(i, inShape, outShape)]
		}
		fuzzCompare(t, name, out, got["output"], want, ulpExact)
	case fuzzCast, fuzzRealToComplex, fuzzConj, fuzzRealPart, fuzzImagPart, fuzzAbs:
		var ulps float64 = ulpExact
		if kind == fuzzAbs && in.IsComplex() {
			ulps = ulpHypot
		}
		elementwise(ulps, func(_ int, z complex128) complex128 {
			switch kind {
			case fuzzConj:
				return cmplx.Conj(z)
			case fuzzRealPart:
				return complex(real(z), 0)
			case fuzzImagPart:
				return complex(imag(z), 0)
			case fuzzAbs:
				return complex(cmplx.Abs(z), 0)
			}
			return z
		})
	case fuzzIgnore:
	case fuzzBroadcastConst, fuzzBroadcastParam:
		v := c
		if kind == fuzzBroadcastParam {
			v = scalars["param"]
		}
		want := make(vec, types["output"].Size())
		for i := range want {
			want[i] = numberOf(v)
		}
		fuzzCompare(t, name, out, got["output"], round(out, want), ulpExact)
	case fuzzSplitComplex:
		re, im := make(vec, len(x)), make(vec, len(x))
		for i, z := range x {
			re[i], im[i] = complex(real(z), 0), complex(imag(z), 0)
		}
		fuzzCompare(t, name+" real", out, got["real"], re, ulpExact)
		fuzzCompare(t, name+" imag", out, got["imag"], im, ulpExact)
	case fuzzCombineComplex:
		re, im := inputs["real"], inputs["imag"]
		want := make(vec, len(re))
		for i := range want {
			want[i] = complex(real(re[i]), real(im[i]))
		}
		fuzzCompare(t, name, out, got["output"], want, ulpExact)
	case fuzzNormConst, fuzzNormParam:
		if kind == fuzzNormParam {
			order = real(numberOf(scalars["order"]))
		}
		if in.IsFloat() || in.IsComplex() {
			order = real(round(in.Real(), vec{complex(order, 0)})[0]) // the literal is of the array's precision
		}
		ulps := normULPs(in, order)
		if in.Real() == dtypes.Float64 && order != 1 && order != 2 {
			ulps += ulpPowReference * math.Abs(order)
		}
		if in.IsInteger() {
			intElementwise(func(a int64) (int64, bool) { return intPow(in, max(a, -a), int64(order)) })
			return
		}
		elementwise(ulps, func(_ int, z complex128) complex128 {
			return complex(math.Pow(cmplx.Abs(z), order), 0)
		})
	case fuzzPad, fuzzCrop:
		short, long := types["input"], types["output"]
		if kind == fuzzCrop {
			short, long = long, short
		}
		w := window{short: short.Shape(), long: long.Shape()}
		if axes == nil {
			axes = make([]int, len(w.short))
		}
		want := make(vec, long.Size())
		if kind == fuzzCrop {
			want = make(vec, short.Size())
		}
		for i := range long.Size() {
			p := w.place(i, axes)
			switch {
			case kind == fuzzPad && p >= 0:
				want[i] = x[p]
			case kind == fuzzCrop && p >= 0:
				want[p] = x[i]
			}
		}
		fuzzCompare(t, name, out, got["output"], want, ulpExact)
	default:
		t.Fatalf("no reference for %s", name)
	}
}

// fuzzArith returns a op b for the arithmetic kind (the Const ones) on
// values of dtype d, or undefined where b is complex and the partial
// products of the textbook formulas, a·b or a·conj(b), exceed half the
// largest value of d's precision: they overflow there on the device, or
// not where the compiler contracts them into an fma, as numpy's complex64
// products overflow.
func fuzzArith(d dtypes.DType, kind int, a, b complex128) complex128 {
	maxReal := math.MaxFloat64
	if d.Real() == dtypes.Float32 {
		maxReal = math.MaxFloat32
	}
	if kind != fuzzAddConst && imag(b) != 0 && cmplx.Abs(a)*cmplx.Abs(b) > maxReal/2 {
		return undefined
	}
	switch kind {
	case fuzzAddConst:
		return a + b
	case fuzzMulConst:
		return a * b
	}
	return a / b
}
