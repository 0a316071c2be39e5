package reference

import "math"

// R2R is scipy.fft's dct (dst where sine) of type typ (1 to 4) of the row
// x, or where inverse its idct (idst), with the normalization norm
// ("backward", "ortho" or "forward"), in float64 by the definitions
// summed directly, in O(N²). The orthonormal DST-II and DST-III scale
// their last element, as SciPy does from 1.11 on (scipy gh-18452);
// scripts/r2r_reference_check.py compares R2R with scipy.fft.
func R2R(sine bool, typ int, norm string, inverse bool, x []float64) []float64 {
	n := len(x)
	eff := typ
	if inverse {
		eff = map[int]int{1: 1, 2: 3, 3: 2, 4: 4}[typ]
	}
	in := append([]float64(nil), x...)
	nf := float64(n)
	d := 2 * nf
	if typ == 1 {
		d = 2 * (nf - 1)
		if sine {
			d = 2 * (nf + 1)
		}
	}
	last := 0
	if sine {
		last = n - 1
	}
	if norm == "ortho" {
		switch {
		case eff == 1 && !sine:
			in[0] *= math.Sqrt2
			in[n-1] *= math.Sqrt2
		case eff == 3:
			in[last] *= math.Sqrt2
		}
	}
	y := make([]float64, n)
	for k := range n {
		kf := float64(k)
		var s float64
		for j, v := range in {
			jf := float64(j)
			switch {
			case !sine && eff == 1:
				switch j {
				case 0:
					s += v
				case n - 1:
					s += v * math.Pow(-1, kf)
				default:
					s += 2 * v * math.Cos(math.Pi*kf*jf/(nf-1))
				}
			case !sine && eff == 2:
				s += 2 * v * math.Cos(math.Pi*kf*(2*jf+1)/(2*nf))
			case !sine && eff == 3:
				if j == 0 {
					s += v
				} else {
					s += 2 * v * math.Cos(math.Pi*jf*(2*kf+1)/(2*nf))
				}
			case !sine && eff == 4:
				s += 2 * v * math.Cos(math.Pi*(2*kf+1)*(2*jf+1)/(4*nf))
			case sine && eff == 1:
				s += 2 * v * math.Sin(math.Pi*(kf+1)*(jf+1)/(nf+1))
			case sine && eff == 2:
				s += 2 * v * math.Sin(math.Pi*(kf+1)*(2*jf+1)/(2*nf))
			case sine && eff == 3:
				if j == n-1 {
					s += v * math.Pow(-1, kf)
				} else {
					s += 2 * v * math.Sin(math.Pi*(2*kf+1)*(jf+1)/(2*nf))
				}
			case sine && eff == 4:
				s += 2 * v * math.Sin(math.Pi*(2*kf+1)*(2*jf+1)/(4*nf))
			}
		}
		y[k] = s
	}
	scale := 1.0
	switch norm {
	case "backward":
		if inverse {
			scale = 1 / d
		}
	case "forward":
		if !inverse {
			scale = 1 / d
		}
	case "ortho":
		scale = 1 / math.Sqrt(d)
		switch {
		case eff == 1 && !sine:
			y[0] /= math.Sqrt2
			y[n-1] /= math.Sqrt2
		case eff == 2:
			y[last] /= math.Sqrt2
		}
	}
	for k := range y {
		y[k] *= scale
	}
	return y
}
