package cliutil

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
)

// numberFlag is a flag of a number whose errors say what the flag takes,
// where those of package flag's IntVar, Uint64Var and Float64Var say only
// "parse error" or "value out of range".
type numberFlag[T int | uint64 | float64] struct{ p *T }

// NumberVar defines a flag of a number, as fs.IntVar, fs.Uint64Var and
// fs.Float64Var do.
func NumberVar[T int | uint64 | float64](fs *flag.FlagSet, p *T, name string, value T, usage string) {
	*p = value
	fs.Var(numberFlag[T]{p}, name, usage)
}

func (f numberFlag[T]) String() string {
	if f.p == nil {
		return "0"
	}
	return fmt.Sprint(*f.p)
}

func (f numberFlag[T]) Set(s string) error {
	var (
		v    T
		err  error
		want string
	)
	switch p := any(&v).(type) {
	case *int:
		var x int64
		x, err = strconv.ParseInt(s, 0, strconv.IntSize)
		*p, want = int(x), fmt.Sprintf("a whole number from %d to %d", math.MinInt, math.MaxInt)
	case *uint64:
		*p, err = strconv.ParseUint(s, 0, 64)
		want = "a whole number from 0 to 2^64-1 (18446744073709551615)"
	case *float64:
		*p, err = strconv.ParseFloat(s, 64)
		want = fmt.Sprintf("a number of magnitude at most %g", math.MaxFloat64)
	}
	switch {
	case errors.Is(err, strconv.ErrRange):
		return fmt.Errorf("out of range: want %s", want)
	case err != nil:
		return fmt.Errorf("want %s", want)
	}
	*f.p = v
	return nil
}
