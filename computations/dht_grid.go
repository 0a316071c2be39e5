package computations

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/integrate/quad"
)

// Harmonic returns the eigenfunction of the quantum harmonic oscillator of
// the given mode at x (reikna's dht.harmonic):
//
//	φₙ(x) = (2ⁿ n! √π)^(−1/2) e^(−x²/2) Hₙ(x),
//
// with Hₙ the physicists' Hermite polynomial. The functions are
// orthonormal on the real line. It is computed by the recurrence
// φₙ = √(2/n) x φₙ₋₁ − √((n−1)/n) φₙ₋₂ from φ₀ = π^(−1/4) e^(−x²/2), which
// neither overflows nor loses accuracy for large modes. A negative mode
// gives NaN.
func Harmonic(x float64, mode int) float64 {
	if mode < 0 {
		return math.NaN()
	}
	prev, cur := 0.0, math.Pow(math.Pi, -0.25)*math.Exp(-x*x/2)
	for n := 1; n <= mode; n++ {
		prev, cur = cur, math.Sqrt(2/float64(n))*x*cur-math.Sqrt(float64(n-1)/float64(n))*prev
	}
	return cur
}

// DHTSpatialPoints returns the number of points of the coordinate grid of
// a DHT of the given number of modes that integrates products of order+1
// of its mode functions exactly (reikna's dht.get_spatial_points), with
// addPoints more: (modes−1)(order+1)/2 + 1 + addPoints, rounded down.
func DHTSpatialPoints(modes, order, addPoints int) (int, error) {
	if err := checkDHTSizes(modes, order, addPoints); err != nil {
		return 0, err
	}
	return (modes-1)*(order+1)/2 + 1 + addPoints, nil
}

// DHTSpatialGrid returns the coordinate grid of a DHT of the given number
// of modes, order and additional points (reikna's dht.get_spatial_grid):
// the nodes of the Gauss–Hermite quadrature of DHTSpatialPoints points,
// scaled by √(2/(order+1)), in increasing order.
func DHTSpatialGrid(modes, order, addPoints int) ([]float64, error) {
	x, _, err := dhtGridAndWeights(modes, order, addPoints)
	return x, err
}

// DHTSpatialWeights returns the weights of the integration over the grid
// of DHTSpatialGrid (reikna's dht.get_spatial_weights): ∫ f(x) dx ≈
// Σᵢ wᵢ f(xᵢ), exactly for f a product of order+1 mode functions of the
// DHT (whose Gaussian factor, e^(−(order+1)x²/2), the scaling of the grid
// matches). They are the Gauss–Hermite weights times e^(rᵢ²) at the
// unscaled nodes rᵢ, scaled by √(2/(order+1)).
func DHTSpatialWeights(modes, order, addPoints int) ([]float64, error) {
	_, w, err := dhtGridAndWeights(modes, order, addPoints)
	return w, err
}

// checkDHTSizes checks the numbers that define a DHT's grid.
func checkDHTSizes(modes, order, addPoints int) error {
	switch {
	case modes < 1:
		return fmt.Errorf("computations: DHT: %d modes; there must be at least one", modes)
	case order < 1:
		return fmt.Errorf("computations: DHT: order %d; it must be at least 1", order)
	case addPoints < 0:
		return fmt.Errorf("computations: DHT: %d additional points; they cannot be negative", addPoints)
	}
	return nil
}

// dhtGridAndWeights returns the grid and the weights of DHTSpatialGrid and
// DHTSpatialWeights.
func dhtGridAndWeights(modes, order, addPoints int) (x, w []float64, err error) {
	n, err := DHTSpatialPoints(modes, order, addPoints)
	if err != nil {
		return nil, nil, err
	}
	r, rw := gaussHermite(n)
	scale := math.Sqrt(2 / float64(order+1))
	for i := range r {
		r[i] *= scale
		rw[i] *= scale
	}
	return r, rw, nil
}

// gaussHermite returns the n nodes rᵢ of the Gauss–Hermite quadrature
// (for ∫ e^(−x²) f(x) dx), in increasing order, and its weights times
// e^(rᵢ²), the weights of ∫ f(x) dx for functions f that decay like
// e^(−x²).
//
// The nodes start from gonum's (quad.Hermite: tabulated up to 200 nodes,
// asymptotic expansions beyond) and are refined by Newton's method on the
// orthonormal Hermite function φₙ, whose derivative is
// √(2n) φₙ₋₁ − x φₙ. The weights follow from the Christoffel–Darboux
// formula, wᵢ e^(rᵢ²) = 1 / (n φₙ₋₁(rᵢ)²), which, unlike the weights
// themselves, neither underflows nor loses digits at the outer nodes.
func gaussHermite(n int) (nodes, weights []float64) {
	nodes, weights = make([]float64, n), make([]float64, n)
	quad.Hermite{}.FixedLocations(nodes, weights, math.Inf(-1), math.Inf(1))
	for i, r := range nodes {
		for range gaussHermiteNewtonSteps {
			prev, cur := Harmonic(r, n-1), Harmonic(r, n)
			step := cur / (math.Sqrt(2*float64(n))*prev - r*cur)
			if math.IsNaN(step) || math.IsInf(step, 0) {
				break
			}
			r -= step
		}
		nodes[i] = r
		h := Harmonic(r, n-1)
		weights[i] = 1 / (float64(n) * h * h)
	}
	return nodes, weights
}

// gaussHermiteNewtonSteps is the number of Newton steps that refine each
// node: gonum's nodes are accurate to a few units in the last place, and
// each step doubles the correct digits.
const gaussHermiteNewtonSteps = 2
