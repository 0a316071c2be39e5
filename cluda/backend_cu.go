package cluda

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
)

// cuBackend runs a Thread on a CUDA context and stream. Programs are
// compiled by NVRTC to PTX, which the driver loads as a module.
type cuBackend struct {
	ctx    *cu.Context
	stream *cu.Stream
	arch   string // NVRTC's virtual architecture of the device, "compute_90"
	warp   int
	prof   bool
	owned  bool // the context and stream were created here and are released here
	// ownsStream says that release frees the stream alone: that of a
	// side queue (sideQueue), on the context of another backend.
	ownsStream bool
	// copier holds the region copy kernels of the context, which the
	// backend and its side queues share (copyRegionKernel).
	copier *cuRegionCopier
}

func (b *cuBackend) api() API { return CUDA }

// cuBuffer is device memory seen from offset bytes into an allocation; a
// sub-buffer shares its allocation and frees nothing.
type cuBuffer struct {
	mem    *cu.Memory
	offset int
	owner  bool
}

func (b cuBuffer) sub(offset, size int) (deviceBuffer, error) {
	if offset < 0 || size < 0 || b.offset+offset+size > b.mem.Size() {
		return nil, fmt.Errorf("cluda: %d bytes at offset %d lie outside the %d bytes of memory", size, b.offset+offset, b.mem.Size())
	}
	return cuBuffer{mem: b.mem, offset: b.offset + offset}, nil
}

func (b cuBuffer) release() {
	if b.owner {
		b.mem.Free()
	}
}

// cuBufferOf returns the memory of a buffer of the CUDA backend.
func cuBufferOf(b deviceBuffer) (cuBuffer, error) {
	cb, ok := b.(cuBuffer)
	if !ok {
		return cuBuffer{}, errors.New("cluda: the memory is not CUDA's: the array belongs to a Thread on another API")
	}
	return cb, nil
}

func (b *cuBackend) allocate(size int) (deviceBuffer, error) {
	mem, err := cu.Alloc(b.ctx, size)
	if err != nil {
		return nil, err
	}
	return cuBuffer{mem: mem, owner: true}, nil
}

// nvrtcOptions returns NVRTC's options for the compiler options of a
// program (CompileOptions.Options and fast math), or an error for an
// option that only OpenCL knows.
func nvrtcOptions(o CompileOptions) ([]string, error) {
	var out []string
	var fields []string
	for _, opt := range o.Options {
		fields = append(fields, strings.Fields(opt)...)
	}
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		switch {
		case f == "-D" || f == "-I":
			if i+1 == len(fields) {
				return nil, fmt.Errorf("compiler option %s without its value", f)
			}
			i++
			out = append(out, map[string]string{"-D": "--define-macro=", "-I": "--include-path="}[f]+fields[i])
		case strings.HasPrefix(f, "-D") && len(f) > 2:
			out = append(out, "--define-macro="+f[2:])
		case strings.HasPrefix(f, "-I") && len(f) > 2:
			out = append(out, "--include-path="+f[2:])
		case f == "-w":
			out = append(out, "--disable-warnings")
		case strings.HasPrefix(f, "-cl-"):
			return nil, fmt.Errorf("compiler option %s is OpenCL's; CUDA programs take NVRTC's options (CompileOptions.FastMath stands for the fast-math ones)", f)
		default:
			out = append(out, f)
		}
	}
	if o.FastMath {
		out = append(out, "--use_fast_math")
	}
	return out, nil
}

// cuSourceName is the name of every program in NVRTC's diagnostics.
const cuSourceName = "reikna.cu"

type cuProgram struct {
	ctx    *cu.Context
	module *cu.Module
	ptx    []byte
	log    string
	warp   int

	// buffer is the program's LOCAL_BUFFER size, read from the device once
	// (readLocalBufferBytes) for all its kernels.
	buffer struct {
		once  sync.Once
		bytes int
		err   error
	}
}

func (b *cuBackend) buildSource(full, flags string) (deviceProgram, error) {
	prog, err := cu.CreateProgram(full, cuSourceName)
	if err != nil {
		return nil, fmt.Errorf("cluda: compile: %w", err)
	}
	defer prog.Release()
	opts := append([]string{"--gpu-architecture=" + b.arch, "--device-as-default-execution-space"}, strings.Fields(flags)...)
	if err := prog.Compile(opts...); err != nil {
		return nil, err
	}
	ptx, err := prog.PTX()
	if err != nil {
		return nil, fmt.Errorf("cluda: compile: %w", err)
	}
	log, _ := prog.Log()
	p, err := b.buildBinary(ptx, flags)
	if err != nil {
		return nil, err
	}
	p.(*cuProgram).log = strings.TrimSpace(log + "\n" + p.(*cuProgram).log)
	return p, nil
}

func (b *cuBackend) buildBinary(binary []byte, flags string) (deviceProgram, error) {
	m, err := cu.LoadModule(b.ctx, binary)
	if err != nil {
		return nil, err
	}
	return &cuProgram{ctx: b.ctx, module: m, ptx: binary, log: m.Log(), warp: b.warp}, nil
}

func (p *cuProgram) binary() ([]byte, error) { return p.ptx, nil }

// ptxEntry matches the kernel entries of PTX.
var ptxEntry = regexp.MustCompile(`(?m)^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+([A-Za-z_$%][\w$]*)`)

// kernelNames returns the kernels that the PTX defines, sorted.
func (p *cuProgram) kernelNames() (string, error) {
	var names []string
	for _, m := range ptxEntry.FindAllSubmatch(p.ptx, -1) {
		names = append(names, string(m[1]))
	}
	slices.Sort(names)
	return strings.Join(names, ";"), nil
}

func (p *cuProgram) buildLog() (string, error) { return p.log, nil }
func (p *cuProgram) release()                  { p.module.Release() }

func (p *cuProgram) kernel(name string) (deviceKernel, error) {
	f, err := p.module.Function(name)
	if err != nil {
		return nil, fmt.Errorf("kernel %q: %w", name, err)
	}
	k := &cuKernel{fn: f, warp: p.warp}
	if k.buffer, err = p.localBufferBytes(); err != nil {
		return nil, fmt.Errorf("kernel %q: %w", name, err)
	}
	if k.buffer > cudaStaticSharedLimit {
		if err := f.SetMaxDynamicSharedMemory(k.buffer); err != nil {
			return nil, fmt.Errorf("kernel %q: LOCAL_BUFFER of %d bytes: %w", name, k.buffer, err)
		}
	}
	return k, nil
}

// cudaStaticSharedLimit is the shared memory a block may have without
// opting in: all of its static shared memory, and dynamic shared memory up
// to the rest.
const cudaStaticSharedLimit = 48 << 10

// cudaLocalBufferSymbol is the global variable of a program that holds the
// bytes of its kernels' LOCAL_BUFFER (the prelude's LOCAL_BUFFER_SIZE).
const cudaLocalBufferSymbol = "reikna_local_buffer_bytes"

// localBufferBytes returns the dynamic shared memory that the program's
// kernels declare with LOCAL_BUFFER_SIZE, 0 where they declare none. The
// first call reads it from the device; the others return that.
func (p *cuProgram) localBufferBytes() (int, error) {
	p.buffer.once.Do(func() { p.buffer.bytes, p.buffer.err = p.readLocalBufferBytes() })
	return p.buffer.bytes, p.buffer.err
}

// readLocalBufferBytes reads the program's global that holds its
// LOCAL_BUFFER size, a copy from the device.
func (p *cuProgram) readLocalBufferBytes() (int, error) {
	if !bytes.Contains(p.ptx, []byte(cudaLocalBufferSymbol)) {
		return 0, nil
	}
	ptr, size, err := p.module.Global(cudaLocalBufferSymbol)
	if err != nil {
		return 0, err
	}
	mem, err := cu.WrapMemory(p.ctx, ptr, size)
	if err != nil {
		return 0, err
	}
	defer mem.Free()
	var v [1]uint32
	if size != 4 {
		return 0, fmt.Errorf("%s has %d bytes, want 4", cudaLocalBufferSymbol, size)
	}
	if err := cu.CopyDtoH(v[:], mem, 0); err != nil {
		return 0, fmt.Errorf("read %s: %w", cudaLocalBufferSymbol, err)
	}
	return int(v[0]), nil
}

type cuKernel struct {
	fn     *cu.Function
	warp   int
	buffer int // bytes of dynamic shared memory each launch gets (LOCAL_BUFFER)
}

func (k *cuKernel) workGroupInfo() (WorkGroupInfo, error) {
	var threads, shared, local int
	for _, q := range []struct {
		attr cu.FunctionAttribute
		dst  *int
	}{
		{cu.FuncMaxThreadsPerBlock, &threads},
		{cu.FuncSharedSizeBytes, &shared},
		{cu.FuncLocalSizeBytes, &local},
	} {
		v, err := k.fn.Attribute(q.attr)
		if err != nil {
			return WorkGroupInfo{}, fmt.Errorf("kernel %s: %w", k.fn.Name(), err)
		}
		*q.dst = v
	}
	return WorkGroupInfo{
		WorkGroupSize:                  threads,
		CompileWorkGroupSize:           []int{0, 0, 0},
		LocalMemSize:                   int64(shared),
		PrivateMemSize:                 int64(local),
		PreferredWorkGroupSizeMultiple: k.warp,
	}, nil
}

// The module's release unloads its functions.
func (k *cuKernel) release() {}

// launchConfig returns the launch of the kernel over an OpenCL range.
func (k *cuKernel) launchConfig(r NDRange) (cu.LaunchConfig, error) {
	limit := 0
	if r.Local == nil {
		var err error
		if limit, err = k.fn.Attribute(cu.FuncMaxThreadsPerBlock); err != nil {
			return cu.LaunchConfig{}, err
		}
	}
	grid, block, err := cudaGeometry(r, limit)
	return cu.LaunchConfig{Grid: grid, Block: block, SharedBytes: k.buffer}, err
}

// cudaGeometry maps an OpenCL range onto a CUDA grid: blocks of the local
// size, global/local of them along each dimension. OpenCL (before 2.0)
// requires the global size to be a multiple of the local one, and so does
// the mapping. Without a local size, blocks are the largest divisor of the
// global size along dimension 0 up to 256 threads (limit, the kernel's
// most threads per block, if lower), and one thread along the others.
func cudaGeometry(r NDRange, limit int) (grid, block [3]int, err error) {
	dims := len(r.Global)
	if dims < 1 || dims > 3 {
		return grid, block, fmt.Errorf("global size %v: want 1 to 3 dimensions", r.Global)
	}
	for _, o := range r.Offset {
		if o != 0 {
			return grid, block, fmt.Errorf("global offset %v: CUDA launches have none", r.Offset)
		}
	}
	if slices.Min(r.Global) < 1 {
		return grid, block, fmt.Errorf("global size %v has a dimension below 1", r.Global)
	}
	local := r.Local
	if local == nil {
		local = []int{1, 1, 1}[:dims]
		for l := max(min(limit, 256, r.Global[0]), 1); l >= 1; l-- {
			if r.Global[0]%l == 0 {
				local[0] = l
				break
			}
		}
	}
	if len(local) != dims {
		return grid, block, fmt.Errorf("local size %v does not match global size %v", local, r.Global)
	}
	grid, block = [3]int{1, 1, 1}, [3]int{1, 1, 1}
	for i := range dims {
		if local[i] < 1 || r.Global[i]%local[i] != 0 {
			return grid, block, fmt.Errorf("global size %v is not a multiple of local size %v", r.Global, local)
		}
		grid[i], block[i] = r.Global[i]/local[i], local[i]
	}
	return grid, block, nil
}

// cuArgs lays out kernel arguments as CUDA C expects them.
func cuArgs(args []any) (*cu.Args, error) {
	a := &cu.Args{}
	for i, v := range args {
		if err := addCUDAArg(a, v); err != nil {
			return nil, fmt.Errorf("argument %d (%T): %w", i, v, err)
		}
	}
	return a, nil
}

func addCUDAArg(a *cu.Args, v any) error {
	switch v := v.(type) {
	case deviceBuffer:
		b, err := cuBufferOf(v)
		if err != nil {
			return err
		}
		p := b.mem.Ptr()
		if p == 0 {
			return errReleasedArray
		}
		a.Ptr(p + cu.DevicePtr(b.offset))
		return nil
	case cl.LocalMem:
		return errors.New("CUDA kernels take no local memory arguments: declare LOCAL_MEM arrays in the kernel")
	case *cl.Buffer:
		return errors.New("an OpenCL buffer cannot be an argument of a CUDA kernel")
	case []byte:
		if len(v) == 0 {
			return errors.New("empty bytes")
		}
		_, err := a.Bytes(v, bytesAlign(len(v)))
		return err
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return errors.New("nil value")
	}
	align, err := cudaAlign(rv.Type())
	if err != nil {
		return err
	}
	p := reflect.New(rv.Type())
	p.Elem().Set(rv)
	_, err = a.Bytes(bytes.Clone(unsafe.Slice((*byte)(p.UnsafePointer()), rv.Type().Size())), align)
	return err
}

// bytesAlign is the alignment given to an argument passed as raw bytes,
// such as an encoded struct: the largest power of two up to 8 that divides
// its size (a struct's size is a multiple of its alignment; the members
// of vector types aligned to 16 bytes, double2 among them, are passed as
// Go values instead).
func bytesAlign(n int) int {
	align := 1
	for align < 8 && n%(align*2) == 0 {
		align *= 2
	}
	return align
}

// cudaAlign returns the alignment CUDA C gives a Go value's type: Go's,
// except for complex numbers, which are CUDA's float2 (8 bytes) and
// double2 (16 bytes). Types that hold pointers, and structs whose fields
// CUDA C would place elsewhere than Go does, are refused.
func cudaAlign(t reflect.Type) (int, error) {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return t.Align(), nil
	case reflect.Complex64:
		return 8, nil
	case reflect.Complex128:
		return 16, nil
	case reflect.Array:
		align, err := cudaAlign(t.Elem())
		if err == nil && t.Elem().Size()%uintptr(align) != 0 {
			err = fmt.Errorf("%v is laid out differently in Go and CUDA C; pass its bytes", t)
		}
		return align, err
	case reflect.Struct:
		align, offset := 1, uintptr(0)
		for i := range t.NumField() {
			f := t.Field(i)
			a, err := cudaAlign(f.Type)
			if err != nil {
				return 0, err
			}
			align = max(align, a)
			offset = (offset + uintptr(a) - 1) / uintptr(a) * uintptr(a)
			if offset != f.Offset {
				return 0, fmt.Errorf("%v is laid out differently in Go and CUDA C; pass its bytes", t)
			}
			offset += f.Type.Size()
		}
		if (offset+uintptr(align)-1)/uintptr(align)*uintptr(align) != t.Size() {
			return 0, fmt.Errorf("%v is laid out differently in Go and CUDA C; pass its bytes", t)
		}
		return align, nil
	}
	return 0, fmt.Errorf("%v is not a kernel argument type", t)
}

// cuEvent brackets a command with two events, for its completion and,
// on a Thread with profiling on, its device time.
type cuEvent struct {
	start, end *cu.Event
	timed      bool
}

// errNoProfiling is the error of the duration of a command of a Thread
// created without profiling.
var errNoProfiling = errors.New("the Thread was created without profiling (ThreadOptions.Profiling)")

func (e cuEvent) wait() error { return e.end.Synchronize() }

func (e cuEvent) duration() (time.Duration, error) {
	if !e.timed {
		return 0, errNoProfiling
	}
	return cu.ElapsedTime(e.start, e.end)
}

func (e cuEvent) release() {
	e.start.Release()
	e.end.Release()
}

// record records a new event on the stream.
func (b *cuBackend) record() (*cu.Event, error) {
	flags := cu.EventDisableTiming
	if b.prof {
		flags = cu.EventDefault
	}
	ev, err := cu.CreateEvent(b.ctx, flags)
	if err != nil {
		return nil, err
	}
	if err := ev.Record(b.stream); err != nil {
		ev.Release()
		return nil, err
	}
	return ev, nil
}

// The stream runs its commands in order, so waiting for earlier commands
// of the Thread takes nothing more than the order of the stream.
func (b *cuBackend) launch(k deviceKernel, r NDRange, args []any, wait []deviceEvent, event bool) (deviceEvent, error) {
	ck := k.(*cuKernel)
	for i, w := range wait {
		if _, ok := w.(cuEvent); !ok {
			return nil, fmt.Errorf("wait list entry %d is not a CUDA event", i)
		}
	}
	cfg, err := ck.launchConfig(r)
	if err != nil {
		return nil, fmt.Errorf("kernel %s: %w", ck.fn.Name(), err)
	}
	cfg.Stream = b.stream
	a, err := cuArgs(args)
	if err != nil {
		return nil, fmt.Errorf("kernel %s: %w", ck.fn.Name(), err)
	}
	return b.timed(event, func() error { return ck.fn.Launch(cfg, a) })
}

func (b *cuBackend) write(buf deviceBuffer, offset int, host []byte) error {
	cb, err := cuBufferOf(buf)
	if err != nil {
		return err
	}
	// The copy must follow the commands enqueued before it.
	if err := b.stream.Synchronize(); err != nil {
		return err
	}
	return cu.CopyBytesHtoD(cb.mem, cb.offset+offset, host)
}

func (b *cuBackend) read(buf deviceBuffer, offset int, host []byte) error {
	cb, err := cuBufferOf(buf)
	if err != nil {
		return err
	}
	if err := b.stream.Synchronize(); err != nil {
		return err
	}
	return cu.CopyBytesDtoH(host, cb.mem, cb.offset+offset)
}

// fill sets bytes with the driver's memset where the pattern is one byte
// repeated, and writes the repeated pattern otherwise.
func (b *cuBackend) fill(buf deviceBuffer, pattern []byte, offset, size int) error {
	cb, err := cuBufferOf(buf)
	if err != nil {
		return err
	}
	if len(pattern) > 0 && bytes.Count(pattern, pattern[:1]) == len(pattern) {
		return cu.Memset(b.stream, cb.mem, cb.offset+offset, size, pattern[0])
	}
	// A pattern of several byte values: its first run is written from the
	// host, then doubled on the device, each copy taking what is filled so
	// far into the bytes after it: the fill of 8 GiB costs device
	// bandwidth and 17 copies, not a host buffer of 8 GiB and its upload.
	seed := min(size, max(fillSeed/len(pattern), 1)*len(pattern))
	if err := b.write(buf, offset, bytes.Repeat(pattern, seed/len(pattern))); err != nil {
		return err
	}
	for done := seed; done < size; {
		n := min(done, size-done)
		if err := cu.CopyDtoD(b.stream, cb.mem, cb.offset+offset+done, cb.mem, cb.offset+offset, n); err != nil {
			return err
		}
		done += n
	}
	return nil
}

// fillSeed is about the bytes of a fill's first run, written from the
// host before the device doubles it (cuBackend.fill).
const fillSeed = 64 << 10

func (b *cuBackend) copy(src, dst deviceBuffer, srcOffset, dstOffset, n int, event bool) (deviceEvent, error) {
	sb, db, err := cuBuffersOf(src, dst)
	if err != nil {
		return nil, err
	}
	return b.timed(event, func() error {
		return cu.CopyDtoD(b.stream, db.mem, db.offset+dstOffset, sb.mem, sb.offset+srcOffset, n)
	})
}

// timed enqueues a command, between two recorded events if event is set.
func (b *cuBackend) timed(event bool, enqueue func() error) (deviceEvent, error) {
	if !event {
		return nil, enqueue()
	}
	start, err := b.record()
	if err != nil {
		return nil, err
	}
	if err := enqueue(); err != nil {
		start.Release()
		return nil, err
	}
	end, err := b.record()
	if err != nil {
		start.Release()
		return nil, err
	}
	return cuEvent{start, end, b.prof}, nil
}

func (b *cuBackend) synchronize() error { return b.stream.Synchronize() }
func (b *cuBackend) profiling() bool    { return b.prof }

func (b *cuBackend) release() {
	if b.owned || b.ownsStream {
		b.stream.Release()
	}
	if !b.ownsStream || b.owned {
		// The Thread's own backend, not a side queue.
		b.copier.release()
	}
	if b.owned {
		b.ctx.Release()
	}
}

func (b *cuBackend) sideQueue() (backend, error) {
	s, err := cu.CreateStream(b.ctx, false)
	if err != nil {
		return nil, err
	}
	return &cuBackend{ctx: b.ctx, stream: s, arch: b.arch, warp: b.warp, ownsStream: true, copier: b.copier}, nil
}

// copyRegion copies through the driver's peer copy, which reaches the
// memory of every context: device to device where the contexts enabled
// peer access (NewMultiThread does on CUDA), through host memory otherwise.
func (b *cuBackend) copyRegion(src, dst deviceBuffer, from, to region, event bool) (deviceEvent, error) {
	sb, db, err := cuBuffersOf(src, dst)
	if err != nil {
		return nil, err
	}
	return b.timed(event, func() error {
		if contiguous(from) && contiguous(to) {
			return cu.CopyPeer(b.stream, db.mem, db.offset+to.Offset, sb.mem, sb.offset+from.Offset, from.Bytes())
		}
		return cu.CopyRegionPeer(b.stream, db.mem, cuRegion(to, db.offset), sb.mem, cuRegion(from, sb.offset))
	})
}

// contiguous reports whether the bytes of a region lie one after the
// other.
func contiguous(r region) bool {
	return (r.Rows <= 1 || r.RowPitch == r.Width) && (max(r.Slices, 1) <= 1 || r.SlicePitch == r.Width*r.Rows)
}

// cuRegion returns a region of a buffer that starts offset bytes into its
// allocation as a region of the allocation.
func cuRegion(r region, offset int) cu.Region {
	return cu.Region{Offset: r.Offset + offset, Width: r.Width, Rows: r.Rows, RowPitch: r.RowPitch, Slices: r.Slices, SlicePitch: r.SlicePitch}
}

func (b *cuBackend) reaches(other backend) bool {
	_, ok := other.(*cuBackend)
	return ok
}

// readRegion reads the region one row at a time, or in one copy where
// its bytes lie one after the other.
func (b *cuBackend) readRegion(buf deviceBuffer, r region, host []byte) error {
	return eachRun(r, func(offset, hostOffset, n int) error {
		return b.read(buf, offset, host[hostOffset:hostOffset+n])
	})
}

func (b *cuBackend) writeRegion(buf deviceBuffer, r region, host []byte) error {
	return eachRun(r, func(offset, hostOffset, n int) error {
		return b.write(buf, offset, host[hostOffset:hostOffset+n])
	})
}

// eachRun calls f for each run of contiguous bytes of a region: its
// offset, its offset among the packed rows, and its length.
func eachRun(r region, f func(offset, hostOffset, n int) error) error {
	if contiguous(r) {
		return f(r.Offset, 0, r.Bytes())
	}
	host := 0
	for z := range max(r.Slices, 1) {
		for y := range r.Rows {
			if err := f(r.Offset+z*r.SlicePitch+y*r.RowPitch, host, r.Width); err != nil {
				return err
			}
			host += r.Width
		}
	}
	return nil
}

// cuBuffersOf returns the memories of a source and a destination
// buffer of the backend.
func cuBuffersOf(src, dst deviceBuffer) (cuBuffer, cuBuffer, error) {
	sb, err := cuBufferOf(src)
	if err != nil {
		return sb, sb, err
	}
	db, err := cuBufferOf(dst)
	return sb, db, err
}

// cuStaging is page-locked host memory of the Thread's context.
type cuStaging struct{ mem *cu.HostMemory }

func (s cuStaging) bytes() []byte {
	b, _ := s.mem.Bytes() // valid until free
	return b
}

func (s cuStaging) free() { s.mem.Free() }

func (b *cuBackend) staging(n int) (hostStaging, error) {
	m, err := cu.AllocHost(b.ctx, n)
	if err != nil {
		return nil, err
	}
	return cuStaging{m}, nil
}

// writeAsync and readAsync enqueue the copy on the Thread's stream, after
// its earlier commands, and record an event after it.
func (b *cuBackend) writeAsync(buf deviceBuffer, offset int, h hostStaging, n int) (deviceEvent, error) {
	cb, err := cuBufferOf(buf)
	if err != nil {
		return nil, err
	}
	return b.timed(true, func() error {
		return cu.CopyHtoDAsync(b.stream, cb.mem, cb.offset+offset, h.(cuStaging).mem, 0, n)
	})
}

func (b *cuBackend) readAsync(buf deviceBuffer, offset int, h hostStaging, n int) (deviceEvent, error) {
	cb, err := cuBufferOf(buf)
	if err != nil {
		return nil, err
	}
	return b.timed(true, func() error {
		return cu.CopyDtoHAsync(b.stream, h.(cuStaging).mem, 0, cb.mem, cb.offset+offset, n)
	})
}
