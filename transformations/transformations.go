package transformations

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// errorf returns an error that names the constructor fn, such as
// "transformations: Cast: cannot cast complex64 to float32".
func errorf(fn, format string, args ...any) error {
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i] = bare{err}
		}
	}
	return fmt.Errorf("transformations: "+fn+": "+format, args...)
}

// bare is an error of another package of the project under this
// package's words: its message without that package's prefix, so that an
// error names one package, and the error itself for errors.Is and
// errors.As.
type bare struct{ err error }

func (b bare) Error() string {
	msg := b.err.Error()
	for _, p := range []string{"core: ", "dtypes: ", "functions: ", "snippets: ", "cluda: "} {
		if rest, ok := strings.CutPrefix(msg, p); ok {
			return rest
		}
	}
	return msg
}

func (b bare) Unwrap() error { return b.err }

// checkArray returns an error unless t is an array type of a valid dtype.
// what names t in the message ("t", "input", ...).
func checkArray(fn, what string, t core.Type) error {
	if !t.DType().Valid() {
		return errorf(fn, "%s has the invalid dtype %v (a zero core.Type?)", what, t.DType())
	}
	if !t.IsArray() {
		return errorf(fn, "%s is the scalar type %v; transformations act on arrays", what, t)
	}
	if err := t.Validate(); err != nil {
		var te *core.TypeError
		if errors.As(err, &te) {
			return errorf(fn, "%s: %s", what, te.Reason)
		}
		return errorf(fn, "%s: %w", what, err)
	}
	return nil
}

// checkNumbers returns an error unless t is an array whose dtype kernels
// compute with: any valid dtype but the half-precision storage types,
// which transformations that compute would treat as what they are not.
func checkNumbers(fn, what string, t core.Type) error {
	if err := checkArray(fn, what, t); err != nil {
		return err
	}
	return checkNotHalf(fn, what, t.DType())
}

// checkNotHalf returns an error if d is a half-precision storage type.
func checkNotHalf(fn, what string, d dtypes.DType) error {
	if d.IsHalf() {
		return errorf(fn, "%s is of %v, a half-precision storage type: connect FromHalf or ToHalf and compute on %v", what, d, d.Arithmetic())
	}
	return nil
}

// checkDType returns an error unless d is a valid dtype.
func checkDType(fn, what string, d dtypes.DType) error {
	if !d.Valid() {
		return errorf(fn, "invalid %s dtype %v", what, d)
	}
	return nil
}

// checkComplex returns an error unless t is an array of a complex dtype.
func checkComplex(fn, what string, t core.Type) error {
	if err := checkArray(fn, what, t); err != nil {
		return err
	}
	if !t.DType().IsComplex() {
		return errorf(fn, "%s must be complex64 or complex128, not %v", what, t.DType())
	}
	return nil
}

// checkFloat returns an error unless t is an array of a float or complex
// dtype.
func checkFloat(fn, what string, t core.Type) error {
	if err := checkNumbers(fn, what, t); err != nil {
		return err
	}
	if t.DType().IsInteger() {
		return errorf(fn, "%s must be of a float or complex dtype, not %v", what, t.DType())
	}
	return nil
}

// newTransformation makes a transformation of the library; errors of core
// name the constructor.
func newTransformation(fn, name string, params []core.Parameter, code string,
	connectors []string, args map[string]any) (*core.Transformation, error) {
	trf, err := core.NewTransformation(params, code, core.TransformationOptions{
		Name: name, Connectors: connectors, RenderArgs: args})
	if err != nil {
		return nil, errorf(fn, "%w", err)
	}
	return trf, nil
}

// outIn returns the parameters (output, input) of an elementwise
// transformation.
func outIn(out, in core.Type) []core.Parameter {
	return []core.Parameter{
		core.Param("output", core.Out(out)),
		core.Param("input", core.In(in)),
	}
}

// checkNumber returns an error unless c is a Go integer, float or complex
// value.
func checkNumber(fn, what string, c any) error {
	if _, err := dtypes.Of(c); err != nil {
		return errorf(fn, "the %s %v (%T) is not a number", what, c, c)
	}
	return nil
}

// literal returns the C literal of the number c in dtype d, for an array
// of dtype arr, or an error naming fn and what c is where d cannot hold c.
func literal(fn, what string, arr, d dtypes.DType, c any) (string, error) {
	lit, err := d.Literal(c)
	if err != nil {
		return "", errorf(fn, "the %s %v does not fit %s array: %w", what, c, withArticle(arr), err)
	}
	return lit, nil
}

// isFinite reports whether the number c has no infinite or NaN part;
// integers always are.
func isFinite(c any) bool {
	finite := func(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }
	switch v := c.(type) {
	case float32:
		return finite(float64(v))
	case float64:
		return finite(v)
	case complex64:
		return finite(float64(real(v))) && finite(float64(imag(v)))
	case complex128:
		return finite(real(v)) && finite(imag(v))
	}
	return true
}

// constant returns the C literal of the constant c for an operation on
// values of dtype d, and the dtype of the literal: the real dtype of a
// complex d where c is real (so that the operation scales or shifts both
// parts by a real value, which is cheaper and exact), else d itself. A
// constant that d cannot hold is an error, and so is one that is not
// finite: it would make every output infinite or NaN (or, divided by,
// zero), as a constant too large for d, which is refused, would.
func constant(fn string, d dtypes.DType, c any) (string, dtypes.DType, error) {
	if err := checkNumber(fn, "constant", c); err != nil {
		return "", dtypes.Invalid, err
	}
	if !isFinite(c) {
		return "", dtypes.Invalid, errorf(fn, "the constant %v is not finite", c)
	}
	ld := d
	if _, err := d.Real().Literal(c); err == nil && d.IsComplex() {
		ld = d.Real()
	}
	lit, err := literal(fn, "constant", d, ld, c)
	if err != nil {
		return "", dtypes.Invalid, err
	}
	return lit, ld, nil
}

// idx returns the template text of the index variable of axis k of the
// connector, "{{ index .Idxs k }}".
func idx(k int) string { return fmt.Sprintf("{{ index .Idxs %d }}", k) }

// withArticle returns the dtype with its indefinite article: "an int32", "a float32".
func withArticle(d dtypes.DType) string {
	if strings.HasPrefix(d.String(), "int") {
		return "an " + d.String()
	}
	return "a " + d.String()
}

// commaJoin joins C expressions into an argument list.
func commaJoin(xs []string) string { return strings.Join(xs, ", ") }
