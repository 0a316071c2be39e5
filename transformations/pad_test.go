package transformations_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// window is a shorter shape placed in a longer one at offsets; nil offsets
// are zeros, and centred ones are computed by CenteredOffsets.
type window struct {
	short, long []int
	offsets     []int
	centred     bool
}

var windows = []window{
	{short: []int{10}, long: []int{16}, offsets: []int{3}},
	{short: []int{10}, long: []int{16}},
	{short: []int{10}, long: []int{17}, centred: true},
	{short: []int{10}, long: []int{10}},
	{short: []int{5, 7}, long: []int{8, 7}, offsets: []int{2, 0}},
	{short: []int{5, 7}, long: []int{8, 12}, offsets: []int{1, 4}},
	{short: []int{5, 7}, long: []int{6, 12}, centred: true},
	{short: []int{3, 4, 5}, long: []int{5, 6, 9}, offsets: []int{1, 2, 3}},
	{short: []int{3, 4, 5}, long: []int{3, 6, 9}},
	{short: []int{3, 4, 5}, long: []int{4, 6, 10}, centred: true},
	{short: []int{3, 4, 5}, long: []int{3, 4, 8}, offsets: []int{0, 0, 3}},
}

// unravel returns the indices of flat index i in shape.
func unravel(i int, shape []int) []int {
	idx := make([]int, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		idx[k] = i % shape[k]
		i /= shape[k]
	}
	return idx
}

// flatIndex is the inverse of unravel.
func flatIndex(idx, shape []int) int {
	f := 0
	for k, x := range idx {
		f = f*shape[k] + x
	}
	return f
}

// place returns the flat index in the short array of the element at flat
// index i of the long one, or -1 where it lies outside.
func (w window) place(i int, offsets []int) int {
	idx := unravel(i, w.long)
	for k := range idx {
		idx[k] -= offsets[k]
		if idx[k] < 0 || idx[k] >= w.short[k] {
			return -1
		}
	}
	return flatIndex(idx, w.short)
}

func (w window) String() string {
	off := fmt.Sprint(w.offsets)
	if w.centred {
		off = "centred"
	}
	return fmt.Sprintf("%v_in_%v_at_%s", w.short, w.long, off)
}

func TestPadCrop(t *testing.T) {
	for i, d := range []dtypes.DType{dtypes.Int32, dtypes.Float32, dtypes.Complex128} {
		for j, w := range windows {
			t.Run(fmt.Sprintf("%v_%v", d, w), func(t *testing.T) {
				thr := thread(t, d)
				short, long := core.ArrayOf(d, w.short...), core.ArrayOf(d, w.long...)
				offsets := w.offsets
				if w.centred {
					offsets = transformations.CenteredOffsets(short, long)
					if want := transformations.CenteredOffsets(long, short); !slices.Equal(offsets, want) {
						t.Fatalf("CenteredOffsets is not symmetric: %v and %v", offsets, want)
					}
				}
				check := offsets
				if check == nil {
					check = make([]int, len(w.short))
				}
				rng := rand.New(rand.NewPCG(uint64(i), uint64(j)))

				// Pad: the short array inside zeros.
				src := random(rng, d, short.Size())
				want := make(vec, long.Size())
				for k := range want {
					if f := w.place(k, check); f >= 0 {
						want[k] = src[f]
					}
				}
				pad := must(t)(transformations.Pad(short, long, offsets))
				got := runTransformation(t, thr, pad, "output", map[string]vec{"input": src}, nil)
				compare(t, "pad", d, got["output"], want, ulpExact, w.long...)

				// Crop: the part of a long array that the short one covers.
				big := random(rng, d, long.Size())
				want = make(vec, short.Size())
				for k := range big {
					if f := w.place(k, check); f >= 0 {
						want[f] = big[k]
					}
				}
				crop := must(t)(transformations.Crop(long, short, offsets))
				got = runTransformation(t, thr, crop, "input", map[string]vec{"input": big}, nil)
				compare(t, "crop", d, got["output"], want, ulpExact, w.short...)
			})
		}
	}
}

// Crop undoes Pad, with the transformations connected to a computation.
func TestPadCropRoundTrip(t *testing.T) {
	thr := thread(t)
	short, long := core.ArrayOf(dtypes.Complex64, 6, 7), core.ArrayOf(dtypes.Complex64, 8, 16)
	offsets := transformations.CenteredOffsets(short, long)
	comp := copyComputation(t, long)
	if err := comp.Connect("input", must(t)(transformations.Pad(short, long, offsets)), "output",
		map[string]string{"input": "short_in"}); err != nil {
		t.Fatal(err)
	}
	if err := comp.Connect("output", must(t)(transformations.Crop(long, short, offsets)), "input",
		map[string]string{"output": "short_out"}); err != nil {
		t.Fatal(err)
	}
	if got := comp.Signature().Names(); !slices.Equal(got, []string{"short_out", "short_in"}) {
		t.Fatalf("signature %v", got)
	}
	c := compileOne(t, comp)
	in := random(rand.New(rand.NewPCG(7, 7)), dtypes.Complex64, short.Size())
	got := call(t, thr, c, map[string]vec{"short_in": in}, nil)
	compare(t, "crop(pad(x))", dtypes.Complex64, got["short_out"], in, ulpExact, 6, 7)
}
