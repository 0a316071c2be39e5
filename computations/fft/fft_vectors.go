package fft

import (
	"fmt"
	"slices"
	"strings"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/dtypes"
)

// fftVectorsBody holds the numbers of the vector kernel
// (fftplan.Pass.Vectors, templates/fft_vectors.cl): each of Items
// work-items takes Rows neighbouring rows of L complex values as vectors
// of VType, x0, x1, ..., each holding Values neighbouring values with
// their real and imaginary parts interleaved, as in memory. Lines are the
// statements of the stages of the rows' prime factors (decimation in
// frequency), each a constant vector of VType; Outputs name the vectors
// that hold the values Values·v to Values·v + Values - 1 of the rows'
// outputs in order, once the stages' digit-reversed order is undone by
// shuffles.
type fftVectorsBody struct {
	VType  string // a vector of 2·Values reals
	Width  int    // 2·Values: the reals of a vector (vload and vstore)
	Values int    // complex values a vector
	Rows   int    // rows a work-item
	Count  int    // rows of the pass
	Items  int    // work-items: Count over Rows, rounded up
	Full   int    // work-items of Rows rows each
	// Tail: the last work-item has fewer rows than Rows; it loads and
	// stores value by value.
	Tail    bool
	Vectors []int // 0 to Rows·L/Values - 1
	Lines   []string
	Outputs []string
	// Pointers: the row is loaded and stored through the arrays'
	// pointers as whole vectors; otherwise value by value, through
	// FFT_LOAD_ELEM and FFT_STORE_ELEM (a transformation on an end).
	Pointers bool
	// Conj and ConjScale are the vectors that conjugate the inverse's
	// inputs and conjugate and scale its outputs on the pointers' path.
	Conj, ConjScale string
	// Elems are the values of each vector on the elements' path, in the
	// order of its lanes: the loads' and the stores'.
	Elems []fftVectorElems
}

// fftVectorElems is one vector of the elements' path of the vector
// kernel: V, the vector, and the row (of the work-item's Rows) and the
// position in it of each of its values.
type fftVectorElems struct {
	V      int
	Values []fftVectorElem
}

// fftVectorElem is the row of a work-item's Rows and the position in it
// of one value of the elements' path.
type fftVectorElem struct{ Row, N int }

// vectorsBody returns the numbers of the vector kernel of pass p over rows
// rows of values of dt, loading and storing through the arrays' pointers
// where pointers is set, the inverse's outputs scaled by scale.
func vectorsBody(p fftplan.Pass, rows int, dt dtypes.DType, pointers bool, scale string) *fftVectorsBody {
	real := dt.Real()
	values := p.Vectors
	g := &vectorGen{vtype: lanesType(dt, values), mask: shuffleMaskType(dt, values), values: values,
		lit: real.MustLiteral, rank: map[string]int{}}
	r := p.VectorRows()
	vb := &fftVectorsBody{VType: g.vtype, Width: 2 * values, Values: values, Rows: r, Count: rows,
		Items: (rows + r - 1) / r, Full: rows / r, Tail: rows%r != 0, Pointers: pointers}
	count := r * p.L / values
	where := make([]vectorSlot, r*p.L)
	for v := 0; v < count; v++ {
		vb.Vectors = append(vb.Vectors, v)
		name := fmt.Sprintf("x%d", v)
		g.rank[name] = len(g.rank)
		elems := make([]fftVectorElem, values)
		for s := 0; s < values; s++ {
			where[v*values+s] = vectorSlot{name, s}
			elems[s] = fftVectorElem{Row: (v*values + s) / p.L, N: (v*values + s) % p.L}
		}
		vb.Elems = append(vb.Elems, fftVectorElems{V: v, Values: elems})
	}
	span := p.L
	for i, radix := range p.Radices {
		h := span / radix
		g.lines = append(g.lines, fmt.Sprintf("// stage %d of %d, radix %d: the DFT of x[i + m·%d], m < %d, output q times W_%d^(q·(i mod %d))",
			i+1, len(p.Radices), radix, h, radix, span, span))
		where = g.stage(where, p.L, radix, h)
		span = h
	}
	g.lines = append(g.lines, "// the outputs in order: the stages left output k at its digits reversed")
	for v := 0; v < count; v++ {
		srcs := make([]*vectorSlot, values)
		for l := range srcs {
			e := v*values + l
			row, k := e/p.L, e%p.L
			s := where[row*p.L+digitsReversed(k, p.L, p.Radices)]
			srcs[l] = &s
		}
		vb.Outputs = append(vb.Outputs, g.build(srcs))
	}
	vb.Lines = g.lines
	signs, scaled := make([]string, 0, 2*values), make([]string, 0, 2*values)
	for range values {
		signs = append(signs, real.MustLiteral(1), real.MustLiteral(-1))
		scaled = append(scaled, scale, "-"+scale)
	}
	vb.Conj = fmt.Sprintf("(%s)(%s)", g.vtype, strings.Join(signs, ", "))
	vb.ConjScale = fmt.Sprintf("(%s)(%s)", g.vtype, strings.Join(scaled, ", "))
	return vb
}

// vectorSlot is value s of the vector named v.
type vectorSlot struct {
	v string
	s int
}

// vectorGen writes the statements of the vector kernel: constant vectors
// t0, t1, ... of vtype, each of values complex values; rank numbers the
// vectors, the loaded ones (x0, x1, ...) first, in the order they were
// made.
type vectorGen struct {
	vtype  string
	mask   string // the vector type of shuffles' masks
	values int
	lit    func(any) string
	lines  []string
	rank   map[string]int
	temps  int // the vectors the statements made
}

// tmp adds the statement of a new vector of the value expr and returns its
// name.
func (g *vectorGen) tmp(expr string) string {
	name := fmt.Sprintf("t%d", g.temps)
	g.temps++
	g.rank[name] = len(g.rank)
	g.lines = append(g.lines, fmt.Sprintf("const %s %s = %s;", g.vtype, name, expr))
	return name
}

// stage writes the stage of radix r and span h over rows of l values
// (decimation in frequency): for each i with i mod r·h < h, output q of
// the DFT of x[i + m·h] (m < r), times W_{r·h}^(q·(i mod r·h)), goes to
// position i + q·h; where says where each position's value is, and the
// stage returns where its outputs are. The butterflies go values a
// vector together, in the order of their first values' vectors, so that
// lanes of r vectors pair lane by lane without a shuffle where they can.
func (g *vectorGen) stage(where []vectorSlot, l, r, h int) []vectorSlot {
	var firsts []int
	for i := range where {
		if i%l%(r*h) < h {
			firsts = append(firsts, i)
		}
	}
	slices.SortStableFunc(firsts, func(a, b int) int {
		if d := g.rank[where[a].v] - g.rank[where[b].v]; d != 0 {
			return d
		}
		return where[a].s - where[b].s
	})
	out := make([]vectorSlot, len(where))
	for k := 0; k < len(firsts); k += g.values {
		group := firsts[k : k+g.values]
		ins := make([]string, r)
		for m := range ins {
			srcs := make([]*vectorSlot, g.values)
			for lane, i := range group {
				srcs[lane] = &where[i+m*h]
			}
			ins[m] = g.build(srcs)
		}
		for q := 0; q < r; q++ {
			y := g.dft(ins, q)
			ws := make([]complex128, len(group))
			for lane, i := range group {
				ws[lane] = fftplan.UnitRoot(q*(i%l%(r*h)), r*h)
			}
			if p, _ := g.product(y, ws); p != y {
				y = g.tmp(p)
			}
			for lane, i := range group {
				out[i+q*h] = vectorSlot{y, lane}
			}
		}
	}
	return out
}

// dft returns the name of the vector of output q of the DFT of the
// vectors ins: the sum of ins[m]·W_r^(q·m), r = len(ins), each product by
// a constant (product).
func (g *vectorGen) dft(ins []string, q int) string {
	r := len(ins)
	terms := []string{ins[0]}
	for m := 1; m < r; m++ {
		switch e := q * m % r; {
		case 2*e == r:
			terms = append(terms, "- "+ins[m])
		default:
			w := fftplan.UnitRoot(e, r)
			ws := make([]complex128, g.values)
			for i := range ws {
				ws[i] = w
			}
			p, sum := g.product(ins[m], ws)
			if sum {
				p = "(" + p + ")"
			}
			terms = append(terms, "+ "+p)
		}
	}
	return g.tmp(strings.Join(terms, " "))
}

// product returns the expression of the vector v times the constants ws,
// one a lane: v itself where every one is 1; the parts swapped and
// signed where every one is ±i; else one multiplication, a swizzle of
// the parts and a fused multiply-add, a sum (sum set).
func (g *vectorGen) product(v string, ws []complex128) (expr string, sum bool) {
	ones, imaginary := true, true
	re, im := make([]string, 0, 2*len(ws)), make([]string, 0, 2*len(ws))
	for _, w := range ws {
		ones = ones && w == 1
		imaginary = imaginary && real(w) == 0
		re = append(re, g.lit(real(w)), g.lit(real(w)))
		im = append(im, g.lit(-imag(w)), g.lit(imag(w)))
	}
	vector := func(parts []string) string { return fmt.Sprintf("(%s)(%s)", g.vtype, strings.Join(parts, ", ")) }
	switch {
	case ones:
		return v, false
	case imaginary:
		return fmt.Sprintf("%s.%s * %s", v, g.swapParts(), vector(im)), false
	}
	return fmt.Sprintf("%s * %s + %s.%s * %s", v, vector(re), v, g.swapParts(), vector(im)), true
}

// digitsReversed returns the position at which the stages of radices
// over a row of l values leave output k: the stage t of span h_t leaves
// its output q_t at q_t·h_t, and k's digit t (in the radices' mixed base,
// the first stage's lowest) is q_t.
func digitsReversed(k, l int, radices []int) int {
	pos, span := 0, l
	for _, r := range radices {
		span /= r
		pos += k % r * span
		k /= r
	}
	return pos
}

// swapParts is the swizzle that exchanges the real and imaginary parts of
// every value of a vector.
func (g *vectorGen) swapParts() string {
	var sb strings.Builder
	sb.WriteString("s")
	for l := 0; l < g.values; l++ {
		fmt.Fprintf(&sb, "%x%x", 2*l+1, 2*l)
	}
	return sb.String()
}

// build returns the name of a vector whose lane l holds the value srcs[l]
// (any value where srcs[l] is nil): a vector that holds them already, one
// shuffle of one or two vectors, or shuffles of two vectors built so from
// halves of the vectors that hold them.
func (g *vectorGen) build(srcs []*vectorSlot) string {
	var vs []string
	for _, x := range srcs {
		if x != nil && !slices.Contains(vs, x.v) {
			vs = append(vs, x.v)
		}
	}
	mask := make([]string, 0, 2*g.values)
	add := func(base, s int) { mask = append(mask, fmt.Sprint(base+2*s), fmt.Sprint(base+2*s+1)) }
	masked := func() string { return fmt.Sprintf("(%s)(%s)", g.mask, strings.Join(mask, ", ")) }
	switch len(vs) {
	case 1:
		same := true
		for l, x := range srcs {
			s := l
			if x != nil {
				s = x.s
			}
			same = same && s == l
			add(0, s)
		}
		if same {
			return vs[0]
		}
		return g.tmp(fmt.Sprintf("shuffle(%s, %s)", vs[0], masked()))
	case 2:
		for l, x := range srcs {
			switch {
			case x == nil:
				add(0, l)
			case x.v == vs[0]:
				add(0, x.s)
			default:
				add(2*g.values, x.s)
			}
		}
		return g.tmp(fmt.Sprintf("shuffle2(%s, %s, %s)", vs[0], vs[1], masked()))
	}
	half := vs[:len(vs)/2]
	as, bs := make([]*vectorSlot, len(srcs)), make([]*vectorSlot, len(srcs))
	for l, x := range srcs {
		if x == nil {
			continue
		}
		if slices.Contains(half, x.v) {
			as[l] = x
		} else {
			bs[l] = x
		}
	}
	a, b := g.build(as), g.build(bs)
	for l := range srcs {
		if bs[l] != nil {
			add(2*g.values, l)
		} else {
			add(0, l)
		}
	}
	return g.tmp(fmt.Sprintf("shuffle2(%s, %s, %s)", a, b, masked()))
}
