package lab

import (
	"math"
	"math/cmplx"

	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/reference"
)

const (
	// dctSampleSlabs is how many items of a batch of a DCT or DST case are
	// compared with a float64 reference: the first, the last and some
	// between (rows of a 1-D case, whole arrays of a 2-D one).
	dctSampleSlabs = 4
	// dctTolerance bounds the relative L2 error of a float32 item: that of
	// the tests of the DCT and DST (four times the complex FFT's).
	dctTolerance = 4e-6
)

// r2rSum is scipy.fft's definition of one unnormalized real-to-real
// transform of a row x of n points as a sum,
//
//	y[k] = Σ_j w_j x[j] f(π (k+α)(j+β) / d),
//
// with f the cosine (DCT) or the sine (DST), and weights w_j = 2 but for
// the first and the last point, which types I and III weigh apart.
type r2rSum struct {
	d, alpha, beta float64
	first, last    float64 // w_0 and w_{n-1}
}

// r2rSumOf returns the sum of the DCT (sine false) or DST of type typ of
// rows of n points.
func r2rSumOf(sine bool, typ, n int) r2rSum {
	nf := float64(n)
	s := r2rSum{d: nf, first: 2, last: 2}
	switch {
	case typ == 1 && !sine: // x[0] + (-1)^k x[n-1] + 2 Σ x[j] cos(πkj/(n-1))
		s.d, s.first, s.last = nf-1, 1, 1
	case typ == 1: // 2 Σ x[j] sin(π(k+1)(j+1)/(n+1))
		s.d, s.alpha, s.beta = nf+1, 1, 1
	case typ == 2 && !sine: // 2 Σ x[j] cos(πk(2j+1)/2n)
		s.beta = 0.5
	case typ == 2: // 2 Σ x[j] sin(π(k+1)(2j+1)/2n)
		s.alpha, s.beta = 1, 0.5
	case typ == 3 && !sine: // x[0] + 2 Σ_{j≥1} x[j] cos(πj(2k+1)/2n)
		s.alpha, s.first = 0.5, 1
	case typ == 3: // (-1)^k x[n-1] + 2 Σ_{j<n-1} x[j] sin(π(2k+1)(j+1)/2n)
		s.alpha, s.beta, s.last = 0.5, 1, 1
	default: // type IV: 2 Σ x[j] f(π(2k+1)(2j+1)/4n)
		s.alpha, s.beta = 0.5, 0.5
	}
	return s
}

// r2rReference returns, in float64, scipy.fft's dct (sine false) or dst
// of type typ with the default normalization ("backward") of each row of
// x (rows of n points, row-major), or where inverse its idct or idst: the
// transform of the inverse type divided by 2d. The sums go through one
// FFT of length 2d per row:
//
//	Σ_j w_j x[j] e^{-iπ(k+α)(j+β)/d} = e^{-iπ(k+α)β/d} Σ_j (w_j x[j] e^{-iπαj/d}) e^{-2πi kj/2d},
//
// whose real part is the DCT's sum and whose imaginary part, negated, is
// the DST's.
func r2rReference(sine bool, typ int, inverse bool, x []float64, n int) []float64 {
	eff := typ
	if inverse {
		eff = map[int]int{1: 1, 2: 3, 3: 2, 4: 4}[typ]
	}
	s := r2rSumOf(sine, eff, n)
	scale := 1.0
	if inverse {
		scale = 1 / (2 * s.d)
	}
	rows, m := len(x)/n, int(math.Round(2*s.d))
	z := make([]complex128, rows*m)
	for r := range rows {
		for j := range n {
			w := 2.0
			switch j {
			case 0:
				w = s.first
			case n - 1:
				w = s.last
			}
			z[r*m+j] = complex(w*x[r*n+j], 0) * cmplx.Exp(complex(0, -math.Pi*s.alpha*float64(j)/s.d))
		}
	}
	z = reference.FFTN(z, []int{rows, m}, []int{1}, false)
	y := make([]float64, len(x))
	for r := range rows {
		for k := range n {
			e := cmplx.Exp(complex(0, -math.Pi*(float64(k)+s.alpha)*s.beta/s.d)) * z[r*m+k]
			if sine {
				y[r*n+k] = -scale * imag(e)
			} else {
				y[r*n+k] = scale * real(e)
			}
		}
	}
	return y
}

// r2rReferenceN returns the case's transform, in float64, of x, an array
// of shape, over axes (of shape, in the order the case transforms them).
func r2rReferenceN(c dctCase, x []float64, shape, axes []int) []float64 {
	y := x
	for _, a := range axes {
		n, inner := shape[a], 1
		for _, s := range shape[a+1:] {
			inner *= s
		}
		outer := len(y) / (n * inner)
		// Gather the lines along a into rows, transform them, scatter them back.
		lines := make([]float64, len(y))
		for o := range outer {
			for i := range inner {
				for k := range n {
					lines[(o*inner+i)*n+k] = y[(o*n+k)*inner+i]
				}
			}
		}
		lines = r2rReference(c.sine, c.typ, c.inverse, lines, n)
		y = make([]float64, len(lines))
		for o := range outer {
			for i := range inner {
				for k := range n {
					y[(o*n+k)*inner+i] = lines[(o*inner+i)*n+k]
				}
			}
		}
	}
	return y
}

// checkDCT compares dctSampleSlabs items of the batch of out, the case's
// transform of in (both of shape, the leading axis the batch), with a
// float64 reference, and returns the largest relative L2 error of an item.
func checkDCT(c dctCase, shape []int, in, out []float32) (float64, error) {
	batch, item := shape[0], transformLength(shape[1:], cliutil.AllAxes(len(shape)-1))
	axes := make([]int, len(c.axes))
	for i, a := range c.axes {
		axes[i] = a - 1
	}
	return worstSampleError(batch, dctSampleSlabs, dctTolerance, "item %d of the batch", func(r int) float64 {
		x := make([]float64, item)
		for i := range x {
			x[i] = float64(in[r*item+i])
		}
		want := r2rReferenceN(c, x, shape[1:], axes)
		return cliutil.Compare(reference.Complex(out[r*item:(r+1)*item]), reference.Complex(want), dctTolerance).RelL2
	})
}
