package dtypes

import "fmt"

// ResultType returns the type of an arithmetic result of values of the given
// types, by numpy's promotion rules for arrays:
//
//   - two types of the same kind give the wider one;
//   - a signed and an unsigned integer give the narrowest signed integer that
//     holds both, or float64 when none does (int64 with uint64);
//   - an integer and a float32 give float32 for integers of up to 16 bits and
//     float64 for wider ones; with float64 they give float64;
//   - complex types take the precision the real rules above would give for
//     their parts;
//   - float16 and complex32 give float16 or complex32 with each other, and
//     with any other type what float32 and complex64 would give, the types
//     kernels compute them in (numpy would keep float16 with an 8-bit
//     integer).
//
// It returns an error when no types, or an invalid one, are given.
func ResultType(ds ...DType) (DType, error) {
	if len(ds) == 0 {
		return Invalid, fmt.Errorf("dtypes: ResultType of no types")
	}
	res := ds[0]
	if !res.Valid() {
		return Invalid, fmt.Errorf("dtypes: ResultType of an invalid dtype %v", res)
	}
	for _, d := range ds[1:] {
		if !d.Valid() {
			return Invalid, fmt.Errorf("dtypes: ResultType of an invalid dtype %v", d)
		}
		res = promote2(res, d)
	}
	return res, nil
}

// MustResultType is ResultType for types known to be valid; it panics on an
// invalid one.
func MustResultType(ds ...DType) DType {
	d, err := ResultType(ds...)
	if err != nil {
		panic(err)
	}
	return d
}

func promote2(a, b DType) DType {
	if a == b {
		return a
	}
	switch {
	case a.IsHalf() && b.IsHalf():
		return Complex32
	case a.IsHalf() || b.IsHalf():
		return promote2(a.Arithmetic(), b.Arithmetic())
	}
	ka, kb := a.info().kind, b.info().kind
	if ka > kb {
		a, b = b, a
		ka, kb = kb, ka
	}
	switch {
	case ka == kb:
		if a.Size() >= b.Size() {
			return a
		}
		return b
	case ka == kindSigned && kb == kindUnsigned:
		if a.Size() > b.Size() {
			return a
		}
		switch b.Size() {
		case 1:
			return Int16
		case 2:
			return Int32
		case 4:
			return Int64
		}
		return Float64
	case kb == kindFloat:
		// a is an integer.
		if a.Size() <= 2 {
			return b
		}
		return Float64
	default:
		// b is complex; a is an integer or a float.
		part := promote2(a, b.Real())
		if part == Float64 {
			return Complex128
		}
		return Complex64
	}
}
