package cluda

import (
	"errors"
	"fmt"
	"time"

	"github.com/reikna-go/reikna/cluda/cl"
)

// clBackend runs a Thread on an OpenCL context and in-order queue.
type clBackend struct {
	ctx    *cl.Context
	queue  *cl.Queue
	device *cl.Device
	// ownsQueue and ownsContext say what was created for the Thread and is
	// released with it: a MultiThread's devices share a context, which
	// the MultiThread releases.
	ownsQueue, ownsContext bool
}

func (b *clBackend) api() API { return OpenCL }

type clBuffer struct{ buf *cl.Buffer }

func (b clBuffer) sub(offset, size int) (deviceBuffer, error) {
	s, err := b.buf.SubBuffer(cl.MemReadWrite, offset, size)
	if err != nil {
		return nil, err
	}
	return clBuffer{s}, nil
}

func (b clBuffer) release() { b.buf.Release() }

// clBufferOf returns the OpenCL buffer of a buffer of the OpenCL backend.
func clBufferOf(b deviceBuffer) (*cl.Buffer, error) {
	cb, ok := b.(clBuffer)
	if !ok {
		return nil, errors.New("cluda: the memory is not OpenCL's: the array belongs to a Thread on another API")
	}
	return cb.buf, nil
}

func (b *clBackend) allocate(size int) (deviceBuffer, error) {
	buf, err := cl.CreateBuffer(b.ctx, cl.MemReadWrite, size)
	if err != nil {
		return nil, err
	}
	return clBuffer{buf}, nil
}

type clProgram struct {
	prog   *cl.Program
	device *cl.Device
}

func (b *clBackend) buildSource(full, flags string) (deviceProgram, error) {
	prog, err := cl.CreateProgramWithSource(b.ctx, full)
	if err != nil {
		return nil, fmt.Errorf("cluda: compile: %w", err)
	}
	if err := prog.Build([]*cl.Device{b.device}, flags); err != nil {
		prog.Release()
		return nil, err
	}
	return &clProgram{prog, b.device}, nil
}

func (b *clBackend) buildBinary(binary []byte, flags string) (deviceProgram, error) {
	devices := []*cl.Device{b.device}
	prog, err := cl.CreateProgramWithBinaries(b.ctx, devices, [][]byte{binary})
	if err != nil {
		return nil, err
	}
	if err := prog.Build(devices, flags); err != nil {
		prog.Release()
		return nil, err
	}
	return &clProgram{prog, b.device}, nil
}

func (p *clProgram) binary() ([]byte, error) {
	bins, err := p.prog.Binaries()
	if err != nil {
		return nil, err
	}
	if len(bins) != 1 || len(bins[0]) == 0 {
		return nil, fmt.Errorf("cluda: program has no binary")
	}
	return bins[0], nil
}

func (p *clProgram) kernelNames() (string, error) { return p.prog.KernelNames() }
func (p *clProgram) buildLog() (string, error)    { return p.prog.BuildLog(p.device) }
func (p *clProgram) release()                     { p.prog.Release() }

func (p *clProgram) kernel(name string) (deviceKernel, error) {
	k, err := cl.CreateKernel(p.prog, name)
	if err != nil {
		return nil, err
	}
	return &clKernel{k, p.device}, nil
}

type clKernel struct {
	kernel *cl.Kernel
	device *cl.Device
}

func (k *clKernel) workGroupInfo() (WorkGroupInfo, error) {
	info, err := k.kernel.WorkGroupInfo(k.device)
	if err != nil {
		return WorkGroupInfo{}, err
	}
	return WorkGroupInfo(info), nil
}

func (k *clKernel) release() { k.kernel.Release() }

type clEvent struct{ event *cl.Event }

func (e clEvent) wait() error { return e.event.Wait() }

func (e clEvent) duration() (time.Duration, error) {
	t, err := e.event.Times()
	if err != nil {
		return 0, err
	}
	return t.Duration(), nil
}

func (e clEvent) release() { e.event.Release() }

// clEvents returns the OpenCL events of a wait list.
func clEvents(wait []deviceEvent) ([]*cl.Event, error) {
	if len(wait) == 0 {
		return nil, nil
	}
	evs := make([]*cl.Event, len(wait))
	for i, e := range wait {
		ce, ok := e.(clEvent)
		if !ok {
			return nil, fmt.Errorf("wait list entry %d is not an OpenCL event", i)
		}
		evs[i] = ce.event
	}
	return evs, nil
}

func (b *clBackend) write(buf deviceBuffer, offset int, host []byte) error {
	cb, err := clBufferOf(buf)
	if err != nil {
		return err
	}
	return cl.Write(b.queue, cb, offset, host)
}

func (b *clBackend) read(buf deviceBuffer, offset int, host []byte) error {
	cb, err := clBufferOf(buf)
	if err != nil {
		return err
	}
	return cl.Read(b.queue, cb, offset, host)
}

func (b *clBackend) fill(buf deviceBuffer, pattern []byte, offset, size int) error {
	cb, err := clBufferOf(buf)
	if err != nil {
		return err
	}
	_, err = b.queue.FillBuffer(cb, pattern, offset, size, nil, false)
	return err
}

func (b *clBackend) copy(src, dst deviceBuffer, srcOffset, dstOffset, n int, event bool) (deviceEvent, error) {
	sb, db, err := clBuffersOf(src, dst)
	if err != nil {
		return nil, err
	}
	ev, err := b.queue.CopyBuffer(sb, db, srcOffset, dstOffset, n, nil, event)
	if err != nil || ev == nil {
		return nil, err
	}
	return clEvent{ev}, nil
}

func (b *clBackend) launch(k deviceKernel, r NDRange, args []any, wait []deviceEvent, event bool) (deviceEvent, error) {
	ck := k.(*clKernel)
	evs, err := clEvents(wait)
	if err != nil {
		return nil, err
	}
	for i, a := range args {
		if db, ok := a.(deviceBuffer); ok {
			if a, err = clBufferOf(db); err != nil {
				return nil, fmt.Errorf("argument %d: %w", i, err)
			}
		}
		if err := ck.kernel.SetArg(i, a); err != nil {
			return nil, err
		}
	}
	ev, err := b.queue.EnqueueKernel(ck.kernel, r.cl(), evs, event)
	if err != nil || ev == nil {
		return nil, err
	}
	return clEvent{ev}, nil
}

func (b *clBackend) synchronize() error { return b.queue.Finish() }
func (b *clBackend) profiling() bool    { return b.queue.Profiling() }

func (b *clBackend) sideQueue() (backend, error) {
	q, err := cl.CreateQueue(b.ctx, b.device, false)
	if err != nil {
		return nil, err
	}
	return &clBackend{ctx: b.ctx, queue: q, device: b.device, ownsQueue: true}, nil
}

func (b *clBackend) release() {
	if b.ownsQueue {
		b.queue.Release()
	}
	if b.ownsContext {
		b.ctx.Release()
	}
}

// clDeviceParams returns the parameters of an OpenCL device.
func clDeviceParams(d *cl.Device) (*DeviceParams, error) {
	info, err := d.Info()
	if err != nil {
		return nil, fmt.Errorf("cluda: %w", err)
	}
	return deviceParams(deviceInfoOfCL(info), d.Platform().Name()), nil
}

func (b *clBackend) copyRegion(src, dst deviceBuffer, from, to region, event bool) (deviceEvent, error) {
	sb, db, err := clBuffersOf(src, dst)
	if err != nil {
		return nil, err
	}
	ev, err := b.queue.CopyRegion(sb, db, from.cl(), to.cl(), nil, event)
	if err != nil || ev == nil {
		return nil, err
	}
	return clEvent{ev}, nil
}

// reaches reports whether other's buffers are of the same context, which
// the queues of all its devices use.
func (b *clBackend) reaches(other backend) bool {
	o, ok := other.(*clBackend)
	return ok && o.ctx == b.ctx
}

func (b *clBackend) readRegion(buf deviceBuffer, r region, host []byte) error {
	cb, err := clBufferOf(buf)
	if err != nil {
		return err
	}
	return b.queue.ReadRegion(cb, r.cl(), host)
}

func (b *clBackend) writeRegion(buf deviceBuffer, r region, host []byte) error {
	cb, err := clBufferOf(buf)
	if err != nil {
		return err
	}
	return b.queue.WriteRegion(cb, r.cl(), host)
}

// clBuffersOf returns the memories of a source and a destination
// buffer of the backend.
func clBuffersOf(src, dst deviceBuffer) (*cl.Buffer, *cl.Buffer, error) {
	sb, err := clBufferOf(src)
	if err != nil {
		return sb, sb, err
	}
	db, err := clBufferOf(dst)
	return sb, db, err
}

// clStaging is host memory of the C heap.
type clStaging struct{ mem *cl.HostMemory }

func (s clStaging) bytes() []byte {
	b, _ := s.mem.Bytes() // valid until free
	return b
}

func (s clStaging) free() { s.mem.Free() }

func (b *clBackend) staging(n int) (hostStaging, error) {
	m, err := cl.AllocHost(n)
	if err != nil {
		return nil, err
	}
	return clStaging{m}, nil
}

func (b *clBackend) writeAsync(buf deviceBuffer, offset int, h hostStaging, n int) (deviceEvent, error) {
	cb, err := clBufferOf(buf)
	if err != nil {
		return nil, err
	}
	ev, err := b.queue.WriteHostAsync(cb, offset, h.(clStaging).mem, n, nil, true)
	if err != nil {
		return nil, err
	}
	return clEvent{ev}, nil
}

func (b *clBackend) readAsync(buf deviceBuffer, offset int, h hostStaging, n int) (deviceEvent, error) {
	cb, err := clBufferOf(buf)
	if err != nil {
		return nil, err
	}
	ev, err := b.queue.ReadHostAsync(cb, offset, h.(clStaging).mem, n, nil, true)
	if err != nil {
		return nil, err
	}
	return clEvent{ev}, nil
}
