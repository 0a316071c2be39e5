package computations

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// Predicate is a binary operation on values of one dtype, with its empty
// value (reikna's Predicate), for Reduce and Scan. The operation is a
// snippet of two parameters, the C expressions of the values it combines,
// that renders the body of a C function returning their combination:
//
//	return {{ .v1 }} + {{ .v2 }};
//
// It must be associative; Reduce also takes it to be commutative (it
// combines the elements in an order of its own), Scan does not. The empty
// value is the operation's identity: the result of reducing no elements
// and the first element of an exclusive scan. A predicate without one
// serves every reduction of at least one element and inclusive scans.
type Predicate struct {
	dtype     dtypes.DType
	operation *snippets.Snippet
	empty     any    // a Go value of dtype, nil for none
	literal   string // the C literal of empty
}

// NewPredicate returns the predicate of the operation on values of dtype
// dt, with the empty value empty (a Go number that dt holds exactly, or
// nil for none).
func NewPredicate(dt dtypes.DType, operation *snippets.Snippet, empty any) (*Predicate, error) {
	if !dt.Valid() {
		return nil, fmt.Errorf("computations: predicate of the invalid dtype %v", dt)
	}
	if dt.IsHalf() {
		return nil, fmt.Errorf("computations: predicate of %v, a half-precision storage type: reduce %v values (connect transformations.FromHalf)", dt, dt.Arithmetic())
	}
	if operation == nil {
		return nil, fmt.Errorf("computations: predicate of %v: nil operation", dt)
	}
	if n := len(operation.Params()); n != 2 {
		return nil, fmt.Errorf("computations: predicate of %v: the operation %q takes %d parameters, not the 2 values it combines", dt, operation.Name(), n)
	}
	p := &Predicate{dtype: dt, operation: operation, empty: empty}
	if empty != nil {
		lit, err := dt.Literal(empty)
		if err != nil {
			return nil, fmt.Errorf("computations: predicate of %v: empty value: %w", dt, err)
		}
		p.literal = lit
	}
	return p, nil
}

// DType returns the dtype of the values the predicate combines.
func (p *Predicate) DType() dtypes.DType { return p.dtype }

// Operation returns the snippet of the operation.
func (p *Predicate) Operation() *snippets.Snippet { return p.operation }

// Empty returns the empty value, and whether the predicate has one.
func (p *Predicate) Empty() (any, bool) { return p.empty, p.empty != nil }

// emptyLiteral returns the C literal of the empty value, or an error naming
// what needs it.
func (p *Predicate) emptyLiteral(what string) (string, error) {
	if p.empty == nil {
		return "", fmt.Errorf("%s needs the predicate's empty value, and the predicate has none", what)
	}
	return p.literal, nil
}

// The operations of the ready predicates; v1 and v2 are the values.
var (
	opSum      = snippets.MustSnippet("predicate_sum", []string{"v1", "v2"}, "return {{ .v1 }} + {{ .v2 }};", nil)
	opProduct  = snippets.MustSnippet("predicate_product", []string{"v1", "v2"}, "return {{ .v1 }} * {{ .v2 }};", nil)
	opMin      = snippets.MustSnippet("predicate_min", []string{"v1", "v2"}, "return min({{ .v1 }}, {{ .v2 }});", nil)
	opMax      = snippets.MustSnippet("predicate_max", []string{"v1", "v2"}, "return max({{ .v1 }}, {{ .v2 }});", nil)
	opMinFloat = snippets.MustSnippet("predicate_min", []string{"v1", "v2"}, "return fmin({{ .v1 }}, {{ .v2 }});", nil)
	opMaxFloat = snippets.MustSnippet("predicate_max", []string{"v1", "v2"}, "return fmax({{ .v1 }}, {{ .v2 }});", nil)
)

// PredicateSum returns the predicate of addition on dt, empty value 0.
func PredicateSum(dt dtypes.DType) (*Predicate, error) {
	return NewPredicate(dt, opSum, 0)
}

// PredicateProduct returns the predicate of multiplication on dt (complex
// multiplication for a complex dt), empty value 1.
func PredicateProduct(dt dtypes.DType) (*Predicate, error) {
	if dt.IsComplex() {
		op, err := snippets.NewSnippet("predicate_product", []string{"v1", "v2"},
			"return COMPLEX_CTR({{ .ctype }})({{ .v1 }}.x * {{ .v2 }}.x - {{ .v1 }}.y * {{ .v2 }}.y, {{ .v1 }}.x * {{ .v2 }}.y + {{ .v1 }}.y * {{ .v2 }}.x);",
			map[string]any{"ctype": dt.CType()})
		if err != nil {
			return nil, fmt.Errorf("computations: predicate product of %v: %w", dt, err)
		}
		return NewPredicate(dt, op, 1)
	}
	return NewPredicate(dt, opProduct, 1)
}

// PredicateMin returns the predicate of the minimum on a real dt: C's fmin
// for floats (a NaN loses to a number), min for integers. Its empty value is
// +∞ for floats and the largest value of an integer dtype.
func PredicateMin(dt dtypes.DType) (*Predicate, error) {
	return extremum(dt, "min", opMinFloat, opMin, math.Inf(1), true)
}

// PredicateMax returns the predicate of the maximum on a real dt: C's fmax
// for floats (a NaN loses to a number), max for integers. Its empty value is
// −∞ for floats and the smallest value of an integer dtype.
func PredicateMax(dt dtypes.DType) (*Predicate, error) {
	return extremum(dt, "max", opMaxFloat, opMax, math.Inf(-1), false)
}

// extremum returns the predicate of min or max on dt.
func extremum(dt dtypes.DType, name string, floatOp, intOp *snippets.Snippet, floatEmpty float64, largest bool) (*Predicate, error) {
	switch {
	case !dt.Valid():
		return nil, fmt.Errorf("computations: predicate %s of the invalid dtype %v", name, dt)
	case dt.IsComplex():
		return nil, fmt.Errorf("computations: predicate %s of %v: complex numbers have no order", name, dt)
	case dt.IsFloat():
		return NewPredicate(dt, floatOp, floatEmpty)
	}
	return NewPredicate(dt, intOp, integerBound(dt, largest))
}

// integerBound returns the largest (or the smallest) value of an integer
// dtype, as a Go integer that dt.Literal takes.
func integerBound(dt dtypes.DType, largest bool) any {
	bits := 8 * dt.Size()
	switch {
	case dt.IsUnsigned() && largest:
		return uint64(math.MaxUint64) >> (64 - bits)
	case dt.IsUnsigned():
		return uint64(0)
	case largest:
		return int64(math.MaxInt64) >> (64 - bits)
	}
	return int64(math.MinInt64) >> (64 - bits)
}
