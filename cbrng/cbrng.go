package cbrng

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// CBRNG fills an array with random values from counter-based generators
// (reikna's CBRNG). Its signature is (counters, randoms): randoms is the
// output, and counters, an input and output array, holds the counter of
// each generator, which every call advances, so that successive calls
// continue the streams where the last one stopped.
//
// The last generatorsDim axes of randoms index the generators, each with
// its own key, and the others the values each generator makes in turn: for
// randoms of shape (100, 200, 300) and generatorsDim 2, the 200×300
// generators make 100 values each, element (i, j, k) being the i-th value
// of generator (j, k). counters has the shape of the generators' axes
// followed by the bijection's counter words, of its word dtype, and starts
// at zero (Counters makes one).
//
// Transformations connect to randoms (and to counters), and run inside the
// kernel's stores.
//
// On GPUs the kernel runs a work-item per generator. On CPU devices, for
// the uniform float and the normal samplers, a work-item makes the values
// of 8 neighbouring generators in the lanes of OpenCL vectors, which the
// compiler does not do of itself; the values and the counters are the
// same, bit for bit.
//
// CBRNG embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// and Render shows the kernels for a device without one. Its own Compile
// makes a *Callable for a Thread, which Call runs, after a check that no
// generator's counter would run past the end of its key's counter space,
// and Release frees. It can be nested in a computation of one's own by
// core.Plan.ComputationCall, where the check is the caller's.
//
// For example:
//
//	philox, err := cbrng.Philox(32, 4, 10)
//	sampler, err := cbrng.UniformFloat(philox, dtypes.Float32, 0, 1)
//	rng, err := cbrng.NewCBRNG(core.ArrayOf(dtypes.Float32, 100, 10000), 1, sampler, 42)
//	c, err := rng.Compile(thr)
//	defer c.Release()
//	counters, err := rng.Counters(thr)
//	err = c.Call(counters, randoms)
type CBRNG struct {
	*core.Computation
	randoms       core.Type
	generatorsDim int
	sampler       *Sampler
	keygen        *KeyGenerator
	need          uint64 // the most counters a call takes from each generator
	// noLanes keeps the scalar kernel on CPU devices, where the plan
	// would take the lanes kernel (for the tests that compare the two).
	noLanes bool
}

// NewCBRNG returns the generator of arrays of type randoms, whose dtype is
// the sampler's, over generatorsDim trailing axes (1 to the rank), with
// keys drawn from seed: the same seed gives the same values. The id space
// of the keys is reserved (see KeyGenerator) except for Philox 2×32, whose
// key is too short for it.
func NewCBRNG(randoms core.Type, generatorsDim int, sampler *Sampler, seed uint64) (*CBRNG, error) {
	if sampler == nil {
		return nil, fmt.Errorf("cbrng: CBRNG: nil sampler")
	}
	keygen, err := newDefaultKeyGenerator(sampler.bijection, seed)
	if err != nil {
		return nil, fmt.Errorf("cbrng: CBRNG: %w", err)
	}
	return NewCBRNGWithKeys(randoms, generatorsDim, sampler, keygen)
}

// NewCBRNGWithKeys is NewCBRNG with the keys of a key generator of the
// sampler's bijection.
func NewCBRNGWithKeys(randoms core.Type, generatorsDim int, sampler *Sampler, keygen *KeyGenerator) (*CBRNG, error) {
	if sampler == nil || keygen == nil {
		return nil, fmt.Errorf("cbrng: CBRNG: nil sampler or key generator")
	}
	if !randoms.IsArray() {
		return nil, fmt.Errorf("cbrng: CBRNG of the scalar type %v", randoms)
	}
	if err := randoms.Validate(); err != nil {
		return nil, fmt.Errorf("cbrng: CBRNG: %w", err)
	}
	if randoms.DType() != sampler.dtype {
		return nil, fmt.Errorf("cbrng: CBRNG of %v with a %s sampler of %v: the dtypes must be the same",
			randoms.DType(), sampler.name, sampler.dtype)
	}
	if keygen.bijection != sampler.bijection {
		return nil, fmt.Errorf("cbrng: CBRNG: the key generator is of %v, the sampler draws from %v: they must share the bijection",
			keygen.bijection, sampler.bijection)
	}
	if generatorsDim < 1 || generatorsDim > randoms.Rank() {
		return nil, fmt.Errorf("cbrng: CBRNG: %d generator axes for an array of %d dimensions (1 to %d)",
			generatorsDim, randoms.Rank(), randoms.Rank())
	}
	gens := generatorCount(randoms, generatorsDim)
	if gens > MaxGenerators {
		return nil, fmt.Errorf("cbrng: CBRNG: %d generators, more than the %d whose keys differ", gens, MaxGenerators)
	}
	c := &CBRNG{randoms: randoms, generatorsDim: generatorsDim, sampler: sampler, keygen: keygen}
	if gens > 0 {
		var ok bool
		if c.need, ok = sampler.countersPerGenerator(randoms.Size() / gens); !ok {
			return nil, fmt.Errorf("cbrng: CBRNG: %d values per generator of a %s sampler take more than 2^64 counters of each key in a call",
				randoms.Size()/gens, sampler.name)
		}
	}
	var err error
	c.Computation, err = core.NewComputation("cbrng", []core.Parameter{
		core.Param("counters", core.InOut(c.CountersType())),
		core.Param("randoms", core.Out(randoms)),
	}, c.build)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// generatorCount returns the product of the last dims axes of t.
func generatorCount(t core.Type, dims int) int {
	n := 1
	for _, l := range t.Shape()[t.Rank()-dims:] {
		n *= l
	}
	return n
}

// CountersType returns the type of the counters array: the shape of the
// generators' axes and the counter words, of the word dtype.
func (c *CBRNG) CountersType() core.Type {
	shape := append(c.randoms.Shape()[c.randoms.Rank()-c.generatorsDim:], c.sampler.bijection.counterWords)
	return core.ArrayOf(c.sampler.bijection.WordDType(), shape...)
}

// Counters returns a new counters array of zeros on thr, where the streams
// start.
func (c *CBRNG) Counters(thr *cluda.Thread) (*cluda.Array, error) {
	t := c.CountersType()
	a, err := thr.Zeros(t.Shape(), t.DType())
	if err != nil {
		return nil, fmt.Errorf("cbrng: counters: %w", err)
	}
	return a, nil
}

// Sampler returns the sampler.
func (c *CBRNG) Sampler() *Sampler { return c.sampler }

// KeyGenerator returns the key generator.
func (c *CBRNG) KeyGenerator() *KeyGenerator { return c.keygen }

// GeneratorsDim returns the number of trailing axes of randoms that index
// the generators.
func (c *CBRNG) GeneratorsDim() int { return c.generatorsDim }

func (c *CBRNG) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	p := plan.DeviceParams()
	if !p.SupportsDType(c.randoms.DType()) {
		return fmt.Errorf("CBRNG: the device does not support %v", c.randoms.DType())
	}
	if c.randoms.Size() == 0 {
		return nil
	}
	maxWG := p.MaxWorkGroupSize
	if len(p.MaxWorkItemSizes) > 0 {
		maxWG = min(maxWG, p.MaxWorkItemSizes[0]) // the launch is one-dimensional
	}
	gens := generatorCount(c.randoms, c.generatorsDim)
	cp, err := newCBRNGPlan(c.randoms.Size()/gens, gens, c.sampler.randomsPerCall, c.sampler.lanes != nil && !c.noLanes,
		cbrngLimits{MaxWorkGroup: maxWG, CPU: p.IsCPU() && p.API == cluda.OpenCL}) // the lanes kernel is OpenCL C
	if err != nil {
		return fmt.Errorf("CBRNG: %w", err)
	}
	b := c.sampler.bijection
	kargs := []core.KernelArg{core.Bind("counters", args["counters"]), core.Bind("randoms", args["randoms"])}
	render := map[string]any{
		"plan": cp, "bijection": b.module, "keygen": c.keygen.module, "sampler": c.sampler.module,
		"counterWords": b.counterWords, "genDims": c.generatorsDim, "batchDims": c.randoms.Rank() - c.generatorsDim,
	}
	tmpl := "cbrng"
	if cp.Lanes > 1 {
		tmpl = "cbrng_lanes"
		render["bijection"], render["sampler"], render["scalarBijection"] = b.lanes, c.sampler.lanes, b.module
		render["lanes"], render["keyWords"] = cp.Lanes, b.keyWords
		render["word"] = b.lanesWord()
		render["direct"] = args["randoms"].HasPointer()
		dt := c.randoms.DType()
		render["complex"], render["ctype"], render["real"] = dt.IsComplex(), dt.CType(), dt.Real().CType()
		render["mask"] = fmt.Sprintf("%s%d", map[bool]string{false: "uint", true: "ulong"}[dt.Real() == dtypes.Float64], 2*cp.Lanes)
	}
	return plan.KernelCall(cbrngTemplates.Lookup(tmpl), kargs, []int{cp.Items}, core.KernelOptions{
		Name: "cbrng", Local: []int{cp.Local}, RenderArgs: render,
	})
}
