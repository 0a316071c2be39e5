package core

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync/atomic"
	"time"

	"github.com/reikna-go/reikna/cluda"
)

// Callable is a compiled computation (reikna's ComputationCallable). Its
// Call takes the arrays and scalars of the computation's signature.
//
// A Callable may be called from several goroutines at once: each call
// enqueues all its kernels inside the Thread's Serialize, so the kernels of
// two calls never interleave in the queue and their shared temporary
// memory is never used by both at once.
type Callable struct {
	name        string
	thread      *cluda.Thread
	sig         Signature
	kernels     []*plannedKernel
	temps       []*cluda.Array // nil where a temporary array is unused
	persistents []*cluda.Array
	constants   []*cluda.Array  // constant arrays
	args        [][]argSource   // per kernel
	inPlace     map[[2]int]bool // pairs of parameters that may be the same array
	batches     []map[string]int
	released    atomic.Bool
}

// argSource says where a kernel argument comes from at call time.
type argSource struct {
	kind  argKind
	index int // of the signature parameter, temporary or persistent array
}

func newCallable(name string, thr *cluda.Thread, t *tree, plan *Plan) (*Callable, error) {
	c := &Callable{name: name, thread: thr, sig: t.signature(), kernels: plan.kernels, inPlace: t.inPlaceLeaves(), batches: t.leafBatches()}
	fail := func(err error) (*Callable, error) {
		c.Release()
		return nil, fmt.Errorf("core: compile %s: %w", name, err)
	}
	// Temporary arrays used by overlapping ranges of kernel calls must not
	// share memory.
	c.temps = make([]*cluda.Array, len(plan.temps))
	for i, ts := range plan.temps {
		if ts.first < 0 {
			continue
		}
		var deps []*cluda.Array
		for j, other := range plan.temps[:i] {
			if c.temps[j] != nil && other.first <= ts.last && ts.first <= other.last {
				deps = append(deps, c.temps[j])
			}
		}
		a, err := thr.TempArray(ts.typ.shape, ts.typ.dtype, deps...)
		if err != nil {
			return fail(err)
		}
		c.temps[i] = a
	}
	for _, ps := range plan.persistents {
		a, err := thr.ToDevice(ps.data, ps.typ.shape...)
		if err != nil {
			return fail(fmt.Errorf("persistent array: %w", err))
		}
		c.persistents = append(c.persistents, a)
	}
	for _, cs := range plan.constants {
		a, err := thr.ToDevice(cs.data, cs.typ.shape...)
		if err != nil {
			return fail(fmt.Errorf("constant array: %w", err))
		}
		c.constants = append(c.constants, a)
	}
	index := make(map[string]int, len(c.sig))
	for i, p := range c.sig {
		index[p.Name] = i
	}
	for _, k := range c.kernels {
		srcs := make([]argSource, len(k.leaves))
		for i, l := range k.leaves {
			switch l.kind {
			case argNode:
				j, ok := index[l.name]
				if !ok {
					return fail(fmt.Errorf("kernel %s uses %q, which is not a parameter of the signature", k.name, l.name))
				}
				srcs[i] = argSource{argNode, j}
			default:
				srcs[i] = argSource{l.kind, l.index}
			}
		}
		c.args = append(c.args, srcs)
	}
	return c, nil
}

// Signature returns the parameters Call takes.
func (c *Callable) Signature() Signature { return slices.Clone(c.sig) }

// Batches returns the batch axes of the computation the callable was
// compiled from, in the terms of its signature (see
// Computation.Batches).
func (c *Callable) Batches() []map[string]int {
	out := make([]map[string]int, len(c.batches))
	for i, b := range c.batches {
		out[i] = maps.Clone(b)
	}
	return out
}

// Thread returns the Thread the callable was compiled for.
func (c *Callable) Thread() *cluda.Thread { return c.thread }

// KernelInfo describes one kernel of a compiled or rendered computation.
type KernelInfo struct {
	Name       string
	Source     string // the rendered OpenCL source, without the prelude
	FullSource string // the source as the compiler sees it: the prelude and virtual size functions included
	GlobalSize []int  // virtual, row-major
	LocalSize  []int
	// RealGlobalSize and RealLocalSize are the OpenCL launch the virtual
	// sizes are mapped onto (entry i is get_global_size(i)).
	RealGlobalSize []int
	RealLocalSize  []int
	// Args names the kernel's arguments in order: parameters of the
	// signature by name, temporary arrays as _tempN, persistent arrays as
	// _persistentN (see PersistentArrays), constant arrays as
	// _constant_arrayN (see ConstantArrays).
	Args []string
}

// info describes the kernel.
func (k *plannedKernel) info() KernelInfo {
	r := k.rendered
	info := KernelInfo{Name: k.name, Source: k.source, FullSource: r.FullSource,
		GlobalSize: slices.Clone(r.GlobalSize), LocalSize: slices.Clone(r.LocalSize),
		RealGlobalSize: slices.Clone(r.RealGlobalSize), RealLocalSize: slices.Clone(r.RealLocalSize)}
	for _, l := range k.leaves {
		info.Args = append(info.Args, l.cname)
	}
	return info
}

// kernelInfos describes kernels in order.
func kernelInfos(kernels []*plannedKernel) []KernelInfo {
	out := make([]KernelInfo, len(kernels))
	for i, k := range kernels {
		out[i] = k.info()
	}
	return out
}

// Kernels describes the kernels a call enqueues, in order.
func (c *Callable) Kernels() []KernelInfo { return kernelInfos(c.kernels) }

// PersistentArrays returns the arrays the plan uploaded when it was
// compiled (tables of twiddle factors and the like), in the order of their
// _persistentN names. They belong to the callable: read them, do not
// change or release them.
func (c *Callable) PersistentArrays() []*cluda.Array { return slices.Clone(c.persistents) }

// Release frees the callable's temporary and persistent arrays and gives
// up its kernels' programs (which stay in the Thread's program cache, within
// its bound, for the next compile); later calls return an error. Release is idempotent. A callable that is not
// released keeps its share of the Thread's temporary memory until the
// Thread is released (see the cluda package documentation).
func (c *Callable) Release() {
	if c.released.Swap(true) {
		return
	}
	for _, k := range c.kernels {
		if k.kernel != nil {
			k.kernel.Release()
		}
	}
	for _, a := range c.temps {
		if a != nil {
			a.Release()
		}
	}
	for _, a := range c.persistents {
		a.Release()
	}
	for _, a := range c.constants {
		a.Release()
	}
}

// Call checks its arguments against the signature (their number, dtypes,
// shapes, strides and offsets, arrays where arrays belong and numbers where
// scalars do, the Thread of each array, and that no array was released)
// and enqueues the kernels. It does not wait for them to finish. On a bad
// argument it returns an error naming the parameter, what was expected and
// what was given, and enqueues nothing: every argument is checked before
// the first kernel is enqueued.
func (c *Callable) Call(args ...any) error {
	_, err := c.run(args, false)
	return err
}

// CallNamed is Call with the arguments given by their names in the
// signature, as reikna's keyword arguments: {"output": out, "input": in,
// "inverse": 0}. Every parameter takes a value and no other name may
// appear; the arguments are then checked as Call checks them.
func (c *Callable) CallNamed(args map[string]any) error {
	positional, err := c.sig.Bind(args)
	if err != nil {
		return fmt.Errorf("core: %s: %w", c.name, err)
	}
	return c.Call(positional...)
}

// Check checks the arguments of a call as Call does, and enqueues
// nothing: a caller that runs several callables in turn checks the
// arguments of each before it calls the first.
func (c *Callable) Check(args ...any) error {
	if c.released.Load() {
		return fmt.Errorf("core: %s: callable used after Release", c.name)
	}
	_, err := c.check(args)
	return err
}

// CallProfiled is Call that waits for the kernels and returns the time they
// ran on the device, from OpenCL profiling events. The Thread's queue must
// have been created with profiling on.
func (c *Callable) CallProfiled(args ...any) (time.Duration, error) {
	if err := c.checkProfiling(); err != nil {
		return 0, err
	}
	return c.run(args, true)
}

// checkProfiling reports a Thread without profiling, which profiled
// calls need.
func (c *Callable) checkProfiling() error {
	if !c.thread.Profiling() {
		return fmt.Errorf("core: %s: profiling needs a Thread created with ThreadOptions{Profiling: true}", c.name)
	}
	return nil
}

// KernelTime is the time one kernel of a call ran on the device.
type KernelTime struct {
	Name     string // the kernel's name, as Kernels gives it
	Duration time.Duration
}

// CallProfiledKernels is CallProfiled that returns the time of each
// kernel of the call, in the order they ran, in place of their sum.
func (c *Callable) CallProfiledKernels(args ...any) ([]KernelTime, error) {
	if err := c.checkProfiling(); err != nil {
		return nil, err
	}
	var times []KernelTime
	_, err := c.runEach(args, true, func(i int, d time.Duration) {
		times = append(times, KernelTime{Name: c.kernels[i].name, Duration: d})
	})
	return times, err
}

func (c *Callable) run(args []any, profile bool) (time.Duration, error) {
	return c.runEach(args, profile, nil)
}

// runEach enqueues the kernels of a call; with profile set it waits for
// them and returns their total time, giving each kernel's to each (where
// not nil) with the kernel's index.
func (c *Callable) runEach(args []any, profile bool, each func(int, time.Duration)) (time.Duration, error) {
	if c.released.Load() {
		return 0, fmt.Errorf("core: %s: callable used after Release", c.name)
	}
	values, err := c.check(args)
	if err != nil {
		return 0, err
	}
	var events []*cluda.Event
	defer func() {
		for _, e := range events {
			e.Release()
		}
	}()
	err = c.thread.Serialize(func() error {
		for i, k := range c.kernels {
			kargs := make([]any, len(c.args[i]))
			for j, src := range c.args[i] {
				v, err := c.source(src, values)
				if err != nil {
					return err
				}
				kargs[j] = v
			}
			ev, err := k.kernel.Enqueue(kargs, nil, profile)
			if err != nil {
				return fmt.Errorf("core: %s: kernel %s: %w", c.name, k.name, err)
			}
			if ev != nil {
				events = append(events, ev)
			}
		}
		return nil
	})
	if err != nil || !profile {
		return 0, err
	}
	var total time.Duration
	for i, e := range events {
		if err := e.Wait(); err != nil {
			return 0, fmt.Errorf("core: %s: %w", c.name, err)
		}
		d, err := e.Duration()
		if err != nil {
			return 0, fmt.Errorf("core: %s: %w", c.name, err)
		}
		total += d
		if each != nil {
			each(i, d)
		}
	}
	return total, nil
}

// source returns the kernel argument for src: a buffer or a scalar value.
func (c *Callable) source(src argSource, values []any) (any, error) {
	var a *cluda.Array
	switch src.kind {
	case argNode:
		v := values[src.index]
		arr, ok := v.(*cluda.Array)
		if !ok {
			return v, nil
		}
		a = arr
	case argTemp:
		a = c.temps[src.index]
	case argPersistent:
		a = c.persistents[src.index]
	case argConstArray:
		a = c.constants[src.index]
	}
	// Strides and offsets are compiled into the kernels, which index from
	// the start of the memory.
	return a.Base(), nil
}

// check validates the arguments and converts scalars to their dtypes.
func (c *Callable) check(args []any) ([]any, error) {
	if len(args) != len(c.sig) {
		return nil, fmt.Errorf("core: %s takes %d arguments %v, got %d", c.name, len(c.sig), c.sig.Names(), len(args))
	}
	values := make([]any, len(args))
	for i, p := range c.sig {
		v, err := c.checkOne(p, args[i])
		if err != nil {
			return nil, fmt.Errorf("core: %s: parameter %q: %w", c.name, p.Name, err)
		}
		values[i] = v
	}
	if err := c.checkOverlap(values); err != nil {
		return nil, err
	}
	return values, nil
}

func (c *Callable) checkOne(p Parameter, v any) (any, error) {
	want := p.Type()
	if p.Role() == Scalar {
		if _, isArray := v.(*cluda.Array); isArray {
			return nil, fmt.Errorf("expected a %v scalar, got an array", want.dtype)
		}
		return convertScalar(want, v)
	}
	a, ok := v.(*cluda.Array)
	switch {
	case v == nil:
		return nil, fmt.Errorf("expected an array %v, got nil", want)
	case ok && a == nil:
		return nil, fmt.Errorf("expected an array %v, got a nil *cluda.Array", want)
	case !ok:
		return nil, fmt.Errorf("expected an array %v, got %T", want, v)
	}
	if a.Thread() != c.thread {
		return nil, fmt.Errorf("the array belongs to another Thread (%v)", a.Thread())
	}
	if a.Released() {
		return nil, errors.New("the array was released")
	}
	got, err := TypeOf(a)
	if err != nil {
		return nil, err
	}
	if !got.Equal(want) {
		return nil, fmt.Errorf("expected %v, got %v", want, got)
	}
	return a, nil
}

// convertScalar converts a Go number to the Go type of a scalar's dtype,
// refusing values the dtype cannot hold.
func convertScalar(t Type, v any) (any, error) {
	if v == nil {
		return nil, fmt.Errorf("expected a %v scalar, got nil", t.dtype)
	}
	c, err := t.dtype.Convert(v)
	if err != nil {
		return nil, fmt.Errorf("expected a %v scalar, got %T %v: %w", t.dtype, v, v, err)
	}
	if t.dtype.IsStruct() {
		return structArgument(t.dtype, c)
	}
	return c, nil
}
