package fft

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

//go:embed templates/dct_load.cl
var r2rLoadCode string

//go:embed templates/dct_store.cl
var r2rStoreCode string

// R2R is a real-to-real trigonometric transform of a real array over a
// set of its axes, batched over the others: the discrete cosine transform
// (NewDCT, scipy.fft.dctn) or sine transform (NewDST, scipy.fft.dstn) of
// type I, II, III or IV, or the inverse of one (scipy.fft.idctn, idstn).
// Its signature is (output, input), arrays of the same real type
// (float32 or float64) and shape.
//
// Along each transformed axis it is one complex FFT whose load gathers
// the real input into the form the type needs and whose store scatters
// the result back, both fused into the FFT's kernels (dct_plan.go has
// the algorithms: Makhoul's for types II and III, an FFT of half the
// length for type IV of even lengths, FFTs of twice the length for type I
// and odd type IV; twiddles come from tables that the computation keeps):
// where the FFT of an axis is one kernel, the
// transform is one pass over memory. Transformations connected to input
// and output run in the loads and stores of those kernels; an axis after
// the first reads what the one before wrote into a temporary array.
type R2R struct {
	*core.Computation
	typ   core.Type
	axes  []int
	plans []r2rAxis // by position in axes
}

// DCTOptions are the optional parts of a DCT or DST (NewDCT, NewDST).
type DCTOptions struct {
	// Type is the transform's type, 1 to 4; zero takes 2, scipy's
	// default.
	Type int
	// Norm is the normalization (scipy's norm): NormBackward, the zero
	// value, NormOrtho or NormForward.
	Norm R2RNorm
	// Inverse computes scipy's idct or idst of Type: the inverse of the
	// transform of Type under Norm.
	Inverse bool
}

// NewDCT returns the discrete cosine transform of arrays of the real type
// t over axes (nil for every axis; negative ones count from the end), as
// scipy.fft.dctn (or idctn with opts.Inverse) computes it.
func NewDCT(t core.Type, axes []int, opts DCTOptions) (*R2R, error) {
	return newR2R("DCT", false, t, axes, opts)
}

// NewDST returns the discrete sine transform of arrays of the real type t
// over axes (nil for every axis; negative ones count from the end), as
// scipy.fft.dstn (or idstn with opts.Inverse) computes it.
func NewDST(t core.Type, axes []int, opts DCTOptions) (*R2R, error) {
	return newR2R("DST", true, t, axes, opts)
}

// newR2R is NewDCT (sine false) or NewDST, called name in errors.
func newR2R(name string, sine bool, t core.Type, axes []int, opts DCTOptions) (*R2R, error) {
	if err := arrayparam.CheckType(name, t); err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	if dt := t.DType(); dt != dtypes.Float32 && dt != dtypes.Float64 {
		return nil, fmt.Errorf("fft: %s of %v: the dtype must be float32 or float64", name, dt)
	}
	typ := opts.Type
	if typ == 0 {
		typ = 2
	}
	if typ < 1 || typ > 4 {
		return nil, fmt.Errorf("fft: %s: type %d (want 1, 2, 3 or 4)", name, opts.Type)
	}
	axes, err := arrayparam.Axes(name, t, axes)
	if err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	r := &R2R{typ: t, axes: axes}
	for _, a := range axes {
		p, err := planR2R(sine, typ, t.Shape()[a], opts.Norm, opts.Inverse)
		if err != nil {
			return nil, fmt.Errorf("fft: %s along axis %d: %w", name, a, err)
		}
		r.plans = append(r.plans, p)
	}
	if err := fftplanCheck(t, axes, r.plans); err != nil {
		return nil, fmt.Errorf("fft: %s: %w", name, err)
	}
	r.Computation, err = core.NewComputation(map[bool]string{false: "dct", true: "dst"}[sine], []core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
	}, r.build)
	if err != nil {
		return nil, err
	}
	if err := arrayparam.DeclareBatches(r.Computation, t.Rank(), axes, "output", "input"); err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	return r, nil
}

// Axes returns the transformed axes, in the order they are transformed.
func (r *R2R) Axes() []int { return slices.Clone(r.axes) }

// fftplanCheck checks that the FFT of each axis, of its length L, can
// index arrays of t's shape.
func fftplanCheck(t core.Type, axes []int, plans []r2rAxis) error {
	for i, a := range axes {
		shape := t.Shape()
		shape[a] = plans[i].L
		if _, err := NewFFT(core.ArrayOf(complexOf(t.DType()), shape...), []int{a}, FFTOptions{}); err != nil {
			return fmt.Errorf("the FFT of length %d along axis %d: %w", plans[i].L, a, err)
		}
	}
	return nil
}

// build adds, axis by axis, the FFT with its fused load and store; the
// axes before the last write into temporary arrays.
func (r *R2R) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	if r.typ.Size() == 0 {
		return nil
	}
	src := args["input"]
	for i, a := range r.axes {
		dst := args["output"]
		if i < len(r.axes)-1 {
			var err error
			if dst, err = plan.TempArray(r.typ); err != nil {
				return err
			}
		}
		p := r.plans[i]
		c, err := r.axisComputation(a, p)
		if err != nil {
			return err
		}
		inverse := 0
		if p.Inverse {
			inverse = 1
		}
		byName := map[string]any{"y": dst, "x": src, "inverse": inverse}
		for _, t := range []struct {
			name  string
			table r2rTable
		}{{"w_load", p.LoadTable}, {"w_store", p.StoreTable}} { // in this order, so that the source is the same every time
			name, table := t.name, t.table
			if table == noTable {
				continue
			}
			if byName[name], err = plan.PersistentArray(toDType(table.values(p.N), complexOf(r.typ.DType()))); err != nil {
				return err
			}
		}
		var call []any
		for _, name := range c.Signature().Names() {
			call = append(call, byName[name])
		}
		if err := plan.ComputationCall(c, call...); err != nil {
			return err
		}
		src = dst
	}
	return nil
}

// axisComputation returns the FFT along axis a of the plan p, with the
// load that gathers its input from a real array of r's type and the store
// that scatters its output into another; its signature is (y, x,
// inverse).
func (r *R2R) axisComputation(a int, p r2rAxis) (*core.Computation, error) {
	rd := r.typ.DType()
	cd := complexOf(rd)
	shape := r.typ.Shape()
	shape[a] = p.L
	ct := core.ArrayOf(cd, shape...)
	f, err := NewFFT(ct, []int{a}, FFTOptions{Unnormalized: true})
	if err != nil {
		return nil, err
	}
	data := r2rRenderArgs(a, p, rd, cd)
	loadParams := []core.Parameter{core.Param("output", core.Out(ct)), core.Param("input", core.In(r.typ))}
	if p.LoadTable != noTable {
		loadParams = append(loadParams, core.Param("w_load", core.In(core.ArrayOf(cd, len(p.LoadTable.values(p.N))))))
	}
	storeParams := []core.Parameter{core.Param("output", core.Out(r.typ)), core.Param("input", core.In(ct))}
	if p.StoreTable != noTable {
		storeParams = append(storeParams, core.Param("w_store", core.In(core.ArrayOf(cd, len(p.StoreTable.values(p.N))))))
	}
	load, err := core.NewTransformation(loadParams, r2rLoadCode, core.TransformationOptions{Name: "r2r_load", Connectors: []string{"output"},
		RenderArgs: map[string]any{"r2r": data}})
	if err != nil {
		return nil, err
	}
	store, err := core.NewTransformation(storeParams, r2rStoreCode, core.TransformationOptions{Name: "r2r_store", Connectors: []string{"input"},
		RenderArgs: map[string]any{"r2r": data}})
	if err != nil {
		return nil, err
	}
	if err := f.Connect("input", load, "output", map[string]string{"input": "x"}); err != nil {
		return nil, err
	}
	if err := f.Connect("output", store, "input", map[string]string{"output": "y"}); err != nil {
		return nil, err
	}
	return f.Computation, nil
}

// r2rModeNames are the names of the modes in the templates.
var r2rModeNames = [...]string{makhoul: "makhoul", makhoulInverse: "makhoulInverse", twiddlePad: "twiddlePad", halfComplex: "halfComplex",
	evenExtension: "evenExtension", oddExtension: "oddExtension"}

// r2rRenderArgs returns what the load and store templates see of the plan
// p of axis a, with the literals of the real dtype rd.
func r2rRenderArgs(a int, p r2rAxis, rd, cd dtypes.DType) map[string]any {
	rev := ""
	if p.Sine && p.Mode == makhoulInverse {
		rev = fmt.Sprintf("%d - ", p.N-1) // DST-III reads its input reversed
	}
	// The half-length DCT-IV reads x[2n] and x[N-1-2n]; the DST-IV the
	// same of x reversed: x[N-1-2n] and x[2n].
	first, second := "", fmt.Sprintf("%d - ", p.N-1)
	if p.Sine {
		first, second = second, first
	}
	return map[string]any{
		"Axis": a, "Mode": r2rModeNames[p.Mode], "Sine": p.Sine, "N": p.N, "L": p.L,
		"HalfRoundUp": p.HalfRoundUp, "Rev": rev, "HalfFirst": first, "HalfSecond": second,
		"RType": rd.CType(), "CType": cd.CType(), "Zero": rd.MustLiteral(0),
		"Scale": rd.MustLiteral(p.Scale),
		"Pre":   rd.MustLiteral(p.Pre), "PreAt": p.PreAt,
		"Post": rd.MustLiteral(p.Post), "PostAt": p.PostAt,
	}
}
