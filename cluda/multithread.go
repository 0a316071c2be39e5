package cluda

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
)

// MultiThreadOptions configure a new MultiThread.
type MultiThreadOptions struct {
	// ThreadOptions configure the Thread of each device.
	ThreadOptions

	// SeparateContexts gives each OpenCL device a context of its own even
	// where the devices share a platform, so that copies between them go
	// through host memory (CopyHost) rather than within one context.
	SeparateContexts bool

	// PeerCopy says what moves the blocks of CopySplit between CUDA
	// devices with peer access; the zero value, PeerCopyDefault, is the
	// fastest way measured.
	PeerCopy PeerCopy

	// Exchange says in what order the blocks of CopySplit move among
	// three or more devices; the zero value, ExchangeDefault, is the
	// fastest order measured.
	Exchange ExchangeOrder

	// Repeat lets CreateMultiThread open the matching devices again, in
	// turn, where fewer than the count asked for match: one CPU device
	// then stands for several, each opening with a queue of its own, as
	// tests of the split and exchange logic want. Without it, too few
	// devices is an error.
	Repeat bool
}

// MultiThread is a Thread on each of several devices, synchronised
// together: the devices of one OpenCL platform share a context (one queue
// each), CUDA devices reach each other's memory where the driver allows
// peer access. Split arrays (SplitArray) divide one logical array among
// its Threads. Each Thread is an ordinary Thread: computations compile for
// it and arrays live on it as on any other.
//
// A MultiThread is safe to use from several goroutines, as its Threads
// are. Release it, not its Threads.
type MultiThread struct {
	threads []*Thread
	// sides holds, for each Thread a, a queue on its device and context
	// for the blocks between it and each device b (sides[a][b], its own
	// block at sides[a][a]): those a receives from b, or with
	// PeerCopyWrite those a sends to b. CopySplit copies each block on
	// its queue, in the order that exchange says.
	sides    [][]backend
	contexts []*cl.Context // shared OpenCL contexts, released after the Threads
	paths    [][]CopyPath
	peerCopy PeerCopy      // resolved: never PeerCopyDefault
	exchange ExchangeOrder // resolved: never ExchangeDefault
}

// peerCopy returns the way of moving blocks that the options ask for, the
// default resolved (NewMultiThread has checked the value).
func (o MultiThreadOptions) peerCopy() PeerCopy {
	p, _ := o.PeerCopy.resolve()
	return p
}

// PeerCopy returns the way CopySplit moves blocks between CUDA devices
// with peer access (never PeerCopyDefault).
func (m *MultiThread) PeerCopy() PeerCopy { return m.peerCopy }

// exchange returns the order of an exchange's blocks that the options ask
// for, the default resolved (NewMultiThread has checked the value).
func (o MultiThreadOptions) exchange() ExchangeOrder {
	x, _ := o.Exchange.resolve()
	return x
}

// Exchange returns the order in which CopySplit moves the blocks of an
// exchange among three or more devices (never ExchangeDefault).
func (m *MultiThread) Exchange() ExchangeOrder { return m.exchange }

// CreateMultiThread creates a MultiThread on n devices that match f: the
// first n of them (GPUs first, as CreateThread prefers them), on the
// interface that CreateThread would choose. Where fewer match, it is an
// error unless opts.Repeat is set.
func CreateMultiThread(f DeviceFilter, n int, opts MultiThreadOptions) (*MultiThread, error) {
	if n < 1 {
		return nil, fmt.Errorf("cluda: multi-thread of %d devices: want at least 1", n)
	}
	api, err := chooseAPI(f)
	if err != nil {
		return nil, err
	}
	f.API = api
	devs, err := Devices(f)
	if err != nil {
		return nil, err
	}
	gpusFirst := make([]Device, 0, len(devs))
	for _, gpu := range []bool{true, false} {
		for _, d := range devs {
			if d.IsGPU() == gpu {
				gpusFirst = append(gpusFirst, d)
			}
		}
	}
	chosen, err := chooseDevices(gpusFirst, n, f, opts.Repeat)
	if err != nil {
		return nil, err
	}
	return NewMultiThread(chosen, opts)
}

// chooseDevices returns the first n of devs, or with repeat, devs in turn
// until there are n.
func chooseDevices(devs []Device, n int, f DeviceFilter, repeat bool) ([]Device, error) {
	switch {
	case len(devs) == 0:
		return nil, fmt.Errorf("%w matches %s", ErrNoDevice, f)
	case len(devs) < n && !repeat:
		return nil, fmt.Errorf("cluda: multi-thread of %d devices: %d match %s (MultiThreadOptions.Repeat opens them again in turn)", n, len(devs), f)
	}
	out := make([]Device, n)
	for i := range out {
		out[i] = devs[i%len(devs)]
	}
	return out, nil
}

// NewMultiThread creates a MultiThread on the devices devs, one Thread
// each, in their order; every device is of one interface.
//
// On OpenCL, the devices of one platform share a context where
// ContextShared says so and opts.SeparateContexts is not set; the others
// get a context each. A device given several times gets a queue for each
// time (in the shared context, or in contexts of its own).
//
// On CUDA, each Thread is on the device's primary context with a stream of
// its own, and peer access is enabled between every pair of devices that
// allow it, so that copies between them go device to device; between the
// others the driver stages copies through host memory. Where the driver
// refuses peer access that the devices allow (past its limit of peers,
// say), the pair's copies are staged too, with a warning (see
// SetWarningLogger).
func NewMultiThread(devs []Device, opts MultiThreadOptions) (*MultiThread, error) {
	if len(devs) == 0 {
		return nil, errors.New("cluda: multi-thread: no devices")
	}
	api := devs[0].api
	for i, d := range devs {
		switch {
		case d.api == "":
			return nil, fmt.Errorf("cluda: multi-thread: device %d is no device (the zero Device)", i)
		case d.api != api:
			return nil, fmt.Errorf("cluda: multi-thread: device %d is of %s, device 0 of %s: a MultiThread is of one interface", i, d.api, api)
		}
	}
	if _, err := opts.PeerCopy.resolve(); err != nil {
		return nil, err
	}
	if _, err := opts.Exchange.resolve(); err != nil {
		return nil, err
	}
	if api == CUDA {
		cus := make([]cu.Device, len(devs))
		for i, d := range devs {
			cus[i] = d.cu
		}
		return newCUDAMultiThread(cus, opts)
	}
	cls := make([]*cl.Device, len(devs))
	for i, d := range devs {
		cls[i] = d.cl
	}
	return newCLMultiThread(cls, opts)
}

// newCLMultiThread is NewMultiThread on OpenCL devices.
func newCLMultiThread(devs []*cl.Device, opts MultiThreadOptions) (*MultiThread, error) {
	if len(devs) == 0 {
		return nil, errors.New("cluda: multi-thread: no devices")
	}
	m := &MultiThread{peerCopy: opts.peerCopy(), exchange: opts.exchange()}
	for i, d := range devs {
		if d == nil {
			return nil, fmt.Errorf("cluda: multi-thread: device %d is nil", i)
		}
	}
	// contextOf is the index in m.contexts of each device's shared context.
	contextOf := make([]int, len(devs))
	if !opts.SeparateContexts {
		for _, g := range contextGroups(devs) {
			var unique []*cl.Device
			for _, i := range g {
				if !slices.ContainsFunc(unique, devs[i].Equal) {
					unique = append(unique, devs[i])
				}
				contextOf[i] = len(m.contexts)
			}
			ctx, err := cl.CreateContext(unique...)
			if err != nil {
				m.Release()
				return nil, fmt.Errorf("cluda: multi-thread: context of the devices of %q: %w", unique[0].Platform().Name(), err)
			}
			m.contexts = append(m.contexts, ctx)
		}
	}
	for i, d := range devs {
		var t *Thread
		var err error
		if opts.SeparateContexts {
			t, err = NewThread(DeviceFromCL(d), opts.ThreadOptions)
		} else {
			t, err = newCLThread(m.contexts[contextOf[i]], d, opts.ThreadOptions, false)
		}
		if err != nil {
			m.Release()
			return nil, fmt.Errorf("cluda: multi-thread: device %d: %w", i, err)
		}
		m.threads = append(m.threads, t)
	}
	m.paths = copyPaths(m.threads, func(a, b *Thread) CopyPath {
		if a.be.reaches(b.be) {
			return CopyPeer
		}
		return CopyHost
	})
	if err := m.openSideQueues(); err != nil {
		m.Release()
		return nil, err
	}
	return m, nil
}

// openSideQueues opens the queues of each Thread for the blocks of every
// device (see sides).
func (m *MultiThread) openSideQueues() error {
	for e, t := range m.threads {
		var qs []backend
		for d := range m.threads {
			q, err := t.be.sideQueue()
			if err != nil {
				for _, q := range qs {
					q.release()
				}
				return fmt.Errorf("cluda: multi-thread: queue of device %d for the blocks of device %d: %w", e, d, err)
			}
			qs = append(qs, q)
		}
		m.sides = append(m.sides, qs)
	}
	return nil
}

// newCUDAMultiThread is NewMultiThread on CUDA devices.
func newCUDAMultiThread(devs []cu.Device, opts MultiThreadOptions) (*MultiThread, error) {
	if len(devs) == 0 {
		return nil, errors.New("cluda: multi-thread: no devices")
	}
	m := &MultiThread{peerCopy: opts.peerCopy(), exchange: opts.exchange()}
	for i, d := range devs {
		t, err := newCUDAThread(d, opts.ThreadOptions)
		if err != nil {
			m.Release()
			return nil, fmt.Errorf("cluda: multi-thread: device %d: %w", i, err)
		}
		m.threads = append(m.threads, t)
	}
	m.paths = copyPaths(m.threads, func(a, b *Thread) CopyPath {
		ca, cb := a.CUDAContext(), b.CUDAContext()
		if ca.Device() == cb.Device() {
			return CopyPeer
		}
		can, err := ca.Device().CanAccessPeer(cb.Device())
		if err == nil && can {
			err = ca.EnablePeerAccess(cb)
		}
		if err != nil {
			warnOnce(fmt.Sprintf("peer %d %d", ca.Device(), cb.Device()),
				"cluda: peer access of CUDA device %d to device %d: %v; the driver stages their copies through host memory", ca.Device(), cb.Device(), err)
			return CopyDriverStaged
		}
		if !can {
			return CopyDriverStaged
		}
		return CopyPeer
	})
	if err := m.openSideQueues(); err != nil {
		m.Release()
		return nil, err
	}
	return m, nil
}

// contextGroups returns the indices of devs grouped by the context they
// share: by platform, and on platforms whose distinct devices do not share
// one (ContextShared), by device. The groups come in the order of their
// first device.
func contextGroups(devs []*cl.Device) [][]int {
	together := func(a, b *cl.Device) bool {
		return a.Platform().Equal(b.Platform()) && (a.Equal(b) || ContextShared(platformOfCL(a.Platform())))
	}
	var groups [][]int
	for i, d := range devs {
		g := slices.IndexFunc(groups, func(g []int) bool { return together(devs[g[0]], d) })
		if g < 0 {
			groups = append(groups, nil)
			g = len(groups) - 1
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// unsharedPlatforms names the OpenCL platforms whose distinct devices a
// MultiThread does not put in one context. NVIDIA's runtime keeps each
// buffer of a shared context on one device at a time and moves it whole,
// through host memory, whenever a command on another device uses it after
// a write: on two H200, the slab-decomposed FFT of 256³ took 252 ms in one
// context and 16.5 ms with a context per device and its exchanged blocks
// copied through host memory (`reikna bench --multi --api opencl`, with
// and without --separate-contexts); the single device takes 0.23 ms.
var unsharedPlatforms = []string{"NVIDIA CUDA"}

// ContextShared reports whether NewMultiThread puts distinct devices of
// the OpenCL platform p in one context (unless
// MultiThreadOptions.SeparateContexts is set): on every platform but
// NVIDIA's, whose runtime moves whole buffers between the devices of a
// context through host memory each time another device uses them (see
// BENCHMARKS.md). Use CUDA for copies device to device on NVIDIA GPUs.
func ContextShared(p Platform) bool {
	return p.API == OpenCL && !slices.Contains(unsharedPlatforms, p.Name)
}

// copyPaths returns the path of a copy between each pair of threads, from
// the path between two different Threads, asked once for each ordered
// pair.
func copyPaths(threads []*Thread, between func(a, b *Thread) CopyPath) [][]CopyPath {
	paths := make([][]CopyPath, len(threads))
	for i, a := range threads {
		paths[i] = make([]CopyPath, len(threads))
		for j, b := range threads {
			if i != j {
				paths[i][j] = between(a, b)
			}
		}
	}
	return paths
}

// Len returns the number of devices (Threads).
func (m *MultiThread) Len() int { return len(m.threads) }

// Thread returns the Thread of device i.
func (m *MultiThread) Thread(i int) *Thread { return m.threads[i] }

// Threads returns the Threads of the devices, in order.
func (m *MultiThread) Threads() []*Thread { return append([]*Thread(nil), m.threads...) }

// Path returns how a copy from the memory of device i to that of device j
// goes.
func (m *MultiThread) Path(i, j int) CopyPath { return m.paths[i][j] }

// Synchronize blocks until every command enqueued so far on every device
// has completed.
func (m *MultiThread) Synchronize() error {
	var errs []error
	for i, t := range m.threads {
		if err := t.Synchronize(); err != nil {
			errs = append(errs, fmt.Errorf("device %d: %w", i, err))
		}
	}
	return errors.Join(errs...)
}

// Release releases every Thread (see Thread.Release), then the contexts
// they share. Arrays, split arrays among them, must be released by their
// owners first. Release is idempotent.
func (m *MultiThread) Release() {
	for _, qs := range m.sides {
		for _, q := range qs {
			q.release()
		}
	}
	m.sides = nil
	for _, t := range m.threads {
		t.Release()
	}
	for _, c := range m.contexts {
		c.Release()
	}
	m.contexts = nil
}

// String lists the devices.
func (m *MultiThread) String() string {
	names := make([]string, len(m.threads))
	for i, t := range m.threads {
		names[i] = t.String()
	}
	return fmt.Sprintf("MultiThread[%s]", strings.Join(names, "; "))
}
