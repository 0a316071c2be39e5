package cbrng

import (
	"fmt"
	"maps"
	"math"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// Sampler turns the outputs of a bijection into random values of one
// dtype and distribution (reikna's Sampler). Its module defines, under its
// prefix S:
//
//	S_RANDOMS_PER_CALL  the number of values one call gives
//	S_Value, S_Result   the C type of a value; a structure of RANDOMS_PER_CALL of them in .v
//	S_sample(&state)    the next Result drawn from a State of the bijection's module
//
// Samplers of a fixed number of bits per value (uniform floats, normal)
// take whole outputs of the bijection in each call and give every value
// they hold; those that draw again on rejection (uniform integers, gamma,
// von Mises) read the State's stream and give one value per call.
type Sampler struct {
	name           string
	bijection      *Bijection
	dtype          dtypes.DType
	randomsPerCall int
	module         *snippets.Module
	// blocks is the number of whole outputs of the bijection one call
	// takes, for samplers of a fixed number of bits; 0 for those that read
	// the State's stream, of which one call reads at most maxUint32
	// 32-bit values.
	blocks    int
	maxUint32 int
	// lanes is the module that makes the values of cbrngLanes generators
	// at once, in vector lanes (samplers_lanes.cl), for the kernel of CPU
	// devices; nil for the samplers that have none.
	lanes *snippets.Module
}

// Name returns the distribution's name, such as "normal_bm".
func (s *Sampler) Name() string { return s.name }

// Bijection returns the bijection the sampler draws from.
func (s *Sampler) Bijection() *Bijection { return s.bijection }

// DType returns the dtype of the values.
func (s *Sampler) DType() dtypes.DType { return s.dtype }

// RandomsPerCall returns the number of values one call of S_sample gives.
func (s *Sampler) RandomsPerCall() int { return s.randomsPerCall }

// Module returns the sampler's module.
func (s *Sampler) Module() *snippets.Module { return s.module }

// unitModules are the modules of unit_interval, for float (false) and
// double (true).
var unitModules = map[bool]*snippets.Module{
	false: snippets.MustModuleFromTemplate(cbrngTemplates.Lookup("unit_interval"), nil, map[string]any{"double": false}),
	true:  snippets.MustModuleFromTemplate(cbrngTemplates.Lookup("unit_interval"), nil, map[string]any{"double": true}),
}

// unitLanesModules are the modules of unit_interval_lanes, for float
// (false) and double (true).
var unitLanesModules = map[bool]*snippets.Module{
	false: snippets.MustModuleFromTemplate(cbrngTemplates.Lookup("unit_interval_lanes"), nil, map[string]any{"double": false, "lanes": cbrngLanes}),
	true:  snippets.MustModuleFromTemplate(cbrngTemplates.Lookup("unit_interval_lanes"), nil, map[string]any{"double": true, "lanes": cbrngLanes}),
}

// lanesSamplers are the samplers that have a lanes module: those of a
// fixed number of bits per value, whose lanes all take the same outputs
// of the bijection in a call. The others draw again on
// rejection, a number of times that differs from lane to lane.
var lanesSamplers = map[string]bool{"uniform_float": true, "normal_bm": true}

// newSampler makes the sampler of template name for b and dt, giving
// perCall values per call from blocks whole outputs of the bijection, or,
// where blocks is 0, from at most maxUint32 32-bit values of the State's
// stream; args are the template's own render arguments.
func newSampler(name string, b *Bijection, dt dtypes.DType, perCall, blocks, maxUint32 int, args map[string]any) (*Sampler, error) {
	double := dt.Real() == dtypes.Float64
	args["bijection"] = b.module
	args["unit"] = unitModules[double]
	args["double"] = double
	args["ctype"] = dt.CType()
	args["real"] = dt.Real().String()
	args["perCall"] = perCall
	m, err := snippets.NamedModuleFromTemplate(fmt.Sprintf("%s_%v", name, dt), cbrngTemplates.Lookup(name), nil, args)
	if err != nil {
		return nil, fmt.Errorf("cbrng: %s sampler of %v: %w", name, dt, err)
	}
	s := &Sampler{name: name, bijection: b, dtype: dt, randomsPerCall: perCall, module: m, blocks: blocks, maxUint32: maxUint32}
	if lanesSamplers[name] {
		lanes := maps.Clone(args)
		lanes["bijection"] = b.lanes
		lanes["unit"] = unitLanesModules[double]
		lanes["lanes"] = cbrngLanes
		lanes["vtype"] = fmt.Sprintf("%s%d", dt.Real().CType(), cbrngLanes)
		lanes["complex"] = dt.IsComplex()
		s.lanes, err = snippets.NamedModuleFromTemplate(fmt.Sprintf("%s_lanes_%v", name, dt), cbrngTemplates.Lookup(name+"_lanes"), nil, lanes)
		if err != nil {
			return nil, fmt.Errorf("cbrng: %s sampler of %v: %w", name, dt, err)
		}
	}
	return s, nil
}

// checkSampler checks the bijection and the dtype of a sampler named name,
// which takes dtypes that ok accepts, described by want.
func checkSampler(name string, b *Bijection, dt dtypes.DType, ok func(dtypes.DType) bool, want string) error {
	if b == nil {
		return fmt.Errorf("cbrng: %s sampler: nil bijection", name)
	}
	if !dt.Valid() || !ok(dt) {
		return fmt.Errorf("cbrng: %s sampler of %v: the dtype must be %s", name, dt, want)
	}
	return nil
}

func isFloat(dt dtypes.DType) bool { return dt == dtypes.Float32 || dt == dtypes.Float64 }

func isFloatOrComplex(dt dtypes.DType) bool { return isFloat(dt.Real()) }

// blockDraws returns the number of whole outputs of b to take per call for
// values of per 32-bit values each, and the index of the first 32-bit
// value of each value: every 32-bit value of the outputs is used.
func blockDraws(b *Bijection, per int) (blocks int, draws []int) {
	upb := b.uint32PerBlock()
	blocks = 1
	for blocks*upb%per != 0 {
		blocks++
	}
	for k := 0; k+per <= blocks*upb; k += per {
		draws = append(draws, k)
	}
	return blocks, draws
}

// uint32PerValue returns the 32-bit values one uniform value of dt takes.
func uint32PerValue(dt dtypes.DType) int { return dt.Real().Size() / 4 }

// UniformFloat returns the sampler of values of dt (Float32 or Float64)
// uniform in [low, high): the high 24 (float32) or 53 (float64) bits of
// the random bits make a value in [0, 1) that is scaled to the interval,
// and the rare value that rounding would put at high is the largest value
// below it.
func UniformFloat(b *Bijection, dt dtypes.DType, low, high float64) (*Sampler, error) {
	const name = "uniform_float"
	if err := checkSampler(name, b, dt, isFloat, "float32 or float64"); err != nil {
		return nil, err
	}
	if err := checkInterval(name, dt, low, high); err != nil {
		return nil, err
	}
	per := uint32PerValue(dt)
	blocks, draws := blockDraws(b, per)
	width, below := high-low, math.Nextafter(high, math.Inf(-1))
	if dt == dtypes.Float32 {
		width = float64(float32(high) - float32(low))
		below = float64(math.Nextafter32(float32(high), float32(math.Inf(-1))))
	}
	if math.IsInf(width, 0) {
		return nil, fmt.Errorf("cbrng: %s sampler of %v: the width of [%g, %g) overflows %v", name, dt, low, high, dt)
	}
	return newSampler(name, b, dt, len(draws), blocks, 0, map[string]any{
		"blocks": blocks, "draws": draws, "upb": b.uint32PerBlock(),
		"scaled": low != 0 || high != 1, "low": low, "width": width, "below": below,
	})
}

// checkInterval checks that [low, high) is a finite, non-empty interval of
// values of the real dtype dt.
func checkInterval(name string, dt dtypes.DType, low, high float64) error {
	if math.IsNaN(low) || math.IsNaN(high) || math.IsInf(low, 0) || math.IsInf(high, 0) {
		return fmt.Errorf("cbrng: %s sampler: the interval [%g, %g) must be finite", name, low, high)
	}
	if dt == dtypes.Float32 {
		if math.Abs(low) > math.MaxFloat32 || math.Abs(high) > math.MaxFloat32 {
			return fmt.Errorf("cbrng: %s sampler: the interval [%g, %g) overflows float32", name, low, high)
		}
		low, high = float64(float32(low)), float64(float32(high))
	}
	if !(low < high) {
		return fmt.Errorf("cbrng: %s sampler of %v: low %g must be below high %g", name, dt, low, high)
	}
	return nil
}

// NormalBM returns the sampler of normal values of dt (Float32, Float64,
// Complex64 or Complex128) with the given mean and standard deviation, by
// the Box–Muller transform, whose values lie within 5.8 (single
// precision) or 8.6 (double precision) deviations of the mean (the mean
// and the deviation that would take them past the largest finite value of
// dt are refused): each pair of uniform values gives two real
// values, or one complex value whose real and imaginary parts are
// independent with the deviation std/√2 each (so that E|z − mean|² =
// std²). The mean of a real dtype must be real. In single precision the
// sine and cosine of the angle come from OpenCL's native functions, on an
// angle in [−π, π), where GPUs compute them to about 2^-21 (cuRAND's normal
// values do the same); in double precision from sinpi and cospi.
func NormalBM(b *Bijection, dt dtypes.DType, mean complex128, std float64) (*Sampler, error) {
	const name = "normal_bm"
	if err := checkSampler(name, b, dt, isFloatOrComplex, "float32, float64, complex64 or complex128"); err != nil {
		return nil, err
	}
	if !dt.IsComplex() && imag(mean) != 0 {
		return nil, fmt.Errorf("cbrng: %s sampler of %v: the mean %v is complex", name, dt, mean)
	}
	if err := checkFinite(name, dt, map[string]float64{"mean": real(mean), "imaginary part of the mean": imag(mean), "std": std}); err != nil {
		return nil, err
	}
	if std < 0 {
		return nil, fmt.Errorf("cbrng: %s sampler: the standard deviation %g is negative", name, std)
	}
	per := uint32PerValue(dt)
	blocks, starts := blockDraws(b, 2*per)
	pairs := make([][2]int, len(starts))
	for i, k := range starts {
		pairs[i] = [2]int{k, k + per}
	}
	perCall, sigma := 2*len(pairs), std
	if dt.IsComplex() {
		perCall, sigma = len(pairs), std/math.Sqrt2
	}
	// The values lie within maxNormalRadius deviations of the mean.
	for part, m := range map[string]float64{"mean": real(mean), "imaginary part of the mean": imag(mean)} {
		if top := math.Abs(m) + sigma*maxNormalRadius(dt); top > maxFinite(dt) {
			return nil, fmt.Errorf("cbrng: %s sampler of %v: the %s %g and the standard deviation %g give values up to %g, beyond the largest %v, %g",
				name, dt, part, m, std, top, dt.Real(), maxFinite(dt))
		}
	}
	return newSampler(name, b, dt, perCall, blocks, 0, map[string]any{
		"blocks": blocks, "pairs": pairs, "upb": b.uint32PerBlock(), "complex": dt.IsComplex(),
		"meanRe": real(mean), "meanIm": imag(mean), "sigma": sigma,
	})
}

// checkFinite checks that the named parameters are finite numbers that the
// precision of dt holds.
func checkFinite(name string, dt dtypes.DType, params map[string]float64) error {
	for p, v := range params {
		if math.IsNaN(v) || math.IsInf(v, 0) || dt.Real() == dtypes.Float32 && math.Abs(v) > math.MaxFloat32 {
			return fmt.Errorf("cbrng: %s sampler of %v: the %s %g is not a finite %v", name, dt, p, v, dt.Real())
		}
	}
	return nil
}

// maxFinite returns the largest finite value of the real dtype of dt.
func maxFinite(dt dtypes.DType) float64 {
	if dt.Real() == dtypes.Float32 {
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

// maxNormalRadius returns a bound on the radius √(−2 ln u) of the
// Box–Muller transform in the precision of dt, where u in (0, 1] is at
// least 2^-24 (single precision) or 2^-53 (double precision): the largest
// number of deviations a normal value lies from its mean, with a margin of
// 2^-20 for the rounding of the logarithm and the square root.
func maxNormalRadius(dt dtypes.DType) float64 {
	bits := 53.0
	if dt.Real() == dtypes.Float32 {
		bits = 24
	}
	return math.Sqrt(2*bits*math.Ln2) * (1 + 0x1p-20)
}

// The most draws of a rejection loop: where every draw is rejected, the
// last one is taken. Each bound keeps the probability of that below 2^-64
// for every parameter the sampler accepts, in its precision:
//
//   - uniform integers reject a draw below 2^32 mod width (2^64 mod width),
//     less than half of the draws, and 2^-64 > (1/2)^64;
//   - Marsaglia and Tsang's squeeze alone accepts a normal x with the
//     probability 1 − 0.0331 x⁴ wherever that is positive, which it is not
//     where 1 + c x ≤ 0 (there x ≤ −√6), so an attempt succeeds with a
//     probability of at least E[1 − 0.0331 x⁴] = 0.90 at every shape, and
//     0.1^24 < 2^-79;
//   - Best and Fisher's method accepts with a probability that falls with κ
//     to 0.658 (Best and Fisher 1979; measured as 0.658 at κ = 10^5), and
//     0.35^48 < 2^-72; the sampler computes its tests without cancellation
//     (see VonMises), so that rounding moves the bound by no more than
//     the dtype's precision.
const (
	integerTries  = 64
	gammaTries    = 24
	vonMisesTries = 48
)

// UniformInteger returns the sampler of integers of dt (Int32, Int64,
// Uint32 or Uint64) uniform in [low, high), which must lie within dt's
// range. Every value is equally likely: random bits that would favour the
// small residues modulo the width are drawn again, at most 64 times (each
// draw is rejected with a probability below 1/2, so that the last draw is
// kept unchecked with a probability below 2^-64).
func UniformInteger(b *Bijection, dt dtypes.DType, low, high int64) (*Sampler, error) {
	const name = "uniform_integer"
	ok := func(dt dtypes.DType) bool {
		return dt == dtypes.Int32 || dt == dtypes.Int64 || dt == dtypes.Uint32 || dt == dtypes.Uint64
	}
	if err := checkSampler(name, b, dt, ok, "int32, int64, uint32 or uint64"); err != nil {
		return nil, err
	}
	if low >= high {
		return nil, fmt.Errorf("cbrng: %s sampler of %v: low %d must be below high %d", name, dt, low, high)
	}
	lo, hi := integerRange(dt)
	if low < lo || high-1 > hi {
		return nil, fmt.Errorf("cbrng: %s sampler of %v: [%d, %d) is outside the range of %v", name, dt, low, high, dt)
	}
	width := uint64(high) - uint64(low)
	wide := width > 1<<32
	threshold := -width % width // 2^64 mod width
	maxUint32 := 2 * integerTries
	if !wide {
		threshold = (1 << 32) % width
		maxUint32 = integerTries
	}
	if width == 1<<32 {
		maxUint32 = 1
	}
	return newSampler(name, b, dt, 1, 0, maxUint32, map[string]any{
		"wide": wide, "full": width == 1<<32, "width": width, "threshold": threshold, "low": uint64(low),
		"tries": integerTries,
	})
}

// integerRange returns the smallest and the largest value of dt within
// int64.
func integerRange(dt dtypes.DType) (lo, hi int64) {
	switch dt {
	case dtypes.Int32:
		return math.MinInt32, math.MaxInt32
	case dtypes.Uint32:
		return 0, math.MaxUint32
	case dtypes.Uint64:
		return 0, math.MaxInt64
	}
	return math.MinInt64, math.MaxInt64
}

// Gamma returns the sampler of values of dt (Float32 or Float64) of the
// gamma distribution with the given shape k and scale θ (the density
// x^(k−1) e^(−x/θ) / (Γ(k) θ^k)), by Marsaglia and Tsang's method; a shape
// below 1 draws a sample of k + 1 and multiplies it by u^(1/k).
//
// Each attempt of the method succeeds with a probability of at least 0.9
// at every shape; after 24 failed attempts (a probability below 2^-79)
// the value is d θ, where d = k − 1/3 (k + 2/3 for a shape below 1). The
// values are at most d θ (1 + R/(3√d))³, where R, 5.8 in single precision
// and 8.6 in double precision, bounds the normal values of the method;
// parameters that would take that bound, d θ or 1/k past the largest
// finite value of dt are refused.
func Gamma(b *Bijection, dt dtypes.DType, shape, scale float64) (*Sampler, error) {
	const name = "gamma"
	if err := checkSampler(name, b, dt, isFloat, "float32 or float64"); err != nil {
		return nil, err
	}
	if err := checkFinite(name, dt, map[string]float64{"shape": shape, "scale": scale}); err != nil {
		return nil, err
	}
	if shape <= 0 || scale <= 0 {
		return nil, fmt.Errorf("cbrng: %s sampler: the shape %g and the scale %g must be positive", name, shape, scale)
	}
	k := shape
	if shape < 1 {
		k = shape + 1
	}
	d := k - 1.0/3
	c := 1 / math.Sqrt(9*d)
	top := d * scale * math.Pow(1+c*maxNormalRadius(dt), 3)
	if top > maxFinite(dt) {
		return nil, fmt.Errorf("cbrng: %s sampler of %v: the shape %g and the scale %g give values up to %g, beyond the largest %v, %g",
			name, dt, shape, scale, top, dt.Real(), maxFinite(dt))
	}
	if shape < 1 && 1/shape > maxFinite(dt) {
		return nil, fmt.Errorf("cbrng: %s sampler of %v: the shape %g is below %g, whose inverse the method needs as a finite %v",
			name, dt, shape, 1/maxFinite(dt), dt.Real())
	}
	draws := 3*gammaTries + 1 // two for each normal value and one for each test, and one for u^(1/k)
	return newSampler(name, b, dt, 1, 0, draws*uint32PerValue(dt), map[string]any{
		"d": d, "c": c, "boost": shape < 1, "invShape": 1 / shape, "dScale": d * scale, "tries": gammaTries,
	})
}

// vonMisesMethods are the bounds of the concentration κ of VonMises's
// methods in each precision: the uniform distribution below the first,
// the normal distribution of deviation 1/√κ above the second, and Best
// and Fisher's method from one to the other.
//
// The uniform distribution differs from the von Mises distribution by a
// total variation of κ/π + O(κ²), below the 2^-24 (2^-53) that separates
// the values of the uniform samplers in single (double) precision where κ
// is at most 2^-23 (2^-52). The normal distribution differs from it by a
// total variation of 0.0871/κ (computed by quadrature at κ from 10^2 to
// 10^7), below 2^-24 (2^-53) where κ exceeds 2^21 (2^50); its values lie
// within 8.6/√κ < π of the mean there, so that they never need wrapping.
var vonMisesMethods = map[dtypes.DType][2]float64{
	dtypes.Float32: {0x1p-23, 0x1p21},
	dtypes.Float64: {0x1p-52, 0x1p50},
}

// VonMises returns the sampler of angles of dt (Float32 or Float64) of the
// von Mises distribution with the mean mu and the concentration kappa > 0
// (the density e^(κ cos(x−μ)) / (2π I₀(κ))). The values lie in
// [mu − π, mu + π]. Every finite positive kappa is accepted; the method
// depends on it and on the precision, as numpy's does:
//
//   - kappa at most 2^-23 (float32) or 2^-52 (float64): the uniform
//     distribution on [mu − π, mu + π), within a total variation of the
//     dtype's precision of the von Mises distribution;
//   - kappa above 2^21 (float32) or 2^50 (float64): the normal
//     distribution of the mean mu and the deviation 1/√kappa, within a
//     total variation of the dtype's precision;
//   - between them, Best and Fisher's rejection method, written without
//     the cancellation of r − f that makes its r round to 1 in single
//     precision at large kappa. Each attempt succeeds with a probability
//     of at least 0.65; after 48 failed attempts (a probability below
//     2^-72) the last candidate is kept.
func VonMises(b *Bijection, dt dtypes.DType, mu, kappa float64) (*Sampler, error) {
	const name = "vonmises"
	if err := checkSampler(name, b, dt, isFloat, "float32 or float64"); err != nil {
		return nil, err
	}
	if err := checkFinite(name, dt, map[string]float64{"mu": mu}); err != nil {
		return nil, err
	}
	if !(kappa > 0) || math.IsInf(kappa, 0) {
		return nil, fmt.Errorf("cbrng: %s sampler of %v: the concentration kappa %g must be positive and finite", name, dt, kappa)
	}
	per := uint32PerValue(dt)
	args := map[string]any{"mu": mu, "kappa": kappa, "tries": vonMisesTries}
	switch bounds := vonMisesMethods[dt]; {
	case kappa <= bounds[0]:
		args["method"] = "uniform"
		return newSampler(name, b, dt, 1, 0, per, args)
	case kappa > bounds[1]:
		args["method"], args["sigma"] = "normal", 1/math.Sqrt(kappa)
		return newSampler(name, b, dt, 1, 0, 2*per, args)
	}
	// Best and Fisher's r = (1 + ρ²) / 2ρ, with ρ = (τ − √(2τ)) / 2κ and
	// τ = 1 + √(1 + 4κ²), enters the method as r − 1 = (1 − ρ)² / 2ρ, with
	// 1 − ρ written without cancellation: τ − 2κ = 1 + 1/(√(1 + 4κ²) + 2κ).
	s := math.Sqrt(1 + 4*kappa*kappa)
	tau := 1 + s
	q := tau + math.Sqrt(2*tau)
	rho := 2 * kappa / q
	oneMinusRho := (1 + 1/(s+2*kappa) + math.Sqrt(2*tau)) / q
	rm1 := oneMinusRho * oneMinusRho / (2 * rho)
	args["method"], args["rm1"], args["krm1"] = "best_fisher", rm1, kappa*rm1
	return newSampler(name, b, dt, 1, 0, (2*vonMisesTries+1)*per, args)
}
