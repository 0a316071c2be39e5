package computations

import (
	"fmt"
	"math"
	"math/bits"

	"gonum.org/v1/gonum/integrate/quad"
)

// DHTSpatialPoints returns the number of points of the coordinate grid of
// a DHT of the given number of modes that integrates products of order+1
// of its mode functions exactly (reikna's dht.get_spatial_points), with
// addPoints more: (modes−1)(order+1)/2 + 1 + addPoints, rounded down. A
// count that overflows an int is an error.
func DHTSpatialPoints(modes, order, addPoints int) (int, error) {
	if err := checkDHTSizes(modes, order, addPoints); err != nil {
		return 0, err
	}
	// (modes−1)(order+1) in 128 bits, halved, then the points added.
	hi, lo := bits.Mul64(uint64(modes-1), uint64(order)+1)
	half := hi<<63 | lo>>1
	sum, carry := bits.Add64(half, uint64(addPoints)+1, 0)
	if hi > 1 || carry != 0 || sum > math.MaxInt {
		return 0, fmt.Errorf("computations: DHT: %d modes of order %d with %d additional points: the number of points of the grid overflows an int", modes, order, addPoints)
	}
	return int(sum), nil
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
// DHTSpatialWeights, refusing grids of more than maxDHTPoints points.
func dhtGridAndWeights(modes, order, addPoints int) (x, w []float64, err error) {
	n, err := dhtGridPoints(modes, order, addPoints)
	if err != nil {
		return nil, nil, err
	}
	r, rw := gaussHermite(n)
	scale := math.Sqrt(2 / (float64(order) + 1)) // order+1 may overflow an int
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
// Each evaluation runs the recurrence of Harmonic once for both φₙ₋₁ and
// φₙ, and the negative nodes mirror the others: O(n²) steps in all.
func gaussHermite(n int) (nodes, weights []float64) {
	nodes, weights = make([]float64, n), make([]float64, n)
	quad.Hermite{}.FixedLocations(nodes, weights, math.Inf(-1), math.Inf(1))
	if n%2 == 1 {
		nodes[n/2] = 0 // the middle node of an odd rule, a root of the odd φₙ
	}
	c := newHarmonicCoefs(n)
	var seqs [harmonicLanes]harmonicSeq
	for lo := n / 2; lo < n; lo += harmonicLanes {
		r := nodes[lo:min(lo+harmonicLanes, n)]
		s := seqs[:len(r)]
		done := uint(0) // the lanes whose Newton step failed
		for range gaussHermiteNewtonSteps {
			c.seqsAt(s, r, n)
			for l := range s {
				// The scale of φₙ₋₁ and φₙ cancels in the step.
				step := s[l].cur / (math.Sqrt(2*float64(n))*s[l].prev - r[l]*s[l].cur)
				if math.IsNaN(step) || math.IsInf(step, 0) {
					done |= 1 << l
				}
				if done&(1<<l) == 0 {
					r[l] -= step
				}
			}
		}
		c.seqsAt(s, r, n)
		for l, x := range r {
			h := math.Ldexp(s[l].prev, -s[l].scale)
			i := lo + l
			weights[i] = 1 / (float64(n) * h * h)
			nodes[n-1-i], weights[n-1-i] = -x, weights[i]
		}
	}
	return nodes, weights
}

// gaussHermiteNewtonSteps is the number of Newton steps that refine each
// node: gonum's nodes are accurate to a few units in the last place, and
// each step doubles the correct digits.
const gaussHermiteNewtonSteps = 2
