package functions

import (
	"embed"
	"fmt"
	"strings"
	"sync"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

//go:embed *.cl
var clFiles embed.FS

// tmpl holds one template per function, defined with {{ define "name" }};
// the module made of it is named after it.
var tmpl = templates.MustParseFS(clFiles, "*.cl")

// cache maps a cacheKey to the *snippets.Module made for it, so that the
// same arguments give the same module, which a render then emits once.
var cache sync.Map

type cacheKey struct {
	fn  string // the Go function that made the module
	dts string // its dtype arguments, one byte each, the output first
}

// cached returns the module cached for fn and dts, making it with build on
// the first call. Errors are not cached.
func cached(fn string, dts []dtypes.DType, build func() (*snippets.Module, error)) (*snippets.Module, error) {
	b := make([]byte, len(dts))
	for i, d := range dts {
		b[i] = byte(d)
	}
	key := cacheKey{fn, string(b)}
	if m, ok := cache.Load(key); ok {
		return m.(*snippets.Module), nil
	}
	m, err := build()
	if err != nil {
		return nil, err
	}
	// Another goroutine may have stored one in the meantime: return that
	// one, so that every caller sees the same object.
	actual, _ := cache.LoadOrStore(key, m)
	return actual.(*snippets.Module), nil
}

// module makes the module of the template name with the render arguments.
func module(name string, args map[string]any) (*snippets.Module, error) {
	t := tmpl.Lookup(name)
	if t == nil {
		return nil, fmt.Errorf("functions: no template %q", name)
	}
	m, err := snippets.ModuleFromTemplate(t, nil, args)
	if err != nil {
		return nil, fmt.Errorf("functions: %s: %w", name, err)
	}
	return m, nil
}

func must(m *snippets.Module, err error) *snippets.Module {
	if err != nil {
		panic(err)
	}
	return m
}

// errorf returns an error that names the Go function fn.
func errorf(fn, format string, args ...any) error {
	return fmt.Errorf("functions: "+fn+": "+format, args...)
}

// checkValid returns an error naming fn if a dtype is invalid.
func checkValid(fn string, dts ...dtypes.DType) error {
	for _, d := range dts {
		if !d.Valid() {
			return errorf(fn, "invalid dtype %v", d)
		}
	}
	return nil
}

// checkFloat returns an error naming fn unless d is float32 or float64.
func checkFloat(fn string, d dtypes.DType) error {
	if err := checkValid(fn, d); err != nil {
		return err
	}
	if !d.IsFloat() {
		return errorf(fn, "%v is not a real floating-point dtype (float32 or float64)", d)
	}
	return nil
}

// list formats dtypes as "float32, complex64".
func list(dts []dtypes.DType) string {
	s := make([]string, len(dts))
	for i, d := range dts {
		s[i] = d.String()
	}
	return strings.Join(s, ", ")
}

// convert returns the C expression expr, of the real dtype from, converted
// to the real dtype to. expr must be a name or a member access, which bind
// tighter than the cast.
func convert(expr string, from, to dtypes.DType) string {
	if from == to {
		return expr
	}
	return "(" + to.CType() + ")" + expr
}

// castExpr returns a C expression that converts the value of the variable
// name, of dtype from, to dtype to: real to real by a C conversion, real to
// complex with a zero imaginary part, complex to complex part by part
// (OpenCL C has no conversion between vector types). Complex to real is an
// error, so that no imaginary part is dropped silently.
func castExpr(fn, name string, from, to dtypes.DType) (string, error) {
	switch {
	case from == to:
		return name, nil
	case from.IsComplex() && !to.IsComplex():
		return "", errorf(fn, "cannot cast %v to %v", from, to)
	case !to.IsComplex():
		return convert(name, from, to), nil
	}
	r := to.Real()
	if !from.IsComplex() {
		return fmt.Sprintf("COMPLEX_CTR(%s)(%s, %s)", to.CType(), convert(name, from, r), r.MustLiteral(0)), nil
	}
	return fmt.Sprintf("COMPLEX_CTR(%s)(%s, %s)", to.CType(),
		convert(name+".x", from.Real(), r), convert(name+".y", from.Real(), r)), nil
}

// operand is a value that a generated function computes with: C
// expressions for it converted to the working precision of the operation.
// Templates use V for a real operand and X and Y for the parts of a complex
// one.
type operand struct {
	Complex bool
	V, X, Y string
}

// newOperand returns the variable name of dtype d as an operand of an
// operation done in the real dtype work.
func newOperand(name string, d, work dtypes.DType) operand {
	if d.IsComplex() {
		return operand{Complex: true, X: convert(name+".x", d.Real(), work), Y: convert(name+".y", d.Real(), work)}
	}
	return operand{V: convert(name, d, work)}
}

// workType returns the dtype in which an operation on values of dtypes a
// and b is done when its result is returned as out: complex if a or b is,
// with the precision of out if out is a float or complex type, and
// otherwise (an integer out, so a and b are real) the promoted type of a
// and b.
func workType(a, b, out dtypes.DType) dtypes.DType {
	if !out.IsFloat() && !out.IsComplex() {
		return dtypes.MustResultType(a, b)
	}
	if a.IsComplex() || b.IsComplex() {
		c, _ := out.Complex()
		return c
	}
	return out.Real()
}
