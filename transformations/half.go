package transformations

import (
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// FromHalf returns a transformation that widens a half-precision array to
// the array of type t, float32 or complex64: output = input, where input
// has t's shape and the half dtype of t's precision (float16 for float32,
// complex32 for complex64; see dtypes.IsHalf). Connected to an input of a
// computation by its output connector, it lets the computation read a
// half-precision array while it computes in float32: each element is read
// with OpenCL's vload_half or vload_half2 (vloada_half2, one aligned
// word, where the layout keeps elements aligned), which every device has,
// and widened exactly.
//
// Parameters: output (t), input (t with the half dtype).
func FromHalf(t core.Type) (*core.Transformation, error) {
	const fn = "FromHalf"
	h, err := halfOf(fn, t)
	if err != nil {
		return nil, err
	}
	return newTransformation(fn, "from_half", outIn(t, t.WithDType(h)),
		`{{ .output.StoreSame }}({{ .input.LoadSame }});`, nil, nil)
}

// ToHalf returns a transformation that narrows the array of type t,
// float32 or complex64, to half precision: output = input rounded to the
// nearest half, ties to even (each part of a complex value on its own), in
// an array of t's shape and the half dtype of t's precision. Connected to
// an output of a computation by its input connector, it lets the
// computation write a half-precision array: each element is written with
// OpenCL's vstore_half_rte or vstore_half2_rte (vstorea_half2_rte where
// the layout keeps elements aligned). Values beyond the range of
// a half become infinities, as in IEEE 754.
//
// The rounding happens where the value is stored in memory: transformations
// connected after this one on the half-precision side compute in float32,
// and the value they store is rounded once.
//
// Parameters: output (t with the half dtype), input (t).
func ToHalf(t core.Type) (*core.Transformation, error) {
	const fn = "ToHalf"
	h, err := halfOf(fn, t)
	if err != nil {
		return nil, err
	}
	return newTransformation(fn, "to_half", outIn(t.WithDType(h), t),
		`{{ .output.StoreSame }}({{ .input.LoadSame }});`, nil, nil)
}

// halfOf returns the half-precision storage dtype whose values kernels
// compute with as t's dtype, or an error unless t is an array of float32 or
// complex64.
func halfOf(fn string, t core.Type) (dtypes.DType, error) {
	if err := checkArray(fn, "t", t); err != nil {
		return dtypes.Invalid, err
	}
	switch t.DType() {
	case dtypes.Float32:
		return dtypes.Float16, nil
	case dtypes.Complex64:
		return dtypes.Complex32, nil
	}
	return dtypes.Invalid, errorf(fn, "t must be float32 or complex64, the dtypes kernels compute halves with, not %v", t.DType())
}
