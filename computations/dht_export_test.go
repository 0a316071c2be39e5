package computations

// The limits on a DHT's host work and memory, for the tests that check
// them.
const (
	DHTMaxPoints       = maxDHTPoints
	DHTMaxMatrixValues = maxDHTMatrixValues
)
