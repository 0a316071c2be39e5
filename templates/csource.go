package templates

import (
	"errors"
	"fmt"
	"math/bits"
	"reflect"
	"strings"

	"github.com/reikna-go/reikna/dtypes"
)

// dtyper is implemented by values that carry an element type, such as array
// types.
type dtyper interface {
	DType() dtypes.DType
}

// toDType accepts a dtypes.DType, a dtype name or a value with a DType
// method.
func toDType(v any) (dtypes.DType, error) {
	var d dtypes.DType
	switch x := v.(type) {
	case dtypes.DType:
		d = x
	case string:
		return dtypes.Parse(x)
	case dtyper:
		d = x.DType()
	default:
		return dtypes.Invalid, fmt.Errorf("%#v (%T) is not a dtype", v, v)
	}
	if !d.Valid() {
		return dtypes.Invalid, fmt.Errorf("invalid dtype %v", d)
	}
	return d, nil
}

// literal returns the C literal of v in dtype dt, such as 1.0f for float32.
func literal(dt, v any) (string, error) {
	d, err := toDType(dt)
	if err != nil {
		return "", err
	}
	return d.Literal(v)
}

// ctype returns the OpenCL C name of dtype dt, such as float2.
func ctype(dt any) (string, error) {
	d, err := toDType(dt)
	if err != nil {
		return "", err
	}
	return d.CType(), nil
}

// divCeil returns the ceiling of a/b.
func divCeil(a, b any) (int, error) {
	x, y, err := toInt2(a, b)
	if err != nil {
		return 0, err
	}
	if y == 0 {
		return 0, errors.New("integer division by zero")
	}
	q, err := div(x, y)
	if err != nil {
		return 0, err
	}
	if x%y != 0 && (x < 0) == (y < 0) {
		q++
	}
	return q, nil
}

// log2 returns k such that n = 2**k; n must be a positive power of two.
func log2(n any) (int, error) {
	x, err := toInt(n)
	if err != nil {
		return 0, err
	}
	if x <= 0 || x&(x-1) != 0 {
		return 0, fmt.Errorf("%d is not a power of two", x)
	}
	return bits.TrailingZeros(uint(x)), nil
}

// isPow2 reports whether n is a positive power of two.
func isPow2(n any) (bool, error) {
	x, err := toInt(n)
	if err != nil {
		return false, err
	}
	return x > 0 && x&(x-1) == 0, nil
}

// pow2Ceil returns the smallest power of two that is at least n, for n >= 1.
func pow2Ceil(n any) (int, error) {
	x, err := toInt(n)
	if err != nil {
		return 0, err
	}
	if x < 1 {
		return 0, fmt.Errorf("%d is not a positive integer", x)
	}
	k := bits.Len(uint(x - 1))
	if k > bits.UintSize-2 {
		return 0, fmt.Errorf("the power of two above %d does not fit in int", x)
	}
	return 1 << k, nil
}

// pow2 returns 2**k for 0 <= k <= 62 (on 64-bit platforms).
func pow2(k any) (int, error) {
	x, err := toInt(k)
	if err != nil {
		return 0, err
	}
	if x < 0 || x > bits.UintSize-2 {
		return 0, fmt.Errorf("exponent %d is outside [0, %d]", x, bits.UintSize-2)
	}
	return 1 << x, nil
}

// commaJoin joins C expressions with ", ". Items are strings, fmt.Stringers
// (such as module prefixes) and slices of them, which are flattened. Numbers
// are refused: their C spelling depends on a dtype, so write them with
// literal.
func commaJoin(items ...any) (string, error) {
	var parts []string
	if err := appendItems(&parts, items); err != nil {
		return "", err
	}
	return strings.Join(parts, ", "), nil
}

func appendItems(parts *[]string, items []any) error {
	for _, it := range items {
		switch x := it.(type) {
		case string:
			*parts = append(*parts, x)
		case []string:
			*parts = append(*parts, x...)
		case []any:
			if err := appendItems(parts, x); err != nil {
				return err
			}
		case fmt.Stringer:
			if isNumber(x) {
				return fmt.Errorf("%v (%T) is a number: write it with literal", x, x)
			}
			*parts = append(*parts, x.String())
		default:
			return fmt.Errorf("%#v (%T) is not a string or a list of strings", it, it)
		}
	}
	return nil
}

// isNumber reports whether v has a numeric kind, as named integer types
// such as dtypes.DType do.
func isNumber(v any) bool {
	switch reflect.ValueOf(v).Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	}
	return false
}
