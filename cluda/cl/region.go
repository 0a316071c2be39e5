package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Region is a part of a buffer made of evenly spaced rows of bytes, in
// evenly spaced slices: Slices slices (0 counts as 1) of Rows rows of
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

// Bytes returns the number of bytes the region holds.
func (r Region) Bytes() int { return r.Width * r.Rows * r.slices() }

// pitches returns the row and slice pitches as the rectangle calls take
// them: those of the region, or for a single row or slice the packed
// ones.
func (r Region) pitches() (row, slice int) {
	row, slice = r.RowPitch, r.SlicePitch
	if r.Rows <= 1 {
		row = r.Width
	}
	if r.slices() <= 1 {
		slice = row * r.Rows
	}
	return row, slice
}

// check validates the region against a buffer of size bytes.
func (r Region) check(call string, size int) error {
	row, slice := r.pitches()
	switch {
	case r.Offset < 0 || r.Width < 0 || r.Rows < 0 || r.Slices < 0:
		return fmt.Errorf("cl: %s: region %+v has a negative field", call, r)
	case row < r.Width:
		return fmt.Errorf("cl: %s: region %+v has rows %d bytes apart, narrower than their %d bytes", call, r, row, r.Width)
	case slice < row*r.Rows || row > 0 && slice%row != 0:
		return fmt.Errorf("cl: %s: region %+v has slices %d bytes apart: want a multiple of the row pitch %d of at least %d rows", call, r, slice, row, r.Rows)
	}
	if r.Bytes() == 0 {
		return nil
	}
	if end := r.Offset + (r.slices()-1)*slice + (r.Rows-1)*row + r.Width; end > size {
		return fmt.Errorf("cl: %s: region %+v reaches byte %d of a buffer of %d bytes", call, r, end, size)
	}
	return nil
}

// origin returns the region's origin and pitches as the rectangle calls
// take them: the offset of the first row split into whole slices, whole
// rows and a remainder in bytes.
func (r Region) origin() (origin [3]C.size_t, row, slice C.size_t) {
	rp, sp := r.pitches()
	off := r.Offset
	var z, y int
	if sp > 0 {
		z, off = off/sp, off%sp
	}
	if rp > 0 {
		y, off = off/rp, off%rp
	}
	return [3]C.size_t{C.size_t(off), C.size_t(y), C.size_t(z)}, C.size_t(rp), C.size_t(sp)
}

// size returns the region's extent as the rectangle calls take it.
func (r Region) size() [3]C.size_t {
	return [3]C.size_t{C.size_t(r.Width), C.size_t(r.Rows), C.size_t(r.slices())}
}

// CopyRegion enqueues a copy of the region from of src to the region to
// of dst, which must be as wide and hold as many rows and slices, after
// the events in wait. The buffers may belong to different devices of the
// queue's context. With event set it returns the command's event, which
// the caller must Release.
func (q *Queue) CopyRegion(src, dst *Buffer, from, to Region, wait []*Event, event bool) (*Event, error) {
	const call = "clEnqueueCopyBufferRect"
	if from.Width != to.Width || from.Rows != to.Rows || from.slices() != to.slices() {
		return nil, fmt.Errorf("cl: %s: region %+v into region %+v of another size", call, from, to)
	}
	if err := from.check(call, src.size); err != nil {
		return nil, err
	}
	if err := to.check(call, dst.size); err != nil {
		return nil, err
	}
	if from.Bytes() == 0 {
		return nil, nil
	}
	so, srp, ssp := from.origin()
	do, drp, dsp := to.origin()
	region := from.size()
	return withBuffers(src, dst, func(sh, dh C.cl_mem) (*Event, error) {
		return q.enqueue(call, wait, event, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
			return C.clEnqueueCopyBufferRect(qh, sh, dh, &so[0], &do[0], &region[0], srp, ssp, drp, dsp, nw, pw, ev)
		})
	})
}

// ReadRegion copies the region of b into host, its rows one after the
// other with no gap between them (host holds Bytes bytes), after every
// command queued before it, and returns when the copy is done.
func (q *Queue) ReadRegion(b *Buffer, r Region, host []byte) error {
	return q.transferRegion(false, b, r, host)
}

// WriteRegion copies host, the region's rows one after the other with no
// gap between them, into the region of b, and returns when the copy is
// done.
func (q *Queue) WriteRegion(b *Buffer, r Region, host []byte) error {
	return q.transferRegion(true, b, r, host)
}

// transferRegion is a blocking write (or read) between the region of b
// and host.
func (q *Queue) transferRegion(write bool, b *Buffer, r Region, host []byte) error {
	call := "clEnqueueReadBufferRect"
	if write {
		call = "clEnqueueWriteBufferRect"
	}
	if err := r.check(call, b.size); err != nil {
		return err
	}
	if len(host) != r.Bytes() {
		return fmt.Errorf("cl: %s: %d host bytes for a region of %d", call, len(host), r.Bytes())
	}
	if len(host) == 0 {
		return nil
	}
	bo, brp, bsp := r.origin()
	ho := [3]C.size_t{}
	hrp, hsp := C.size_t(r.Width), C.size_t(r.Width*r.Rows)
	region := r.size()
	p := unsafe.Pointer(&host[0])
	_, err := withBuffers(b, b, func(bh, _ C.cl_mem) (*Event, error) {
		return q.enqueue(call, nil, false, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
			if write {
				return C.clEnqueueWriteBufferRect(qh, bh, C.CL_TRUE, &bo[0], &ho[0], &region[0], brp, bsp, hrp, hsp, p, nw, pw, ev)
			}
			return C.clEnqueueReadBufferRect(qh, bh, C.CL_TRUE, &bo[0], &ho[0], &region[0], brp, bsp, hrp, hsp, p, nw, pw, ev)
		})
	})
	runtime.KeepAlive(host)
	return err
}
