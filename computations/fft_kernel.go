package computations

import (
	"fmt"
	"strings"

	"github.com/reikna-go/reikna/computations/internal/fftplan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// fftEnd is where a pass reads or writes: a parameter of the computation
// (indexed by its shape) or a flat temporary array.
type fftEnd struct {
	arg   *core.KernelArgument
	shape []int // of a parameter; nil for a flat temporary array
}

// fftKernel is everything one pass kernel needs: its plan, and the
// arguments and hooks of the computation it runs in.
type fftKernel struct {
	fftplan.Kernel
	name     string
	dt       dtypes.DType
	src, dst fftEnd

	inverse *core.KernelArgument // set on the first and last kernels: the inverse flag applies
	conjIn  bool
	conjOut bool
	scale   float64 // applied with conjOut

	twInner, twPassLo, twPassHi, chirp, bTable *core.KernelArgument
}

// passTwiddle writes the multiplication of the variable v, element m of
// the sub-transform with butterfly j, by the pass twiddle W_{ns*l}^{(j mod ns)*m}.
func (k *fftKernel) passTwiddle(w func(int, string, ...any), indent int, v string) {
	p := k.Pass
	w(indent, "const unsigned int kt = j %% %d;", p.NS)
	if k.Tables.PassShift > 0 {
		w(indent, "const unsigned int te = kt * m;")
		w(indent, "%s = _fft_mul(%s, _fft_mul(TW_PASS_HI(te >> %d), TW_PASS_LO(te & %d)));", v, v, k.Tables.PassShift, (1<<k.Tables.PassShift)-1)
		return
	}
	if k.twPassHi != nil {
		b := k.Tables.PassBlock
		rows := (p.NS + b - 1) / b
		w(indent, "%s = _fft_mul(%s, _fft_mul(TW_PASS_HI(m * %d + kt / %d), TW_PASS_LO(m * %d + kt %% %d)));", v, v, rows, b, b, b)
	} else {
		w(indent, "%s = _fft_mul(%s, TW_PASS_LO(m * %d + kt));", v, v, p.NS)
	}
}

// indexExpr returns the index arguments of the load or store macro of an
// end, of length along the axis, for the variables _o (outer), _n (along
// the axis) and _i (inner).
func (e fftEnd) indexExpr(axis, outer, length, inner int) string {
	if e.shape == nil {
		parts := []string{}
		if outer > 1 {
			parts = append(parts, fmt.Sprintf("(VSIZE_T)(_o) * %d", length*inner))
		}
		if inner > 1 {
			parts = append(parts, fmt.Sprintf("(VSIZE_T)(_n) * %d", inner), "(VSIZE_T)(_i)")
		} else {
			parts = append(parts, "(VSIZE_T)(_n)")
		}
		return strings.Join(parts, " + ")
	}
	idx := decompose("_o", e.shape[:axis])
	idx = append(idx, "(_n)")
	idx = append(idx, decompose("_i", e.shape[axis+1:])...)
	return strings.Join(idx, ", ")
}

// decompose returns the row-major indices over dims of the flat index v.
func decompose(v string, dims []int) []string {
	out := make([]string, len(dims))
	for j := range dims {
		inner := 1
		for _, d := range dims[j+1:] {
			inner *= d
		}
		e := fmt.Sprintf("(VSIZE_T)(%s)", v)
		if inner > 1 {
			e = fmt.Sprintf("(%s / %d)", e, inner)
		}
		if j > 0 && dims[j] > 1 {
			e = fmt.Sprintf("(%s %% %d)", e, dims[j])
		}
		if dims[j] == 1 {
			e = "0"
		}
		out[j] = e
	}
	return out
}

// body returns the C of the kernel body.
func (k *fftKernel) body() string {
	if k.Pass.E > 0 {
		return k.registerBody()
	}
	return k.localBody()
}

// localBody returns the C body of a pass of the local kernel: the tile is
// loaded into local memory and every stage reads and writes it there.
func (k *fftKernel) localBody() string {
	p := k.Pass
	ct := k.dt.CType()
	row := p.Row()
	tileElems := p.Tile * p.L
	nj := p.N / p.L // butterflies of the pass per transform
	count := k.Outer * nj * k.Inner
	var b strings.Builder
	w := func(indent int, format string, args ...any) {
		b.WriteString(strings.Repeat("    ", indent))
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
	}
	zero := fmt.Sprintf("COMPLEX_CTR(%s)(%s, %s)", ct, k.dt.Real().MustLiteral(0), k.dt.Real().MustLiteral(0))

	w(1, "VIRTUAL_SKIP_THREADS;")
	w(1, "LOCAL_MEM %s buf[%d];", ct, p.Tile*row)
	w(1, "const unsigned int lid = virtual_local_id(0);")
	w(1, "const unsigned int first = (unsigned int)virtual_group_id(0) * %d;", p.Tile)

	// subTransform writes the decomposition of the sub-transform u into
	// the outer index o, the butterfly j and the inner index i.
	subTransform := func(indent int) {
		w(indent, "const unsigned int u = first + s;")
		w(indent, "const unsigned int i = %s;", modOrZero("u", k.Inner))
		w(indent, "const unsigned int j = %s;", modOrZero(divOrSelf("u", k.Inner), nj))
		w(indent, "const unsigned int o = %s;", divOrSelf(divOrSelf("u", k.Inner), nj))
	}
	loops := func(total int) int { return (total + p.WG - 1) / p.WG }

	// Load: the tile's elements, each element m of sub-transform s from
	// position j + m*nj along the axis.
	loadContig := k.Inner == 1 && nj == 1
	w(1, "for (unsigned int r = 0; r < %d; r++)", loops(tileElems))
	w(1, "{")
	w(2, "const unsigned int e = lid + r * %d;", p.WG)
	if loops(tileElems)*p.WG != tileElems {
		w(2, "if (e >= %d) break;", tileElems)
	}
	if loadContig {
		w(2, "const unsigned int s = e / %d, m = e %% %d;", p.L, p.L)
	} else {
		w(2, "const unsigned int s = e %% %d, m = e / %d;", p.Tile, p.Tile)
	}
	w(2, "%s v = %s;", ct, zero)
	w(2, "if (first + s < %d)", count)
	w(2, "{")
	subTransform(3)
	w(3, "const unsigned int pos = j + m * %d;", nj)
	if k.SrcLength < p.N {
		w(3, "if (pos < %d)", k.SrcLength)
		w(3, "{")
	}
	w(4, "v = FFT_LOAD(o, pos, i);")
	if k.conjIn {
		w(4, "if (FFT_INVERSE) v = _fft_conj(v);")
	}
	if k.ChirpIn {
		w(4, "v = _fft_mul(v, CHIRP(pos));")
	}
	if k.SrcLength < p.N {
		w(3, "}")
	}
	if p.NS > 1 {
		k.passTwiddle(w, 3, "v")
	}
	w(2, "}")
	w(2, "buf[s * %d + FFT_PAD(m)] = v;", row)
	w(1, "}")
	w(1, "LOCAL_BARRIER;")

	// The stages of the DFT of size l, in local memory.
	nsIn := 1
	for si, r := range p.Radices {
		nb := p.Tile * p.L / r // butterflies of the stage in the tile
		span := p.L / r
		per := loops(nb)
		w(1, "{")
		w(2, "// radix %d, after stages of %d", r, nsIn)
		for q := 0; q < per; q++ {
			w(2, "%s v%d[%d];", ct, q, r)
		}
		for q := 0; q < per; q++ {
			w(2, "const unsigned int bf%d = lid + %d;", q, q*p.WG)
			w(2, "const unsigned int s%d = bf%d / %d, jj%d = bf%d %% %d, k%d = jj%d %% %d;", q, q, span, q, q, span, q, q, nsIn)
			guard := ""
			if (q+1)*p.WG > nb {
				guard = fmt.Sprintf("if (bf%d < %d) ", q, nb)
			}
			w(2, "%s{", guard)
			for m := 0; m < r; m++ {
				w(3, "v%d[%d] = buf[s%d * %d + FFT_PAD(jj%d + %d)];", q, m, q, row, q, m*span)
			}
			if nsIn > 1 {
				for m := 1; m < r; m++ {
					w(3, "v%d[%d] = _fft_mul(v%d[%d], TW_INNER(%d + k%d));", q, m, q, m, k.Tables.StageOffsets[si]+(m-1)*nsIn, q)
				}
			}
			w(3, "_fft_dft%d_%s(v%d);", r, k.dt, q)
			w(2, "}")
		}
		w(2, "LOCAL_BARRIER;")
		for q := 0; q < per; q++ {
			guard := ""
			if (q+1)*p.WG > nb {
				guard = fmt.Sprintf("if (bf%d < %d) ", q, nb)
			}
			w(2, "%s{", guard)
			for m := 0; m < r; m++ {
				w(3, "buf[s%d * %d + FFT_PAD((jj%d - k%d) * %d + k%d + %d)] = v%d[%d];", q, row, q, q, r, q, m*nsIn, q, m)
			}
			w(2, "}")
		}
		w(2, "LOCAL_BARRIER;")
		w(1, "}")
		nsIn *= r
	}

	// Store: output q of sub-transform s goes to (j - j mod ns)*l + j mod ns + q*ns.
	storeContig := k.Inner == 1 && p.NS == 1
	w(1, "for (unsigned int r = 0; r < %d; r++)", loops(tileElems))
	w(1, "{")
	w(2, "const unsigned int e = lid + r * %d;", p.WG)
	if loops(tileElems)*p.WG != tileElems {
		w(2, "if (e >= %d) break;", tileElems)
	}
	if storeContig {
		w(2, "const unsigned int s = e / %d, q = e %% %d;", p.L, p.L)
	} else {
		w(2, "const unsigned int s = e %% %d, q = e / %d;", p.Tile, p.Tile)
	}
	w(2, "if (first + s < %d)", count)
	w(2, "{")
	subTransform(3)
	if p.NS > 1 {
		w(3, "const unsigned int kk = j %% %d;", p.NS)
		w(3, "const unsigned int pos = (j - kk) * %d + kk + q * %d;", p.L, p.NS)
	} else {
		w(3, "const unsigned int pos = j * %d + q;", p.L)
	}
	if k.DstLength < p.N {
		w(3, "if (pos < %d)", k.DstLength)
		w(3, "{")
	}
	w(4, "%s v = buf[s * %d + FFT_PAD(q)];", ct, row)
	if k.KernelB {
		w(4, "v = _fft_conj(_fft_mul(v, KERNEL_B(pos)));")
	}
	if k.ChirpOut {
		w(4, "v = _fft_mul(_fft_conj(v), CHIRP(pos));")
	}
	if k.conjOut {
		scale := k.dt.Real().MustLiteral(k.scale)
		w(4, "if (FFT_INVERSE) v = _fft_conj(v) * %s;", scale)
	}
	w(4, "FFT_STORE(o, pos, i, v);")
	if k.DstLength < p.N {
		w(3, "}")
	}
	w(2, "}")
	w(1, "}")
	return b.String()
}

func modOrZero(v string, n int) string {
	if n == 1 {
		return "0"
	}
	return fmt.Sprintf("%s %% %d", v, n)
}

func divOrSelf(v string, n int) string {
	if n == 1 {
		return v
	}
	return fmt.Sprintf("(%s / %d)", v, n)
}

// renderArgs returns the template arguments of the kernel besides its
// kernel arguments.
func (k *fftKernel) renderArgs() map[string]any {
	var bfs []string
	seen := map[int]bool{}
	for _, r := range k.Pass.Radices {
		if !seen[r] && k.Pass.E == 0 { // the register kernel writes its butterflies inline
			seen[r] = true
			_, src := butterflyFunction(r, k.dt)
			bfs = append(bfs, src)
		}
	}
	return map[string]any{
		"ctype":       k.dt.CType(),
		"pad_local":   !k.Pass.Plain,
		"butterflies": bfs,
		"load_index":  k.src.indexExpr(k.Axis, k.Outer, k.SrcLength, k.Inner),
		"store_index": k.dst.indexExpr(k.Axis, k.Outer, k.DstLength, k.Inner),
		"body":        k.body(),
	}
}

// args returns the kernel's arguments; the tables and the inverse flag are
// bound only where the kernel uses them, and absent ones are nil in the
// render arguments so that the template leaves their macros out.
func (k *fftKernel) args() ([]core.KernelArg, map[string]any) {
	args := []core.KernelArg{core.Bind("output", k.dst.arg), core.Bind("input", k.src.arg)}
	render := k.renderArgs()
	optional := []struct {
		name string
		arg  *core.KernelArgument
	}{
		{"inverse", k.inverse}, {"tw_inner", k.twInner}, {"tw_pass_lo", k.twPassLo},
		{"tw_pass_hi", k.twPassHi}, {"chirp", k.chirp}, {"kernel_b", k.bTable},
	}
	for _, o := range optional {
		if o.arg != nil {
			args = append(args, core.Bind(o.name, o.arg))
		} else {
			render[o.name] = nil
		}
	}
	return args, render
}
