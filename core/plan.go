package core

import (
	"fmt"
	"reflect"
	"text/template"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// argKind says what a KernelArgument stands for.
type argKind uint8

const (
	argNode       argKind = iota // a parameter of a computation (a node of its tree)
	argTemp                      // a temporary array of the plan
	argPersistent                // an array uploaded once, when the plan is compiled
	argConstant                  // a scalar known when the plan is built
	argConstArray                // an array uploaded once and read from constant memory
)

// KernelArgument is what a plan builder passes to kernels and nested
// computations: a parameter of the computation, a temporary array or a
// persistent array (reikna's KernelArgument).
type KernelArgument struct {
	kind  argKind
	name  string
	ann   Annotation
	node  *node
	index int // of the temporary or persistent array in the plan
	value any // of a constant
}

// Name returns the name of the argument: the parameter's name, or a
// generated one for temporary and persistent arrays.
func (a *KernelArgument) Name() string { return a.name }

// Type returns the argument's type.
func (a *KernelArgument) Type() Type { return a.ann.Type }

// Role returns the argument's role.
func (a *KernelArgument) Role() Role { return a.ann.Role }

// DType returns the element type.
func (a *KernelArgument) DType() dtypes.DType { return a.ann.Type.dtype }

// Shape returns the shape (nil for a scalar).
func (a *KernelArgument) Shape() []int { return a.ann.Type.Shape() }

func (a *KernelArgument) String() string { return fmt.Sprintf("%s:%v", a.name, a.ann) }

// KernelArg binds a KernelArgument to the name a kernel template sees it by.
type KernelArg struct {
	Name string
	Arg  *KernelArgument
}

// Bind returns a KernelArg.
func Bind(name string, a *KernelArgument) KernelArg { return KernelArg{name, a} }

// KernelOptions are the optional parts of a kernel call.
type KernelOptions struct {
	// Name is the kernel function's name; the default is "kernel<n>".
	Name string
	// Local is the virtual local size; nil lets the device choose.
	Local []int
	// RenderArgs are extra values for the template.
	RenderArgs map[string]any
	// FastMath and CompilerOptions are passed to the OpenCL compiler for
	// this kernel, in addition to the computation's CompileOptions.
	FastMath        bool
	CompilerOptions []string
	// BoundLocal compiles the kernel for its local size and no more, so
	// that its compiler fits the kernel's registers to that many
	// work-items (cluda.StaticOptions.BoundLocal).
	BoundLocal bool
}

// tempSpec is a temporary array of a plan, with the kernels that use it.
type tempSpec struct {
	typ         Type
	first, last int // kernel calls that use it first and last; -1 if none
}

type persistentSpec struct {
	typ   Type
	data  any
	owner nestedCall // the call of the computation that added it
}

// Plan is what a computation fills when it is compiled: kernel calls,
// temporary and persistent arrays, and calls of nested computations
// (reikna's ComputationPlan).
type Plan struct {
	thread      *cluda.Thread // nil in a plan that is only rendered
	params      *cluda.DeviceParams
	kernels     []*plannedKernel
	temps       []*tempSpec
	persistents []*persistentSpec
	constants   []*persistentSpec // constant arrays
	opts        CompileOptions    // of the whole computation
	depth       int               // of nested computation calls, against runaway recursion
	nested      nestedCall
	calls       int // nested computation calls so far

	// tuning holds the candidates that tuning times (see Choose), by
	// key; seen lists the choice points the build met, in order.
	tuning map[string]string
	seen   []choicePoint
}

// Thread returns the Thread the plan is compiled for, or nil where the
// plan is only rendered for device parameters (Computation.Render). Build
// functions choose their kernels by DeviceParams, which both have.
func (p *Plan) Thread() *cluda.Thread { return p.thread }

// DeviceParams returns the properties of the device the plan is compiled
// or rendered for, for choosing work-group sizes and algorithms.
func (p *Plan) DeviceParams() *cluda.DeviceParams { return p.params }

// Tunes reports whether the plan is built to be timed among the candidates
// of its choice points (CompileOptions.Tune), so that a computation may
// take the time to find which of its candidates differ.
func (p *Plan) Tunes() bool { return p.opts.Tune }

// TempArray adds a contiguous temporary array of type t (its layout is
// ignored) to the plan. Temporary arrays whose uses in the plan's kernel
// calls do not overlap share memory.
func (p *Plan) TempArray(t Type) (*KernelArgument, error) {
	if !t.array {
		return nil, fmt.Errorf("core: temporary array of a scalar type %v", t)
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	t = ArrayOf(t.dtype, t.shape...)
	p.temps = append(p.temps, &tempSpec{typ: t, first: -1, last: -1})
	i := len(p.temps) - 1
	return &KernelArgument{kind: argTemp, name: leafCName(argTemp, "", i), ann: InOut(t), index: i}, nil
}

// TempArrayLike adds a temporary array of the type of a.
func (p *Plan) TempArrayLike(a *KernelArgument) (*KernelArgument, error) {
	return p.TempArray(a.Type())
}

// PersistentArray adds an array that is uploaded from a Go slice once, when
// the plan is compiled, and lives as long as the compiled computation (for
// tables of twiddle factors and the like). The shape defaults to the
// slice's length. Kernels only read persistent arrays, so a nested
// computation called several times in a plan (the same FFT forward and
// inverse) shares them: an array of the type and contents of one that an
// earlier call of the same computation added is that array.
func (p *Plan) PersistentArray(data any, shape ...int) (*KernelArgument, error) {
	t, err := hostArrayType(data, shape)
	if err != nil {
		return nil, fmt.Errorf("core: persistent array: %w", err)
	}
	i := p.samePersistent(t, data)
	if i < 0 {
		p.persistents = append(p.persistents, &persistentSpec{typ: t, data: data, owner: p.nested})
		i = len(p.persistents) - 1
	}
	return &KernelArgument{kind: argPersistent, name: leafCName(argPersistent, "", i), ann: In(t), index: i}, nil
}

// Constant returns a scalar argument whose value is known when the plan is
// built; kernels see it as a C literal.
func (p *Plan) Constant(dt dtypes.DType, value any) (*KernelArgument, error) {
	if _, err := dt.Literal(value); err != nil {
		return nil, fmt.Errorf("core: constant: %w", err)
	}
	return &KernelArgument{kind: argConstant, name: "_constant", ann: ScalarArg(dt), value: value}, nil
}

// KernelCall adds a call of the kernel that tmpl renders, over a virtual
// global size (row-major, any rank). The template sees each argument as a
// *KernelParameter under its name, .KernelDeclaration (the kernel's
// signature, which it must print before the kernel body), and the render
// arguments. The kernel is rendered and compiled at once, so errors in the
// template or the source come back from this call (in a rendered plan,
// errors of the template and of the launch size; see Computation.Render).
func (p *Plan) KernelCall(tmpl *template.Template, args []KernelArg, global []int, opts KernelOptions) error {
	name := opts.Name
	if name == "" {
		name = fmt.Sprintf("kernel%d", len(p.kernels))
	}
	if err := validKernelName(name); err != nil {
		return fmt.Errorf("core: kernel call: %w", err)
	}
	seen := map[string]bool{}
	for _, a := range args {
		if a.Arg == nil {
			return fmt.Errorf("core: kernel %s: argument %q is nil", name, a.Name)
		}
		if a.Name == "" || reservedNames[a.Name] || seen[a.Name] {
			return fmt.Errorf("core: kernel %s: argument name %q is empty, reserved or repeated", name, a.Name)
		}
		if _, clash := opts.RenderArgs[a.Name]; clash {
			return fmt.Errorf("core: kernel %s: render argument %q has the name of a kernel argument", name, a.Name)
		}
		seen[a.Name] = true
	}
	if len(global) == 0 {
		global = []int{1}
	}
	size, err := cluda.ShapeSize(global)
	if err != nil {
		return fmt.Errorf("core: kernel %s: global size: %w", name, err)
	}
	if size == 0 {
		return nil // nothing to do for an empty array
	}
	k, err := p.compileKernel(tmpl, name, args, global, opts)
	if err != nil {
		return err
	}
	index := len(p.kernels)
	for _, l := range k.leaves {
		if l.kind == argTemp {
			t := p.temps[l.index]
			if t.first < 0 {
				t.first = index
			}
			t.last = index
		}
	}
	p.kernels = append(p.kernels, k)
	return nil
}

func validKernelName(name string) error {
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return fmt.Errorf("kernel name %q is not a C identifier", name)
		}
	}
	return nil
}

// ComputationCall adds the kernels of a nested computation, with its own
// transformations, to the plan. The computation is any computation: a
// *Computation or a computation of the library that embeds one, such as
// an *fft.FFT. args are the nested computation's parameters in the order
// of its signature: KernelArguments of this plan, or Go numbers for its
// scalars.
func (p *Plan) ComputationCall(nested AnyComputation, args ...any) error {
	c, err := baseOf(nested)
	if err != nil {
		return err
	}
	if p.depth > 64 {
		return fmt.Errorf("core: computation %s: nested calls more than 64 deep", c.name)
	}
	t := c.snapshot()
	ls := t.leaves()
	if len(args) != len(ls) {
		return fmt.Errorf("core: nested computation %s takes %d arguments (%s), got %d",
			c.name, len(ls), t.signature().Names(), len(args))
	}
	for i, l := range ls {
		a, err := p.nestedArgument(l, args[i])
		if err != nil {
			return fmt.Errorf("core: nested computation %s: parameter %q: %w", c.name, l.node.name, err)
		}
		l.node.alias = a
	}
	roots := make(map[string]*KernelArgument, len(t.roots))
	for _, r := range t.roots {
		roots[r.name] = nodeArgument(r)
	}
	p.depth++
	defer func() { p.depth-- }()
	defer p.enterNested(c)()
	if err := c.build(p, roots); err != nil {
		return fmt.Errorf("core: nested computation %s: %w", c.name, err)
	}
	return nil
}

// nestedArgument checks that a can stand for leaf l of a nested
// computation.
func (p *Plan) nestedArgument(l leaf, v any) (*KernelArgument, error) {
	a, ok := v.(*KernelArgument)
	if !ok {
		if l.role != Scalar {
			return nil, fmt.Errorf("expected a KernelArgument for an array, got %T", v)
		}
		return p.Constant(l.node.typ.dtype, v)
	}
	if a == nil {
		return nil, fmt.Errorf("nil argument")
	}
	if l.role == Scalar {
		if a.ann.Role != Scalar || a.ann.Type.dtype != l.node.typ.dtype {
			return nil, fmt.Errorf("expected a %v scalar, got %v", l.node.typ.dtype, a.ann)
		}
		return a, nil
	}
	if !a.ann.Type.SameShape(l.node.typ) {
		return nil, fmt.Errorf("expected %v, got %v", l.node.typ, a.ann.Type)
	}
	if l.role.reads() && !a.ann.Role.reads() {
		return nil, fmt.Errorf("the nested computation reads it, and %s is an output", a.name)
	}
	if l.role.writes() && !a.ann.Role.writes() {
		return nil, fmt.Errorf("the nested computation writes it, and %s is an input", a.name)
	}
	return a, nil
}

func nodeArgument(n *node) *KernelArgument {
	var r Role
	switch {
	case n.scalar:
		r = Scalar
	case n.loads && n.stores:
		r = InputOutput
	case n.loads:
		r = Input
	default:
		r = Output
	}
	return &KernelArgument{kind: argNode, name: n.name, ann: Annotation{n.typ, r}, node: n}
}

func sliceLen(v any) int {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Slice {
		return -1
	}
	return rv.Len()
}

// HasPointer reports whether a kernel that binds the argument gets the
// pointer to its memory (KernelParameter.Pointer): it reaches the memory
// without a transformation on the side it reads and on the side it writes,
// and the array is contiguous, at offset 0, of a dtype stored whole.
func (a *KernelArgument) HasPointer() bool {
	if a.kind == argNode && a.node.alias != nil {
		return a.node.alias.HasPointer()
	}
	t := a.ann.Type
	switch a.kind {
	case argTemp, argPersistent, argConstArray:
	case argNode:
		if a.ann.Role.reads() && a.node.input != nil || a.ann.Role.writes() && a.node.output != nil {
			return false
		}
		t = a.node.typ
	default:
		return false
	}
	return t.array && t.offset == 0 && t.IsContiguous() && t.dtype.HalfVectorWidth() == 0
}
