package lab

import (
	"fmt"
	"math/bits"

	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// dctFFTTarget is the most time a DCT or DST case may take, in multiples
// of the complex FFT of the same shape (complex64, as many elements, over
// the same axes), timed in the same run.
const dctFFTTarget = 1.1

// dctCase is one workload of the real-to-real transform benchmark, named
// and sized as PyTorch's counterpart in scripts/torch_dct_bench.py: the
// DCT or DST of float32 data over the trailing axes, the leading axis the
// batch that fills algoFullMiB of input.
type dctCase struct {
	name    string
	sine    bool // a DST
	typ     int  // 1 to 4
	inverse bool // scipy's idct or idst of typ
	shape   []int
	axes    []int // never the leading axis, the batch
}

// dctRows returns the rows of length n that fill algoFullMiB of float32
// input at most: a power of two, so that smaller sizes halve them.
func dctRows(n int) int {
	return 1 << (bits.Len(uint((algoFullMiB<<20)/(4*n))) - 1)
}

// dctRowCase returns the case of float32 rows of length n.
func dctRowCase(name string, sine bool, typ int, inverse bool, n int) dctCase {
	return dctCase{name: name, sine: sine, typ: typ, inverse: inverse, shape: []int{dctRows(n), n}, axes: []int{1}}
}

// dctCases are the cases in the order they run: the DCT-II (scipy.fft.dct's
// default) of rows of several lengths and of a batch of 1024×1024 arrays
// over both axes, then at one length its inverse (a DCT-III), the DST-II
// and the DCT-IV.
var dctCases = []dctCase{
	dctRowCase("dct2_f32_256", false, 2, false, 256),
	dctRowCase("dct2_f32_1000", false, 2, false, 1000),
	dctRowCase("dct2_f32_1024", false, 2, false, 1024),
	dctRowCase("dct2_f32_4096", false, 2, false, 4096),
	dctRowCase("dct2_f32_65536", false, 2, false, 1<<16),
	{name: "dct2_f32_1024x1024", typ: 2, shape: []int{(algoFullMiB << 20) / (4 << 20), 1024, 1024}, axes: []int{1, 2}},
	dctRowCase("idct2_f32_4096", false, 2, true, 4096),
	dctRowCase("dst2_f32_4096", true, 2, false, 4096),
	dctRowCase("dct4_f32_4096", false, 4, false, 4096),
}

// selectDCTCases returns the cases named in list (comma-separated, "" for
// all), in the order given.
func selectDCTCases(list string) ([]dctCase, error) {
	return selectCases(list, dctCases, func(c dctCase) string { return c.name }, "DCT and DST")
}

// caseName returns the case's name.
func (c dctCase) caseName() string { return c.name }

// sizedShape returns the case's shape at mib MiB of input, shrunk as the
// algorithm cases shrink: the batch first, then the transformed axes.
func (c dctCase) sizedShape(mib float64) []int {
	return algoCase{shape: c.shape}.sizedShape(mib)
}

// transform names what the case computes, as scipy.fft does.
func (c dctCase) transform() string {
	kind := "DCT"
	if c.sine {
		kind = "DST"
	}
	roman := [...]string{1: "I", 2: "II", 3: "III", 4: "IV"}
	if !c.inverse {
		return fmt.Sprintf("%s-%s", kind, roman[c.typ])
	}
	return fmt.Sprintf("inverse %s-%s (%s-%s)", kind, roman[c.typ], kind, roman[map[int]int{1: 1, 2: 3, 3: 2, 4: 4}[c.typ]])
}

// computation returns the case's transform of a float32 input of shape,
// normalized as scipy's default (norm "backward").
func (c dctCase) computation(shape []int) (*fft.R2R, error) {
	t := core.ArrayOf(dtypes.Float32, shape...)
	opts := fft.DCTOptions{Type: c.typ, Inverse: c.inverse}
	if c.sine {
		return fft.NewDST(t, c.axes, opts)
	}
	return fft.NewDCT(t, c.axes, opts)
}

// fft returns the complex FFT of a complex64 array of shape over the
// case's axes, which the transform is measured against.
func (c dctCase) fft(shape []int) (*fft.FFT, error) {
	return fft.NewFFT(core.ArrayOf(dtypes.Complex64, shape...), c.axes, fft.FFTOptions{})
}
