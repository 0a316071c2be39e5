package core

import (
	"fmt"
	"math/rand/v2"
	"reflect"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// Timing runs on data a computation meets in use: zeros can take other
// paths than real data (a CPU's denormal or special-value handling, a
// branch that skips a zero, a sampler's rejection loop), so the arrays of
// a timed call hold small nonzero values, the same for every candidate.

// tunePatternLen is the number of random values the arrays of a timed
// call repeat.
const tunePatternLen = 4099

// maxTuneHostBytes is the largest array whose values a timed call writes
// from the host; larger ones are filled with one on the device, rather
// than holding a copy of them in host memory.
const maxTuneHostBytes = 256 << 20

// tuneArguments returns arguments for a call of sig on thr: arrays of the
// parameters' types holding small nonzero values (structs zeroed), scalars
// of one (zero for structs), and the function that releases the arrays.
func tuneArguments(thr *cluda.Thread, sig Signature) ([]any, func(), error) {
	var arrays []*cluda.Array
	release := func() {
		for _, a := range arrays {
			a.Release()
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	args := make([]any, len(sig))
	for i, p := range sig {
		t := p.Type()
		dt := t.DType()
		if !t.IsArray() {
			v, err := tuneScalar(dt)
			if err != nil {
				return nil, nil, fmt.Errorf("parameter %s: %w", p.Name, err)
			}
			args[i] = v
			continue
		}
		a, err := thr.NewArray(t.Shape(), dt, t.Strides(), t.Offset())
		if err != nil {
			release()
			return nil, nil, fmt.Errorf("parameter %s: %w", p.Name, err)
		}
		arrays = append(arrays, a)
		if err := fillTuneArray(a, t, rng); err != nil {
			release()
			return nil, nil, fmt.Errorf("parameter %s: %w", p.Name, err)
		}
		args[i] = a
	}
	return args, release, nil
}

// tuneScalar returns the value of a scalar of dt in a timed call: one, or
// the zero value of a struct.
func tuneScalar(dt dtypes.DType) (any, error) {
	if dt.IsStruct() {
		return reflect.Zero(dt.GoType()).Interface(), nil
	}
	return dt.Convert(1)
}

// fillTuneArray writes the values of a timed call into a, of type t: a
// repeated pattern of small nonzero random values where the host holds a
// copy of at most maxTuneHostBytes, else ones; zeros for structs.
func fillTuneArray(a *cluda.Array, t Type, rng *rand.Rand) error {
	dt := t.DType()
	if dt.IsStruct() {
		return a.Fill(reflect.Zero(dt.GoType()).Interface())
	}
	n := t.Size()
	if int64(n)*int64(dt.Size()) > maxTuneHostBytes {
		one, err := dt.Convert(1)
		if err != nil {
			return err
		}
		return a.Fill(one)
	}
	pattern := reflect.MakeSlice(reflect.SliceOf(dt.GoType()), min(n, tunePatternLen), min(n, tunePatternLen))
	for i := range pattern.Len() {
		v, err := dt.Convert(tuneValue(dt, rng))
		if err != nil {
			return err
		}
		pattern.Index(i).Set(reflect.ValueOf(v))
	}
	data := reflect.MakeSlice(pattern.Type(), n, n)
	for off := 0; off < n; off += pattern.Len() {
		reflect.Copy(data.Slice(off, n), pattern)
	}
	return a.Set(data.Interface())
}

// tuneValue returns a small nonzero value for dt: an integer from 1 to 7,
// a real in [0.5, 1), or a complex number of two such parts.
func tuneValue(dt dtypes.DType, rng *rand.Rand) any {
	switch {
	case dt.IsInteger():
		return 1 + rng.IntN(7)
	case dt.IsComplex():
		return complex(0.5+rng.Float64()/2, 0.5+rng.Float64()/2)
	}
	return 0.5 + rng.Float64()/2
}
