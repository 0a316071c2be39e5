package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"errors"
	"runtime"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// Context is an OpenCL context over one or more devices of one platform.
type Context struct {
	ref     handle.Handle[C.cl_context]
	devices []*Device
}

func releaseContext(h C.cl_context) { C.clReleaseContext(h) }

// CreateContext creates a context for the given devices, which must belong
// to one platform.
func CreateContext(devices ...*Device) (*Context, error) {
	if len(devices) == 0 {
		return nil, errors.New("cl: CreateContext: no devices")
	}
	p := devices[0].platform
	ids := make([]C.cl_device_id, len(devices))
	for i, d := range devices {
		if d.platform.id != p.id {
			return nil, errors.New("cl: CreateContext: devices of different platforms")
		}
		ids[i] = d.id
	}
	props := []C.cl_context_properties{
		C.CL_CONTEXT_PLATFORM, C.cl_context_properties(uintptr(unsafe.Pointer(p.id))), 0,
	}
	var st C.cl_int
	h := C.clCreateContext(&props[0], C.cl_uint(len(ids)), &ids[0], nil, nil, &st)
	if err := check("clCreateContext", Status(st)); err != nil {
		return nil, err
	}
	c := &Context{devices: append([]*Device(nil), devices...)}
	handle.Own(c, &c.ref, h, releaseContext)
	return c, nil
}

// Devices returns the devices the context was created for.
func (c *Context) Devices() []*Device { return append([]*Device(nil), c.devices...) }

// Release releases the context. It is safe to call more than once.
func (c *Context) Release() { c.ref.Drop() }

// Queue is an in-order OpenCL command queue on one device of a context.
type Queue struct {
	ref       handle.Handle[C.cl_command_queue]
	context   *Context
	device    *Device
	profiling bool
}

func releaseQueue(h C.cl_command_queue) { C.clReleaseCommandQueue(h) }

// CreateQueue creates an in-order command queue on dev. With profiling set,
// events of its commands carry profiling times.
func CreateQueue(ctx *Context, dev *Device, profiling bool) (*Queue, error) {
	ch, err := ctx.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer ctx.ref.Done()
	var props C.cl_command_queue_properties
	if profiling {
		props |= C.CL_QUEUE_PROFILING_ENABLE
	}
	var st C.cl_int
	h := C.clCreateCommandQueue(ch, dev.id, props, &st)
	runtime.KeepAlive(ctx)
	if err := check("clCreateCommandQueue", Status(st)); err != nil {
		return nil, err
	}
	q := &Queue{context: ctx, device: dev, profiling: profiling}
	handle.Own(q, &q.ref, h, releaseQueue)
	return q, nil
}

// Context returns the queue's context.
func (q *Queue) Context() *Context { return q.context }

// Device returns the queue's device.
func (q *Queue) Device() *Device { return q.device }

// Profiling reports whether the queue records profiling times.
func (q *Queue) Profiling() bool { return q.profiling }

// Flush submits the queued commands to the device without waiting for them.
func (q *Queue) Flush() error {
	h, err := q.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer q.ref.Done()
	err = check("clFlush", Status(C.clFlush(h)))
	runtime.KeepAlive(q)
	return err
}

// Finish blocks until every queued command has completed.
func (q *Queue) Finish() error {
	h, err := q.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer q.ref.Done()
	err = check("clFinish", Status(C.clFinish(h)))
	runtime.KeepAlive(q)
	return err
}

// Release releases the queue. It is safe to call more than once.
func (q *Queue) Release() { q.ref.Drop() }
