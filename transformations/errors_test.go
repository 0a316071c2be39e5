package transformations_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

func TestConstructorErrors(t *testing.T) {
	var (
		f32    = core.ArrayOf(dtypes.Float32, 10)
		f64    = core.ArrayOf(dtypes.Float64, 10)
		c64    = core.ArrayOf(dtypes.Complex64, 10)
		i32    = core.ArrayOf(dtypes.Int32, 10)
		scalar = core.ScalarOf(dtypes.Float32)
		zero   core.Type
		a10x7  = core.ArrayOf(dtypes.Float32, 10, 7)
		a8x8   = core.ArrayOf(dtypes.Float32, 8, 8)
		a4x5   = core.ArrayOf(dtypes.Complex64, 4, 5)
	)
	type result = struct {
		trf *core.Transformation
		err error
	}
	r := func(trf *core.Transformation, err error) result { return result{trf, err} }
	cases := []struct {
		got  result
		want string
	}{
		{r(transformations.Copy(zero)), "transformations: Copy: t has the invalid dtype dtypes.DType(0) (a zero core.Type?)"},
		{r(transformations.MulArray(f32, core.ArrayOf(99, 10), nil)), "transformations: MulArray: factor has the invalid dtype dtypes.DType(99)"},
		{r(transformations.Copy(scalar)), "transformations: Copy: t is the scalar type float32; transformations act on arrays"},

		{r(transformations.CopyBroadcasted(f32, c64)), "transformations: CopyBroadcasted: input dtype float32 differs from output dtype complex64"},
		{r(transformations.CopyBroadcasted(a10x7, f32)), "transformations: CopyBroadcasted: input shape [10 7] has more axes than output shape [10]"},
		{r(transformations.CopyBroadcasted(core.ArrayOf(dtypes.Float32, 7), a10x7.WithShape(10, 8))),
			"transformations: CopyBroadcasted: input shape [7] cannot be broadcast to output shape [10 8] (axis 0 of the input has length 7, not 1 or 8)"},
		{r(transformations.CopyBroadcasted(scalar, f32)), "transformations: CopyBroadcasted: input is the scalar type float32"},

		{r(transformations.Cast(c64, dtypes.Float32)), "transformations: Cast: cannot cast complex64 to float32 (take RealPart, ImagPart or Abs)"},
		{r(transformations.Cast(f32, dtypes.Invalid)), "transformations: Cast: invalid output dtype"},
		{r(transformations.Cast(zero, dtypes.Float32)), "transformations: Cast: t has the invalid dtype dtypes.DType(0)"},

		{r(transformations.AddConst(f32, 1i)), "transformations: AddConst: the constant (0+1i) does not fit a float32 array: float32 cannot hold the complex value (0+1i)"},
		{r(transformations.MulConst(i32, 1.5)), "transformations: MulConst: the constant 1.5 does not fit an int32 array"},
		{r(transformations.MulConst(i32, int64(1)<<40)), "transformations: MulConst: the constant 1099511627776 does not fit an int32 array"},
		{r(transformations.MulConst(f32, 1e300)), "transformations: MulConst: the constant 1e+300 does not fit a float32 array: 1e+300 overflows float32"},
		{r(transformations.MulConst(c64, complex(1, 1e300))), "transformations: MulConst: the constant (1+1e+300i) does not fit a complex64 array: (1+1e+300i) overflows complex64"},
		{r(transformations.MulConst(c64, 1e300)), "transformations: MulConst: the constant 1e+300 does not fit a complex64 array: 1e+300 overflows complex64"},
		{r(transformations.BroadcastConst(c64, -1e40)), "transformations: BroadcastConst: the value -1e+40 does not fit a complex64 array: -1e+40 overflows complex64"},
		{r(transformations.MulConst(f32, math.NaN())), "transformations: MulConst: the constant NaN is not finite"},
		{r(transformations.MulConst(f64, math.Inf(1))), "transformations: MulConst: the constant +Inf is not finite"},
		{r(transformations.MulConst(c64, complex(1, math.Inf(-1)))), "transformations: MulConst: the constant (1-Infi) is not finite"},
		{r(transformations.AddConst(f32, float32(math.Inf(-1)))), "transformations: AddConst: the constant -Inf is not finite"},
		{r(transformations.DivConst(f64, math.Inf(1))), "transformations: DivConst: the constant +Inf is not finite"},
		{r(transformations.DivConst(c64, complex64(complex(math.NaN(), 0)))), "transformations: DivConst: the constant (NaN+0i) is not finite"},
		{r(transformations.AddConst(f32, "1")), "transformations: AddConst: the constant 1 (string) is not a number"},
		{r(transformations.DivConst(c64, complex64(complex(1e20, 1)))),
			"transformations: DivConst: the complex constant (1e+20+1i) has a squared magnitude 1e+40 outside the normal range of float32"},
		{r(transformations.DivConst(c64, complex(1e-25, -1e-25))),
			"transformations: DivConst: the complex constant (1e-25-1e-25i) has a squared magnitude 2e-50 outside the normal range of float32"},
		{r(transformations.DivConst(core.ArrayOf(dtypes.Complex128, 10), complex(1e160, 1))),
			"transformations: DivConst: the complex constant (1e+160+1i) has a squared magnitude +Inf outside the normal range of float64"},
		{r(transformations.DivConst(i32, 0)), "transformations: DivConst: division of an int32 array by the constant 0"},
		{r(transformations.DivConst(i32, 0.0)), "transformations: DivConst: division of an int32 array by the constant 0"},
		{r(transformations.MulConst(f32, []float32{1})), "transformations: MulConst: the constant [1] does not fit a float32 array: []float32 ([1]) is not a number"},
		{r(transformations.DivConst(scalar, 2)), "transformations: DivConst: t is the scalar type float32"},

		{r(transformations.AddParam(f32, dtypes.Complex64)), "transformations: AddParam: a complex64 parameter needs a complex array, not a float32 one"},
		{r(transformations.MulParam(i32, dtypes.Float32)), "transformations: MulParam: an int32 array takes an integer parameter, not float32"},
		{r(transformations.DivParam(f32, dtypes.Invalid)), "transformations: DivParam: invalid parameter dtype"},
		{r(transformations.MulParam(zero, dtypes.Float32)), "transformations: MulParam: t has the invalid dtype dtypes.DType(0)"},

		{r(transformations.SplitComplex(f32)), "transformations: SplitComplex: t must be complex64 or complex128, not float32"},
		{r(transformations.CombineComplex(f64)), "transformations: CombineComplex: t must be complex64 or complex128, not float64"},
		{r(transformations.RealPart(i32)), "transformations: RealPart: t must be complex64 or complex128, not int32"},
		{r(transformations.ImagPart(scalar)), "transformations: ImagPart: t is the scalar type float32"},
		{r(transformations.RealToComplex(i32)), "transformations: RealToComplex: t must be float32 or float64, not int32 (Cast converts any real dtype to a complex one)"},
		{r(transformations.RealToComplex(c64)), "transformations: RealToComplex: t must be float32 or float64, not complex64"},
		{r(transformations.Abs(scalar)), "transformations: Abs: t is the scalar type float32"},
		{r(transformations.Conj(zero)), "transformations: Conj: t has the invalid dtype dtypes.DType(0)"},

		{r(transformations.NormConst(i32, 0.5)), "transformations: NormConst: an int32 array takes a positive integer order, not 0.5 (cast it to a float dtype first)"},
		{r(transformations.NormConst(i32, 0)), "transformations: NormConst: an int32 array takes a positive integer order, not 0"},
		{r(transformations.NormConst(f32, math.NaN())), "transformations: NormConst: the order NaN is not finite"},
		{r(transformations.NormConst(f32, math.Inf(1))), "transformations: NormConst: the order +Inf is not finite"},
		{r(transformations.NormConst(c64, math.Inf(-1))), "transformations: NormConst: the order -Inf is not finite"},
		{r(transformations.NormConst(c64, 1e39)), "transformations: NormConst: the order 1e+39 does not fit a complex64 array: 1e+39 overflows float32"},
		{r(transformations.NormParam(i32)), "transformations: NormParam: t must be of a float or complex dtype, not int32"},

		{r(transformations.Ignore(scalar)), "transformations: Ignore: t is the scalar type float32"},
		{r(transformations.BroadcastConst(i32, 2.5)), "transformations: BroadcastConst: the value 2.5 does not fit an int32 array"},
		{r(transformations.BroadcastConst(f32, 1+2i)), "transformations: BroadcastConst: the value (1+2i) does not fit a float32 array"},
		{r(transformations.BroadcastConst(f32, nil)), "transformations: BroadcastConst: the value <nil> (<nil>) is not a number"},
		{r(transformations.BroadcastParam(zero)), "transformations: BroadcastParam: t has the invalid dtype dtypes.DType(0)"},

		{r(transformations.Pad(a10x7, a8x8, nil)), "transformations: Pad: input shape [10 7] is longer than output shape [8 8] on axis 0"},
		{r(transformations.Pad(f32, a8x8, nil)), "transformations: Pad: input shape [10] and output shape [8 8] have different ranks"},
		{r(transformations.Pad(a8x8, a10x7.WithShape(10, 8), []int{3, 0})), "transformations: Pad: offset 3 on axis 0 does not fit: input length 8 at offset 3 exceeds output length 10"},
		{r(transformations.Pad(a8x8, a10x7.WithShape(10, 8), []int{-1, 0})), "transformations: Pad: offset -1 on axis 0 does not fit"},
		{r(transformations.Pad(a8x8, a10x7.WithShape(10, 8), []int{1})), "transformations: Pad: 1 offsets [1] for arrays of rank 2"},
		{r(transformations.Pad(a8x8, c64.WithShape(10, 8), nil)), "transformations: Pad: input dtype float32 differs from output dtype complex64"},
		{r(transformations.Crop(a8x8, a10x7, nil)), "transformations: Crop: output shape [10 7] is longer than input shape [8 8] on axis 0"},
		{r(transformations.Crop(a10x7.WithShape(10, 8), a8x8, []int{0, 1})), "transformations: Crop: offset 1 on axis 1 does not fit: output length 8 at offset 1 exceeds input length 8"},

		{r(transformations.MulArray(a4x5, core.ArrayOf(dtypes.Float32, 4), nil)),
			"transformations: MulArray: factor shape [4] does not match array shape [4 5] on axes [1] (axis 0 of the factor has length 4, axis 1 of the array 5)"},
		{r(transformations.MulArray(a4x5, core.ArrayOf(dtypes.Float32, 5), []int{2})), "transformations: MulArray: axis 2 is out of range for array shape [4 5]"},
		{r(transformations.MulArray(a4x5, a4x5, []int{1, -1})), "transformations: MulArray: axis 1 appears twice in [1 -1]"},
		{r(transformations.MulArray(a4x5, a4x5, []int{1})), "transformations: MulArray: 1 axes [1] for a factor of shape [4 5]"},
		{r(transformations.MulArray(a8x8, a4x5.WithShape(8), nil)), "transformations: MulArray: a complex64 factor needs a complex array, not a float32 one"},
		{r(transformations.MulArray(f32, a8x8, nil)), "transformations: MulArray: factor shape [8 8] has more axes than array shape [10]"},
		{r(transformations.MulArray(f32, scalar, nil)), "transformations: MulArray: factor is the scalar type float32"},
	}
	for _, c := range cases {
		if c.got.err == nil {
			t.Errorf("no error, want %q", c.want)
			continue
		}
		if c.got.trf != nil {
			t.Errorf("%q: a transformation with the error", c.got.err)
		}
		if msg := c.got.err.Error(); !strings.HasPrefix(msg, c.want) {
			t.Errorf("error\n\t%s\nwant\n\t%s", msg, c.want)
		}
	}
}

// CenteredOffsets is nil for arrays of different ranks, which Pad then
// refuses.
func TestCenteredOffsetsRanks(t *testing.T) {
	a, b := core.ArrayOf(dtypes.Float32, 4), core.ArrayOf(dtypes.Float32, 4, 4)
	if off := transformations.CenteredOffsets(a, b); off != nil {
		t.Errorf("CenteredOffsets = %v, want nil", off)
	}
	if got := transformations.CenteredOffsets(core.ArrayOf(dtypes.Float32, 3, 8, 5), core.ArrayOf(dtypes.Float32, 8, 8, 2)); !slices.Equal(got, []int{2, 0, 1}) {
		t.Errorf("CenteredOffsets = %v, want [2 0 1]", got)
	}
}
