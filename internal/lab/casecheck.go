package lab

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// wrongResultError is a result that differs from the host reference.
type wrongResultError struct{ err error }

func (e *wrongResultError) Error() string { return "wrong result: " + e.err.Error() }

// checkTransform runs call once on the argument set args, (output, input)
// of the transform what names, its output filled with poison (a NaN)
// first, and returns what check returns of the float32 input values
// argSets uploaded and the output: the largest relative error of the
// items it compares with a reference. A wrong output (check's error) is a
// *wrongResultError.
func checkTransform[T any](b *bencher, call *core.Callable, args []any, what string, poison T,
	check func(in []float32, out []T) (float64, error)) (float64, error) {
	var out, in *cluda.Array
	if len(args) == 2 {
		out, _ = args[0].(*cluda.Array)
		in, _ = args[1].(*cluda.Array)
	}
	if out == nil || in == nil {
		return 0, fmt.Errorf("the %s takes (output, input), got %d arguments", what, len(args))
	}
	if err := out.Fill(poison); err != nil {
		return 0, fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(args...); err != nil {
		return 0, fmt.Errorf("the checked call: %w", err)
	}
	host, err := cluda.Read[T](out)
	if err != nil {
		return 0, fmt.Errorf("reading the output: %w", err)
	}
	e, err := check(b.randomValues(dtypes.Float32, in.Size()).([]float32), host)
	if err != nil {
		return e, &wrongResultError{err}
	}
	return e, nil
}

// worstSampleError returns the largest relative error, errorOf(i), of
// count of the n items of a batch: the first, the last and others evenly
// between (every item where n ≤ count). An error above tolerance ends
// it: it returns that one, and an error that names the item by the format
// item, such as "row %d".
func worstSampleError(n, count int, tolerance float64, item string, errorOf func(i int) float64) (float64, error) {
	worst := 0.0
	count = min(count, n)
	for s := range count {
		i := s * (n - 1) / max(1, count-1)
		e := errorOf(i)
		if !(e <= tolerance) {
			return e, fmt.Errorf("%s has a relative error of %.3g, above %g", fmt.Sprintf(item, i), e, tolerance)
		}
		worst = max(worst, e)
	}
	return worst, nil
}
