package transformations

import (
	"fmt"
	"strings"

	"github.com/reikna-go/reikna/core"
)

// window is the placement of a shorter array inside a longer one of the
// same rank: on each axis the shorter one starts at offsets[axis].
type window struct {
	short, long []int
	offsets     []int
}

// newWindow checks the shapes and offsets of Pad and Crop. shortName and
// longName name the two arrays in errors.
func newWindow(fn, shortName, longName string, short, long core.Type, offsets []int) (*window, error) {
	if err := checkArray(fn, shortName, short); err != nil {
		return nil, err
	}
	if err := checkArray(fn, longName, long); err != nil {
		return nil, err
	}
	if short.DType() != long.DType() {
		return nil, errorf(fn, "%s dtype %v differs from %s dtype %v", shortName, short.DType(), longName, long.DType())
	}
	w := &window{short: short.Shape(), long: long.Shape()}
	if len(w.short) != len(w.long) {
		return nil, errorf(fn, "%s shape %v and %s shape %v have different ranks", shortName, w.short, longName, w.long)
	}
	for i := range w.short {
		if w.short[i] > w.long[i] {
			return nil, errorf(fn, "%s shape %v is longer than %s shape %v on axis %d", shortName, w.short, longName, w.long, i)
		}
	}
	switch {
	case offsets == nil:
		w.offsets = make([]int, len(w.short))
	case len(offsets) != len(w.short):
		return nil, errorf(fn, "%d offsets %v for arrays of rank %d", len(offsets), offsets, len(w.short))
	default:
		w.offsets = append([]int(nil), offsets...)
	}
	for i, off := range w.offsets {
		if off < 0 || off+w.short[i] > w.long[i] {
			return nil, errorf(fn, "offset %d on axis %d does not fit: %s length %d at offset %d exceeds %s length %d",
				off, i, shortName, w.short[i], off, longName, w.long[i])
		}
	}
	return w, nil
}

// empty reports whether the shorter array has no elements.
func (w *window) empty() bool {
	for _, n := range w.short {
		if n == 0 {
			return true
		}
	}
	return false
}

// inside returns the C condition under which the current indices (those of
// the longer array) fall inside the shorter one, "" where they always do,
// and the indices of the shorter array there.
func (w *window) inside() (cond string, idxs []string) {
	var conds []string
	for i, off := range w.offsets {
		x := idx(i)
		if off > 0 {
			conds = append(conds, fmt.Sprintf("%s >= %d", x, off))
			idxs = append(idxs, fmt.Sprintf("%s - %d", x, off))
		} else {
			idxs = append(idxs, x)
		}
		if off+w.short[i] < w.long[i] {
			conds = append(conds, fmt.Sprintf("%s < %d", x, off+w.short[i]))
		}
	}
	return strings.Join(conds, " && "), idxs
}

// Pad returns an input transformation that zero-pads an array of type in to
// the longer type out: element i of output is input[i - offsets] where that
// lies inside input, and 0 elsewhere. Any axes may be padded; on the others
// the lengths are equal. offsets gives the position of input in output on
// each axis (nil: all 0, so that input is at the start; CenteredOffsets(in,
// out): centred). The dtypes must be equal.
//
// This is what an FFT of a signal shorter than the transform length needs.
//
// Parameters: output (out), input (in). Only output is a connector; input
// is loaded at the shifted indices.
func Pad(in, out core.Type, offsets []int) (*core.Transformation, error) {
	const fn = "Pad"
	w, err := newWindow(fn, "input", "output", in, out, offsets)
	if err != nil {
		return nil, err
	}
	zero := out.DType().MustLiteral(0)
	cond, idxs := w.inside()
	load := `{{ .input.LoadIdx }}(` + commaJoin(idxs) + `)`
	var code string
	switch {
	case w.empty():
		code = `{{ .output.StoreSame }}(` + zero + `);`
	case cond == "":
		code = `{{ .output.StoreSame }}({{ .input.LoadSame }});`
	default:
		code = `if (` + cond + `)
        {{ .output.StoreSame }}(` + load + `);
    else
        {{ .output.StoreSame }}(` + zero + `);`
	}
	return newTransformation(fn, "pad", outIn(out, in), code, []string{"output"}, nil)
}

// Crop returns an output transformation that keeps the part of an array of
// type in that falls inside the shorter type out, the inverse of Pad:
// output[j] = input[j + offsets] for every element j of output; the other
// elements of input are discarded. offsets gives the position of output in
// input on each axis (nil: all 0; CenteredOffsets(out, in): centred). The
// dtypes must be equal.
//
// Parameters: output (out), input (in). Only input is a connector; output
// is stored at the shifted indices, where they fall inside it.
func Crop(in, out core.Type, offsets []int) (*core.Transformation, error) {
	const fn = "Crop"
	w, err := newWindow(fn, "output", "input", out, in, offsets)
	if err != nil {
		return nil, err
	}
	cond, idxs := w.inside()
	store := `{{ .output.StoreIdx }}(` + commaJoin(append(idxs, `{{ .input.LoadSame }}`)) + `);`
	var code string
	switch {
	case w.empty():
		code = `// the output is empty`
	case cond == "":
		code = `{{ .output.StoreSame }}({{ .input.LoadSame }});`
	default:
		code = `if (` + cond + `)
        ` + store
	}
	return newTransformation(fn, "crop", outIn(out, in), code, []string{"input"}, nil)
}

// CenteredOffsets returns the offsets that centre the shorter of two arrays
// of the same rank in the longer one: |b - a| / 2 on each axis, rounded
// down, whichever of a and b is longer on it. Pad(in, out,
// CenteredOffsets(in, out)) pads in with as many zeros before it as after
// (one fewer where the difference is odd), and Crop(in, out,
// CenteredOffsets(in, out)) keeps the middle of in. It returns nil where
// the ranks differ (Pad and Crop then report the mismatch).
func CenteredOffsets(a, b core.Type) []int {
	as, bs := a.Shape(), b.Shape()
	if len(as) != len(bs) {
		return nil
	}
	out := make([]int, len(as))
	for i := range as {
		d := bs[i] - as[i]
		if d < 0 {
			d = -d
		}
		out[i] = d / 2
	}
	return out
}
