package cbrng

import "fmt"

// cbrngLimits are what the plan of a CBRNG needs to know of the device, as
// plain numbers.
type cbrngLimits struct {
	MaxWorkGroup int // work-items per work-group
}

// cbrngWorkGroup is the work-group size of the kernel: the generators are
// independent, and 256 items fill a GPU's multiprocessor with several
// groups at once.
const cbrngWorkGroup = 256

// cbrngPlan is the plan of the kernel of a CBRNG: one work-item per
// generator, each making batch values in Calls whole calls of the sampler
// (PerCall values each) and, where PerCall does not divide batch, one
// more call of which the first Tail values are kept.
type cbrngPlan struct {
	Generators, Batch int
	PerCall           int
	Calls, Tail       int
	Local             int // work-items per work-group
}

// newCBRNGPlan plans the kernel that makes batch values for each of
// generators generators with a sampler of perCall values per call.
func newCBRNGPlan(batch, generators, perCall int, lim cbrngLimits) (cbrngPlan, error) {
	if batch < 1 || generators < 1 || perCall < 1 {
		return cbrngPlan{}, fmt.Errorf("CBRNG plan of %d values for %d generators, %d per call: every number must be positive",
			batch, generators, perCall)
	}
	if lim.MaxWorkGroup < 1 {
		return cbrngPlan{}, fmt.Errorf("CBRNG plan: the device allows %d work-items per work-group", lim.MaxWorkGroup)
	}
	return cbrngPlan{
		Generators: generators, Batch: batch, PerCall: perCall,
		Calls: batch / perCall, Tail: batch % perCall,
		Local: min(cbrngWorkGroup, lim.MaxWorkGroup, generators),
	}, nil
}
