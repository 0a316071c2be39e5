package multi

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
)

// Part is the piece of a split computation that one device runs: the
// places Start to Start+Length of the split axis.
type Part struct {
	Device        int // the device's index in the MultiThread, or the rank of a RankSlabFFT's process
	Start, Length int
}

// Builder returns the computation that device p.Device runs on its part:
// the computation of the whole arrays with p.Length in place of the whole
// length of the split axis, such as
//
//	func(p multi.Part) (core.AnyComputation, error) {
//		return fft.NewFFT(core.ArrayOf(dtypes.Complex64, p.Length, 4096), []int{1}, fft.FFTOptions{})
//	}
//
// for a batch of rows of 4096 points split among the devices.
type Builder func(p Part) (core.AnyComputation, error)

// Callable is a computation compiled for each device of a MultiThread,
// called on split arrays: each device runs its computation on its parts.
type Callable struct {
	multi  *cluda.MultiThread
	shares []int
	parts  []*core.Callable
}

// shareStarts returns the first place of each part of an axis split
// into shares: the sums of the shares before it.
func shareStarts(shares []int) []int {
	starts := make([]int, len(shares))
	for i := 1; i < len(shares); i++ {
		starts[i] = starts[i-1] + shares[i-1]
	}
	return starts
}

// Compile builds the computation of each device's part, whose lengths
// along the split axis are shares (one for each device, such as
// cluda.EqualShares gives, or a SplitArray's Shares), and compiles each
// for its device's Thread, the devices at once.
func Compile(m *cluda.MultiThread, shares []int, build Builder) (*Callable, error) {
	switch {
	case m == nil:
		return nil, errors.New("multi: compile: nil MultiThread")
	case build == nil:
		return nil, errors.New("multi: compile: nil Builder")
	}
	total := 0
	for _, share := range shares {
		total += share
	}
	if _, err := cluda.SplitShares(total, shares, m.Len()); err != nil {
		return nil, fmt.Errorf("multi: compile: %w", err)
	}
	c := &Callable{multi: m, shares: slices.Clone(shares), parts: make([]*core.Callable, m.Len())}
	errs := make([]error, m.Len())
	var wg sync.WaitGroup
	starts := shareStarts(shares)
	for i, share := range shares {
		p := Part{Device: i, Start: starts[i], Length: share}
		wg.Add(1)
		go func() {
			defer wg.Done()
			comp, err := build(p)
			if err == nil && comp == nil {
				err = errors.New("the Builder returned no computation")
			}
			if err == nil {
				c.parts[i], err = comp.Base().Compile(m.Thread(i))
			}
			if err != nil {
				errs[i] = fmt.Errorf("device %d, places %d to %d: %w", i, p.Start, p.Start+p.Length, err)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		c.Release()
		return nil, fmt.Errorf("multi: compile: %w", err)
	}
	return c, nil
}

// Signature returns the parameters Call takes: those of device 0's
// computation, whose arrays Call takes as split arrays of the whole
// shape.
func (c *Callable) Signature() core.Signature { return c.parts[0].Signature() }

// Shares returns the lengths of the parts along the split axis.
func (c *Callable) Shares() []int { return slices.Clone(c.shares) }

// Part returns the callable of device i.
func (c *Callable) Part(i int) *core.Callable { return c.parts[i] }

// Release releases the callable of every device.
func (c *Callable) Release() {
	for _, p := range c.parts {
		if p != nil {
			p.Release()
		}
	}
}

// Call enqueues each device's computation on its parts: for every array
// parameter a *cluda.SplitArray of c's MultiThread, split into c's shares
// along an axis that, for every array parameter alike, belongs to one
// batch of the computation (see core.Computation.Batches), and for every
// scalar a number, which every device gets. An array split along an axis
// the computation transforms, or not split into the shares it was
// compiled for, is an error that enqueues nothing; so is any argument that
// a device's core.Callable.Call would refuse (a released array among
// them): every device's arguments are checked before the first device
// enqueues. Like core.Callable.Call it does not wait for the kernels;
// MultiThread.Synchronize does. It may be called from several goroutines
// at once, as core.Callable.Call may.
func (c *Callable) Call(args ...any) error {
	perDevice, err := c.check(args)
	if err != nil {
		return fmt.Errorf("multi: call: %w", err)
	}
	for i, p := range c.parts {
		if err := p.Call(perDevice[i]...); err != nil {
			return fmt.Errorf("multi: call: device %d (the devices before it have enqueued their parts): %w", i, err)
		}
	}
	return nil
}

// CallNamed is Call with the arguments given by their names in the
// signature (see core.Callable.CallNamed).
func (c *Callable) CallNamed(args map[string]any) error {
	positional, err := c.Signature().Bind(args)
	if err != nil {
		return fmt.Errorf("multi: call: %w", err)
	}
	return c.Call(positional...)
}

// check checks the arguments of a call whole, the split arrays and each
// device's arguments against its callable (their parts' layouts, Threads
// and liveness), and returns those of each device; it enqueues nothing.
func (c *Callable) check(args []any) ([][]any, error) {
	perDevice, err := c.partArgs(args)
	if err != nil {
		return nil, err
	}
	for i, p := range c.parts {
		if err := p.Check(perDevice[i]...); err != nil {
			return nil, fmt.Errorf("device %d: %w", i, err)
		}
	}
	return perDevice, nil
}

// partArgs checks the arguments of a call and returns those of each
// device.
func (c *Callable) partArgs(args []any) ([][]any, error) {
	sig := c.Signature()
	if len(args) != len(sig) {
		return nil, fmt.Errorf("%d arguments for the %d parameters %v", len(args), len(sig), sig.Names())
	}
	split := map[string]*cluda.SplitArray{}
	for i, p := range sig {
		if p.Role() == core.Scalar {
			if _, ok := args[i].(*cluda.SplitArray); ok {
				return nil, fmt.Errorf("parameter %q is a scalar, given a split array", p.Name)
			}
			continue
		}
		s, ok := args[i].(*cluda.SplitArray)
		switch {
		case !ok:
			return nil, fmt.Errorf("parameter %q: want a *cluda.SplitArray, got %T (an array of one device runs on that device's Thread alone)", p.Name, args[i])
		case s == nil:
			return nil, fmt.Errorf("parameter %q: nil *cluda.SplitArray", p.Name)
		case s.MultiThread() != c.multi:
			return nil, fmt.Errorf("parameter %q: a split array of another MultiThread", p.Name)
		case !slices.Equal(s.Shares(), c.shares):
			return nil, fmt.Errorf("parameter %q: split into shares %v, the callable into %v", p.Name, s.Shares(), c.shares)
		}
		split[p.Name] = s
	}
	for i, p := range c.parts {
		if err := checkBatch(p.Batches(), split); err != nil {
			return nil, fmt.Errorf("device %d: %w", i, err)
		}
	}
	out := make([][]any, len(c.parts))
	for d := range c.parts {
		out[d] = make([]any, len(args))
		for i, p := range sig {
			out[d][i] = args[i]
			if s, ok := split[p.Name]; ok {
				out[d][i] = s.Part(d)
			}
		}
	}
	return out, nil
}

// checkBatch checks that one batch of the computation holds every split
// array parameter at the axis its array is split along.
func checkBatch(batches []map[string]int, split map[string]*cluda.SplitArray) error {
	axes := make(map[string]int, len(split))
	for name, s := range split {
		axes[name] = s.Axis()
	}
	return checkBatchAxes(batches, axes)
}

// checkBatchAxes is checkBatch of the split axes of arrays by their
// names: nil where one batch of the computation holds every array's split
// axis.
func checkBatchAxes(batches []map[string]int, axes map[string]int) error {
	if len(axes) == 0 {
		return nil
	}
	names := make([]string, 0, len(axes))
	for name := range axes {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, b := range batches {
		if !slices.ContainsFunc(names, func(name string) bool {
			a, ok := b[name]
			return !ok || a != axes[name]
		}) {
			return nil
		}
	}
	for _, name := range names {
		var batchAxes []int
		for _, b := range batches {
			if a, ok := b[name]; ok {
				batchAxes = append(batchAxes, a)
			}
		}
		if !slices.Contains(batchAxes, axes[name]) {
			return fmt.Errorf("parameter %q is split along axis %d, which the computation transforms or reads across (its batch axes are %v): split it along one of those", name, axes[name], batchAxes)
		}
	}
	return fmt.Errorf("the arrays are split along axes %v that belong to different batches of the computation (%v)", axes, batches)
}
