package fft

import (
	"fmt"
	"math"
)

// R2RNorm is the normalization of a real-to-real transform, as scipy.fft
// names them.
type R2RNorm int

// The normalizations: Backward leaves the forward transform unscaled and
// scales its inverse (scipy's default, norm=None or "backward"); Ortho
// scales both so that they are orthonormal; Forward scales the forward
// transform and leaves its inverse unscaled.
const (
	NormBackward R2RNorm = iota
	NormOrtho
	NormForward
)

// String returns scipy's name of the normalization.
func (n R2RNorm) String() string {
	switch n {
	case NormBackward:
		return "backward"
	case NormOrtho:
		return "ortho"
	case NormForward:
		return "forward"
	}
	return fmt.Sprintf("R2RNorm(%d)", int(n))
}

// r2rMode is how one axis of a real-to-real transform runs as a complex FFT
// of length L along it: what the load of the FFT's input gathers from the
// real input, and what the store of its output scatters into the real
// output. Each is derived in dct_plan.go's comments below.
type r2rMode int

const (
	// makhoul: types II. The FFT of length N of the input reordered as
	// v[n] = x[2n], v[N-1-n] = x[2n+1] gives y[k] = 2 Re(exp(-iπk/2N) V[k])
	// (Makhoul's algorithm); the DST takes x[n]·(-1)^n and stores y at
	// N-1-k.
	makhoul r2rMode = iota
	// makhoulInverse: types III, the inverse of makhoul. The unnormalized
	// inverse FFT of length N of V[k] = (X[k] - i X[N-k]) exp(iπk/2N),
	// X[N] = 0, gives y[2n] = Re v[n] and y[2n+1] = Re v[N-1-n]; the DST
	// reads X reversed and stores y·(-1)^n.
	makhoulInverse
	// twiddlePad: types IV of odd lengths. The FFT of length 2N of
	// x[n]·exp(-iπn/2N), zero-padded, gives y[k] = 2 Re(exp(-iπ(2k+1)/4N)
	// Z[k]) for the DCT and -2 Im(...) for the DST.
	twiddlePad
	// halfComplex: types IV of even lengths. The FFT of length N/2 of
	// t[n] = (x[2n] + i x[N-1-2n])·exp(-iπ(4n+1)/4N) gives, with u[k] =
	// T[k]·exp(-iπk/N), y[2k] = 2 Re u[k] and y[N-1-2k] = -2 Im u[k]; the
	// DST reads x reversed and stores y·(-1)^j.
	halfComplex
	// evenExtension: DCT-I. The FFT of length 2(N-1) of the even extension
	// x[0..N-1], x[N-2..1] gives y[k] = Re E[k].
	evenExtension
	// oddExtension: DST-I. The FFT of length 2(N+1) of the odd extension
	// 0, x[0..N-1], 0, -x[N-1..0] gives y[k] = -Im O[k+1].
	oddExtension
)

// r2rTable is a table of twiddles (cos θ, sin θ) that a load or store of
// a real-to-real transform reads at index k < N, in place of computing
// them: sincos per element costs more than the FFT's own work per element.
type r2rTable int

const (
	noTable     r2rTable = iota
	quarterStep          // θ = πk/2N, k < N
	oddEighth            // θ = π(2k+1)/4N, k < N
	halfStep             // θ = πk/N, k < N/2
	quarterOdd           // θ = π(4k+1)/4N, k < N/2
)

// values returns the table's twiddles for the real length n, in float64.
func (t r2rTable) values(n int) []complex128 {
	m := n
	if t == halfStep || t == quarterOdd {
		m = n / 2
	}
	out := make([]complex128, m)
	for k := range out {
		var theta float64
		switch t {
		case quarterStep:
			theta = math.Pi * float64(k) / float64(2*n)
		case oddEighth:
			theta = math.Pi * float64(2*k+1) / float64(4*n)
		case halfStep:
			theta = math.Pi * float64(k) / float64(n)
		case quarterOdd:
			theta = math.Pi * float64(4*k+1) / float64(4*n)
		}
		out[k] = complex(math.Cos(theta), math.Sin(theta))
	}
	return out
}

// r2rAxis is the plan of one axis of a real-to-real transform: the
// numbers the load and store templates (templates/dct_load.cl,
// templates/dct_store.cl) are drawn from.
type r2rAxis struct {
	Mode r2rMode
	Sine bool // a DST
	// LoadTable and StoreTable are the twiddles the load and the store
	// read.
	LoadTable, StoreTable r2rTable
	N, L                  int  // the real length and the FFT's
	Inverse               bool // the FFT runs backwards (unnormalized)
	// Scale multiplies every output; Pre multiplies the inputs at the
	// indices PreAt, Post the outputs at PostAt (orthonormal types I-III).
	Scale       float64
	Pre, Post   float64
	PreAt       []int
	PostAt      []int
	HalfRoundUp int // (N+1)/2: where Makhoul's reordering turns
}

// planR2R plans one axis of length n of a DCT (sine false) or DST of type
// typ (1 to 4) with the normalization norm; inverse plans scipy's idct or
// idst of that type, which is the transform of the inverse type (III for
// II, II for III, the same for I and IV) scaled to undo it.
func planR2R(sine bool, typ int, n int, norm R2RNorm, inverse bool) (r2rAxis, error) {
	if n < 1 || typ == 1 && !sine && n < 2 {
		return r2rAxis{}, fmt.Errorf("a type %d transform of length %d (want at least %d)", typ, n, map[bool]int{true: 2, false: 1}[typ == 1 && !sine])
	}
	eff := typ
	if inverse {
		eff = map[int]int{1: 1, 2: 3, 3: 2, 4: 4}[typ]
	}
	a := r2rAxis{Sine: sine, N: n, L: n, Scale: 1, Pre: 1, Post: 1, HalfRoundUp: (n + 1) / 2}
	switch eff {
	case 1:
		if sine {
			a.Mode, a.L = oddExtension, 2*(n+1)
		} else {
			a.Mode, a.L = evenExtension, 2*(n-1)
		}
	case 2:
		a.Mode, a.StoreTable = makhoul, quarterStep
	case 3:
		a.Mode, a.Inverse, a.LoadTable = makhoulInverse, true, quarterStep
	case 4:
		if n%2 == 0 {
			a.Mode, a.L, a.LoadTable, a.StoreTable = halfComplex, n/2, quarterOdd, halfStep
		} else {
			a.Mode, a.L, a.LoadTable, a.StoreTable = twiddlePad, 2*n, quarterStep, oddEighth
		}
	}
	// d is the factor by which the inverse of an unscaled transform of type
	// typ divides: the transforms of types I-IV and their inverse types
	// compose to d times the identity.
	d := float64(2 * n)
	if typ == 1 {
		d = float64(2 * (n - 1))
		if sine {
			d = float64(2 * (n + 1))
		}
	}
	switch norm {
	case NormBackward:
		if inverse {
			a.Scale = 1 / d
		}
	case NormForward:
		if !inverse {
			a.Scale = 1 / d
		}
	case NormOrtho:
		a.Scale = 1 / math.Sqrt(d)
		// The endpoints that scipy's orthonormal types I-III weigh apart.
		last := 0
		if sine {
			last = n - 1
		}
		switch {
		case eff == 1 && !sine:
			a.Pre, a.PreAt = math.Sqrt2, []int{0, n - 1}
			a.Post, a.PostAt = 1/math.Sqrt2, []int{0, n - 1}
		case eff == 2:
			a.Post, a.PostAt = 1/math.Sqrt2, []int{last}
		case eff == 3:
			a.Pre, a.PreAt = math.Sqrt2, []int{last}
		}
	default:
		return r2rAxis{}, fmt.Errorf("unknown normalization %v", norm)
	}
	return a, nil
}
