package cluda

import (
	"errors"
	"fmt"
	"slices"
)

// CopyPath says how a copy between the memories of two Threads goes.
type CopyPath int

// The paths of a copy between Threads, from the most direct.
const (
	// CopyLocal is a copy within one Thread's memory, on its queue.
	CopyLocal CopyPath = iota
	// CopyPeer is a copy between the memories of two devices that the
	// devices make themselves: OpenCL buffers of one context, which the
	// OpenCL runtime moves between its devices, or CUDA memories of
	// contexts with peer access between them (over NVLink or PCIe), or
	// of one device.
	CopyPeer
	// CopyDriverStaged is a copy between CUDA memories of devices without
	// peer access: the driver stages it through its own page-locked host
	// memory.
	CopyDriverStaged
	// CopyHost is a copy through host memory: read from one device into
	// memory of the process, then written to the other. It joins OpenCL
	// Threads of different contexts, and Threads of different APIs.
	CopyHost
)

// String returns the path's name: "local", "peer", "driver-staged" or
// "host".
func (p CopyPath) String() string {
	if p >= 0 && int(p) < len(copyPathNames) && copyPathNames[p] != "" {
		return copyPathNames[p]
	}
	return fmt.Sprintf("CopyPath(%d)", int(p))
}

// copyPathNames are the names String returns, by value.
var copyPathNames = [...]string{CopyLocal: "local", CopyPeer: "peer", CopyDriverStaged: "driver-staged", CopyHost: "host"}

// CopyBetween copies src into dst, arrays of the same dtype and shape that
// may belong to different Threads (of different devices, contexts or
// APIs), and returns when the copy is done. It waits first for every
// command enqueued on src's Thread. Between Threads whose memories reach
// each other (see CopyPath) arrays whose elements are evenly spaced rows
// (any slice of a contiguous array along one axis) are copied by the
// device; other copies go through host memory.
func CopyBetween(dst, src *Array) error {
	if err := checkCrossCopy(dst, src); err != nil {
		return fmt.Errorf("cluda: copy between threads: %w", err)
	}
	if err := src.thread.Synchronize(); err != nil {
		return fmt.Errorf("cluda: copy between threads: %w", err)
	}
	if err := (crossCopy{dst: dst, src: src}).run(); err != nil {
		return fmt.Errorf("cluda: copy between threads: %w", err)
	}
	if err := dst.thread.Synchronize(); err != nil {
		return fmt.Errorf("cluda: copy between threads: %w", err)
	}
	return nil
}

// checkCrossCopy checks that src can be copied into dst.
func checkCrossCopy(dst, src *Array) error {
	switch {
	case dst == nil:
		return errors.New("the destination is a nil *Array")
	case src == nil:
		return errors.New("the source is a nil *Array")
	case dst.dtype != src.dtype || !slices.Equal(dst.shape, src.shape):
		return fmt.Errorf("%v into %v", src, dst)
	case OverlapsItself(dst):
		return fmt.Errorf("elements of the destination %v overlap each other", dst)
	case dst.thread == src.thread && SharesMemory(dst, src):
		return fmt.Errorf("the source %v and the destination %v overlap in memory", src, dst)
	}
	return nil
}

// crossCopy is a copy between arrays of possibly different Threads. It
// runs on the destination Thread's queue, or on the queue on, where set:
// a side queue of that Thread (see MultiThread).
//
// Where kernel is set and the queue is CUDA's, a device copy runs as a
// kernel on that queue (cuBackend.copyRegionKernel), which must reach
// both memories: the queue's device is the source's or the
// destination's, with peer access to the other.
type crossCopy struct {
	dst, src *Array
	on       backend
	kernel   bool
}

// queue returns the queue the copy runs on.
func (c crossCopy) queue() backend {
	if c.on != nil {
		return c.on
	}
	return c.dst.thread.be
}

// run enqueues the copy on the destination's Thread where the device
// makes it, or copies through host memory and returns when that is done.
// The commands that write src must have completed.
func (c crossCopy) run() error {
	dst, src := c.dst, c.src
	if src.Size() == 0 {
		return nil
	}
	srcRows, srcOK := arrayRows(src)
	dstRows, dstOK := arrayRows(dst)
	from, to, matched := matchRegions(srcRows, dstRows)
	direct := srcOK && dstOK && matched && (dst.thread == src.thread || dst.thread.be.reaches(src.thread.be))
	if dst.thread == src.thread && !direct {
		return dst.thread.Copy(dst, src)
	}
	sb, err := src.mem.buffer()
	if err != nil {
		return err
	}
	db, err := dst.mem.buffer()
	if err != nil {
		return err
	}
	if direct {
		if kb, ok := c.queue().(*cuBackend); ok && c.kernel {
			if err := kb.copyRegionKernel(sb, db, from, to); err != nil {
				return fmt.Errorf("kernel copy of %d bytes: %w", from.Bytes(), err)
			}
			return nil
		}
		if _, err := c.queue().copyRegion(sb, db, from, to, false); err != nil {
			return fmt.Errorf("copy of %d bytes: %w", from.Bytes(), err)
		}
		return nil
	}
	host := make([]byte, src.NBytes())
	if srcOK {
		err = src.thread.be.readRegion(sb, srcRows.region(), host)
	} else {
		err = src.transferBytes(host, false)
	}
	if err != nil {
		return fmt.Errorf("read %v to the host: %w", src, err)
	}
	if dstOK {
		err = dst.thread.be.writeRegion(db, dstRows.region(), host)
	} else {
		err = dst.transferBytes(host, true)
	}
	if err != nil {
		return fmt.Errorf("write %v from the host: %w", dst, err)
	}
	return nil
}

// runCopies runs copies between arrays of several Threads at once: it
// waits for every command enqueued on the sources' Threads, runs the
// copies of each queue in their order on a goroutine of its own, and
// returns when all are done (on their queues and on the destinations'
// Threads), with the errors of all that failed.
func runCopies(copies []crossCopy) error {
	var sources, dests []*Thread
	for _, c := range copies {
		if !slices.Contains(sources, c.src.thread) {
			sources = append(sources, c.src.thread)
		}
		if !slices.Contains(dests, c.dst.thread) {
			dests = append(dests, c.dst.thread)
		}
	}
	for _, t := range sources {
		if err := t.Synchronize(); err != nil {
			return err
		}
	}
	errs := []error{runQueues(copies)}
	// A copy on a side queue that the device cannot make itself runs on
	// its Thread's queue (crossCopy.run).
	for _, t := range dests {
		errs = append(errs, t.Synchronize())
	}
	return errors.Join(errs...)
}
