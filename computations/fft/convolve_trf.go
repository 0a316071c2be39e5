package fft

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/transformations"
)

//go:embed templates/convolve_place.cl
var convolvePlaceCode string

//go:embed templates/convolve_multiply.cl
var convolveMultiplyCode string

// convolvePlaceAxis is one axis of the filter for templates/convolve_place.cl:
// convolved (with the numbers of its convolveAxis), served whole
// (Broadcast: the filter's length is 1 and the spectrum lacks the axis),
// or a batch axis of the spectrum. Filter is the axis in the filter,
// Spectrum in the spectrum.
type convolvePlaceAxis struct {
	Filter, Spectrum int
	Convolved        bool
	Broadcast        bool
	T, M, Shift      int
}

// placement returns the transformation that fills the input of the
// filter's FFT, of type st, from the filter, for the transforms of lines.
func (c *Convolve) placement(st core.Type, lines []convolveAxis) (*core.Transformation, error) {
	dt := c.signal.DType()
	real := dt.Real()
	scale := 1.0
	data := map[string]any{
		"CType": dt.CType(), "Zero": real.MustLiteral(0),
		"Conj": c.opts.Correlate, "Reverse": c.opts.Correlate && c.mode != ConvolveCircular,
		"CircularReverse": c.opts.Correlate && c.mode == ConvolveCircular,
	}
	var axes []convolvePlaceAxis
	spec := 0
	for i, n := range c.filter.Shape() {
		a := convolvePlaceAxis{Filter: i, Spectrum: spec}
		switch {
		case slices.Contains(c.axes, i):
			l := lines[i]
			a.Convolved, a.T, a.M, a.Shift = true, l.T, l.M, l.Shift
			scale /= float64(l.T)
			spec++
		case n == 1:
			a.Broadcast = true
		default:
			spec++
		}
		axes = append(axes, a)
	}
	data["Axes"] = axes
	data["Scale"] = real.MustLiteral(scale)
	trf, err := core.NewTransformation([]core.Parameter{
		core.Param("output", core.Out(st)),
		core.Param("filter", core.In(c.filter)),
	}, convolvePlaceCode, core.TransformationOptions{Name: "convolve_place", Connectors: []string{"output"},
		RenderArgs: map[string]any{"convolve": data}})
	if err != nil {
		return nil, fmt.Errorf("Convolve: %w", err)
	}
	return trf, nil
}

// multiply returns the transformation that feeds the inverse FFT, of type
// pt, with the product of the signal's spectrum and the filter's, of type
// st.
func (c *Convolve) multiply(pt, st core.Type) (*core.Transformation, error) {
	var idx []int
	fs := c.filter.Shape()
	for i, n := range fs {
		if slices.Contains(c.axes, i) || n != 1 {
			idx = append(idx, i)
		}
	}
	dt := c.signal.DType()
	trf, err := core.NewTransformation([]core.Parameter{
		core.Param("output", core.Out(pt)),
		core.Param("product", core.In(pt)),
		core.Param("spectrum", core.In(st)),
	}, convolveMultiplyCode, core.TransformationOptions{Name: "convolve_multiply", Connectors: []string{"output"},
		RenderArgs: map[string]any{"convolve": map[string]any{"CType": dt.CType(), "Idx": idx}}})
	if err != nil {
		return nil, fmt.Errorf("Convolve: %w", err)
	}
	return trf, nil
}

// convolvePad returns the transformation that pads the signal with zeros
// to the transforms' type pt as the forward FFT loads it.
func convolvePad(signal, pt core.Type) (*core.Transformation, error) {
	trf, err := transformations.Pad(signal, pt, nil)
	if err != nil {
		return nil, fmt.Errorf("Convolve: %w", err)
	}
	return trf, nil
}

// convolveCrop returns the transformation that keeps the first elements of
// the inverse FFT's output, of type pt, that the output of type out holds.
func convolveCrop(pt, out core.Type) (*core.Transformation, error) {
	trf, err := transformations.Crop(pt, out, nil)
	if err != nil {
		return nil, fmt.Errorf("Convolve: %w", err)
	}
	return trf, nil
}
