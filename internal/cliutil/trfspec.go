package cliutil

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// A TrfSpec is a transformation named on the command line, such as
// "pad:1000", "scale" or "cast:complex128": a name and an optional
// argument after a colon.
type TrfSpec struct {
	Name, Arg string
}

func (s TrfSpec) String() string {
	if s.Arg == "" {
		return s.Name
	}
	return s.Name + ":" + s.Arg
}

// ChainSite is what a chain of transformations attaches to: the array
// parameter, its type, the axes that pad and crop act on, and the factor
// that a bare "scale" multiplies by.
type ChainSite struct {
	Param string
	Type  core.Type
	Axes  []int
	Scale float64
}

// TrfKind is one transformation that --in or --out may name. make returns
// the transformation for the site type t: on the input side the type it
// must produce, on the output side the type it consumes.
type TrfKind struct {
	name   string
	arg    string // the argument's placeholder in help ("M", "X", ...); "" for none
	optArg bool   // the argument may be left out
	leafs  int    // how many arrays it leaves on the outer side (2 for combine and split)
	cplx   bool   // it needs complex values where it attaches
	help   string
	make   func(t core.Type, arg string, s ChainSite) (*core.Transformation, error)
}

func (k TrfKind) usage() string {
	switch {
	case k.arg == "":
		return k.name
	case k.optArg:
		return k.name + "[:" + k.arg + "]"
	}
	return k.name + ":" + k.arg
}

// InputKinds are the transformations --in names: each feeds the array it
// is attached to.
var InputKinds = []TrfKind{
	{name: "combine", cplx: true, leafs: 2, help: "two real arrays, the real and imaginary parts (combine_complex)",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) {
			return transformations.CombineComplex(t)
		}},
	{name: "real", cplx: true, leafs: 1, help: "a real array, promoted to complex (real_to_complex)",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) {
			return transformations.RealToComplex(t.WithDType(t.DType().Real()))
		}},
	{name: "pad", arg: "M", leafs: 1, help: "an array of length M on the transformed axes, zero-padded (M may be a list, one per axis)",
		make: func(t core.Type, arg string, s ChainSite) (*core.Transformation, error) {
			return withLengths(t, arg, s, "pad", func(in core.Type) (*core.Transformation, error) { return transformations.Pad(in, t, nil) })
		}},
	{name: "cast", arg: "DTYPE", leafs: 1, help: "an array of another dtype, converted",
		make: func(t core.Type, arg string, _ ChainSite) (*core.Transformation, error) {
			return withDType(arg, func(d dtypes.DType) (*core.Transformation, error) {
				return transformations.Cast(t.WithDType(d), t.DType())
			})
		}},
	{name: "scale", arg: "X", optArg: true, leafs: 1, help: "multiplied by X (default 1/N, N the transform length)", make: scaleTrf},
	{name: "conj", leafs: 1, help: "complex conjugated",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) { return transformations.Conj(t) }},
}

// OutputKinds are the transformations --out names: each consumes what the
// array it is attached to would hold.
var OutputKinds = []TrfKind{
	{name: "scale", arg: "X", optArg: true, leafs: 1, help: "multiply by X (default 1/N, N the transform length)", make: scaleTrf},
	{name: "split", cplx: true, leafs: 2, help: "two real arrays, the real and imaginary parts (split_complex)",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) {
			return transformations.SplitComplex(t)
		}},
	{name: "real", cplx: true, leafs: 1, help: "the real part",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) {
			return transformations.RealPart(t)
		}},
	{name: "imag", cplx: true, leafs: 1, help: "the imaginary part",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) {
			return transformations.ImagPart(t)
		}},
	{name: "abs", leafs: 1, help: "the absolute value |z|",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) { return transformations.Abs(t) }},
	{name: "norm", leafs: 1, help: "the squared absolute value |z|²",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) {
			return transformations.NormConst(t, 2)
		}},
	{name: "conj", leafs: 1, help: "the complex conjugate",
		make: func(t core.Type, _ string, _ ChainSite) (*core.Transformation, error) { return transformations.Conj(t) }},
	{name: "crop", arg: "M", leafs: 1, help: "the first M values on the transformed axes (M may be a list, one per axis)",
		make: func(t core.Type, arg string, s ChainSite) (*core.Transformation, error) {
			return withLengths(t, arg, s, "crop", func(out core.Type) (*core.Transformation, error) { return transformations.Crop(t, out, nil) })
		}},
	{name: "cast", arg: "DTYPE", leafs: 1, help: "convert to DTYPE",
		make: func(t core.Type, arg string, _ ChainSite) (*core.Transformation, error) {
			return withDType(arg, func(d dtypes.DType) (*core.Transformation, error) { return transformations.Cast(t, d) })
		}},
}

// withDType calls make with the dtype named by arg.
func withDType(arg string, make func(dtypes.DType) (*core.Transformation, error)) (*core.Transformation, error) {
	d, err := dtypes.Parse(arg)
	if err != nil {
		return nil, err
	}
	return make(d)
}

// withLengths calls make with t resized to the lengths in arg on the
// site's axes: shorter ones, for pad and crop.
func withLengths(t core.Type, arg string, s ChainSite, what string, make func(core.Type) (*core.Transformation, error)) (*core.Transformation, error) {
	short, err := resized(t, arg, s.Axes, what)
	if err != nil {
		return nil, err
	}
	return make(short)
}

// scaleTrf makes the transformation of "scale": a multiplication by the
// finite number arg, or by the site's factor where arg is empty.
func scaleTrf(t core.Type, arg string, s ChainSite) (*core.Transformation, error) {
	x := s.Scale
	if arg != "" {
		v, err := strconv.ParseFloat(arg, 64)
		switch {
		case errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0):
			return nil, fmt.Errorf("%q is out of the range of float64: the factor must be a finite number", arg)
		case err != nil:
			return nil, fmt.Errorf("%q is not a number", arg)
		case math.IsInf(v, 0) || math.IsNaN(v):
			return nil, fmt.Errorf("%q is not a finite number: the factor must be one", arg)
		}
		x = v
	}
	return transformations.MulConst(t, x)
}

// resized returns t with the lengths in arg (one for every axis, or one
// per axis) on axes, none of them longer than t's.
func resized(t core.Type, arg string, axes []int, what string) (core.Type, error) {
	lens, err := ParseInts(what, arg, 1)
	if err != nil {
		return core.Type{}, err
	}
	if len(lens) != 1 && len(lens) != len(axes) {
		return core.Type{}, fmt.Errorf("%d lengths for %d transformed axes (give one, or one per axis)", len(lens), len(axes))
	}
	shape := t.Shape()
	for i, a := range axes {
		m := lens[min(i, len(lens)-1)]
		if m > shape[a] {
			return core.Type{}, fmt.Errorf("length %d is longer than the transform length %d on axis %d", m, shape[a], a)
		}
		shape[a] = m
	}
	return t.WithShape(shape...), nil
}

// KindsHelp describes the transformations of a side, for --help.
func KindsHelp(kinds []TrfKind) string {
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, "\n      %-12s %s", k.usage(), k.help)
	}
	return b.String()
}

// ParseSpecs parses the values of --in or --out against the kinds of that
// side.
func ParseSpecs(flagName string, values []string, kinds []TrfKind) ([]TrfSpec, error) {
	var specs []TrfSpec
	for i, v := range values {
		name, arg, hasArg := strings.Cut(strings.TrimSpace(v), ":")
		j := slices.IndexFunc(kinds, func(k TrfKind) bool { return k.name == name })
		if j < 0 {
			names := make([]string, len(kinds))
			for i, k := range kinds {
				names[i] = k.usage()
			}
			return nil, fmt.Errorf("--%s %s: unknown transformation %q (the choices are %s)", flagName, v, name, strings.Join(names, ", "))
		}
		k := kinds[j]
		switch {
		case k.arg == "" && hasArg:
			return nil, fmt.Errorf("--%s %s: %s takes no argument", flagName, v, name)
		case k.arg != "" && !k.optArg && arg == "":
			return nil, fmt.Errorf("--%s %s: %s needs an argument: %s", flagName, v, name, k.usage())
		case k.leafs > 1 && flagName == "in" && i > 0:
			return nil, fmt.Errorf("--in %s: %s makes two arrays, so it must be the first --in", v, name)
		case k.leafs > 1 && flagName == "out" && i < len(values)-1:
			return nil, fmt.Errorf("--out %s: %s makes two arrays, so it must be the last --out", v, name)
		}
		specs = append(specs, TrfSpec{name, arg})
	}
	return specs, nil
}

// ConnectChains connects the chain ins to the parameter "input" and the
// chain outs to the parameter "output" of c, which site describes.
func ConnectChains(c *core.Computation, site ChainSite, ins, outs []TrfSpec) error {
	site.Param = "input"
	if err := connectChain(c, site, ins, true); err != nil {
		return err
	}
	site.Param = "output"
	return connectChain(c, site, outs, false)
}

// connectChain connects the transformations of specs to the parameter of
// site. They are in the order the data flows: on the input side the last
// spec feeds the parameter and the first reads the new outermost array, on
// the output side the first consumes the parameter. New parameters are
// named after the site and the transformation ("input_pad"), or get the
// suffixes _re and _im (combine, split).
func connectChain(c *core.Computation, site ChainSite, specs []TrfSpec, input bool) error {
	kinds, flagName, connector := OutputKinds, "out", "input"
	if input {
		kinds, flagName, connector = InputKinds, "in", "output"
		specs = slices.Clone(specs)
		slices.Reverse(specs)
	}
	param, typ := site.Param, site.Type
	if p, ok := c.Parameter(param); ok && p.Type().IsArray() {
		typ = p.Type() // the output of a transpose or a sum has a shape of its own
	}
	for _, s := range specs {
		k := kinds[slices.IndexFunc(kinds, func(k TrfKind) bool { return k.name == s.Name })]
		if k.cplx && !typ.DType().IsComplex() {
			return fmt.Errorf("--%s %s: the values there are %v, and %s works on complex ones", flagName, s, typ.DType(), s.Name)
		}
		trf, err := k.make(typ, s.Arg, site)
		if err != nil {
			return fmt.Errorf("--%s %s: %w", flagName, s, err)
		}
		names := map[string]string{}
		var next string
		for _, p := range trf.Signature() {
			switch {
			case p.Name == connector:
			case p.Name == "real" || p.Name == "imag":
				names[p.Name] = site.Param + map[string]string{"real": "_re", "imag": "_im"}[p.Name]
			default:
				next = uniqueName(c, site.Param+"_"+s.Name)
				names[p.Name] = next
			}
		}
		if err := c.Connect(param, trf, connector, names); err != nil {
			return fmt.Errorf("--%s %s: %w", flagName, s, err)
		}
		if next == "" {
			break
		}
		p, _ := c.Parameter(next)
		param, typ = next, p.Type()
	}
	return nil
}

// uniqueName returns name, or name with a number after it if c has a
// parameter called name already.
func uniqueName(c *core.Computation, name string) string {
	for i := 2; ; i++ {
		if _, ok := c.Parameter(name); !ok {
			return name
		}
		name = fmt.Sprintf("%s%d", strings.TrimRight(name, "0123456789"), i)
	}
}
