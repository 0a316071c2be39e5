package core

import (
	"fmt"
	"maps"
	"slices"

	"github.com/reikna-go/reikna/cluda"
)

// CompileOptions control how every kernel of a computation is built
// (reikna's compile(thread, fast_math=..., compiler_options=...)). The
// zero value builds as Compile does. Each set of options builds programs
// of its own: the options are part of the keys of the Thread's program
// caches, in memory and on disk.
type CompileOptions struct {
	// FastMath lets the compiler trade accuracy for speed in every kernel:
	// it passes -cl-fast-relaxed-math and -cl-mad-enable, and kernels see
	// the macro COMPILE_FAST_MATH. A kernel call's own
	// KernelOptions.FastMath turns it on for that kernel alone.
	FastMath bool
	// Options are passed to the OpenCL compiler with every kernel, before
	// the kernel call's own KernelOptions.CompilerOptions. An option the
	// compiler does not know fails the build with a *cluda.BuildError.
	Options []string
	// Defines are macros defined for every kernel, as
	// cluda.CompileOptions.Defines are: "#define NAME VALUE" lines before
	// the kernel's source. Names must be C identifiers other than the
	// prelude's macros, and values fit on one line.
	Defines map[string]string
	// Tune times the candidate plans of the computation's choice points
	// (Plan.Choose) on the Thread's device, one choice point after
	// another with the others at their best so far, on zeroed arrays of
	// its signature, and compiles the fastest; the choices go into the
	// Thread's wisdom (cluda.Thread.Wisdom), which later compiles without
	// Tune take. It costs a compile and a few calls of each candidate.
	Tune bool
}

// CompileWith is Compile with options for the compiler. A define that no
// kernel can be built with is an error before anything is built.
func (c *Computation) CompileWith(thr *cluda.Thread, opts CompileOptions) (*Callable, error) {
	if thr == nil {
		return nil, fmt.Errorf("core: compile %s: nil Thread", c.name)
	}
	if err := opts.clOptions().Validate(); err != nil {
		return nil, fmt.Errorf("core: compile %s: %w", c.name, err)
	}
	if opts.Tune {
		return c.compileTuned(thr, opts)
	}
	t, plan, err := c.plan(&Plan{thread: thr, params: thr.Params(), opts: opts.clone()})
	if err != nil {
		return nil, fmt.Errorf("core: compile %s: %w", c.name, err)
	}
	return newCallable(c.name, thr, t, plan)
}

// RenderWith is Render with options for the compiler: the kernels'
// sources show the defines and the fast math macro as Compile would hand
// them to the compiler.
func (c *Computation) RenderWith(p *cluda.DeviceParams, opts CompileOptions) (*RenderedPlan, error) {
	if p == nil {
		return nil, fmt.Errorf("core: render %s: no device parameters", c.name)
	}
	if err := opts.clOptions().Validate(); err != nil {
		return nil, fmt.Errorf("core: render %s: %w", c.name, err)
	}
	return c.render(p, opts.clone())
}

// clone returns a copy of o that later changes to o's slice and map do not
// reach.
func (o CompileOptions) clone() CompileOptions {
	return CompileOptions{FastMath: o.FastMath, Options: slices.Clone(o.Options), Defines: maps.Clone(o.Defines), Tune: o.Tune}
}

// clOptions returns the options of cluda that o stands for.
func (o CompileOptions) clOptions() cluda.CompileOptions {
	return cluda.CompileOptions{FastMath: o.FastMath, Options: o.Options, Defines: o.Defines}
}

// kernelCompileOptions returns the options a kernel call is built with:
// the computation's, with the call's own added.
func (p *Plan) kernelCompileOptions(k KernelOptions) cluda.CompileOptions {
	o := p.opts.clOptions()
	o.FastMath = o.FastMath || k.FastMath
	o.Options = append(slices.Clone(o.Options), k.CompilerOptions...)
	return o
}
