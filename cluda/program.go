package cluda

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/reikna-go/reikna/cluda/cl"
)

// CompileOptions control how a program is built.
type CompileOptions struct {
	// FastMath lets the compiler trade accuracy for speed
	// (-cl-fast-relaxed-math on OpenCL, --use_fast_math on CUDA) and
	// defines COMPILE_FAST_MATH.
	FastMath bool
	// Options are passed to the OpenCL compiler as they are, separated by
	// spaces (-D NAME=VALUE, -cl-mad-enable, -w, ...). An option the
	// compiler does not know fails the build with a *BuildError. On CUDA
	// they go to NVRTC: -D, -I and -w become NVRTC's spellings, OpenCL's
	// -cl-* options are refused, and the others pass as they are.
	Options []string
	// Defines are macros defined for the program, each as a line
	// "#define NAME VALUE" between the prelude and the source, where the
	// source the compiler sees shows them (Program.FullSource). The names
	// must be C identifiers other than the prelude's macros; a value may
	// be empty but must fit on one line.
	Defines map[string]string
	// Origin, when set, describes where a line of the source came from (a
	// template and its line), for build error messages.
	Origin func(line int) string
}

// flags returns the compiler options of a build on the device of p, one
// string.
func (o CompileOptions) flags(p *DeviceParams) (string, error) {
	if p.API == CUDA {
		opts, err := nvrtcOptions(o)
		return strings.Join(opts, " "), err
	}
	var opts []string
	if strings.Contains(p.PlatformName, poclPlatformName) {
		opts = append(opts, poclQuiet)
	}
	opts = append(opts, o.Options...)
	if o.FastMath {
		opts = append(opts, "-cl-fast-relaxed-math", "-cl-mad-enable")
	}
	return strings.Join(opts, " "), nil
}

// poclQuiet is the option every build on PoCL gets: on CPUs without
// AVX-512 PoCL's clang notes that a function taking or returning a vector
// of 512 bits (the float16 lanes of the FFT's CPU kernels) changes the ABI
// without avx512f ("-Wpsabi"), and PoCL prints "N warnings generated." on
// the process's standard error for each such kernel. The note concerns
// calls across compiled objects, which a kernel's inlined helpers never
// make. PoCL refuses -Wno-psabi (CL_INVALID_BUILD_OPTIONS, PoCL 3.1) and
// takes -w, which leaves its warnings out; errors still fail the build
// and reach its log.
const poclQuiet = "-w"

// Program is a program built on a Thread's device from source with the
// kernel prelude.
//
// Each Compile returns a Program of its own; Programs of the same source
// and options share the built program, which the Thread's cache keeps
// for reuse. Release releases the Program and its kernels; the built
// program goes when neither the cache nor a Program holds it. A Program
// that is never released is released when it becomes unreachable, and at
// the latest with its Thread.
type Program struct {
	thread   *Thread
	built    *builtProgram
	source   string // as given
	full     string // as compiled, with the prelude
	kmu      sync.Mutex
	kernels  map[string]*Kernel
	released bool
	cleanup  runtime.Cleanup
}

// Compile builds OpenCL C source for the Thread's device, with the prelude
// of CLUDA macros (KERNEL, GLOBAL_MEM, ...) before it. Line numbers in build
// errors are those of source. Built programs are cached per Thread by
// source and options (see SetProgramCacheLimit) and on disk (see
// CacheDirEnv).
func (t *Thread) Compile(source string, opts CompileOptions) (*Program, error) {
	return t.compile("", source, opts)
}

// compile builds source with header (definitions that are not part of the
// user's source, such as virtual size functions) between the prelude and
// the source.
func (t *Thread) compile(header, source string, opts CompileOptions) (*Program, error) {
	if err := opts.Validate(); err != nil {
		return nil, fmt.Errorf("cluda: compile: %w", err)
	}
	flags, err := opts.flags(t.params)
	if err != nil {
		return nil, fmt.Errorf("cluda: compile: %w", err)
	}
	full, linesBefore := programSource(t.params, opts, header, source)
	key := programKey{full, flags}
	b := t.progs.get(key)
	if b == nil {
		prog, err := t.buildCached(full, key.flags)
		if err != nil {
			return nil, newBuildError(err, source, linesBefore, opts.Origin)
		}
		b = t.progs.add(key, prog)
	}
	p := &Program{thread: t, built: b, source: source, full: full, kernels: make(map[string]*Kernel)}
	p.cleanup = runtime.AddCleanup(p, t.progs.unref, b)
	return p, nil
}

// programSource returns the source the compiler gets for source on a
// device with parameters p: the prelude, the defines of opts, then header,
// then source. It also returns the number of lines before source:
// compilers report physical line numbers (NVIDIA's ignores #line), so
// build errors subtract them. The defines must have been validated.
func programSource(p *DeviceParams, opts CompileOptions, header, source string) (full string, linesBefore int) {
	before := preludeSource(p.API, p.DoubleFP, opts.FastMath, p.unrollsByPragma()) + defineLines(opts.Defines) + header
	return before + source, strings.Count(before, "\n")
}

// Source returns the source as given to Compile, without the prelude.
func (p *Program) Source() string { return p.source }

// FullSource returns the source as the compiler saw it, prelude included.
func (p *Program) FullSource() string { return p.full }

// errProgramReleased is returned by the methods of a released Program.
var errProgramReleased = fmt.Errorf("cluda: program released: %w", cl.ErrReleased)

// deviceProgram returns the built program, unless p was released.
func (p *Program) deviceProgram() (deviceProgram, error) {
	p.kmu.Lock()
	defer p.kmu.Unlock()
	if p.released {
		return nil, errProgramReleased
	}
	return p.built.prog, nil
}

// BuildLog returns the compiler's log of the successful build (warnings).
func (p *Program) BuildLog() (string, error) {
	prog, err := p.deviceProgram()
	if err != nil {
		return "", err
	}
	return prog.buildLog()
}

// Binary returns the device binary of the program, for caching.
func (p *Program) Binary() ([]byte, error) {
	prog, err := p.deviceProgram()
	if err != nil {
		return nil, err
	}
	return prog.binary()
}

// Kernel returns the kernel called name. Kernels are created once per
// Program.
func (p *Program) Kernel(name string) (*Kernel, error) {
	p.kmu.Lock()
	defer p.kmu.Unlock()
	if p.released {
		return nil, fmt.Errorf("kernel %q: %w", name, errProgramReleased)
	}
	if k, ok := p.kernels[name]; ok {
		return k, nil
	}
	k, err := p.built.prog.kernel(name)
	if err != nil {
		return nil, fmt.Errorf("cluda: %w", err)
	}
	kk := &Kernel{program: p, kernel: k, name: name, poclTrials: p.thread.poclTrials()}
	p.kernels[name] = kk
	return kk, nil
}

// Release releases the Program's kernels and its share of the built
// program. Compiling the same source again gives a new Program. Release
// is idempotent.
func (p *Program) Release() {
	p.kmu.Lock()
	if p.released {
		p.kmu.Unlock()
		return
	}
	p.released = true
	for _, k := range p.kernels {
		k.kernel.release()
	}
	p.kernels = nil
	p.kmu.Unlock()
	p.cleanup.Stop()
	p.thread.progs.unref(p.built)
}

// Kernel is a kernel of a Program. Calls from several goroutines are
// serialised, since OpenCL kernel arguments are shared state.
//
// On PoCL, with PoCL's cache in the program cache, the first launch of a
// Kernel in each launch configuration that PoCL compiles separately (local
// size, global offset zero or not, a small grid or not) returns only once
// the kernel has run, with a trial marker in the program cache's
// pocl-trials directory (see CacheDirEnv): PoCL compiles and loads the
// kernel's code from its cache then, and aborts on a damaged entry, which
// the next process then removes.
type Kernel struct {
	program *Program
	kernel  deviceKernel
	name    string
	mu      sync.Mutex

	// poclTrials is the directory of trial markers where the kernel's
	// first launches are guarded (see Kernel.launch); "" elsewhere.
	poclTrials string
	// poclLaunched holds the launch configurations the kernel has run in,
	// guarded by mu.
	poclLaunched map[poclLaunchKey]bool
}

// Name returns the kernel's function name.
func (k *Kernel) Name() string { return k.name }

// Program returns the program the kernel belongs to.
func (k *Kernel) Program() *Program { return k.program }

// WorkGroupInfo returns what the device allows for this kernel.
func (k *Kernel) WorkGroupInfo() (WorkGroupInfo, error) {
	return k.kernel.workGroupInfo()
}

// Call enqueues the kernel with the given global and local sizes (OpenCL
// order: entry i is get_global_size(i); local may be nil) and arguments:
// *Array values (passed as the address of their element 0), BaseArg values
// (the start of an array's memory), Go numbers of the kernel's parameter
// types (int32 for int, float32 for float, complex64 for float2, ...),
// LocalMem sizes (OpenCL only), or raw bytes.
func (k *Kernel) Call(global, local []int, args ...any) error {
	_, err := k.Enqueue(NDRange{Global: global, Local: local}, args, nil, false)
	return err
}

// Enqueue is Call with a full NDRange, a wait list of events of the
// Thread, and optionally the event of the command (which the caller must
// Release; nil when event is false).
func (k *Kernel) Enqueue(r NDRange, args []any, wait []*Event, event bool) (*Event, error) {
	t := k.program.thread
	clWait, err := t.waitList(wait)
	if err != nil {
		return nil, fmt.Errorf("cluda: kernel %s: %w", k.name, err)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	values := make([]any, len(args))
	for i, a := range args {
		v, err := t.kernelArg(i, a)
		if err != nil {
			return nil, fmt.Errorf("cluda: kernel %s: %w", k.name, err)
		}
		values[i] = v
	}
	ev, err := k.launch(r, values, clWait, event)
	if err != nil {
		return nil, fmt.Errorf("cluda: %w", err)
	}
	t.enqueues.Add(1)
	return newEvent(t, ev), nil
}

// kernelArg returns the value a backend passes for a kernel argument:
// the device memory of an array (at its element 0) or of a BaseArg (at
// its start), anything else as it is.
func (t *Thread) kernelArg(i int, a any) (any, error) {
	var arr *Array
	base := false
	switch v := a.(type) {
	case *Array:
		arr = v
	case BaseArg:
		arr, base = v.array, true
	case LocalMem:
		return cl.LocalMem(v), nil // the CUDA backend refuses it
	default:
		return a, nil
	}
	switch {
	case arr == nil:
		return nil, fmt.Errorf("argument %d is a nil *Array", i)
	case arr.thread != t:
		return nil, fmt.Errorf("argument %d is an array of another Thread", i)
	}
	var buf deviceBuffer
	var err error
	if base {
		buf, err = arr.mem.buffer()
	} else {
		buf, err = arr.kernelBuffer()
	}
	if err != nil {
		return nil, fmt.Errorf("argument %d: %w", i, err)
	}
	return buf, nil
}

// buildCached builds full from the binary in the disk cache if there is a
// sound one, else from source, storing the binary for later processes.
// On PoCL, with PoCL's cache in the program cache, a trial marker stands
// while PoCL builds (see beginPoCLTrial); PoCL's directories removed since
// it was loaded are made again first (restorePoCLDirs).
func (t *Thread) buildCached(full, flags string) (deviceProgram, error) {
	if t.be.api() == OpenCL && isPoCL(t.params) {
		restorePoCLDirs()
	}
	if trials := t.poclTrials(); trials != "" {
		defer beginPoCLTrial(trials)()
	}
	var key entryKey
	if t.disk != nil {
		key = newEntryKey(full, flags, t.params)
		if prog := t.disk.loadProgram(t.be, key); prog != nil {
			t.disk.hits.Add(1)
			return prog, nil
		}
		t.disk.misses.Add(1)
	}
	prog, err := t.be.buildSource(full, flags)
	if err != nil {
		return nil, err
	}
	if t.disk != nil {
		t.disk.storeProgram(key, prog)
	}
	return prog, nil
}
