package cbrng

import "fmt"

// cbrngLimits are what the plan of a CBRNG needs to know of the device, as
// plain numbers.
type cbrngLimits struct {
	MaxWorkGroup int  // work-items per work-group
	CPU          bool // a CPU device (the device type, not the vendor)
}

// cbrngWorkGroup is the work-group size of the kernel: the generators are
// independent, and 256 items fill a GPU's multiprocessor with several
// groups at once.
const cbrngWorkGroup = 256

// cbrngLanes is the number of generators a work-item of the lanes kernel
// makes the values of, one in each lane of OpenCL vectors (uint8 and
// float8, or ulong8 and double8).
const cbrngLanes = 8

// cbrngPlan is the plan of the kernel of a CBRNG: one work-item per Lanes
// generators, each making batch values in Calls whole calls of the
// sampler (PerCall values each) and, where PerCall does not divide batch,
// one more call of which the first Tail values are kept.
//
// On a GPU, and wherever the lanes kernel does not apply, Lanes is 1: a
// work-item per generator, on scalars (cbrng.cl). On a CPU device the
// compiler leaves that kernel scalar (PoCL's loop vectoriser cannot tell
// the number of iterations of its work-item loop), and a work-item that
// computes cbrngLanes neighbouring generators in the lanes of vectors
// (cbrng_lanes.cl) does the same work in a fraction of the time: in a
// prototype (scripts/cpu_philox_lanes.go), Philox 4×32-10 on uint8 lanes
// took 13–19% of the scalar kernel's time for a uniform float32 fill.
// CBRNG itself, on PoCL on two cores shared with other work (go test
// ./cbrng -run XXX -bench CBRNG -benchtime 30x, 16×131072 float32 from
// Philox 4×32-10, medians of 10 runs of each kernel, interleaved), went
// from 39.2 ms to 6.7 ms per call for uniform_f32 and from 90.2 ms to
// 47.5 ms for normal_f32, whose logarithm, sine and cosine stay scalar in
// each lane (PoCL's vector forms of them round differently), so that
// every value is the scalar kernel's to the bit.
//
// The lanes kernel applies where the sampler has a lanes module (uniform
// floats and normal values, real or complex: the samplers of a fixed
// number of bits per value); the others (the rejection loops of uniform
// integers, gamma and von Mises values) keep the scalar kernel. Where
// cbrngLanes does not divide the number of generators, the last
// work-item stores the values of its generators lane by lane, and
// nothing of its other lanes.
type cbrngPlan struct {
	Generators, Batch int
	PerCall           int
	Calls, Tail       int
	Lanes             int  // generators per work-item
	Items             int  // work-items: Generators / Lanes, rounded up
	Partial           bool // the last work-item has fewer than Lanes generators
	Local             int  // work-items per work-group
}

// newCBRNGPlan plans the kernel that makes batch values for each of
// generators generators with a sampler of perCall values per call;
// samplerLanes reports whether the sampler has a lanes module.
func newCBRNGPlan(batch, generators, perCall int, samplerLanes bool, lim cbrngLimits) (cbrngPlan, error) {
	if batch < 1 || generators < 1 || perCall < 1 {
		return cbrngPlan{}, fmt.Errorf("CBRNG plan of %d values for %d generators, %d per call: every number must be positive",
			batch, generators, perCall)
	}
	if lim.MaxWorkGroup < 1 {
		return cbrngPlan{}, fmt.Errorf("CBRNG plan: the device allows %d work-items per work-group", lim.MaxWorkGroup)
	}
	lanes := 1
	if lim.CPU && samplerLanes {
		lanes = cbrngLanes
	}
	items := (generators + lanes - 1) / lanes
	return cbrngPlan{
		Generators: generators, Batch: batch, PerCall: perCall,
		Calls: batch / perCall, Tail: batch % perCall,
		Lanes: lanes, Items: items, Partial: generators%lanes != 0,
		Local: min(cbrngWorkGroup, lim.MaxWorkGroup, items),
	}, nil
}
