package computations_test

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// dhtErrorFactor scales the bound on the relative L2 error of a DHT:
// c·ε·Σ √n over the transformed axes, n the length of each axis of the
// input. Each axis is a product by a matrix of values rounded to ε, whose
// sums of n terms err by about √n·ε. The error is taken relative to the
// root of the sum of the squares of each output's terms (the scale of
// the output where the terms' signs are random, as the inputs' are),
// not to the output itself, which terms that happen to cancel make small
// (a forward DHT of order 57 from six points to one mode came out at
// 5.2e-15 of its result, 2.4 times the bound).
const dhtErrorFactor = 8

// dhtTolerance returns the bound on the relative L2 error of a DHT of
// dtype dt whose axes have inputs of the given lengths (dhtErrorFactor).
func dhtTolerance(dt dtypes.DType, lengths []int) float64 {
	eps := 0x1p-24
	if dt.IsDouble() {
		eps = 0x1p-53
	}
	sum := 0.0
	for _, n := range lengths {
		sum += math.Sqrt(float64(n))
	}
	return dhtErrorFactor * eps * sum
}

// harmonicsReference returns φ₀(x) … φ_{modes−1}(x) by the recurrence of
// Harmonic, renormalised by a power of two at every step so that nothing
// underflows: in O(modes) steps, independently of Harmonic's scaling.
func harmonicsReference(x float64, modes int) []float64 {
	out := make([]float64, modes)
	y := -x * x / 2
	e := math.Floor(y / math.Ln2)
	// φₘ(x) = cur·2^exp.
	prev, cur, exp := 0.0, math.Pow(math.Pi, -0.25)*math.Exp(y-e*math.Ln2), int(e)
	for m := range out {
		if m > 0 {
			n := float64(m)
			prev, cur = cur, math.Sqrt(2/n)*x*cur-math.Sqrt((n-1)/n)*prev
		}
		out[m] = math.Ldexp(cur, exp)
		if _, k := math.Frexp(math.Max(math.Abs(cur), math.Abs(prev))); k != 0 {
			prev, cur, exp = math.Ldexp(prev, -k), math.Ldexp(cur, -k), exp+k
		}
	}
	return out
}

// dhtReferenceMatrix returns the matrix of the transform along an axis of
// the given modes, (outputs, inputs) in row-major order, built from
// Hermite functions in float64.
func dhtReferenceMatrix(modes, order, add int, inverse bool) (m []float64, nOut, nIn int) {
	x := comptest.Must(computations.DHTSpatialGrid(modes, order, add))
	w := comptest.Must(computations.DHTSpatialWeights(modes, order, add))
	points := len(x)
	m = make([]float64, points*modes)
	for i := range points {
		phi := harmonicsReference(x[i], modes)
		for k := range modes {
			if inverse {
				m[i*modes+k] = phi[k]
			} else {
				m[k*points+i] = w[i] * phi[k]
			}
		}
	}
	if inverse {
		return m, points, modes
	}
	return m, modes, points
}

// applyAlong returns the product of the matrix (nOut × nIn) with the
// array x of the given shape along axis, and its shape.
func applyAlong(x []complex128, shape []int, axis int, m []float64, nOut, nIn int) ([]complex128, []int) {
	pre, post := shapeSize(shape[:axis]), shapeSize(shape[axis+1:])
	out := make([]complex128, pre*nOut*post)
	for p := range pre {
		for o := range nOut {
			for q := range post {
				var sum complex128
				for i := range nIn {
					sum += complex(m[o*nIn+i], 0) * x[(p*nIn+i)*post+q]
				}
				out[(p*nOut+o)*post+q] = sum
			}
		}
	}
	outShape := append([]int(nil), shape...)
	outShape[axis] = nOut
	return out, outShape
}

// dhtCase is a DHT to check.
type dhtCase struct {
	modes core.Type
	opts  computations.DHTOptions
}

// runDHT transforms fresh random data on the device, into an output
// poisoned with NaNs, and checks it against the float64 reference; inScale
// and outScale are the factors of scalings connected to the input and the
// output (1 for none).
func runDHT(t *testing.T, thr *cluda.Thread, tc dhtCase, inScale, outScale float64) {
	t.Helper()
	comptest.Supported(t, thr, tc.modes.DType())
	d, err := computations.NewDHT(tc.modes, tc.opts)
	if err != nil {
		t.Fatal(err)
	}
	inName, outName := "coords", "modes"
	if tc.opts.Inverse {
		inName, outName = outName, inName
	}
	inParam, _ := d.Parameter(inName)
	outParam, _ := d.Parameter(outName)
	inType, outType := inParam.Type(), outParam.Type()
	if inScale != 1 || outScale != 1 {
		connectScalings(t, d.Computation, inName, inType, inScale, outName, outType, outScale)
		inName, outName = "raw", "scaled"
	}
	c, err := d.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	rng := rand.New(rand.NewPCG(uint64(inType.Size()), 7))
	x := randomValues(rng, inType.DType(), inType.Size())
	args := map[string]*cluda.Array{inName: uploadValues(t, thr, inType, x), outName: comptest.ArrayOfType(t, thr, outType)}
	var call []any
	for _, p := range c.Signature() {
		call = append(call, args[p.Name])
	}
	if err := c.Call(call...); err != nil {
		t.Fatal(err)
	}
	want, shape := complexValues(x), inType.Shape()
	// scale holds, per output, the sum of the squares of its terms.
	scale, scaleShape := make([]complex128, len(want)), shape
	for i := range want {
		want[i] *= complex(inScale, 0)
		a := cmplx.Abs(want[i])
		scale[i] = complex(a*a, 0)
	}
	order := max(tc.opts.Order, 1)
	var lengths []int
	for _, a := range d.Axes() {
		add := 0
		if tc.opts.AddPoints != nil {
			add = tc.opts.AddPoints[a]
		}
		m, nOut, nIn := dhtReferenceMatrix(tc.modes.Shape()[a], order, add, tc.opts.Inverse)
		want, shape = applyAlong(want, shape, a, m, nOut, nIn)
		for i := range m {
			m[i] *= m[i]
		}
		scale, scaleShape = applyAlong(scale, scaleShape, a, m, nOut, nIn)
		lengths = append(lengths, nIn)
	}
	for i := range want {
		want[i] *= complex(outScale, 0)
		scale[i] = complex(math.Abs(outScale)*math.Sqrt(real(scale[i])), 0)
	}
	got := complexValues(readValues(t, args[outName]))
	if e, tol := l2Distance(got, want)/l2Norm(scale), dhtTolerance(outType.DType(), lengths); !(e <= tol) {
		t.Errorf("relative error %.3g (of the terms' scale), want at most %.3g", e, tol)
	}
}

func TestDHT(t *testing.T) {
	thr := cludatest.Thread(t)
	c64 := func(shape ...int) core.Type { return core.ArrayOf(dtypes.Complex64, shape...) }
	for _, tc := range []struct {
		name string
		both bool // both directions, or only one
		dhtCase
	}{
		{"1-D", true, dhtCase{modes: c64(16)}},
		{"1-D order 2", false, dhtCase{modes: c64(10), opts: computations.DHTOptions{Order: 2, AddPoints: []int{3}}}},
		{"one mode", false, dhtCase{modes: c64(1)}},
		{"2-D", true, dhtCase{modes: c64(8, 12)}},
		{"2-D first axis", false, dhtCase{modes: c64(8, 12), opts: computations.DHTOptions{Axes: []int{0}}}},
		{"2-D last axis", false, dhtCase{modes: c64(8, 12), opts: computations.DHTOptions{Axes: []int{-1}, Order: 3}}},
		{"3-D", true, dhtCase{modes: c64(5, 6, 7), opts: computations.DHTOptions{AddPoints: []int{1, 0, 2}}}},
		{"3-D first axis", false, dhtCase{modes: c64(5, 6, 7), opts: computations.DHTOptions{Axes: []int{0}}}},
		{"3-D axes out of order", false, dhtCase{modes: c64(5, 6, 7), opts: computations.DHTOptions{Axes: []int{2, 0}, Order: 2}}},
		{"4-D second axis", false, dhtCase{modes: c64(2, 9, 3, 4), opts: computations.DHTOptions{Axes: []int{1}}}},
	} {
		for _, inverse := range []bool{false, true} {
			if !tc.both && inverse != (len(tc.name)%2 == 1) {
				continue // one direction suffices for the cases beside the main ones
			}
			t.Run(fmt.Sprintf("%s/inverse=%v", tc.name, inverse), func(t *testing.T) {
				c := tc.dhtCase
				c.opts.Inverse = inverse
				runDHT(t, thr, c, 1, 1)
			})
		}
	}
}

// TestDHTDTypes transforms arrays of the dtypes the DHT takes beside
// complex64, which TestDHT covers.
func TestDHTDTypes(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Complex128} {
		for _, inverse := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/inverse=%v", dt, inverse), func(t *testing.T) {
				runDHT(t, thr, dhtCase{modes: core.ArrayOf(dt, 6, 9), opts: computations.DHTOptions{Inverse: inverse, Order: 2}}, 1, 1)
			})
		}
	}
}

// TestDHTFused connects scalings to the input and the output.
func TestDHTFused(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range []dhtCase{
		{modes: core.ArrayOf(dtypes.Complex64, 12)},
		{modes: core.ArrayOf(dtypes.Float32, 4, 5, 6), opts: computations.DHTOptions{Inverse: true}},
	} {
		t.Run(fmt.Sprintf("%v/inverse=%v", tc.modes, tc.opts.Inverse), func(t *testing.T) { runDHT(t, thr, tc, 0.5, 4) })
	}
}

// TestDHTLayouts transforms strided modes, in and out.
func TestDHTLayouts(t *testing.T) {
	thr := cludatest.Thread(t)
	// Every other row of a 14×9 array, from the second element on.
	modes, err := core.NewArrayType(dtypes.Complex64, []int{7, 9}, []int{2 * 9 * 8, 8}, 8)
	if err != nil {
		t.Fatal(err)
	}
	for _, inverse := range []bool{false, true} {
		t.Run(fmt.Sprintf("inverse=%v", inverse), func(t *testing.T) {
			runDHT(t, thr, dhtCase{modes: modes, opts: computations.DHTOptions{Inverse: inverse}}, 1, 1)
		})
	}
}

// TestDHTRoundTrip checks that the forward transform of order 1 undoes the
// inverse one: the quadrature is exact for products of two modes.
func TestDHTRoundTrip(t *testing.T) {
	thr := cludatest.Thread(t)
	modes := core.ArrayOf(dtypes.Complex128, 3, 20)
	comptest.Supported(t, thr, modes.DType())
	inv := comptest.Must(computations.NewDHT(modes, computations.DHTOptions{Inverse: true, Axes: []int{1}}))
	fwd := comptest.Must(computations.NewDHT(modes, computations.DHTOptions{Axes: []int{1}}))
	ci, cf := comptest.Must(inv.Compile(thr)), comptest.Must(fwd.Compile(thr))
	defer ci.Release()
	defer cf.Release()
	coordsParam, _ := inv.Parameter("coords")
	rng := rand.New(rand.NewPCG(3, 20))
	x := randomValues(rng, modes.DType(), modes.Size())
	in := uploadValues(t, thr, modes, x)
	coords := comptest.ArrayOfType(t, thr, coordsParam.Type())
	back := comptest.ArrayOfType(t, thr, modes)
	if err := ci.Call(coords, in); err != nil {
		t.Fatal(err)
	}
	if err := cf.Call(back, coords); err != nil {
		t.Fatal(err)
	}
	if e := relativeError(complexValues(readValues(t, back)), complexValues(x)); !(e <= dhtTolerance(modes.DType(), []int{20, 20})) {
		t.Errorf("the round trip errs by %.3g", e)
	}
}

// TestDHTLargeModes transforms a 1-D array of coordinates on a grid whose
// outer nodes lie where e^(−x²/2) underflows: the outer weights and mode
// functions must come out finite and right. (The inverse transform's
// matrix holds the same mode functions, which TestHarmonicFar checks.)
func TestDHTLargeModes(t *testing.T) {
	thr := cludatest.Thread(t)
	runDHT(t, thr, dhtCase{modes: core.ArrayOf(dtypes.Float64, 768)}, 1, 1)
}

// TestDHTDeviceAllocation renders DHTs for a device whose largest
// allocation is smaller than the transform's matrix: the plan refuses
// before building the matrix.
func TestDHTDeviceAllocation(t *testing.T) {
	p := cluda.ModelCPU()
	p.MaxMemAllocSize = 1 << 20
	for _, tc := range []struct {
		name  string
		modes core.Type
		want  string
	}{
		{"float64", core.ArrayOf(dtypes.Complex128, 4, 400), "axis 1: the transform's matrix of 400×400 float64 values (1280000 bytes) is larger than the device's largest allocation (1048576 bytes)"},
		{"float32 inverse", core.ArrayOf(dtypes.Float32, 600), "axis 0: the transform's matrix of 600×600 float32 values (1440000 bytes)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := computations.NewDHT(tc.modes, computations.DHTOptions{Inverse: strings.Contains(tc.name, "inverse")})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := d.Render(p); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestDHTErrors(t *testing.T) {
	c64 := core.ArrayOf(dtypes.Complex64, 4, 5)
	for _, tc := range []struct {
		name  string
		modes core.Type
		opts  computations.DHTOptions
		want  string
	}{
		{"integers", core.ArrayOf(dtypes.Int32, 4), computations.DHTOptions{}, "float or complex"},
		{"scalar", core.ScalarOf(dtypes.Float32), computations.DHTOptions{}, "scalar"},
		{"order", c64, computations.DHTOptions{Order: -1}, "order -1"},
		{"axis out of range", c64, computations.DHTOptions{Axes: []int{2}}, "out of range"},
		{"axis repeated", c64, computations.DHTOptions{Axes: []int{1, -1}}, "repeated"},
		{"add points count", c64, computations.DHTOptions{AddPoints: []int{1}}, "one for each axis"},
		{"add points negative", c64, computations.DHTOptions{AddPoints: []int{0, -2}}, "cannot be negative"},
		{"no modes", core.ArrayOf(dtypes.Float32, 4, 0), computations.DHTOptions{}, "at least one"},
		{"no axes", c64, computations.DHTOptions{Axes: []int{}}, "no axis to transform"},
		{"zero-dimensional", core.ArrayOf(dtypes.Complex64), computations.DHTOptions{}, "no axis to transform"},
		{"order overflows", c64, computations.DHTOptions{Order: math.MaxInt}, "4 modes of order 9223372036854775807 with 0 additional points: the number of points of the grid overflows an int (axis 0)"},
		{"add points overflow", c64, computations.DHTOptions{AddPoints: []int{0, math.MaxInt}}, "9223372036854775807 additional points: the number of points of the grid overflows an int (axis 1)"},
		{"grid too large", c64, computations.DHTOptions{Order: 1e9}, "4 modes of order 1000000000 with 0 additional points need a grid of 1500000002 points; at most 16384 are allowed (axis 0)"},
		{"modes too many", core.ArrayOf(dtypes.Float32, 100000), computations.DHTOptions{}, "100000 modes of order 1 with 0 additional points need a grid of 100000 points"},
		{"matrices too large", core.ArrayOf(dtypes.Float32, 8192, 8192), computations.DHTOptions{}, "the transform's matrices of [8192 8192] modes on grids of [8192 8192] points hold more than 67108864 values"},
		{"coordinates overflow", core.ArrayOf(dtypes.Complex64, 2, 1<<57), computations.DHTOptions{Axes: []int{0}, AddPoints: []int{16000, 0}},
			"shape [16002 144115188075855872] is too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := computations.NewDHT(tc.modes, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// l2Norm returns the L2 norm of x.
func l2Norm(x []complex128) float64 { return l2Distance(x, make([]complex128, len(x))) }

// l2Distance returns the L2 norm of x − y.
func l2Distance(x, y []complex128) float64 {
	sum := 0.0
	for i := range x {
		a := cmplx.Abs(x[i] - y[i])
		sum += a * a
	}
	return math.Sqrt(sum)
}
