package computations

import (
	"fmt"
	"strings"
)

// The register kernel: each work-item holds e elements of one
// sub-transform in registers, v[i] being element t + tt*i, where t is the
// work-item's place among the tt that share the sub-transform. A stage of
// radix r takes, for each of its e/r butterflies p, the registers
// p + m*e/r (the elements jj + m*l/r with jj = t + p*tt), and leaves output
// q in register p + q*e/r. Between stages the outputs go through local
// memory to their Stockham positions and each work-item reads back the
// elements t + tt*i; after the last stage, register i holds output
// t + tt*i, in natural order.

type codeWriter struct {
	b strings.Builder
}

func (c *codeWriter) w(indent int, format string, args ...any) {
	c.b.WriteString(strings.Repeat("    ", indent))
	fmt.Fprintf(&c.b, format, args...)
	c.b.WriteByte('\n')
}

// registerBody returns the C body of a pass of the register kernel.
func (k *fftKernel) registerBody() string {
	p := k.Pass
	ct := k.dt.CType()
	rt := k.dt.Real().CType()
	nj := p.N / p.L
	count := k.Outer * nj * k.Inner
	c := &codeWriter{}
	w := c.w
	zero := fmt.Sprintf("COMPLEX_CTR(%s)(%s, %s)", ct, k.dt.Real().MustLiteral(0), k.dt.Real().MustLiteral(0))

	fullRow := p.ExchangeRow(p.L, p.Tile)
	chunkLen := p.L / p.Chunks
	chunkRow := p.ExchangeRow(chunkLen, p.Tile)
	bufBytes := p.Tile * chunkRow * k.dt.Size() / p.Comps
	if p.StagedStore {
		bufBytes = max(bufBytes, p.Tile*fullRow*k.dt.Size()/p.Comps)
	}
	if p.StagedLoad {
		bufBytes = max(bufBytes, p.Tile*fullRow*k.dt.Size())
	}
	bufElems := (bufBytes + k.dt.Size() - 1) / k.dt.Size()

	w(1, "VIRTUAL_SKIP_THREADS;")
	w(1, "LOCAL_MEM %s buf[%d];", ct, bufElems)
	w(1, "LOCAL_MEM %s *rbuf = (LOCAL_MEM %s *)buf;", rt, rt)
	w(1, "const unsigned int lid = virtual_local_id(0);")
	w(1, "const unsigned int first = (unsigned int)virtual_group_id(0) * %d;", p.Tile)
	if p.SFast {
		w(1, "const unsigned int s = lid %% %d, t = lid / %d;", p.Tile, p.Tile)
	} else {
		w(1, "const unsigned int s = lid / %d, t = lid %% %d;", p.TT, p.TT)
	}
	w(1, "const unsigned int u = first + s;")
	w(1, "const unsigned int ii = %s;", modOrZero("u", k.Inner))
	w(1, "const unsigned int j = %s;", modOrZero(divOrSelf("u", k.Inner), nj))
	w(1, "const unsigned int o = %s;", divOrSelf(divOrSelf("u", k.Inner), nj))
	w(1, "%s v[%d];", ct, p.E)

	// Load.
	if p.StagedLoad {
		k.stagedLoad(c, fullRow, zero)
		for i := 0; i < p.E; i++ {
			w(1, "v[%d] = buf[s * %d + FFT_PAD(t + %d)];", i, fullRow, p.TT*i)
		}
		w(1, "LOCAL_BARRIER;")
	} else {
		for i := 0; i < p.E; i++ {
			w(1, "{")
			w(2, "const unsigned int m = t + %d;", p.TT*i)
			k.loadElement(c, 2, fmt.Sprintf("v[%d]", i), zero, fmt.Sprintf("u < %d", count))
			w(1, "}")
		}
	}

	// Stages.
	nsIn := 1
	for si, r := range p.Radices {
		per := p.E / r
		w(1, "// radix %d after stages of %d", r, nsIn)
		for q := 0; q < per; q++ {
			w(1, "{")
			w(2, "const unsigned int jj = t + %d, k = jj %% %d;", q*p.TT, nsIn)
			if nsIn > 1 {
				for m := 1; m < r; m++ {
					w(2, "v[%d] = _fft_mul(v[%d], TW_INNER(%d + k));", q+m*per, q+m*per, k.Tables.StageOffsets[si]+(m-1)*nsIn)
				}
			}
			vars := make([]string, r)
			for m := range vars {
				vars[m] = fmt.Sprintf("v[%d]", q+m*per)
			}
			for _, line := range strings.Split(strings.TrimRight(inlineButterfly(vars, k.dt), "\n"), "\n") {
				w(2, "%s", line)
			}
			w(1, "}")
		}
		if si < len(p.Radices)-1 {
			k.exchange(c, r, nsIn, chunkLen, chunkRow)
		}
		nsIn *= r
	}

	// Store: register i holds output t + tt*i.
	if p.StagedStore {
		k.stagedStore(c, fullRow)
	} else {
		for i := 0; i < p.E; i++ {
			w(1, "{")
			w(2, "const unsigned int q = t + %d;", p.TT*i)
			k.storeElement(c, 2, fmt.Sprintf("v[%d]", i), fmt.Sprintf("u < %d", count))
			w(1, "}")
		}
	}
	return c.b.String()
}

// loadElement loads element m of the sub-transform (o, j, ii) into dst
// where valid (a C condition) holds, and zero elsewhere, applying the load
// hooks and the pass twiddle.
func (k *fftKernel) loadElement(c *codeWriter, indent int, dst, zero, valid string) {
	p := k.Pass
	nj := p.N / p.L
	w := c.w
	w(indent, "const unsigned int pos = j + m * %d;", nj)
	w(indent, "%s e = %s;", k.dt.CType(), zero)
	// One condition for the whole load (see storeElement).
	cond := valid
	if k.SrcLength < p.N {
		cond = fmt.Sprintf("%s && pos < %d", valid, k.SrcLength)
	}
	w(indent, "if (%s)", cond)
	w(indent, "{")
	w(indent+1, "e = FFT_LOAD(o, pos, ii);")
	if k.conjIn {
		w(indent+1, "if (FFT_INVERSE) e = _fft_conj(e);")
	}
	if k.ChirpIn {
		w(indent+1, "e = _fft_mul(e, CHIRP(pos));")
	}
	w(indent, "}")
	if p.NS > 1 {
		k.passTwiddle(w, indent, "e")
	}
	w(indent, "%s = e;", dst)
}

// storeElement stores src as output q of the sub-transform (o, j, ii),
// applying the store hooks, where valid (a C condition) holds.
func (k *fftKernel) storeElement(c *codeWriter, indent int, src, valid string) {
	p := k.Pass
	w := c.w
	if p.NS > 1 {
		w(indent, "const unsigned int kk = j %% %d;", p.NS)
		w(indent, "const unsigned int pos = (j - kk) * %d + kk + q * %d;", p.L, p.NS)
	} else {
		w(indent, "const unsigned int pos = j * %d + q;", p.L)
	}
	// One condition for the whole store: PoCL 3.1 miscompiles a guard
	// nested in another one here (sub-transforms came out as zeros).
	cond := valid
	if k.DstLength < p.N {
		cond = fmt.Sprintf("%s && pos < %d", valid, k.DstLength)
	}
	if cond != "" {
		w(indent, "if (%s)", cond)
		w(indent, "{")
	}
	w(indent+1, "%s e = %s;", k.dt.CType(), src)
	if k.KernelB {
		w(indent+1, "e = _fft_conj(_fft_mul(e, KERNEL_B(pos)));")
	}
	if k.ChirpOut {
		w(indent+1, "e = _fft_mul(_fft_conj(e), CHIRP(pos));")
	}
	if k.conjOut {
		w(indent+1, "if (FFT_INVERSE) e = _fft_conj(e) * %s;", k.dt.Real().MustLiteral(k.scale))
	}
	w(indent+1, "FFT_STORE(o, pos, ii, e);")
	if cond != "" {
		w(indent, "}")
	}
}

// exchange moves the outputs of a stage of radix r after stages of nsIn
// to their Stockham positions (jj - k)*r + k + q*nsIn through local
// memory, and reads back the elements t + tt*i, in comps parts (complex
// values, or real and imaginary parts) and chunks of positions.
func (k *fftKernel) exchange(c *codeWriter, r, nsIn, chunkLen, chunkRow int) {
	p := k.Pass
	w := c.w
	per := p.E / r
	parts := []string{""}
	if p.Comps == 2 {
		parts = []string{".x", ".y"}
	}
	// With chunks, the elements read back for one chunk would overwrite
	// registers whose values later chunks still write: read into nv.
	dst := "v"
	if p.Chunks > 1 {
		dst = "nv"
		w(1, "{")
		w(1, "%s nv[%d];", k.dt.CType(), p.E)
	}
	for ch := 0; ch < p.Chunks; ch++ {
		lo := ch * chunkLen
		for _, part := range parts {
			arr := "buf"
			if part != "" {
				arr = "rbuf"
			}
			w(1, "LOCAL_BARRIER;")
			for q := 0; q < per; q++ {
				w(1, "{")
				w(2, "const unsigned int jj = t + %d, k = jj %% %d;", q*p.TT, nsIn)
				w(2, "const unsigned int y0 = (jj - k) * %d + k;", r)
				for m := 0; m < r; m++ {
					pos := fmt.Sprintf("y0 + %d", m*nsIn)
					if p.Chunks > 1 {
						w(2, "if (%s - %d < %d) %s[s * %d + FFT_PAD(%s - %d)] = v[%d]%s;", pos, lo, chunkLen, arr, chunkRow, pos, lo, q+m*per, part)
					} else {
						w(2, "%s[s * %d + FFT_PAD(%s)] = v[%d]%s;", arr, chunkRow, pos, q+m*per, part)
					}
				}
				w(1, "}")
			}
			w(1, "LOCAL_BARRIER;")
			perChunk := p.E / p.Chunks
			for i := ch * perChunk; i < (ch+1)*perChunk; i++ {
				w(1, "%s[%d]%s = %s[s * %d + FFT_PAD(t + %d)];", dst, i, part, arr, chunkRow, p.TT*i-lo)
			}
		}
	}
	if p.Chunks > 1 {
		for i := 0; i < p.E; i++ {
			w(1, "v[%d] = nv[%d];", i, i)
		}
		w(1, "}")
	}
}

// stagedLoad loads the tile's elements in the order of their addresses
// (consecutive work-items take consecutive elements of a row) into local
// memory, applying the load hooks.
func (k *fftKernel) stagedLoad(c *codeWriter, row int, zero string) {
	p := k.Pass
	w := c.w
	tileElems := p.Tile * p.L
	loops := (tileElems + p.WG - 1) / p.WG
	nj := p.N / p.L
	count := k.Outer * nj * k.Inner
	w(1, "for (unsigned int r = 0; r < %d; r++)", loops)
	w(1, "{")
	w(2, "const unsigned int e0 = lid + r * %d;", p.WG)
	if loops*p.WG != tileElems {
		w(2, "if (e0 >= %d) break;", tileElems)
	}
	w(2, "const unsigned int sl = e0 / %d, m = e0 %% %d;", p.L, p.L)
	w(2, "const unsigned int ul = first + sl;")
	w(2, "const unsigned int ii = %s;", modOrZero("ul", k.Inner))
	w(2, "const unsigned int j = %s;", modOrZero(divOrSelf("ul", k.Inner), nj))
	w(2, "const unsigned int o = %s;", divOrSelf(divOrSelf("ul", k.Inner), nj))
	w(2, "%s val;", k.dt.CType())
	k.loadElement(c, 2, "val", zero, fmt.Sprintf("ul < %d", count))
	w(2, "buf[sl * %d + FFT_PAD(m)] = val;", row)
	w(1, "}")
	w(1, "LOCAL_BARRIER;")
}

// stagedStore writes the registers to local memory and stores the tile in
// the order of its addresses, in comps parts.
func (k *fftKernel) stagedStore(c *codeWriter, row int) {
	p := k.Pass
	w := c.w
	tileElems := p.Tile * p.L
	loops := (tileElems + p.WG - 1) / p.WG
	nj := p.N / p.L
	count := k.Outer * nj * k.Inner
	ct := k.dt.CType()
	parts := []string{""}
	if p.Comps == 2 {
		parts = []string{".x", ".y"}
	}
	// Element e0 of the tile in address order: with ns == 1 a pass's
	// sub-transforms (consecutive j) write consecutive rows of l.
	w(1, "%s out[%d];", ct, loops)
	for _, part := range parts {
		arr := "buf"
		if part != "" {
			arr = "rbuf"
		}
		w(1, "LOCAL_BARRIER;")
		for i := 0; i < p.E; i++ {
			w(1, "%s[s * %d + FFT_PAD(t + %d)] = v[%d]%s;", arr, row, p.TT*i, i, part)
		}
		w(1, "LOCAL_BARRIER;")
		for r := 0; r < loops; r++ {
			w(1, "{")
			w(2, "const unsigned int e0 = lid + %d;", r*p.WG)
			w(2, "if (e0 < %d) out[%d]%s = %s[(e0 / %d) * %d + FFT_PAD(e0 %% %d)];", tileElems, r, part, arr, p.L, row, p.L)
			w(1, "}")
		}
	}
	for r := 0; r < loops; r++ {
		w(1, "{")
		w(2, "const unsigned int e0 = lid + %d;", r*p.WG)
		w(2, "const unsigned int sl = e0 / %d, q = e0 %% %d;", p.L, p.L)
		w(2, "const unsigned int ul = first + sl;")
		w(2, "const unsigned int ii = %s;", modOrZero("ul", k.Inner))
		w(2, "const unsigned int j = %s;", modOrZero(divOrSelf("ul", k.Inner), nj))
		w(2, "const unsigned int o = %s;", divOrSelf(divOrSelf("ul", k.Inner), nj))
		k.storeElement(c, 2, fmt.Sprintf("out[%d]", r), fmt.Sprintf("e0 < %d && ul < %d", tileElems, count))
		w(1, "}")
	}
}
