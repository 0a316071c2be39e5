package cluda

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/reikna-go/reikna/cluda/cl"
)

// ThreadOptions configure a new Thread.
type ThreadOptions struct {
	// Profiling makes the queue record profiling times, so that kernel
	// calls can report their device time.
	Profiling bool

	// NoDiskCache keeps built programs in memory only. Otherwise they are
	// also cached on disk (see CacheDirEnv), so that later processes skip
	// the compiler.
	NoDiskCache bool

	// ProgramCacheLimit is the most built programs the Thread keeps in
	// memory for reuse (see SetProgramCacheLimit); 0 means
	// DefaultProgramCacheLimit and a negative value keeps none.
	ProgramCacheLimit int
}

// Thread owns one OpenCL context and one in-order command queue on one
// device, or one CUDA context and stream (reikna's Thread). Arrays, programs and compiled computations
// belong to a Thread.
//
// A Thread is safe to use from several goroutines. Commands enqueued by one
// goroutine may interleave with those of another, except within Serialize.
type Thread struct {
	be     backend
	params *DeviceParams

	serial sync.Mutex // held while a sequence of commands is enqueued
	temp   tempManager

	progs *programCache

	enqueues atomic.Uint64 // kernel launches, for tests and statistics

	disk *diskCache // nil when disabled

	wisdomOnce sync.Once
	wisdom     *Wisdom

	// staged holds the events of asynchronous transfers not yet
	// released, so that their staging memory outlives the copy even
	// where the caller drops the event (see Event.Release).
	stagedMu sync.Mutex
	staged   map[*Event]bool
}

// CreateThread creates a Thread on the best device that matches f (see
// BestDevice): the first GPU, else the first device (reikna's
// Thread.create). The interface is f.API, else the one APIEnv names, else
// the default (see defaultAPI).
func CreateThread(f DeviceFilter, opts ThreadOptions) (*Thread, error) {
	d, err := BestDevice(f)
	if err != nil {
		return nil, err
	}
	return NewThread(d, opts)
}

// NewThread creates a Thread on the device d: on OpenCL with a context
// and queue of its own, on CUDA on the device's primary context (the one
// the CUDA runtime uses) with a stream of its own.
func NewThread(d Device, opts ThreadOptions) (*Thread, error) {
	switch d.api {
	case OpenCL:
		ctx, err := cl.CreateContext(d.cl)
		if err != nil {
			return nil, fmt.Errorf("cluda: thread on %q: %w", d.Name(), err)
		}
		return newCLThread(ctx, d.cl, opts, true)
	case CUDA:
		return newCUDAThread(d.cu, opts)
	}
	return nil, errors.New("cluda: new thread: no device (the zero Device)")
}

// newCLThread creates a Thread with a new queue on dev in ctx, which the
// Thread releases if it owns it. Where it fails, it releases what it owns.
func newCLThread(ctx *cl.Context, dev *cl.Device, opts ThreadOptions, ownsContext bool) (*Thread, error) {
	q, err := cl.CreateQueue(ctx, dev, opts.Profiling)
	if err != nil {
		if ownsContext {
			ctx.Release()
		}
		return nil, fmt.Errorf("cluda: thread on %q: %w", dev.Name(), err)
	}
	be := &clBackend{ctx: ctx, queue: q, device: dev, ownsQueue: true, ownsContext: ownsContext}
	params, err := clDeviceParams(dev)
	if err != nil {
		be.release()
		return nil, err
	}
	return newThread(be, params, opts)
}

// WrapCLQueue creates a Thread around an existing OpenCL queue and its
// context, to use the framework inside a larger program: interop (see the
// package documentation). The Thread does not release them.
func WrapCLQueue(q *cl.Queue) (*Thread, error) {
	if q == nil {
		return nil, errors.New("cluda: wrap OpenCL queue: nil queue")
	}
	params, err := clDeviceParams(q.Device())
	if err != nil {
		return nil, err
	}
	return newThread(&clBackend{ctx: q.Context(), queue: q, device: q.Device()}, params, ThreadOptions{})
}

// newThread makes a Thread on a backend and the parameters of its device.
// Where it fails, it releases the backend.
func newThread(be backend, params *DeviceParams, opts ThreadOptions) (*Thread, error) {
	t := &Thread{be: be, params: params, progs: newProgramCache(DefaultProgramCacheLimit)}
	t.temp.thread = t
	if !opts.NoDiskCache {
		t.disk = newDiskCache()
	}
	if opts.ProgramCacheLimit != 0 {
		t.SetProgramCacheLimit(opts.ProgramCacheLimit)
	}
	if params.WarpSize == 0 {
		var err error
		if params.WarpSize, err = t.kernelWarpSize(); err != nil {
			t.Release()
			return nil, err
		}
	}
	return t, nil
}

// kernelWarpSize asks a trivial kernel for its preferred work-group size
// multiple, for devices that do not report one themselves.
func (t *Thread) kernelWarpSize() (int, error) {
	p, err := t.Compile("KERNEL void _warp_probe(GLOBAL_MEM int *x) { x[get_global_id(0)] = 0; }", CompileOptions{})
	if err != nil {
		return 0, err
	}
	defer p.Release()
	k, err := p.Kernel("_warp_probe")
	if err != nil {
		return 0, err
	}
	info, err := k.WorkGroupInfo()
	if err != nil {
		return 0, fmt.Errorf("cluda: warp size: %w", err)
	}
	if info.PreferredWorkGroupSizeMultiple < 1 {
		return 1, nil
	}
	return info.PreferredWorkGroupSizeMultiple, nil
}

// API returns the interface the Thread runs on.
func (t *Thread) API() API { return t.be.api() }

// Device returns the Thread's device.
func (t *Thread) Device() Device {
	switch b := t.be.(type) {
	case *clBackend:
		return DeviceFromCL(b.device)
	case *cuBackend:
		cp, _ := cudaPlatform()
		return Device{api: CUDA, name: t.params.Name, platform: cp, cu: b.ctx.Device()}
	}
	return Device{}
}

// Params returns the properties of the Thread's device.
func (t *Thread) Params() *DeviceParams { return t.params }

// CLContext returns the Thread's OpenCL context, nil on another API:
// interop (see the package documentation).
func (t *Thread) CLContext() *cl.Context {
	if b, ok := t.be.(*clBackend); ok {
		return b.ctx
	}
	return nil
}

// CLQueue returns the Thread's OpenCL command queue, nil on another API:
// interop (see the package documentation).
func (t *Thread) CLQueue() *cl.Queue {
	if b, ok := t.be.(*clBackend); ok {
		return b.queue
	}
	return nil
}

// Profiling reports whether the Thread's queue records profiling times, so
// that Event.Duration works.
func (t *Thread) Profiling() bool { return t.be.profiling() }

// Synchronize blocks until every command enqueued so far has completed.
func (t *Thread) Synchronize() error {
	if err := t.be.synchronize(); err != nil {
		return fmt.Errorf("cluda: synchronize: %w", err)
	}
	return nil
}

// Serialize runs f while no other Serialize call of the Thread runs, so that
// the commands f enqueues stay contiguous in the queue. Compiled
// computations enqueue their kernels inside Serialize, which makes it safe
// for them to share temporary memory.
func (t *Thread) Serialize(f func() error) error {
	t.serial.Lock()
	defer t.serial.Unlock()
	return f()
}

// SetProgramCacheLimit sets the most built programs the Thread keeps in
// memory for reuse (DefaultProgramCacheLimit unless set); n < 1 keeps
// none. Beyond the limit the least recently compiled programs are dropped
// from the cache; one still in use (a Program not released, a compiled
// computation's kernels) stays valid and is released with its last user.
func (t *Thread) SetProgramCacheLimit(n int) { t.progs.setLimit(n) }

// Release releases the Thread's programs (also those still in use, whose
// kernels then fail), its temporary memory (temporary arrays, those of
// compiled computations among them, fail after it), and the context and
// queue if the Thread created them. Arrays allocated on the Thread must be
// released by their owners (see the package documentation). Release is
// idempotent.
func (t *Thread) Release() {
	t.releaseStaged()
	t.progs.releaseAll()
	t.serial.Lock()
	for _, p := range t.temp.pools {
		p.mem.mu.Lock()
		if p.mem.buf != nil {
			p.mem.buf.release()
			p.mem.buf = nil
		}
		p.mem.mu.Unlock()
	}
	t.temp.pools = nil
	t.serial.Unlock()
	t.be.release()
}

// KernelEnqueues returns how many kernel launches the Thread has enqueued
// since it was created.
func (t *Thread) KernelEnqueues() uint64 { return t.enqueues.Load() }

// String describes the Thread's device and platform.
func (t *Thread) String() string {
	return fmt.Sprintf("%s on %s", t.params.Name, t.params.PlatformName)
}
