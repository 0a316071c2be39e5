package computations_test

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
	"gonum.org/v1/gonum/mat"
)

// matmulErrorFactor scales the bound on the relative L2 error of a matrix
// product, c·√k·ε for an inner dimension k and the precision ε of the
// dtype of the arithmetic: sums of k products rounded at each step err by
// about √k·ε when the errors are random, and a complex product rounds
// twice per part.
const matmulErrorFactor = 4

// matmulTolerance returns the bound on the relative L2 error of products
// of dtype dt with inner dimension k.
func matmulTolerance(dt dtypes.DType, k int) float64 {
	eps := 0x1p-24
	if dt.IsDouble() {
		eps = 0x1p-53
	}
	return matmulErrorFactor * math.Sqrt(float64(max(k, 1))) * eps
}

// complexValues returns the elements of a Go slice of any numeric dtype as
// complex128.
func complexValues(x any) []complex128 {
	v := reflect.ValueOf(x)
	out := make([]complex128, v.Len())
	for i := range out {
		e := v.Index(i)
		switch {
		case e.CanComplex():
			out[i] = e.Complex()
		case e.CanFloat():
			out[i] = complex(e.Float(), 0)
		case e.CanInt():
			out[i] = complex(float64(e.Int()), 0)
		default:
			out[i] = complex(float64(e.Uint()), 0)
		}
	}
	return out
}

// matmulCase is a product to check: the operands' types and the options,
// and the factor of a scaling connected to matrix_b (0 for none). cpuKind,
// where set, runs the CPU's kernel (on any OpenCL device) and checks that
// its vectors run along that dimension ("n", "m" or "k"), and that it
// runs in slices of the inner dimension where cpuSlices are set.
type matmulCase struct {
	a, b    core.Type
	opts    computations.MatrixMulOptions
	bScale  float64
	cpuKind string
	// cpuSlices, where set, are the depth and rounds of the CPU's slices
	// of the inner dimension (computations.SetMatrixMulCPUSlices).
	cpuSlices [2]int
}

// matmulReference returns the product of the operands' values a and b (in
// row-major order) in float64 arithmetic, in the row-major order of the
// output: through gonum's mat.Dense.Mul where every value is real (the
// tensor cores' tests multiply matrices of 1536 × 512 × 2816), by rows
// otherwise.
func matmulReference(mm *computations.MatrixMul, tc matmulCase, a, b []complex128) []complex128 {
	batch, m, n, k := mm.Sizes()
	aBatched := tc.a.Rank() > 2 && len(a) == batch*m*k && batch > 1
	bBatched := tc.b.Rank() > 2 && len(b) == batch*n*k && batch > 1
	real := allReal(a) && allReal(b)
	out := make([]complex128, batch*m*n)
	for bi := range batch {
		aOff, bOff := 0, 0
		if aBatched {
			aOff = bi * m * k
		}
		if bBatched {
			bOff = bi * n * k
		}
		// The operands in the product's layout: m×k and k×n, row-major.
		am, bm := make([]complex128, m*k), make([]complex128, k*n)
		for r := range m {
			for kk := range k {
				ai := r*k + kk
				if tc.opts.TransposedA {
					ai = kk*m + r
				}
				am[r*k+kk] = a[aOff+ai]
			}
		}
		for kk := range k {
			for c := range n {
				bj := kk*n + c
				if tc.opts.TransposedB {
					bj = c*k + kk
				}
				bm[kk*n+c] = b[bOff+bj]
			}
		}
		o := out[bi*m*n : (bi+1)*m*n]
		if real && k > 0 {
			var p mat.Dense
			p.Mul(mat.NewDense(m, k, realParts(am)), mat.NewDense(k, n, realParts(bm)))
			for i := range o {
				o[i] = complex(p.RawMatrix().Data[i], 0)
			}
			continue
		}
		for r := range m {
			row := o[r*n : (r+1)*n]
			for kk := range k {
				av := am[r*k+kk]
				for c, bv := range bm[kk*n : (kk+1)*n] {
					row[c] += av * bv
				}
			}
		}
	}
	return out
}

// allReal reports whether every value of x is real.
func allReal(x []complex128) bool {
	for _, v := range x {
		if imag(v) != 0 {
			return false
		}
	}
	return true
}

// realParts returns the real parts of x.
func realParts(x []complex128) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = real(v)
	}
	return out
}

// relativeError returns ‖got − want‖ / ‖want‖ (‖got − want‖ where want is
// zero); NaNs in got make it NaN.
func relativeError(got, want []complex128) float64 {
	var diff, norm float64
	for i := range want {
		d := cmplx.Abs(got[i] - want[i])
		diff += d * d
		w := cmplx.Abs(want[i])
		norm += w * w
	}
	if norm == 0 {
		return math.Sqrt(diff)
	}
	return math.Sqrt(diff / norm)
}

// runMatmul multiplies fresh random operands of the case on the device,
// into an output poisoned with NaNs, and checks the result against the
// float64 reference. matrix_a is multiplied by inScale and the output by
// outScale where transformations connected to the parameters do so (scales
// of 1 connect nothing), matrix_b by the case's bScale. It returns the
// number of kernels the computation ran.
func runMatmul(t *testing.T, thr *cluda.Thread, tc matmulCase, inScale, outScale float64) int {
	t.Helper()
	comptest.Supported(t, thr, tc.a.DType())
	comptest.Supported(t, thr, tc.b.DType())
	mm, err := computations.NewMatrixMul(tc.a, tc.b, tc.opts)
	if err != nil {
		t.Fatal(err)
	}
	if tc.cpuKind != "" {
		computations.SetMatrixMulCPUPlan(mm)
		if tc.cpuSlices != [2]int{} {
			computations.SetMatrixMulCPUSlices(mm, tc.cpuSlices[0], tc.cpuSlices[1])
		}
		plan, err := mm.PlanOn(thr.Params())
		if err != nil {
			t.Fatal(err)
		}
		// cpu:BMxBN/kind, then /RxD in slices.
		fields := strings.Split(plan, "/")
		if !strings.HasPrefix(plan, "cpu:") || len(fields) < 2 || fields[1] != tc.cpuKind || (len(fields) == 3) != (tc.cpuSlices != [2]int{} && tc.cpuKind != "k") {
			t.Errorf("plan %s, want the CPU's along %s, in slices %v", plan, tc.cpuKind, tc.cpuSlices)
		}
	}
	outParam, _ := mm.Parameter("output")
	outType := outParam.Type()
	comptest.Supported(t, thr, outType.DType())
	aName, bName, outName := "matrix_a", "matrix_b", "output"
	if inScale != 1 || outScale != 1 {
		connectScalings(t, mm.Computation, "matrix_a", tc.a, inScale, "output", outType, outScale)
		aName, outName = "raw", "scaled"
	}
	bScale := 1.0
	if tc.bScale != 0 {
		bScale, bName = tc.bScale, "raw_b"
		if err := mm.Connect("matrix_b", comptest.Must(transformations.MulConst(tc.b, bScale)), "output", map[string]string{"input": bName}); err != nil {
			t.Fatal(err)
		}
	}
	c, err := mm.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	rng := rand.New(rand.NewPCG(uint64(tc.a.Size()), uint64(tc.b.Size())))
	xa := randomValues(rng, tc.a.DType(), tc.a.Size())
	xb := randomValues(rng, tc.b.DType(), tc.b.Size())
	args := map[string]*cluda.Array{
		aName:   uploadValues(t, thr, tc.a, xa),
		bName:   uploadValues(t, thr, tc.b, xb),
		outName: comptest.ArrayOfType(t, thr, outType),
	}
	var call []any
	for _, p := range c.Signature() {
		call = append(call, args[p.Name])
	}
	if err := c.Call(call...); err != nil {
		t.Fatal(err)
	}
	a := complexValues(xa)
	for i := range a {
		a[i] *= complex(inScale, 0)
	}
	b := complexValues(xb)
	for i := range b {
		b[i] *= complex(bScale, 0)
	}
	if p := tc.opts.Precision; p != computations.Float32Precision {
		// The tensor cores round the operands as they read them, after
		// the loads' transformations; a device without them computes in
		// float32.
		plan, err := mm.PlanOn(thr.Params())
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(plan, "/mma-"+p.String()) {
			roundValues(a, p)
			roundValues(b, p)
		}
	}
	want := matmulReference(mm, tc, a, b)
	for i := range want {
		want[i] *= complex(outScale, 0)
	}
	_, _, _, k := mm.Sizes()
	got := complexValues(readValues(t, args[outName]))
	if e, tol := relativeError(got, want), matmulTolerance(outType.DType(), k); !(e <= tol) {
		t.Errorf("relative error %.3g, want at most %.3g", e, tol)
	}
	return len(c.Kernels())
}
