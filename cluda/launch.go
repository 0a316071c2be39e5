package cluda

import "github.com/reikna-go/reikna/cluda/cl"

// NDRange is the extent of a kernel launch, in OpenCL's terms on every
// interface: entry i of Global is the total number of work-items along
// dimension i (get_global_size(i)), of Local the work-items of a
// work-group along it (get_local_size(i)), and of Offset the global
// index of the first work-item (get_global_offset(i)).
type NDRange struct {
	Global []int
	Local  []int // nil: the driver chooses (OpenCL), or one work-item
	Offset []int // nil: zero
}

// cl returns the range as the OpenCL binding takes it.
func (r NDRange) cl() cl.NDRange {
	return cl.NDRange{Global: r.Global, Local: r.Local, Offset: r.Offset}
}

// LocalMem is a kernel argument of OpenCL that asks for a __local buffer of
// that many bytes. CUDA kernels take none: they declare LOCAL_MEM arrays
// (see the package documentation).
type LocalMem int

// WorkGroupInfo is what a device allows for one kernel.
type WorkGroupInfo struct {
	// WorkGroupSize is the largest work-group the kernel can run with.
	WorkGroupSize int
	// CompileWorkGroupSize is the size the kernel's source requires
	// (OpenCL's reqd_work_group_size), zeros where it requires none.
	CompileWorkGroupSize []int
	// LocalMemSize is the local (shared) memory the kernel declares, in
	// bytes.
	LocalMemSize int64
	// PrivateMemSize is the private (local, in CUDA's terms) memory of a
	// work-item, in bytes.
	PrivateMemSize int64
	// PreferredWorkGroupSizeMultiple is the kernel's preferred multiple of
	// work-group sizes (the warp or SIMD width).
	PreferredWorkGroupSizeMultiple int
}

// region is a set of evenly spaced rows of bytes in a buffer, in slices of
// evenly spaced rows: the unit of copies between the memories of Threads
// and between a buffer and the host. Its fields are those of cl.Region.
type region struct {
	Offset, Width      int
	Rows, RowPitch     int
	Slices, SlicePitch int
}

// cl returns the region as the OpenCL binding takes it.
func (r region) cl() cl.Region {
	return cl.Region{Offset: r.Offset, Width: r.Width, Rows: r.Rows, RowPitch: r.RowPitch, Slices: r.Slices, SlicePitch: r.SlicePitch}
}

// Bytes returns the number of bytes the region holds.
func (r region) Bytes() int { return r.Width * r.Rows * max(r.Slices, 1) }
