package computations

import "fmt"

// The host work and memory of a DHT's plan are bounded before they are
// spent: the grid of each axis costs O(points²) steps of the recurrence of
// Harmonic, and the transform's matrix of each axis points × modes values.
const (
	// maxDHTPoints is the most points of a DHT's grid along one axis. The
	// Newton refinement of its nodes runs the recurrence of Harmonic to
	// the last mode three times at each of half the nodes, 6·points²
	// floating-point operations on the host: 1.6·10⁹, a second or two of
	// one core, at this size, which serves 16384 modes of order 1 or 8192
	// of order 3.
	maxDHTPoints = 1 << 14
	// maxDHTMatrixValues is the most values of the transform's matrices
	// over the transformed axes of a DHT, points × modes each. They are
	// built in float64 on the host and kept until the plan is compiled:
	// 512 MiB at most (and half as much again for a float32 copy), filled
	// in about a second, which serves two axes of 4096 modes of order 1,
	// one of 8192 modes of order 1 or one of 4096 modes of order 7.
	maxDHTMatrixValues = 1 << 26
)

// dhtGridPoints returns DHTSpatialPoints(modes, order, addPoints), refusing
// a grid of more than maxDHTPoints points.
func dhtGridPoints(modes, order, addPoints int) (int, error) {
	n, err := DHTSpatialPoints(modes, order, addPoints)
	if err != nil {
		return 0, err
	}
	if n > maxDHTPoints {
		return 0, fmt.Errorf("computations: DHT: %d modes of order %d with %d additional points need a grid of %d points; at most %d are allowed", modes, order, addPoints, n, maxDHTPoints)
	}
	return n, nil
}

// checkDHTMatrices checks the sizes of the transform's matrices of a DHT
// whose modes and grid points along the transformed axes are given, which
// are at most maxDHTPoints each.
func checkDHTMatrices(modes, points []int) error {
	total := 0
	for i := range modes {
		total += modes[i] * points[i]
		if total > maxDHTMatrixValues {
			return fmt.Errorf("computations: DHT: the transform's matrices of %v modes on grids of %v points hold more than %d values", modes[:i+1], points[:i+1], maxDHTMatrixValues)
		}
	}
	return nil
}
