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

// Region is a part of device memory made of evenly spaced rows of bytes,
// in evenly spaced slices: Slices slices (0 counts as 1) of Rows rows of
// Width bytes, the first row at byte Offset, each row RowPitch bytes after
// the one before it and each slice SlicePitch bytes after the one before
// it. Where there are several rows, RowPitch is at least Width; where
// there are several slices, SlicePitch is a multiple of RowPitch of at
// least Rows rows. A single row or slice may leave its pitch 0.
type Region struct {
	Offset, Width      int
	Rows, RowPitch     int
	Slices, SlicePitch int
}

// slices returns the number of slices, Slices or 1 for 0.
func (r Region) slices() int { return max(r.Slices, 1) }

// pitches returns the row pitch and the height of a slice in rows, as
// the driver's 3-D copies take them: those of the region, or for a single
// row or slice the packed ones.
func (r Region) pitches() (row, height int) {
	row, height = r.RowPitch, r.Rows
	if r.Rows <= 1 {
		row = r.Width
	}
	if r.slices() > 1 && row > 0 {
		height = r.SlicePitch / row
	}
	return row, height
}

// check returns an error unless the region lies within m and its pitches
// are as Region asks.
func (r Region) check(call string, m *Memory) error {
	row, height := r.pitches()
	switch {
	case r.Offset < 0 || r.Width < 0 || r.Rows < 0 || r.Slices < 0:
		return fmt.Errorf("cu: %s: region %+v has a negative field", call, r)
	case row < r.Width:
		return fmt.Errorf("cu: %s: region %+v has rows %d bytes apart, narrower than their %d bytes", call, r, row, r.Width)
	case r.slices() > 1 && (row == 0 || r.SlicePitch%row != 0 || height < r.Rows):
		return fmt.Errorf("cu: %s: region %+v has slices %d bytes apart: want a multiple of the row pitch %d of at least %d rows", call, r, r.SlicePitch, row, r.Rows)
	}
	if r.Width*r.Rows*r.slices() == 0 {
		return m.checkRange(call, r.Offset, 0)
	}
	return m.checkRange(call, r.Offset, (r.slices()-1)*height*row+(r.Rows-1)*row+r.Width)
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

// CopyRegionPeer queues on s a copy of the region from of src to the
// region to of dst (as wide, with as many rows and slices), where the two
// may belong to different contexts, as CopyPeer does for contiguous
// bytes.
func CopyRegionPeer(s *Stream, dst *Memory, to Region, src *Memory, from Region) error {
	const call = "cuMemcpy3DPeerAsync"
	if s == nil {
		return fmt.Errorf("cu: %s: nil stream", call)
	}
	if from.Width != to.Width || from.Rows != to.Rows || from.slices() != to.slices() {
		return fmt.Errorf("cu: %s: region %+v into region %+v of another size", call, from, to)
	}
	if err := to.check(call, dst); err != nil {
		return err
	}
	if err := from.check(call, src); err != nil || from.Width*from.Rows*from.slices() == 0 {
		return err
	}
	srcPitch, srcHeight := from.pitches()
	dstPitch, dstHeight := to.pitches()
	return peerCall(s, dst, src, call, C.CU_cuMemcpy3DPeerAsync, func(lib *library, ch C.CUcontext, stream C.CUstream, dp C.CUdeviceptr, dc C.CUcontext, sp C.CUdeviceptr, sc C.CUcontext) C.CUresult {
		return C.reikna_cuMemcpyRegionPeerAsync(lib.fns, ch,
			dp+C.CUdeviceptr(to.Offset), dc, C.size_t(dstPitch), C.size_t(dstHeight),
			sp+C.CUdeviceptr(from.Offset), sc, C.size_t(srcPitch), C.size_t(srcHeight),
			C.size_t(from.Width), C.size_t(from.Rows), C.size_t(from.slices()), stream)
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
			return s.ref.With(ErrReleased, func(sh C.CUstream) error {
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
