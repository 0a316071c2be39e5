package computations

import "math"

// Harmonic returns the eigenfunction of the quantum harmonic oscillator of
// the given mode at x (reikna's dht.harmonic):
//
//	φₙ(x) = (2ⁿ n! √π)^(−1/2) e^(−x²/2) Hₙ(x),
//
// with Hₙ the physicists' Hermite polynomial. The functions are
// orthonormal on the real line. It is computed by the recurrence
// φₙ = √(2/n) x φₙ₋₁ − √((n−1)/n) φₙ₋₂ from φ₀ = π^(−1/4) e^(−x²/2), in
// O(mode) steps, on values scaled by a power of two where e^(−x²/2)
// underflows (|x| beyond about 37), so that it neither overflows,
// underflows before the end nor loses accuracy for large modes. A negative
// mode, or one above MaxHarmonicMode, gives NaN.
func Harmonic(x float64, mode int) float64 {
	if mode < 0 || mode > MaxHarmonicMode {
		return math.NaN()
	}
	return harmonicSeqAt(x, mode).value()
}

// MaxHarmonicMode is the largest mode Harmonic computes: its recurrence
// takes a step per mode, and 2²⁴ steps take tens of milliseconds, a
// thousand times the modes of the largest DHT grid (maxDHTPoints). Beyond
// it Harmonic returns NaN rather than run for hours.
const MaxHarmonicMode = 1 << 24

// harmonicSeq steps through φ₀(x), φ₁(x), … by the recurrence of
// Harmonic. It holds the last two values times 2^scale: where e^(−x²/2)
// underflows, the recurrence starts from a scaled φ₀ and the scale falls
// as the values grow, so that no value underflows to zero and stops the
// recurrence. Scaling by powers of two is exact.
type harmonicSeq struct {
	x         float64
	n         int     // the mode of cur
	prev, cur float64 // φₙ₋₁(x)·2^scale and φₙ(x)·2^scale
	scale     int
}

const (
	// harmonicMinExponent is the most negative exponent −x²/2 whose
	// e^(−x²/2) π^(−1/4) is a normal float64 (e^−708 ≈ 3e−308); below it
	// the recurrence starts scaled.
	harmonicMinExponent = -700
	// harmonicRescale is the binary order of magnitude of a scaled value
	// beyond which the scale falls: a step multiplies a value by at most
	// about 2|x| < 2³², so the values stay far from overflowing.
	harmonicRescale = 512
	// harmonicRescaleAt is 2^harmonicRescale.
	harmonicRescaleAt = 0x1p512
	// harmonicFar is the |x| from which φₘ(x) is zero in float64 for
	// every mode m below 2⁵⁶, more than any recurrence runs:
	// |Hₘ(x)| ≤ (2|x|)^m e^(m²/(4x²)) and e^(−x²/2) < 2^(−2⁶¹).
	harmonicFar = 0x1p31
)

// newHarmonicSeq returns the sequence at φ₀(x).
func newHarmonicSeq(x float64) harmonicSeq {
	s := harmonicSeq{x: x}
	y := -x * x / 2
	switch {
	case math.IsNaN(x):
		s.cur = math.NaN()
	case math.Abs(x) >= harmonicFar:
		// Every value is zero: so is the start, and with x taken as 0 (x
		// may be infinite) the recurrence keeps it.
		s.x = 0
	case y >= harmonicMinExponent:
		s.cur = math.Pow(math.Pi, -0.25) * math.Exp(y)
	default:
		// e^y = e^(y + j ln 2) 2^(−j), with e^(y + j ln 2) in [1, 2). The
		// rounding of j ln 2 costs as little as that of y itself.
		j := int(math.Ceil(-y / math.Ln2))
		s.cur = math.Pow(math.Pi, -0.25) * math.Exp(y+float64(j)*math.Ln2)
		s.scale = j
	}
	return s
}

// next steps the sequence to the next mode.
func (s *harmonicSeq) next() {
	n := float64(s.n + 1)
	s.step(math.Sqrt(2/n), math.Sqrt((n-1)/n))
}

// step steps the sequence to the next mode n+1 with the coefficients of
// the recurrence a = √(2/(n+1)) and b = √(n/(n+1)), as harmonicCoefs
// holds them.
func (s *harmonicSeq) step(a, b float64) {
	s.n++
	s.prev, s.cur = s.cur, a*s.x*s.cur-b*s.prev
	if s.scale > 0 && math.Abs(s.cur) > harmonicRescaleAt {
		k := min(s.scale, harmonicRescale)
		s.prev, s.cur = math.Ldexp(s.prev, -k), math.Ldexp(s.cur, -k)
		s.scale -= k
	}
}

// harmonicSeqAt returns the sequence at x stepped to mode n.
func harmonicSeqAt(x float64, n int) harmonicSeq {
	s := newHarmonicSeq(x)
	for s.n < n {
		s.next()
	}
	return s
}

// harmonicCoefs are the coefficients of the recurrence of Harmonic up to
// a mode, a[k] = √(2/k) and b[k] = √((k−1)/k), computed once for the many
// points at which a grid or a matrix evaluates the recurrence.
type harmonicCoefs struct{ a, b []float64 }

// newHarmonicCoefs returns the coefficients up to mode n.
func newHarmonicCoefs(n int) harmonicCoefs {
	c := harmonicCoefs{a: make([]float64, n+1), b: make([]float64, n+1)}
	for k := 1; k <= n; k++ {
		c.a[k], c.b[k] = math.Sqrt(2/float64(k)), math.Sqrt(float64(k-1)/float64(k))
	}
	return c
}

// harmonicLanes is the number of points whose recurrences run side by
// side: independent chains of operations, which the processor overlaps.
const harmonicLanes = 8

// seqsAt sets s[l] to the sequence at x[l] stepped to mode n, at most the
// mode of the coefficients, running the recurrences side by side.
func (c harmonicCoefs) seqsAt(s []harmonicSeq, x []float64, n int) {
	for l := range s {
		s[l] = newHarmonicSeq(x[l])
	}
	for k := 1; k <= n; k++ {
		a, b := c.a[k], c.b[k]
		for l := range s {
			s[l].step(a, b)
		}
	}
}

// value returns φₙ(x) of the current mode n.
func (s harmonicSeq) value() float64 {
	if s.scale == 0 {
		return s.cur
	}
	return math.Ldexp(s.cur, -s.scale)
}
