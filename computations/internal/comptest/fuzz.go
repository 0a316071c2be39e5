package comptest

import (
	"runtime"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/refusal"
)

// The fuzz targets of packages computations and computations/fft
// (fuzz_*_test.go) give the constructors of the computations shapes, axes,
// dtypes and options, and hold each to one property: the constructor, or
// the render of what it accepts for a model device, refuses the input
// with a clear error (see CheckRefusal), spending little host memory on
// the way; or, where everything accepts a small array, the computation
// compiled for the test device gives what a float64 reference gives on
// fresh random data, into outputs poisoned first.

const (
	// fuzzMaxElements bounds the arrays that a fuzz target runs on the
	// device: the references are direct loops, and a compilation costs up
	// to a second, so the device runs are of small arrays only.
	fuzzMaxElements = 4096
	// fuzzAllocBytes is the largest allocation of the model devices that
	// fuzz targets render for: small, so that plans too large for a
	// device appear at the lengths a fuzzer reaches.
	fuzzAllocBytes = 64 << 20
	// fuzzHostBytes bounds the host memory that one constructor and the
	// renders for the model devices may allocate. A plan refuses an array
	// the device could not allocate before it computes its values, so the
	// float64 work of its tables stays within a few times the device's
	// largest allocation; the rest of a render is kernel sources.
	fuzzHostBytes = 6*fuzzAllocBytes + 64<<20
)

// fuzzDevices returns the model GPU and CPU with fuzzAllocBytes as their
// largest allocation.
func fuzzDevices() []*cluda.DeviceParams {
	var out []*cluda.DeviceParams
	for _, p := range []*cluda.DeviceParams{cluda.ModelGPU(), cluda.ModelCPU()} {
		p.MaxMemAllocSize = fuzzAllocBytes
		p.GlobalMemSize = 4 * fuzzAllocBytes
		out = append(out, p)
	}
	return out
}

// FuzzShape returns the first rank dims (rank taken modulo len(dims)+1) as
// a shape.
func FuzzShape(rank uint8, dims ...int64) []int {
	shape := make([]int, int(rank)%(len(dims)+1))
	for i := range shape {
		shape[i] = int(dims[i])
	}
	return shape
}

// FuzzAxes returns nil for count 0, and otherwise the first count-1 axes
// (taken modulo len(axes)+1), so that nil and empty axes both occur.
func FuzzAxes(count uint8, axes ...int8) []int {
	if count == 0 {
		return nil
	}
	out := make([]int, int(count-1)%(len(axes)+1))
	for i := range out {
		out[i] = int(axes[i])
	}
	return out
}

// FuzzDType returns the dtype of code: every valid one, and Invalid.
func FuzzDType(code uint8) dtypes.DType {
	return dtypes.DType(code % uint8(len(dtypes.All)+1))
}

// CheckRefusal fails the test unless err is a clear refusal (see
// refusal.Check): prefix names the package and the computation (such as
// "fft: FFT"), its text up to the first ": " being the package's prefix,
// and values are the input's values that the message may name.
func CheckRefusal(t *testing.T, err error, prefix string, values ...any) {
	t.Helper()
	pkg, _, _ := strings.Cut(prefix, ": ")
	if err := refusal.Check(err, pkg+": ", prefix, values...); err != nil {
		t.Fatal(err)
	}
}

// Renderer is a computation that renders for a model device.
type Renderer interface {
	Render(p *cluda.DeviceParams) (*core.RenderedPlan, error)
}

// FuzzComputation is what the fuzz targets use of a computation.
type FuzzComputation interface {
	Renderer
	Compile(thr *cluda.Thread) (*core.Callable, error)
	Parameter(name string) (core.Parameter, bool)
}

// HostAllocated returns the bytes the process has allocated so far.
func HostAllocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// CheckRenders renders c for the fuzz model devices and reports whether
// both accept it. A refusal must start with "core: render "+name, must
// hold the prefix pkg of the computation's package (such as "fft: ") once
// at most, and the host memory allocated since start (taken before the
// constructor ran) must stay within fuzzHostBytes.
func CheckRenders(t *testing.T, c Renderer, pkg, name string, start uint64) bool {
	t.Helper()
	ok := true
	for _, p := range fuzzDevices() {
		_, err := c.Render(p)
		if spent := HostAllocated() - start; spent > fuzzHostBytes {
			t.Fatalf("constructing and rendering for %s allocated %d MiB on the host, more than %d MiB", p.Name, spent>>20, fuzzHostBytes>>20)
		}
		if err == nil {
			continue
		}
		ok = false
		if prefix := "core: render " + name + ": "; !strings.HasPrefix(err.Error(), prefix) {
			t.Fatalf("render for %s: error %q does not start with %q", p.Name, err, prefix)
		}
		if n := refusal.Prefixes(err.Error(), pkg); n > 1 {
			t.Fatalf("render for %s: error %q nests %d prefixes of the package", p.Name, err, n)
		}
	}
	return ok
}

// FuzzRuns reports whether an accepted computation of arrays of the given
// sizes runs on the device: every array has at most fuzzMaxElements, and
// at least one element.
func FuzzRuns(thr *cluda.Thread, dts []dtypes.DType, sizes ...int) bool {
	for _, dt := range dts {
		if !thr.Params().SupportsDType(dt) {
			return false
		}
	}
	for _, n := range sizes {
		if n < 1 || n > fuzzMaxElements {
			return false
		}
	}
	return true
}

// CompileFuzzed compiles c for thr; the test releases it when it ends.
func CompileFuzzed(t *testing.T, thr *cluda.Thread, c FuzzComputation) *core.Callable {
	t.Helper()
	k, err := c.Compile(thr)
	if err != nil {
		t.Fatalf("compile of an accepted computation: %v", err)
	}
	t.Cleanup(k.Release)
	return k
}
