package nccl

/*
#include "ncclinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/cu"
)

// IDBytes is the size of an NCCL unique id (NCCL_UNIQUE_ID_BYTES).
const IDBytes = C.REIKNA_NCCL_UNIQUE_ID_BYTES

// UniqueID is the id that ties the ranks of a communicator together
// (ncclUniqueId): one rank makes it with NewUniqueID and every rank passes
// the same id to NewComm. It holds the address of the first rank's
// bootstrap socket, so it is good for one communicator, made soon after.
type UniqueID [IDBytes]byte

// ErrDestroyed is returned, wrapped, by a call on a Comm after its Destroy
// or Abort.
var ErrDestroyed = errors.New("nccl: communicator destroyed")

// NewUniqueID makes a new unique id (ncclGetUniqueId), on the rank that
// then hands it to the others: BcastID and ExchangeIDFile do both.
func NewUniqueID() (UniqueID, error) {
	lib, err := libraryLoader.Get()
	if err != nil {
		return UniqueID{}, err
	}
	return lib.uniqueID()
}

func (l *library) uniqueID() (UniqueID, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var cid C.reikna_nccl_id
	if err := l.check("ncclGetUniqueId", C.reikna_ncclGetUniqueId(l.fns, &cid), nil); err != nil {
		return UniqueID{}, err
	}
	var id UniqueID
	copy(id[:], unsafe.Slice((*byte)(unsafe.Pointer(&cid)), IDBytes))
	return id, nil
}

// Comm is one rank's NCCL communicator (ncclComm_t), on one CUDA device.
// Its calls on device memory are queued on a CUDA stream of the device's
// primary context and return before the transfer is done: synchronize the
// stream before reading what arrived, and keep the memory until then. A
// Comm's methods may be called from any goroutine, one at a time per
// Comm; NCCL's own rules hold besides: every rank makes the same
// communication calls in the same order.
type Comm struct {
	lib        *library
	mu         sync.Mutex
	handle     C.reikna_nccl_comm // nil once destroyed
	rank, size int
	// ctx is the device's primary context, retained by NewComm and
	// released by Destroy; ctxHandle is its handle, which the contexts of
	// streams and memory must match. Both are zero in the package's tests
	// without a device.
	ctx       *cu.Context
	ctxHandle uintptr
}

// NewComm joins rank of a communicator of size ranks (ncclCommInitRank),
// on the device of ctx, which must be the device's primary context (the
// one the CUDA runtime and so NCCL use: cu.RetainPrimaryContext, or the
// context of a CUDA Thread from cluda.NewThread). Every rank calls it
// with the same id and size at about the same time, each on its own
// device, from its own goroutine or process: it returns when all have
// joined. The caller must Destroy the Comm.
func NewComm(ctx *cu.Context, id UniqueID, rank, size int) (*Comm, error) {
	if err := checkRank(rank, size); err != nil {
		return nil, err
	}
	if ctx == nil {
		return nil, errors.New("nccl: new communicator: nil CUDA context")
	}
	raw := ctx.Handle()
	if raw == 0 {
		return nil, fmt.Errorf("nccl: new communicator: the CUDA context: %w", cu.ErrReleased)
	}
	lib, err := libraryLoader.Get()
	if err != nil {
		return nil, err
	}
	primary, err := cu.RetainPrimaryContext(ctx.Device())
	if err != nil {
		return nil, fmt.Errorf("nccl: new communicator: %w", err)
	}
	if primary.Handle() != raw {
		primary.Release()
		return nil, fmt.Errorf("nccl: new communicator: the CUDA context is not the primary context of device %d; NCCL runs in the device's primary context (that of the CUDA runtime): use cu.RetainPrimaryContext or a CUDA Thread of cluda.NewThread", int(ctx.Device()))
	}
	c, err := newComm(lib, id, rank, size, primary)
	if err != nil {
		primary.Release()
		return nil, err
	}
	return c, nil
}

// newComm makes the communicator on ctx's device, or on the current one
// where ctx is nil (in tests).
func newComm(lib *library, id UniqueID, rank, size int, ctx *cu.Context) (*Comm, error) {
	if err := checkRank(rank, size); err != nil {
		return nil, err
	}
	c := &Comm{lib: lib, rank: rank, size: size, ctx: ctx}
	if ctx != nil {
		c.ctxHandle = ctx.Handle()
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := c.setCurrent(); err != nil {
		return nil, fmt.Errorf("nccl: new communicator: %w", err)
	}
	cid := (*C.reikna_nccl_id)(C.malloc(C.size_t(IDBytes)))
	defer C.free(unsafe.Pointer(cid))
	copy(unsafe.Slice((*byte)(unsafe.Pointer(cid)), IDBytes), id[:])
	var h C.reikna_nccl_comm
	if err := lib.check("ncclCommInitRank", C.reikna_ncclCommInitRank(lib.fns, &h, C.int(size), cid, C.int(rank)), nil); err != nil {
		return nil, fmt.Errorf("nccl: rank %d of %d: %w", rank, size, err)
	}
	c.handle = h
	return c, nil
}

// checkRank checks a rank of a communicator of size ranks.
func checkRank(rank, size int) error {
	if size < 1 || rank < 0 || rank >= size {
		return fmt.Errorf("nccl: rank %d of %d ranks: want 0 ≤ rank < size", rank, size)
	}
	return nil
}

// setCurrent makes the Comm's context current on the calling OS thread,
// which the caller holds, so that NCCL's runtime calls find the device.
func (c *Comm) setCurrent() error {
	if c.ctx == nil {
		return nil
	}
	return c.ctx.SetCurrent()
}

// Rank returns the rank of the Comm, from 0 to Size()-1.
func (c *Comm) Rank() int { return c.rank }

// Size returns the number of ranks of the communicator.
func (c *Comm) Size() int { return c.size }

// Context returns the primary context of the Comm's device, which its
// streams and memory belong to.
func (c *Comm) Context() *cu.Context { return c.ctx }

// String describes the communicator, such as "NCCL rank 1 of 4".
func (c *Comm) String() string { return fmt.Sprintf("NCCL rank %d of %d", c.rank, c.size) }

// Destroy frees the communicator (ncclCommDestroy) once its queued work is
// done, and releases the device's primary context that NewComm retained.
// It is safe to call more than once; later calls return nil.
func (c *Comm) Destroy() error { return c.end("ncclCommDestroy", false) }

// Abort frees the communicator at once (ncclCommAbort), stopping its work
// in flight, for a rank that gives up while others may wait for it.
func (c *Comm) Abort() error { return c.end("ncclCommAbort", true) }

func (c *Comm) end(call string, abort bool) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handle == nil {
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c.setCurrent() // NCCL sets the device itself; this is for its first runtime call
	var r C.int
	if abort {
		r = C.reikna_ncclCommAbort(c.lib.fns, c.handle)
	} else {
		r = C.reikna_ncclCommDestroy(c.lib.fns, c.handle)
	}
	err := c.lib.check(call, r, c.handle)
	c.handle = nil
	if c.ctx != nil {
		c.ctx.Release()
	}
	if err != nil {
		return fmt.Errorf("nccl: %v: %w", c, err)
	}
	return nil
}

// streamHandle returns the CUstream of s for NCCL, 0 for a nil s (the
// legacy default stream), or an error where s is released or of another
// context than the Comm's.
func (c *Comm) streamHandle(s *cu.Stream) (uintptr, error) {
	if s == nil {
		return 0, nil
	}
	h := s.Handle()
	if h == 0 {
		return 0, fmt.Errorf("the stream: %w", cu.ErrReleased)
	}
	if s.Context() == nil || s.Context().Handle() != c.ctxHandle {
		return 0, fmt.Errorf("the stream is not of the primary context of the communicator's device %v", c.device())
	}
	return h, nil
}

// device names the Comm's device for messages.
func (c *Comm) device() string {
	if c.ctx == nil {
		return "(none)"
	}
	return fmt.Sprint(int(c.ctx.Device()))
}

// GroupStart opens a group of NCCL calls (ncclGroupStart): the sends and
// receives until GroupEnd are queued together, so that those between a
// pair of ranks do not wait for each other. NCCL keeps the group per OS
// thread: hold the thread (runtime.LockOSThread) from GroupStart to
// GroupEnd, or use Group, which does.
func GroupStart() error {
	lib, err := libraryLoader.Get()
	if err != nil {
		return err
	}
	return lib.check("ncclGroupStart", C.reikna_ncclGroupStart(lib.fns), nil)
}

// GroupEnd closes the group that GroupStart opened (ncclGroupEnd) and
// queues its calls on their streams.
func GroupEnd() error {
	lib, err := libraryLoader.Get()
	if err != nil {
		return err
	}
	return lib.check("ncclGroupEnd", C.reikna_ncclGroupEnd(lib.fns), nil)
}

// Group runs f between GroupStart and GroupEnd on one OS thread, and ends
// the group even where f fails. It returns f's error, or else GroupEnd's.
func Group(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := GroupStart(); err != nil {
		return err
	}
	ferr := f()
	eerr := GroupEnd()
	if ferr != nil {
		return ferr
	}
	return eerr
}

// Send queues on stream (the legacy default stream if nil) a send of n
// bytes at buf on the Comm's device to rank peer (ncclSend of ncclUint8),
// which must queue a Recv of n bytes from this rank. Within a Group every
// rank's sends and receives are queued together; outside one, each is
// a group of its own.
func (c *Comm) Send(stream *cu.Stream, buf cu.DevicePtr, n, peer int) error {
	return c.p2p(stream, p2p{peer: peer, ptr: uint64(buf), count: n})
}

// Recv queues on stream (the legacy default stream if nil) a receive of n
// bytes from rank peer into buf on the Comm's device (ncclRecv of
// ncclUint8).
func (c *Comm) Recv(stream *cu.Stream, buf cu.DevicePtr, n, peer int) error {
	return c.p2p(stream, p2p{recv: true, peer: peer, ptr: uint64(buf), count: n})
}

func (c *Comm) p2p(stream *cu.Stream, op p2p) error {
	what := "send"
	if op.recv {
		what = "receive"
	}
	fail := func(err error) error {
		return fmt.Errorf("nccl: %v: %s of %d bytes, peer %d: %w", c, what, op.count, op.peer, err)
	}
	switch {
	case op.peer < 0 || op.peer >= c.size:
		return fail(fmt.Errorf("peer %d is not a rank of the %d", op.peer, c.size))
	case op.count < 0:
		return fail(errors.New("negative count"))
	case op.ptr == 0 && op.count > 0:
		return fail(errors.New("null device pointer"))
	}
	sh, err := c.streamHandle(stream)
	if err != nil {
		return fail(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handle == nil {
		return fail(ErrDestroyed)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := c.setCurrent(); err != nil {
		return fail(err)
	}
	var r C.int
	call := "ncclSend"
	if op.recv {
		call = "ncclRecv"
		r = C.reikna_ncclRecv(c.lib.fns, C.uint64_t(op.ptr), C.size_t(op.count), C.int(op.peer), c.handle, C.uintptr_t(sh))
	} else {
		r = C.reikna_ncclSend(c.lib.fns, C.uint64_t(op.ptr), C.size_t(op.count), C.int(op.peer), c.handle, C.uintptr_t(sh))
	}
	if err := c.lib.check(call, r, c.handle); err != nil {
		return fail(err)
	}
	return nil
}

// p2p is a send or a receive of a group.
type p2p struct {
	recv  bool
	peer  int
	ptr   uint64
	count int
}

func (o p2p) String() string {
	if o.recv {
		return fmt.Sprintf("receive of %d bytes from rank %d", o.count, o.peer)
	}
	return fmt.Sprintf("send of %d bytes to rank %d", o.count, o.peer)
}

// group runs ops in one group on the stream sh, on one OS thread.
func (c *Comm) group(sh uintptr, ops []p2p) error {
	if len(ops) == 0 {
		return nil
	}
	cops := make([]C.reikna_nccl_p2p, len(ops))
	for i, o := range ops {
		cops[i] = C.reikna_nccl_p2p{peer: C.int(o.peer), ptr: C.uint64_t(o.ptr), count: C.size_t(o.count)}
		if o.recv {
			cops[i].recv = 1
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handle == nil {
		return ErrDestroyed
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := c.setCurrent(); err != nil {
		return err
	}
	var failed C.int
	r := C.reikna_nccl_group(c.lib.fns, c.handle, C.uintptr_t(sh), &cops[0], C.int(len(cops)), &failed)
	if r == 0 {
		return nil
	}
	call, op := "ncclGroupEnd", ""
	switch {
	case failed < 0:
		call = "ncclGroupStart"
	case int(failed) < len(ops):
		call, op = "ncclSend", ops[failed].String()
		if ops[failed].recv {
			call = "ncclRecv"
		}
	}
	err := c.lib.check(call, r, c.handle)
	if op != "" {
		return fmt.Errorf("%s: %w", op, err)
	}
	return err
}
