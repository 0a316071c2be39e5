// Package multi runs computations on several devices at once: any
// computation on arrays split along an axis it does not transform (a
// batch axis, see core.Computation.DeclareBatch), compiled once for each
// device and called on cluda.SplitArray arguments, and the distributed
// multi-dimensional FFT by slabs, which transforms the axes of each
// device's slab, exchanges the slabs among the devices (all to all), and
// transforms the axis that was split.
//
// The devices are those of a cluda.MultiThread: Threads of one OpenCL
// platform sharing a context, or CUDA devices with peer access between
// them, or one CPU device opened several times, as the tests run. Every
// copy between devices goes by the path cluda.MultiThread.Path names:
// device to device where the devices reach each other's memory, through
// host memory otherwise.
//
// # Examples
//
// ExampleCompile runs one computation on several devices over the parts
// of split arrays, and ExampleSlabFFT transforms a three-dimensional array
// split over the devices by slabs.
package multi
