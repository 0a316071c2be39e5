package main

import (
	"fmt"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/functions"
)

// quadraticPhase returns a transformation of 2-D complex arrays of type t
// that multiplies each element by e^{iθ}, θ = coef·(u² + v²), where u and
// v are the element's coordinates along axes 1 and 0. The coordinates are
// positions (index − ⌊n/2⌋)·step, or, where momentum is set, the wave
// numbers of a spectrum in the FFT's order (numpy's fftfreq: an index
// below ⌈n/2⌉ is index·step, the others (index − n)·step). It is the phase
// of a step of the split-step method: the potential ½ω²r² over a time, or
// the kinetic energy ½k².
//
// Parameters: output (t), input (t).
func quadraticPhase(name string, t core.Type, coef float64, steps [2]float64, momentum bool) (*core.Transformation, error) {
	if t.Rank() != 2 || !t.DType().IsComplex() {
		return nil, fmt.Errorf("%s: the phase is for 2-D complex arrays, not %v", name, t)
	}
	rd := t.DType().Real()
	mul, err := functions.Mul(t.DType(), t.DType())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	polar, err := functions.PolarUnit(rd)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	coefLit, err := rd.Literal(coef)
	if err != nil {
		return nil, fmt.Errorf("%s: the coefficient: %w", name, err)
	}
	// coord is the C expression of the coordinate along an axis.
	coord := func(axis int) (string, error) {
		n := t.Shape()[axis]
		step, err := rd.Literal(steps[axis])
		if err != nil {
			return "", fmt.Errorf("%s: the step of axis %d: %w", name, axis, err)
		}
		i := fmt.Sprintf("(int){{ index .Idxs %d }}", axis)
		origin := fmt.Sprint(n / 2)
		if momentum {
			origin = fmt.Sprintf("(%s < %d ? 0 : %d)", i, (n+1)/2, n)
		}
		return fmt.Sprintf("(%s)(%s - %s) * %s", rd.CType(), i, origin, step), nil
	}
	u, err := coord(1)
	if err != nil {
		return nil, err
	}
	v, err := coord(0)
	if err != nil {
		return nil, err
	}
	code := fmt.Sprintf(`const %[1]s u = %[2]s;
const %[1]s v = %[3]s;
{{ .output.StoreSame }}({{ .mul }}({{ .input.LoadSame }}, {{ .polar_unit }}(%[4]s * (u * u + v * v))));`,
		rd.CType(), u, v, coefLit)
	trf, err := core.NewTransformation([]core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
	}, code, core.TransformationOptions{Name: name, RenderArgs: map[string]any{"mul": mul, "polar_unit": polar}})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return trf, nil
}
