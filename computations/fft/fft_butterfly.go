package fft

import (
	"fmt"
	"math"
	"strings"

	"github.com/reikna-go/reikna/dtypes"
)

// butterflyGen writes straight-line C for the forward DFT of a few complex
// values held in variables, with every constant at the working precision.
type butterflyGen struct {
	cdt  dtypes.DType // complex type of the values
	b    strings.Builder
	temp int
	// lanes > 1: each value holds that many complex values side by side,
	// the real parts in the low half of a vector of 2·lanes reals and the
	// imaginary parts in the high half (lanesType).
	lanes int
}

// ctype returns the C type of a value.
func (g *butterflyGen) ctype() string {
	if g.lanes > 1 {
		return lanesType(g.cdt, g.lanes)
	}
	return g.cdt.CType()
}

// re and im return the C expressions of the real and imaginary parts of
// the value v.
func (g *butterflyGen) re(v string) string {
	if g.lanes > 1 {
		return v + ".lo"
	}
	return v + ".x"
}

func (g *butterflyGen) im(v string) string {
	if g.lanes > 1 {
		return v + ".hi"
	}
	return v + ".y"
}

// lanesType returns the C vector type of lanes complex values of cdt held
// as their real parts, then their imaginary parts: float16 for 8 lanes of
// complex64.
func lanesType(cdt dtypes.DType, lanes int) string {
	return fmt.Sprintf("%s%d", cdt.Real().CType(), 2*lanes)
}

// shuffleMaskType returns the type of the masks of shuffle and shuffle2
// over vectors of lanesType(cdt, lanes): unsigned integers of the size of
// its parts.
func shuffleMaskType(cdt dtypes.DType, lanes int) string {
	return fmt.Sprintf("%s%d", map[int]string{4: "uint", 8: "ulong"}[cdt.Real().Size()], 2*lanes)
}

func (g *butterflyGen) lit(x float64) string { return g.cdt.Real().MustLiteral(x) }

// fresh declares a new variable holding expr and returns its name.
func (g *butterflyGen) fresh(expr string) string {
	name := fmt.Sprintf("_t%d", g.temp)
	g.temp++
	fmt.Fprintf(&g.b, "    const %s %s = %s;\n", g.ctype(), name, expr)
	return name
}

// twiddle returns an expression for v * W_r^e, W_r = exp(-2πi/r), with the
// trivial factors (±1, ±i, (±1±i)/√2) written without a full product.
func (g *butterflyGen) twiddle(v string, e, r int) string {
	e %= r
	ct := g.ctype()
	x, y := g.re(v), g.im(v)
	switch {
	case e == 0:
		return v
	case 2*e == r:
		return "-" + v
	case 4*e == r: // -i
		return fmt.Sprintf("COMPLEX_CTR(%s)(%s, -%s)", ct, y, x)
	case 4*e == 3*r: // +i
		return fmt.Sprintf("COMPLEX_CTR(%s)(-%s, %s)", ct, y, x)
	case 8*e == r: // (1 - i)/sqrt2
		h := g.lit(math.Sqrt2 / 2)
		return fmt.Sprintf("COMPLEX_CTR(%s)((%s + %s) * %s, (%s - %s) * %s)", ct, x, y, h, y, x, h)
	case 8*e == 3*r: // -(1 + i)/sqrt2
		h := g.lit(math.Sqrt2 / 2)
		return fmt.Sprintf("COMPLEX_CTR(%s)((%s - %s) * %s, -(%s + %s) * %s)", ct, y, x, h, x, y, h)
	}
	s, c := math.Sincos(-2 * math.Pi * float64(e) / float64(r))
	return fmt.Sprintf("COMPLEX_CTR(%s)(%s * %s - %s * %s, %s * %s + %s * %s)",
		ct, x, g.lit(c), y, g.lit(s), x, g.lit(s), y, g.lit(c))
}

// dft emits the DFT of the values in vs and returns the names holding the
// results in order.
func (g *butterflyGen) dft(vs []string) []string {
	r := len(vs)
	switch {
	case r == 1:
		return vs
	case r == 2:
		return []string{g.fresh(vs[0] + " + " + vs[1]), g.fresh(vs[0] + " - " + vs[1])}
	case r == 4:
		a := g.fresh(vs[0] + " + " + vs[2])
		b := g.fresh(vs[0] + " - " + vs[2])
		c := g.fresh(vs[1] + " + " + vs[3])
		// d = (v1 - v3) * (-i)
		d := g.fresh(g.twiddle(g.fresh(vs[1]+" - "+vs[3]), 1, 4))
		return []string{g.fresh(a + " + " + c), g.fresh(b + " + " + d), g.fresh(a + " - " + c), g.fresh(b + " - " + d)}
	case isPrime(r):
		return g.primeDFT(vs)
	}
	// r = a * b: DFTs of size b over strided inputs, twiddles, DFTs of size a.
	a := smallestFactor(r)
	if r%4 == 0 {
		a = 4
	}
	b := r / a
	y := make([][]string, a)
	for n1 := 0; n1 < a; n1++ {
		sub := make([]string, b)
		for n2 := 0; n2 < b; n2++ {
			sub[n2] = vs[n1+a*n2]
		}
		y[n1] = g.dft(sub)
		for k2 := 1; k2 < b; k2++ {
			if n1*k2%r != 0 {
				y[n1][k2] = g.fresh(g.twiddle(y[n1][k2], n1*k2, r))
			}
		}
	}
	out := make([]string, r)
	for k2 := 0; k2 < b; k2++ {
		col := make([]string, a)
		for n1 := 0; n1 < a; n1++ {
			col[n1] = y[n1][k2]
		}
		res := g.dft(col)
		for k1 := 0; k1 < a; k1++ {
			out[k2+b*k1] = res[k1]
		}
	}
	return out
}

// primeDFT emits an odd prime DFT in the symmetric form: sums and
// differences of mirrored inputs, then real combinations.
func (g *butterflyGen) primeDFT(vs []string) []string {
	p := len(vs)
	h := (p - 1) / 2
	s := make([]string, h+1)
	d := make([]string, h+1)
	for m := 1; m <= h; m++ {
		s[m] = g.fresh(vs[m] + " + " + vs[p-m])
		d[m] = g.fresh(vs[m] + " - " + vs[p-m])
	}
	out := make([]string, p)
	sum := []string{vs[0]}
	for m := 1; m <= h; m++ {
		sum = append(sum, s[m])
	}
	out[0] = g.fresh(strings.Join(sum, " + "))
	ct := g.ctype()
	for q := 1; q <= h; q++ {
		re := []string{vs[0]}
		var im []string
		for m := 1; m <= h; m++ {
			angle := 2 * math.Pi * float64(m*q%p) / float64(p)
			re = append(re, fmt.Sprintf("%s * %s", s[m], g.lit(math.Cos(angle))))
			im = append(im, fmt.Sprintf("%s * %s", d[m], g.lit(math.Sin(angle))))
		}
		a := g.fresh(strings.Join(re, " + "))
		b := g.fresh(strings.Join(im, " + "))
		// X_q = a - i b, X_{p-q} = a + i b.
		out[q] = g.fresh(fmt.Sprintf("%s + COMPLEX_CTR(%s)(%s, -%s)", a, ct, g.im(b), g.re(b)))
		out[p-q] = g.fresh(fmt.Sprintf("%s + COMPLEX_CTR(%s)(-%s, %s)", a, ct, g.im(b), g.re(b)))
	}
	return out
}

// loopedPrimeStatements returns the C statements that replace a[0..p-1],
// values of lanes > 1 complex values of cdt (a looped pass always has
// lanes), by their forward DFT for an odd prime p, one a line: the
// symmetric form of primeDFT, its sums as loops over tables of cos and
// sin 2πe/p.
func loopedPrimeStatements(p int, cdt dtypes.DType, lanes int) []string {
	g := &butterflyGen{cdt: cdt, lanes: lanes}
	rt := cdt.Real().CType()
	vt := g.ctype()
	h := (p - 1) / 2
	cs := make([]string, p)
	sn := make([]string, p)
	for e := range p {
		angle := 2 * math.Pi * float64(e) / float64(p)
		cs[e], sn[e] = g.lit(math.Cos(angle)), g.lit(math.Sin(angle))
	}
	ctor := func(re, im string) string { return fmt.Sprintf("(%s)(%s, %s)", vt, re, im) }
	w := func(format string, args ...any) { fmt.Fprintf(&g.b, "    "+format+"\n", args...) }
	w("const %s _cos[%d] = {%s};", rt, p, strings.Join(cs, ", "))
	w("const %s _sin[%d] = {%s};", rt, p, strings.Join(sn, ", "))
	w("%s _sum[%d], _dif[%d];", vt, h, h)
	w("%s _total = (a)[0];", vt)
	w("for (unsigned int _m = 1; _m <= %d; _m++)", h)
	w("{")
	w("    _sum[_m - 1] = (a)[_m] + (a)[%d - _m];", p)
	w("    _dif[_m - 1] = (a)[_m] - (a)[%d - _m];", p)
	w("    _total += _sum[_m - 1];")
	w("}")
	w("for (unsigned int _q = 1; _q <= %d; _q++)", h)
	w("{")
	w("    %s _re = (a)[0], _im = (%s)(%s);", vt, vt, g.lit(0))
	w("    unsigned int _e = 0;")
	w("    for (unsigned int _m = 1; _m <= %d; _m++)", h)
	w("    {")
	w("        _e += _q;")
	w("        if (_e >= %d)", p)
	w("            _e -= %d;", p)
	w("        _re += _sum[_m - 1] * _cos[_e];")
	w("        _im += _dif[_m - 1] * _sin[_e];")
	w("    }")
	w("    /* X_q = re - i im, X_{p-q} = re + i im */")
	w("    (a)[_q] = %s;", ctor(g.re("_re")+" + "+g.im("_im"), g.im("_re")+" - "+g.re("_im")))
	w("    (a)[%d - _q] = %s;", p, ctor(g.re("_re")+" - "+g.im("_im"), g.im("_re")+" + "+g.re("_im")))
	w("}")
	w("(a)[0] = _total;")
	return g.lines()
}

func isPrime(n int) bool { return n >= 2 && smallestFactor(n) == n }

func smallestFactor(n int) int {
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			return p
		}
	}
	return n
}

// butterflyStatements returns the C statements that replace the values in
// vars (lvalues, such as "v[3]", or the parameters of a macro) by their
// forward DFT, one a line, with temporaries that need a block of their own.
func butterflyStatements(vars []string, cdt dtypes.DType) []string {
	return butterflyLanesStatements(vars, cdt, 1)
}

// butterflyLanesStatements is butterflyStatements on values that each
// hold lanes complex values (see butterflyGen.lanes); 1 is one value.
func butterflyLanesStatements(vars []string, cdt dtypes.DType, lanes int) []string {
	g := &butterflyGen{cdt: cdt, lanes: lanes}
	out := g.dft(vars)
	// The results may name input variables: read them all before writing.
	for i, o := range out {
		if o != vars[i] {
			fmt.Fprintf(&g.b, "    %s = %s;\n", vars[i], o)
		}
	}
	return g.lines()
}

// butterflyFunctionStatements returns the C statements of a function that
// replaces v[0..r-1] by their forward DFT, one a line.
func butterflyFunctionStatements(r int, cdt dtypes.DType) []string {
	g := &butterflyGen{cdt: cdt}
	in := make([]string, r)
	for i := range in {
		in[i] = g.fresh(fmt.Sprintf("v[%d]", i))
	}
	out := g.dft(in)
	for i, o := range out {
		fmt.Fprintf(&g.b, "    v[%d] = %s;\n", i, o)
	}
	return g.lines()
}

// lines returns what g has written, one statement a line.
func (g *butterflyGen) lines() []string {
	if g.b.Len() == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(g.b.String(), "\n"), "\n")
}
