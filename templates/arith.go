package templates

import (
	"errors"
	"fmt"
	"math"
	"reflect"
)

var errOverflow = errors.New("integer overflow")

// toInt converts a Go integer of any width or signedness to int. Anything
// else, and an unsigned value above math.MaxInt, is an error.
func toInt(v any) (int, error) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i := rv.Int()
		if i < math.MinInt || i > math.MaxInt {
			return 0, fmt.Errorf("%d does not fit in int", i)
		}
		return int(i), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		u := rv.Uint()
		if u > math.MaxInt {
			return 0, fmt.Errorf("%d does not fit in int", u)
		}
		return int(u), nil
	}
	return 0, fmt.Errorf("%#v (%T) is not an integer", v, v)
}

// toInts converts the arguments of a variadic integer function, numbering
// them from 1 in errors.
func toInts(vs []any) ([]int, error) {
	if len(vs) == 0 {
		return nil, errors.New("no arguments")
	}
	ns := make([]int, len(vs))
	for i, v := range vs {
		n, err := toInt(v)
		if err != nil {
			return nil, fmt.Errorf("argument %d: %w", i+1, err)
		}
		ns[i] = n
	}
	return ns, nil
}

// toInt2 converts the two arguments of a binary integer function.
func toInt2(a, b any) (int, int, error) {
	ns, err := toInts([]any{a, b})
	if err != nil {
		return 0, 0, err
	}
	return ns[0], ns[1], nil
}

// fold applies op to the integer arguments from left to right.
func fold(vs []any, op func(a, b int) (int, error)) (int, error) {
	ns, err := toInts(vs)
	if err != nil {
		return 0, err
	}
	acc := ns[0]
	for _, n := range ns[1:] {
		if acc, err = op(acc, n); err != nil {
			return 0, err
		}
	}
	return acc, nil
}

func addInt(a, b int) (int, error) {
	s := a + b
	if (s > a) != (b > 0) {
		return 0, errOverflow
	}
	return s, nil
}

func subInt(a, b int) (int, error) {
	d := a - b
	if (d < a) != (b > 0) {
		return 0, errOverflow
	}
	return d, nil
}

func mulInt(a, b int) (int, error) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt) || (b == -1 && a == math.MinInt) {
		return 0, errOverflow
	}
	return p, nil
}

func add(vs ...any) (int, error) { return fold(vs, addInt) }

func mul(vs ...any) (int, error) { return fold(vs, mulInt) }

func sub(a, b any) (int, error) { return fold([]any{a, b}, subInt) }

// div divides, truncating toward zero as Go and C do.
func div(a, b any) (int, error) {
	return fold([]any{a, b}, func(x, y int) (int, error) {
		if y == 0 {
			return 0, errors.New("integer division by zero")
		}
		if x == math.MinInt && y == -1 {
			return 0, errOverflow
		}
		return x / y, nil
	})
}

// mod returns the remainder of div, with the sign of the dividend.
func mod(a, b any) (int, error) {
	return fold([]any{a, b}, func(x, y int) (int, error) {
		if y == 0 {
			return 0, errors.New("integer division by zero")
		}
		if y == -1 {
			return 0, nil
		}
		return x % y, nil
	})
}

func maxInt(vs ...any) (int, error) {
	return fold(vs, func(a, b int) (int, error) { return max(a, b), nil })
}

func minInt(vs ...any) (int, error) {
	return fold(vs, func(a, b int) (int, error) { return min(a, b), nil })
}

// toFloat converts a Go integer or float to float64; anything else is an
// error.
func toFloat(v any) (float64, error) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Float32, reflect.Float64:
		return rv.Float(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(rv.Uint()), nil
	}
	return 0, fmt.Errorf("%#v (%T) is not a real number", v, v)
}

// foldf applies op to the float arguments from left to right.
func foldf(vs []any, op func(a, b float64) (float64, error)) (float64, error) {
	if len(vs) == 0 {
		return 0, errors.New("no arguments")
	}
	var acc float64
	for i, v := range vs {
		f, err := toFloat(v)
		if err != nil {
			return 0, fmt.Errorf("argument %d: %w", i+1, err)
		}
		if i == 0 {
			acc = f
			continue
		}
		if acc, err = op(acc, f); err != nil {
			return 0, err
		}
	}
	return acc, nil
}

func addf(vs ...any) (float64, error) {
	return foldf(vs, func(a, b float64) (float64, error) { return a + b, nil })
}

func mulf(vs ...any) (float64, error) {
	return foldf(vs, func(a, b float64) (float64, error) { return a * b, nil })
}

func subf(a, b any) (float64, error) {
	return foldf([]any{a, b}, func(a, b float64) (float64, error) { return a - b, nil })
}

func divf(a, b any) (float64, error) {
	return foldf([]any{a, b}, func(a, b float64) (float64, error) {
		if b == 0 {
			return 0, errors.New("division by zero")
		}
		return a / b, nil
	})
}
