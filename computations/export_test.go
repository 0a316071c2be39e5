package computations

import "github.com/reikna-go/reikna/core"

// ScanTuning forces the form of a scan or smaller work-groups; the zero
// value changes nothing.
type ScanTuning = scanTuning

// The forms of a scan a ScanTuning chooses.
const (
	ScanAuto       = scanAuto
	ScanMultiPass  = scanMultiPass
	ScanSinglePass = scanSinglePass
	ScanChunked    = scanChunked
)

// NewTunedScan is NewScan with the plan tuned.
func NewTunedScan(t core.Type, predicate *Predicate, axes []int, exclusive bool, tuning ScanTuning) (*Scan, error) {
	return newScan(t, predicate, axes, exclusive, tuning)
}
