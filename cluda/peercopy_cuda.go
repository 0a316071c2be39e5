package cluda

import (
	"fmt"
	"slices"
	"sync"

	"github.com/reikna-go/reikna/cluda/cu"
)

// regionCopySource is the CUDA program of the kernels that copy a region
// of memory into another of the same size, either of them on another
// device that the kernel's context reaches by peer access. The rows of a
// region are spread over the y threads of the grid, the units of a row
// over its x threads; each kernel moves units of one size, the widest
// that the addresses, the width and the pitches allow.
const regionCopySource = `
template <typename T>
__device__ void region_copy(char *__restrict__ dst, const char *__restrict__ src,
    unsigned long long width, unsigned long long lines, unsigned long long rows,
    unsigned long long dst_row, unsigned long long dst_slice,
    unsigned long long src_row, unsigned long long src_slice)
{
    const unsigned long long x0 = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
    const unsigned long long x_step = (unsigned long long)gridDim.x * blockDim.x;
    const unsigned long long line_step = (unsigned long long)gridDim.y * blockDim.y;
    for (unsigned long long line = blockIdx.y * (unsigned long long)blockDim.y + threadIdx.y;
         line < lines; line += line_step) {
        const unsigned long long slice = line / rows, row = line - slice * rows;
        T *__restrict__ d = (T *)(dst + slice * dst_slice + row * dst_row);
        const T *__restrict__ s = (const T *)(src + slice * src_slice + row * src_row);
#pragma unroll 4
        for (unsigned long long x = x0; x < width; x += x_step)
            d[x] = s[x];
    }
}

#define REGION_COPY(bytes, type) \
extern "C" __global__ void reikna_region_copy_##bytes(char *dst, const char *src, \
    unsigned long long width, unsigned long long lines, unsigned long long rows, \
    unsigned long long dst_row, unsigned long long dst_slice, \
    unsigned long long src_row, unsigned long long src_slice) \
{ region_copy<type>(dst, src, width, lines, rows, dst_row, dst_slice, src_row, src_slice); }

REGION_COPY(16, uint4)
REGION_COPY(8, uint2)
REGION_COPY(4, unsigned int)
REGION_COPY(2, unsigned short)
REGION_COPY(1, unsigned char)
`

// regionCopyUnits are the sizes of the units the kernels move, widest
// first.
var regionCopyUnits = []int{16, 8, 4, 2, 1}

// regionCopyThreads is the number of threads of a block of the region
// copy, and regionCopyBlocksPerSM the blocks of a multiprocessor it fills
// (2048 threads, the most an SM of compute capability 8.0 and up holds):
// a read over a link takes microseconds, and only many in flight at once
// keep the link busy.
const (
	regionCopyThreads     = 256
	regionCopyBlocksPerSM = 8
)

// cuRegionCopier holds the region copy kernels of one context, built on
// first use and shared by the backends of its queues.
type cuRegionCopier struct {
	once   sync.Once
	module *cu.Module
	fns    map[int]*cu.Function
	sms    int
	err    error
}

// build compiles the kernels for the backend's device.
func (c *cuRegionCopier) build(b *cuBackend) error {
	c.once.Do(func() {
		sms, err := b.ctx.Device().Attribute(cu.AttrMultiprocessorCount)
		if err != nil {
			c.err = err
			return
		}
		p, err := b.buildSource(regionCopySource, "")
		if err != nil {
			c.err = err
			return
		}
		prog := p.(*cuProgram)
		fns := map[int]*cu.Function{}
		for _, u := range regionCopyUnits {
			f, err := prog.module.Function(fmt.Sprintf("reikna_region_copy_%d", u))
			if err != nil {
				prog.module.Release()
				c.err = err
				return
			}
			fns[u] = f
		}
		c.module, c.fns, c.sms = prog.module, fns, sms
	})
	if c.err != nil {
		return fmt.Errorf("cluda: region copy kernels: %w", c.err)
	}
	return nil
}

// release unloads the kernels.
func (c *cuRegionCopier) release() {
	if c != nil && c.module != nil {
		c.module.Release()
	}
}

// copyRegionKernel enqueues a copy of the region from of src to the
// region to of dst (of the same width, rows and slices) as a kernel on
// the backend's stream. Either buffer may be another device's memory that
// the backend's context reaches by peer access.
func (b *cuBackend) copyRegionKernel(src, dst deviceBuffer, from, to region) error {
	sb, db, err := cuBuffersOf(src, dst)
	if err != nil {
		return err
	}
	if from.Width != to.Width || from.Rows != to.Rows || max(from.Slices, 1) != max(to.Slices, 1) {
		return fmt.Errorf("cluda: region copy of %d×%d×%d bytes into %d×%d×%d", from.Width, from.Rows, from.Slices, to.Width, to.Rows, to.Slices)
	}
	if from.Bytes() == 0 {
		return nil
	}
	if err := regionFits(from, sb); err != nil {
		return fmt.Errorf("cluda: region copy source: %w", err)
	}
	if err := regionFits(to, db); err != nil {
		return fmt.Errorf("cluda: region copy destination: %w", err)
	}
	if err := b.copier.build(b); err != nil {
		return err
	}
	sp, dp := sb.mem.Ptr(), db.mem.Ptr()
	if sp == 0 || dp == 0 {
		return errReleasedArray
	}
	srcAt, dstAt := uint64(sp)+uint64(sb.offset+from.Offset), uint64(dp)+uint64(db.offset+to.Offset)
	rows, slices := from.Rows, max(from.Slices, 1)
	unit := regionCopyUnit(srcAt, dstAt, from, to)
	width, lines := from.Width/unit, rows*slices
	cfg := regionCopyLaunch(width, lines, b.copier.sms)
	cfg.Stream = b.stream
	args := (&cu.Args{}).Ptr(cu.DevicePtr(dstAt)).Ptr(cu.DevicePtr(srcAt)).
		Uint64(uint64(width)).Uint64(uint64(lines)).Uint64(uint64(rows)).
		Uint64(uint64(to.RowPitch)).Uint64(uint64(to.SlicePitch)).
		Uint64(uint64(from.RowPitch)).Uint64(uint64(from.SlicePitch))
	return b.copier.fns[unit].Launch(cfg, args)
}

// regionFits returns an error unless every byte of r lies within buf.
func regionFits(r region, buf cuBuffer) error {
	last := r.Offset + r.Width
	if r.Rows > 1 {
		last += (r.Rows - 1) * r.RowPitch
	}
	if r.Slices > 1 {
		last += (r.Slices - 1) * r.SlicePitch
	}
	if r.Offset < 0 || r.Width < 0 || r.RowPitch < 0 || r.SlicePitch < 0 || buf.offset+last > buf.mem.Size() {
		return fmt.Errorf("%d×%d×%d bytes at offset %d (pitches %d, %d) lie outside the %d bytes of memory",
			r.Width, r.Rows, max(r.Slices, 1), buf.offset+r.Offset, r.RowPitch, r.SlicePitch, buf.mem.Size())
	}
	return nil
}

// regionCopyUnit returns the widest unit that divides both addresses,
// the width and the pitches of a copy from the region from at srcAt into
// to at dstAt: the row pitches where there are several rows, the slice
// pitches where there are several slices.
func regionCopyUnit(srcAt, dstAt uint64, from, to region) int {
	used := []uint64{srcAt, dstAt, uint64(from.Width)}
	if from.Rows > 1 {
		used = append(used, uint64(from.RowPitch), uint64(to.RowPitch))
	}
	if from.Slices > 1 {
		used = append(used, uint64(from.SlicePitch), uint64(to.SlicePitch))
	}
	for _, u := range regionCopyUnits {
		if !slices.ContainsFunc(used, func(v uint64) bool { return v%uint64(u) != 0 }) {
			return u
		}
	}
	return 1
}

// regionCopyLaunch returns the geometry of a region copy of lines rows of
// width units: a block's x threads as many as a row takes up to all of
// them, the rest along the rows, and as many blocks as fill the
// multiprocessors, the x blocks first.
func regionCopyLaunch(width, lines, sms int) cu.LaunchConfig {
	tx := 32
	for tx < regionCopyThreads && tx < width {
		tx *= 2
	}
	ty := regionCopyThreads / tx
	blocks := max(sms, 1) * regionCopyBlocksPerSM
	gx := min((width+tx-1)/tx, blocks)
	gy := min((lines+ty-1)/ty, max(blocks/gx, 1), 65535)
	return cu.LaunchConfig{Grid: [3]int{gx, gy, 1}, Block: [3]int{tx, ty, 1}}
}
