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

// Rows is a region of a buffer made of evenly spaced rows of bytes: Count
// rows of Width bytes, the first starting at byte Offset and each Pitch
// bytes after the one before. Pitch is at least Width where there are
// several rows; a single row may leave it 0.
type Rows struct {
	Offset, Pitch, Width, Count int
}

// span returns the bytes from the start of the buffer to the end of the
// region's last row.
func (r Rows) span() int {
	if r.Count == 0 || r.Width == 0 {
		return r.Offset
	}
	return r.Offset + (r.Count-1)*r.Pitch + r.Width
}

// check validates the region against a buffer of size bytes.
func (r Rows) check(call string, size int) error {
	switch {
	case r.Offset < 0 || r.Width < 0 || r.Count < 0:
		return fmt.Errorf("cl: %s: region %+v has a negative field", call, r)
	case r.Count > 1 && r.Pitch < r.Width:
		return fmt.Errorf("cl: %s: region %+v has rows %d bytes apart, narrower than their %d bytes", call, r, r.Pitch, r.Width)
	case r.span() > size:
		return fmt.Errorf("cl: %s: region %+v reaches byte %d of a buffer of %d bytes", call, r, r.span(), size)
	}
	return nil
}

// origin returns the region's origin and pitch as the rectangle calls take
// them: the first row's offset split into a whole number of pitches and a
// remainder in bytes.
func (r Rows) origin() (origin [3]C.size_t, pitch C.size_t) {
	p := r.Pitch
	if r.Count <= 1 || p == 0 {
		p = r.Width
	}
	if p == 0 {
		return [3]C.size_t{C.size_t(r.Offset), 0, 0}, 0
	}
	return [3]C.size_t{C.size_t(r.Offset % p), C.size_t(r.Offset / p), 0}, C.size_t(p)
}

// CopyRows enqueues a copy of the rows of src to those of dst, which must
// have as many rows of the same width, after the events in wait. The
// buffers may belong to different devices of the queue's context. With
// event set it returns the command's event, which the caller must
// Release.
func (q *Queue) CopyRows(src, dst *Buffer, from, to Rows, wait []*Event, event bool) (*Event, error) {
	const call = "clEnqueueCopyBufferRect"
	if from.Width != to.Width || from.Count != to.Count {
		return nil, fmt.Errorf("cl: %s: %d rows of %d bytes into %d rows of %d bytes", call, from.Count, from.Width, to.Count, to.Width)
	}
	if err := from.check(call, src.size); err != nil {
		return nil, err
	}
	if err := to.check(call, dst.size); err != nil {
		return nil, err
	}
	if from.Width == 0 || from.Count == 0 {
		return nil, nil
	}
	so, sp := from.origin()
	do, dp := to.origin()
	region := [3]C.size_t{C.size_t(from.Width), C.size_t(from.Count), 1}
	return withBuffers(src, dst, func(sh, dh C.cl_mem) (*Event, error) {
		return q.enqueue(call, wait, event, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
			return C.clEnqueueCopyBufferRect(qh, sh, dh, &so[0], &do[0], &region[0], sp, 0, dp, 0, nw, pw, ev)
		})
	})
}

// ReadRows copies the rows of b into host, one after the other with no
// gap between them (host holds Count×Width bytes), after every command
// queued before it, and returns when the copy is done.
func (q *Queue) ReadRows(b *Buffer, rows Rows, host []byte) error {
	return q.transferRows(false, b, rows, host)
}

// WriteRows copies host, Count rows of Width bytes with no gap between
// them, into the rows of b, and returns when the copy is done.
func (q *Queue) WriteRows(b *Buffer, rows Rows, host []byte) error {
	return q.transferRows(true, b, rows, host)
}

// transferRows is a blocking write (or read) between the rows of b and
// host.
func (q *Queue) transferRows(write bool, b *Buffer, rows Rows, host []byte) error {
	call := "clEnqueueReadBufferRect"
	if write {
		call = "clEnqueueWriteBufferRect"
	}
	if err := rows.check(call, b.size); err != nil {
		return err
	}
	if n := rows.Width * rows.Count; len(host) != n {
		return fmt.Errorf("cl: %s: %d host bytes for %d rows of %d bytes", call, len(host), rows.Count, rows.Width)
	}
	if len(host) == 0 {
		return nil
	}
	bh, err := b.ref.acquire()
	if err != nil {
		return err
	}
	defer b.ref.mu.RUnlock()
	defer runtime.KeepAlive(b)
	bo, bp := rows.origin()
	ho := [3]C.size_t{}
	region := [3]C.size_t{C.size_t(rows.Width), C.size_t(rows.Count), 1}
	p := unsafe.Pointer(&host[0])
	_, err = q.enqueue(call, nil, false, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
		if write {
			return C.clEnqueueWriteBufferRect(qh, bh, C.CL_TRUE, &bo[0], &ho[0], &region[0], bp, 0, C.size_t(rows.Width), 0, p, nw, pw, ev)
		}
		return C.clEnqueueReadBufferRect(qh, bh, C.CL_TRUE, &bo[0], &ho[0], &region[0], bp, 0, C.size_t(rows.Width), 0, p, nw, pw, ev)
	})
	runtime.KeepAlive(host)
	return err
}
