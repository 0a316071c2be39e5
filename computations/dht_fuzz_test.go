package computations_test

import (
	"math"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

const (
	// dhtFuzzGridPoints is the most points of a grid the fuzz target
	// computes: larger grids, up to the limit, cost too long for each of
	// many executions.
	dhtFuzzGridPoints = 64
	// dhtFuzzRenderValues and dhtFuzzRenderPoints are the most values of
	// a DHT's matrices and points of its grids the fuzz target renders a
	// plan for, building them on the host: a grid costs O(points²).
	dhtFuzzRenderValues = 1 << 14
	dhtFuzzRenderPoints = 256
	// dhtFuzzRunElements is the most elements of the modes and of the
	// coordinates of a DHT the fuzz target runs on the device.
	dhtFuzzRunElements = 64
	// dhtFuzzAllocSlack bounds what rendering a plan allocates beside its
	// matrices: the grids, the plan and its kernels' sources.
	dhtFuzzAllocSlack = 16 << 20
	// dhtFuzzBytesPerValue bounds the host bytes rendering spends on each
	// value of the matrices: the float64 matrix, its float32 copy and the
	// grid it comes from.
	dhtFuzzBytesPerValue = 32
)

// FuzzDHTOptions feeds the DHT's constructor, DHTSpatialPoints and
// DHTSpatialGrid dtypes, shapes, orders, axes and additional points. The
// count of points agrees with exact arithmetic; every refusal is an error
// that names the DHT; a grid is refused beyond its limit and, when
// computed, is sorted, symmetric and integrates ∫ φ₀^(order+1) exactly;
// an accepted DHT obeys the limits on its grids and matrices, renders a
// plan within them, and on small sizes transforms random data as the
// float64 reference does.
func FuzzDHTOptions(f *testing.F) {
	thr := cludatest.Thread(f)
	seeds := []struct {
		dtype      uint8
		rank       uint8
		d0, d1, d2 int64
		order      int64
		inverse    bool
		nAxes      uint8
		a0, a1, a2 int8
		nAdd       uint8
		p0, p1, p2 int64
		gridAdd    int64
	}{
		{uint8(dtypes.Complex64), 1, 16, 0, 0, 1, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Float32), 2, 4, 5, 0, 2, true, 1, -1, 0, 0, 2, 0, 3, 0, 1},
		{uint8(dtypes.Complex128), 3, 2, 3, 4, 3, false, 2, 2, 0, 0, 3, 1, 0, 2, 0},
		{uint8(dtypes.Float64), 1, 8, 0, 0, 1e9, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Complex64), 1, 3, 0, 0, math.MaxInt64, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Complex64), 1, 1 << 62, 0, 0, 4, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Complex64), 1, 2, 0, 0, 1, false, 0, 0, 0, 0, 1, math.MaxInt64, 0, 0, math.MaxInt64},
		{uint8(dtypes.Float32), 1, 100000, 0, 0, 1, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Float32), 2, 8192, 8192, 0, 1, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Int32), 1, 4, 0, 0, 1, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Complex64), 2, 4, 5, 0, 0, false, 1, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Complex64), 2, 4, 5, 0, 1, false, 2, 1, -1, 0, 4, 0, 0, 0, -1},
		{uint8(dtypes.Complex64), 0, 0, 0, 0, 1, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
		{uint8(dtypes.Float32), 2, 4, 0, 0, -1, false, 0, 0, 0, 0, 4, 0, 0, 0, 0},
	}
	for _, s := range seeds {
		f.Add(s.dtype, s.rank, s.d0, s.d1, s.d2, s.order, s.inverse, s.nAxes, s.a0, s.a1, s.a2, s.nAdd, s.p0, s.p1, s.p2, s.gridAdd)
	}
	f.Fuzz(func(t *testing.T, dtypeCode, rank uint8, d0, d1, d2, order64 int64, inverse bool,
		nAxes uint8, a0, a1, a2 int8, nAdd uint8, p0, p1, p2, gridAdd int64) {
		order := int(order64)
		checkDHTGrid(t, int(d0), order, int(gridAdd))

		dt := dtypes.DType(dtypeCode % uint8(len(dtypes.All)+1))
		shape := []int{int(d0), int(d1), int(d2)}[:rank%4]
		opts := computations.DHTOptions{Inverse: inverse, Order: order}
		if n := nAxes % 5; n < 4 {
			opts.Axes = []int{int(a0), int(a1), int(a2)}[:min(n, 3)]
			if n == 0 {
				opts.Axes = []int{}
			}
		}
		if n := nAdd % 5; n < 4 {
			opts.AddPoints = []int{int(p0), int(p1), int(p2)}[:n]
		}
		modes := core.ArrayOf(dt, shape...)
		d, err := computations.NewDHT(modes, opts)
		if err != nil {
			if !strings.Contains(err.Error(), "DHT") {
				t.Fatalf("NewDHT(%v, %+v): the error %q does not name the DHT", modes, opts, err)
			}
			return
		}
		coordsParam, _ := d.Parameter("coords")
		coords := coordsParam.Type()
		values, points := 0, 0
		for _, a := range d.Axes() {
			add := 0
			if opts.AddPoints != nil {
				add = opts.AddPoints[a]
			}
			want, err := computations.DHTSpatialPoints(shape[a], d.Order(), add)
			if err != nil || coords.Shape()[a] != want {
				t.Fatalf("NewDHT(%v, %+v): %d points along axis %d; DHTSpatialPoints says %d, %v", modes, opts, coords.Shape()[a], a, want, err)
			}
			if want > computations.DHTMaxPoints {
				t.Fatalf("NewDHT(%v, %+v): %d points along axis %d, beyond the limit", modes, opts, want, a)
			}
			values += want * shape[a]
			points = max(points, want)
		}
		if values > computations.DHTMaxMatrixValues {
			t.Fatalf("NewDHT(%v, %+v): matrices of %d values, beyond the limit", modes, opts, values)
		}
		if values > dhtFuzzRenderValues || points > dhtFuzzRenderPoints {
			return
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = d.Render(cluda.ModelGPU())
		runtime.ReadMemStats(&after)
		if used := after.TotalAlloc - before.TotalAlloc; used > uint64(dhtFuzzAllocSlack+dhtFuzzBytesPerValue*values) {
			t.Fatalf("rendering NewDHT(%v, %+v) allocated %d bytes for matrices of %d values", modes, opts, used, values)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "dht") {
				t.Fatalf("rendering NewDHT(%v, %+v): the error %q does not name the DHT", modes, opts, err)
			}
			return
		}
		if modes.Size() == 0 || modes.Size() > dhtFuzzRunElements || coords.Size() > dhtFuzzRunElements {
			return
		}
		runDHT(t, thr, dhtCase{modes: modes, opts: opts}, 1, 1)
	})
}

// checkDHTGrid checks DHTSpatialPoints against exact arithmetic and, for
// counts within reach, DHTSpatialGrid and DHTSpatialWeights.
func checkDHTGrid(t *testing.T, modes, order, add int) {
	t.Helper()
	n, err := computations.DHTSpatialPoints(modes, order, add)
	// (modes−1)(order+1)/2 + 1 + add, rounded down, in big integers.
	exact := new(big.Int).Mul(big.NewInt(int64(modes)), big.NewInt(int64(order)))
	exact.Add(exact, big.NewInt(int64(modes))).Sub(exact, big.NewInt(int64(order))).Sub(exact, big.NewInt(1))
	exact.Rsh(exact, 1).Add(exact, big.NewInt(1)).Add(exact, big.NewInt(int64(add)))
	valid := modes >= 1 && order >= 1 && add >= 0 && exact.IsInt64()
	switch {
	case valid != (err == nil):
		t.Fatalf("DHTSpatialPoints(%d, %d, %d) = %d, %v; exactly %v", modes, order, add, n, err, exact)
	case err != nil:
		if !strings.Contains(err.Error(), "DHT") {
			t.Fatalf("DHTSpatialPoints(%d, %d, %d): the error %q does not name the DHT", modes, order, add, err)
		}
		return
	case int64(n) != exact.Int64():
		t.Fatalf("DHTSpatialPoints(%d, %d, %d) = %d, exactly %v", modes, order, add, n, exact)
	}
	if n > computations.DHTMaxPoints {
		if _, err := computations.DHTSpatialGrid(modes, order, add); err == nil || !strings.Contains(err.Error(), "at most") {
			t.Fatalf("DHTSpatialGrid(%d, %d, %d) of %d points: %v, want a refusal", modes, order, add, n, err)
		}
		return
	}
	if n > dhtFuzzGridPoints {
		return
	}
	x, err := computations.DHTSpatialGrid(modes, order, add)
	if err != nil {
		t.Fatalf("DHTSpatialGrid(%d, %d, %d): %v", modes, order, add, err)
	}
	w, err := computations.DHTSpatialWeights(modes, order, add)
	if err != nil {
		t.Fatalf("DHTSpatialWeights(%d, %d, %d): %v", modes, order, add, err)
	}
	if len(x) != n || len(w) != n || !slices.IsSorted(x) {
		t.Fatalf("DHTSpatialGrid(%d, %d, %d): %d nodes, %d weights, want %d in increasing order", modes, order, add, len(x), len(w), n)
	}
	sum, p := 0.0, float64(order)+1
	for i := range x {
		if !(w[i] > 0) || math.IsInf(w[i], 0) || x[i] != -x[n-1-i] || w[i] != w[n-1-i] {
			t.Fatalf("DHTSpatialGrid(%d, %d, %d): node %d at %g of weight %g, its mirror at %g of weight %g", modes, order, add, i, x[i], w[i], x[n-1-i], w[n-1-i])
		}
		sum += w[i] * math.Pow(computations.Harmonic(x[i], 0), p)
	}
	if want := math.Pow(math.Pi, -p/4) * math.Sqrt(2*math.Pi/p); !(math.Abs(sum-want) <= gridTolerance) {
		t.Fatalf("DHTSpatialGrid(%d, %d, %d): ∫ φ₀^%g = %.15g on the grid, want %.15g", modes, order, add, p, sum, want)
	}
}
