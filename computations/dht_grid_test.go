package computations_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
)

// gridTolerance bounds the errors of float64 quadratures over the DHT's
// grids: sums of a few hundred terms of size 1 rounded at each step.
const gridTolerance = 1e-12

func TestHarmonic(t *testing.T) {
	// The physicists' Hermite polynomials written out, and their norms
	// 2ⁿ n! √π.
	hermite := []func(x float64) float64{
		func(x float64) float64 { return 1 },
		func(x float64) float64 { return 2 * x },
		func(x float64) float64 { return 4*x*x - 2 },
		func(x float64) float64 { return 8*x*x*x - 12*x },
		func(x float64) float64 { return 16*x*x*x*x - 48*x*x + 12 },
	}
	for n, h := range hermite {
		norm := math.Sqrt(math.Pow(2, float64(n)) * math.Gamma(float64(n+1)) * math.Sqrt(math.Pi))
		for _, x := range []float64{-3.5, -1, -0.25, 0, 0.7, 2, 5} {
			want := h(x) * math.Exp(-x*x/2) / norm
			if got := computations.Harmonic(x, n); math.Abs(got-want) > 1e-15 {
				t.Errorf("Harmonic(%g, %d) = %g, want %g", x, n, got, want)
			}
		}
	}
	if got := computations.Harmonic(1, -1); !math.IsNaN(got) {
		t.Errorf("Harmonic(1, -1) = %g, want NaN", got)
	}
}

func TestDHTSpatialPoints(t *testing.T) {
	for _, tc := range []struct{ modes, order, add, want int }{
		{1, 1, 0, 1}, {10, 1, 0, 10}, {10, 2, 0, 14}, {10, 3, 2, 21}, {7, 2, 1, 11},
	} {
		got, err := computations.DHTSpatialPoints(tc.modes, tc.order, tc.add)
		if err != nil || got != tc.want {
			t.Errorf("DHTSpatialPoints(%d, %d, %d) = %d, %v; want %d", tc.modes, tc.order, tc.add, got, err, tc.want)
		}
	}
	// A count that fits an int although (modes−1)(order+1) does not.
	if got, err := computations.DHTSpatialPoints(1<<62+1, 1, 3); err != nil || got != 1<<62+4 {
		t.Errorf("DHTSpatialPoints(1<<62+1, 1, 3) = %d, %v; want %d", got, err, 1<<62+4)
	}
	for _, tc := range []struct {
		modes, order, add int
		want              string
	}{
		{0, 1, 0, "modes"}, {4, 0, 0, "order"}, {4, 1, -1, "additional points"},
		{1 << 62, 4, 0, "4611686018427387904 modes of order 4 with 0 additional points: the number of points of the grid overflows an int"},
		{3, math.MaxInt, 0, "order 9223372036854775807"},
		{2, 1, math.MaxInt, "9223372036854775807 additional points"},
		{math.MaxInt, math.MaxInt, math.MaxInt, "overflows an int"},
	} {
		t.Run(fmt.Sprintf("%d/%d/%d", tc.modes, tc.order, tc.add), func(t *testing.T) {
			if n, err := computations.DHTSpatialPoints(tc.modes, tc.order, tc.add); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("DHTSpatialPoints(%d, %d, %d) = %d, %v; want an error about %q", tc.modes, tc.order, tc.add, n, err, tc.want)
			}
			if x, err := computations.DHTSpatialGrid(tc.modes, tc.order, tc.add); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("DHTSpatialGrid(%d, %d, %d) = %d points, %v; want an error about %q", tc.modes, tc.order, tc.add, len(x), err, tc.want)
			}
		})
	}
}

// TestDHTSpatialGridLimit checks that grids too large to compute are
// refused, naming their numbers, before any memory is spent on them, while
// DHTSpatialPoints counts their points.
func TestDHTSpatialGridLimit(t *testing.T) {
	for _, tc := range []struct {
		modes, order, add, points int
		want                      string
	}{
		{8, 1e9, 0, 3500000004, "8 modes of order 1000000000 with 0 additional points need a grid of 3500000004 points; at most 16384"},
		{100000, 1, 0, 100000, "100000 modes of order 1"},
		{1, 1, 1 << 40, 1<<40 + 1, "1099511627776 additional points"},
		{16385, 1, 0, 16385, "grid of 16385 points"},
	} {
		t.Run(fmt.Sprintf("%d/%d/%d", tc.modes, tc.order, tc.add), func(t *testing.T) {
			if n, err := computations.DHTSpatialPoints(tc.modes, tc.order, tc.add); err != nil || n != tc.points {
				t.Errorf("DHTSpatialPoints(%d, %d, %d) = %d, %v; want %d", tc.modes, tc.order, tc.add, n, err, tc.points)
			}
			if _, err := computations.DHTSpatialGrid(tc.modes, tc.order, tc.add); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("DHTSpatialGrid(%d, %d, %d): error %v, want one about %q", tc.modes, tc.order, tc.add, err, tc.want)
			}
			if _, err := computations.DHTSpatialWeights(tc.modes, tc.order, tc.add); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("DHTSpatialWeights(%d, %d, %d): error %v, want one about %q", tc.modes, tc.order, tc.add, err, tc.want)
			}
		})
	}
}

// TestDHTSpatialGridHugeOrder checks the grid of one mode, one point at 0
// whatever the order, of weight √π √(2/(order+1)), up to the largest
// order, where order+1 overflows an int.
func TestDHTSpatialGridHugeOrder(t *testing.T) {
	for _, order := range []int{1, 7, 1 << 40, math.MaxInt - 1, math.MaxInt} {
		t.Run(fmt.Sprint(order), func(t *testing.T) {
			x, err := computations.DHTSpatialGrid(1, order, 0)
			if err != nil {
				t.Fatal(err)
			}
			w := comptest.Must(computations.DHTSpatialWeights(1, order, 0))
			want := math.Sqrt(math.Pi) * math.Sqrt(2/(float64(order)+1))
			if len(x) != 1 || x[0] != 0 || len(w) != 1 || !(math.Abs(w[0]-want) <= gridTolerance*want) {
				t.Errorf("grid %v, weights %v; want [0], [%g]", x, w, want)
			}
		})
	}
}

// gridQuadrature integrates products of mode functions over one grid.
type gridQuadrature struct {
	x, w []float64
	phi  [][]float64 // phi[m][i] = φₘ(xᵢ), computed when first needed
}

// newGridQuadrature returns the quadrature over the grid of the given
// numbers, for products of the first modes mode functions.
func newGridQuadrature(modes, order, add int) gridQuadrature {
	return gridQuadrature{
		x:   comptest.Must(computations.DHTSpatialGrid(modes, order, add)),
		w:   comptest.Must(computations.DHTSpatialWeights(modes, order, add)),
		phi: make([][]float64, modes),
	}
}

// integral returns Σᵢ wᵢ Πₖ φ_{product[k]}(xᵢ).
func (q gridQuadrature) integral(product []int) float64 {
	for _, m := range product {
		if q.phi[m] == nil {
			q.phi[m] = make([]float64, len(q.x))
			for i, xi := range q.x {
				q.phi[m][i] = computations.Harmonic(xi, m)
			}
		}
	}
	sum := 0.0
	for i, w := range q.w {
		term := w
		for _, m := range product {
			term *= q.phi[m][i]
		}
		sum += term
	}
	return sum
}

// TestDHTGridQuadrature checks that the grid and the weights integrate
// products of order+1 mode functions exactly: on a grid of order 1 the
// modes are orthonormal; on others, ∫ φ₀^(order+1) has its closed form,
// and products of two modes with φ₀^(order−1) integrate as on a grid with
// 40 more points. The largest grids come from gonum's asymptotic nodes.
func TestDHTGridQuadrature(t *testing.T) {
	for _, tc := range []struct{ modes, order, add int }{
		{1, 1, 0}, {5, 1, 0}, {40, 1, 0}, {12, 2, 3}, {30, 3, 0}, {199, 1, 2}, {300, 1, 0},
		// Grids whose outer nodes lie where e^(−x²/2) underflows.
		{800, 1, 0}, {1024, 1, 0}, {700, 2, 0},
	} {
		t.Run(fmt.Sprintf("modes=%d/order=%d/add=%d", tc.modes, tc.order, tc.add), func(t *testing.T) {
			x := comptest.Must(computations.DHTSpatialGrid(tc.modes, tc.order, tc.add))
			w := comptest.Must(computations.DHTSpatialWeights(tc.modes, tc.order, tc.add))
			n := comptest.Must(computations.DHTSpatialPoints(tc.modes, tc.order, tc.add))
			if len(x) != n || len(w) != n {
				t.Fatalf("%d points and %d weights, want %d", len(x), len(w), n)
			}
			if !slices.IsSorted(x) {
				t.Errorf("the grid is not in increasing order")
			}
			for i := range x {
				if math.IsNaN(x[i]) || math.IsInf(x[i], 0) || !(w[i] > 0) || math.IsInf(w[i], 0) {
					t.Fatalf("node %d: %g, weight %g", i, x[i], w[i])
				}
				if !(math.Abs(x[i]+x[n-1-i]) <= gridTolerance*math.Max(1, math.Abs(x[i]))) || !(math.Abs(w[i]-w[n-1-i]) <= gridTolerance*w[i]) {
					t.Errorf("the grid is not symmetric at %d: %g, %g (weights %g, %g)", i, x[i], x[n-1-i], w[i], w[n-1-i])
					break
				}
			}
			q := newGridQuadrature(tc.modes, tc.order, tc.add)
			if tc.order == 1 {
				// Every pair on small grids, pairs in steps on large ones.
				worst, stride := 0.0, max(1, tc.modes/64)
				for a := 0; a < tc.modes; a += stride {
					for b := a; b < tc.modes; b += stride {
						want := 0.0
						if a == b {
							want = 1
						}
						worst = math.Max(worst, math.Abs(q.integral([]int{a, b})-want))
					}
				}
				if !(worst <= gridTolerance*math.Sqrt(float64(n))) {
					t.Errorf("the modes are orthonormal on the grid to %.3g only", worst)
				}
				return
			}
			p := float64(tc.order + 1)
			ground := make([]int, tc.order+1)
			if got, want := q.integral(ground), math.Pow(math.Pi, -p/4)*math.Sqrt(2*math.Pi/p); !(math.Abs(got-want) <= gridTolerance) {
				t.Errorf("∫ φ₀^%g = %.15g on the grid, want %.15g", p, got, want)
			}
			finer := newGridQuadrature(tc.modes, tc.order, tc.add+40)
			stride := max(1, tc.modes/32)
			for a := 0; a < tc.modes; a += 3 * stride {
				for b := a; b < tc.modes; b += 2 * stride {
					product := append([]int{a, b}, make([]int, tc.order-1)...)
					got, want := q.integral(product), finer.integral(product)
					if !(math.Abs(got-want) <= gridTolerance) {
						t.Errorf("∫ φ%d φ%d φ₀^%d = %.15g on the grid, %.15g on a finer one", a, b, tc.order-1, got, want)
					}
				}
			}
		})
	}
}
