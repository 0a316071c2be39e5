// Package handle guards the driver handles of the OpenCL and CUDA bindings.
//
// A Handle holds one driver handle of an object (a context, a buffer, a
// stream, ...). A use of the handle holds a read lock for the duration of
// the driver call, and releasing the handle takes the write lock, so a
// handle is never passed to the driver while or after it is released, and
// many uses may run at once. Own also registers a safety net with
// runtime.AddCleanup that releases the handle if its object becomes
// unreachable without having been released.
//
// A use of a released handle returns the error its binding names for that
// case, so that callers of each binding match it with errors.Is.
package handle
