package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
)

// CanAccessPeer reports whether contexts on the device can address the
// memory of peer directly (over NVLink or PCIe), once EnablePeerAccess
// allows it. A driver without the query answers false.
func (d Device) CanAccessPeer(peer Device) (bool, error) {
	lib, err := driver()
	if err != nil {
		return false, err
	}
	if !lib.has(C.CU_cuDeviceCanAccessPeer) {
		return false, nil
	}
	var can C.int
	if err := lib.check("cuDeviceCanAccessPeer", C.reikna_cuDeviceCanAccessPeer(lib.fns, &can, C.CUdevice(d), C.CUdevice(peer))); err != nil {
		return false, err
	}
	return can != 0, nil
}

// EnablePeerAccess lets c address the memory of peer directly, so that
// copies between their memories go device to device rather than through
// host memory. Access enabled before (by this process, on the same
// primary contexts, say) is no error. Access runs one way: each context
// of a pair enables its own.
func (c *Context) EnablePeerAccess(peer *Context) error {
	if peer == nil {
		return errors.New("cu: EnablePeerAccess: nil peer context")
	}
	return peer.do(func(_ *library, ph C.CUcontext) error {
		return c.do(func(lib *library, ch C.CUcontext) error {
			if err := lib.requireSymbol(C.CU_cuCtxEnablePeerAccess); err != nil {
				return err
			}
			err := lib.check("cuCtxEnablePeerAccess", C.reikna_cuCtxEnablePeerAccess(lib.fns, ch, ph))
			if errors.Is(err, PeerAccessAlreadyEnabled) {
				return nil
			}
			return err
		})
	})
}

// Rows is a region of device memory made of evenly spaced rows of bytes:
// Count rows of Width bytes, the first at byte Offset and each Pitch bytes
// after the one before (at least Width where there are several rows).
type Rows struct {
	Offset, Pitch, Width, Count int
}

// check returns an error unless the rows lie within m.
func (r Rows) check(call string, m *Memory) error {
	if r.Count < 0 || r.Width < 0 || r.Count > 1 && r.Pitch < r.Width {
		return fmt.Errorf("cu: %s: region %+v: want rows at least as far apart as they are wide", call, r)
	}
	if r.Count == 0 || r.Width == 0 {
		return m.checkRange(call, r.Offset, 0)
	}
	return m.checkRange(call, r.Offset, (r.Count-1)*r.Pitch+r.Width)
}

// CopyPeer queues on s a copy of n bytes of src at srcOffset to dst at
// dstOffset, where the two may belong to different contexts (devices).
// The driver copies device to device where peer access is enabled
// (EnablePeerAccess) and through host memory otherwise; the copy follows
// the work queued on s before it, and nothing queued on the other
// context's streams.
func CopyPeer(s *Stream, dst *Memory, dstOffset int, src *Memory, srcOffset, n int) error {
	const call = "cuMemcpyPeerAsync"
	if s == nil {
		return fmt.Errorf("cu: %s: nil stream", call)
	}
	if err := dst.checkRange(call, dstOffset, n); err != nil {
		return err
	}
	if err := src.checkRange(call, srcOffset, n); err != nil || n == 0 {
		return err
	}
	return peerCall(s, dst, src, call, C.CU_cuMemcpyPeerAsync, func(lib *library, ch C.CUcontext, sh C.CUstream, dp C.CUdeviceptr, dc C.CUcontext, sp C.CUdeviceptr, sc C.CUcontext) C.CUresult {
		return C.reikna_cuMemcpyPeerAsync(lib.fns, ch, dp+C.CUdeviceptr(dstOffset), dc, sp+C.CUdeviceptr(srcOffset), sc, C.size_t(n), sh)
	})
}

// CopyRowsPeer queues on s a copy of the rows from of src to the rows to
// of dst (as many, as wide), where the two may belong to different
// contexts, as CopyPeer does for contiguous bytes.
func CopyRowsPeer(s *Stream, dst *Memory, to Rows, src *Memory, from Rows) error {
	const call = "cuMemcpy3DPeerAsync"
	if s == nil {
		return fmt.Errorf("cu: %s: nil stream", call)
	}
	if from.Width != to.Width || from.Count != to.Count {
		return fmt.Errorf("cu: %s: %d rows of %d bytes into %d rows of %d bytes", call, from.Count, from.Width, to.Count, to.Width)
	}
	if err := to.check(call, dst); err != nil {
		return err
	}
	if err := from.check(call, src); err != nil || from.Count == 0 || from.Width == 0 {
		return err
	}
	pitch := func(r Rows) C.size_t {
		if r.Count == 1 {
			return C.size_t(r.Width)
		}
		return C.size_t(r.Pitch)
	}
	return peerCall(s, dst, src, call, C.CU_cuMemcpy3DPeerAsync, func(lib *library, ch C.CUcontext, sh C.CUstream, dp C.CUdeviceptr, dc C.CUcontext, sp C.CUdeviceptr, sc C.CUcontext) C.CUresult {
		return C.reikna_cuMemcpyRowsPeerAsync(lib.fns, ch, dp+C.CUdeviceptr(to.Offset), dc, pitch(to),
			sp+C.CUdeviceptr(from.Offset), sc, pitch(from), C.size_t(from.Width), C.size_t(from.Count), sh)
	})
}

// peerCall runs a copy between the memories of two contexts on the
// stream s, with the handles of everything the copy names held, those of
// the memories and the stream before those of the contexts (each once,
// where the memories or contexts are the same), after checking that
// the driver has the entry point at index.
func peerCall(s *Stream, dst, src *Memory, call string, index C.int,
	copy func(lib *library, ch C.CUcontext, sh C.CUstream, dp C.CUdeviceptr, dc C.CUcontext, sp C.CUdeviceptr, sc C.CUcontext) C.CUresult) error {
	withSrc := func(dp C.CUdeviceptr, body func(sp C.CUdeviceptr) error) error {
		if src == dst {
			return body(dp)
		}
		return withMemory(src, body)
	}
	return withMemory(dst, func(dp C.CUdeviceptr) error {
		return withSrc(dp, func(sp C.CUdeviceptr) error {
			return s.ref.with(func(sh C.CUstream) error {
				return withContexts([]*Context{s.ctx, dst.ctx, src.ctx}, func(hs []C.CUcontext) error {
					lib := s.ctx.lib
					if err := lib.requireSymbol(index); err != nil {
						return err
					}
					return lib.check(call, copy(lib, hs[0], sh, dp, hs[1], sp, hs[2]))
				})
			})
		})
	})
}

// withContexts runs call with the handles of ctxs, in their order, each
// distinct context acquired once.
func withContexts(ctxs []*Context, call func(hs []C.CUcontext) error) error {
	hs := make([]C.CUcontext, len(ctxs))
	var acquire func(i int) error
	acquire = func(i int) error {
		if i == len(ctxs) {
			return call(hs)
		}
		for j := range i {
			if ctxs[j] == ctxs[i] {
				hs[i] = hs[j]
				return acquire(i + 1)
			}
		}
		return ctxs[i].do(func(_ *library, h C.CUcontext) error {
			hs[i] = h
			return acquire(i + 1)
		})
	}
	return acquire(0)
}
