package cluda

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
)

// scaleKernel returns the source of a kernel scale that multiplies by
// factor: a distinct program for each factor.
func scaleKernel(factor int) string {
	return fmt.Sprintf("KERNEL void scale(GLOBAL_MEM float *x) { x[get_global_id(0)] *= %d.0f; }", factor)
}

// isReleased reports whether the built program has been released: its
// kernels cannot be looked up any more.
func isReleased(b *builtProgram) bool {
	k, err := b.prog.kernel("scale")
	if err == nil {
		k.release()
	}
	return errors.Is(err, cl.ErrReleased) || errors.Is(err, cu.ErrReleased)
}

// TestCompileAfterRelease checks that a released Program is never served
// again: compiling its source again gives a working Program.
func TestCompileAfterRelease(t *testing.T) {
	t.Setenv(CacheDirEnv, "off")
	thr := testThread(t)
	first, err := thr.Compile(cachedKernel, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.Kernel("twice"); err != nil {
		t.Fatal(err)
	}
	first.Release()
	first.Release() // idempotent
	if _, err := first.Kernel("twice"); !errors.Is(err, cl.ErrReleased) {
		t.Errorf("a kernel of a released program: %v, want an error wrapping %v", err, cl.ErrReleased)
	}
	if _, err := first.Binary(); !errors.Is(err, cl.ErrReleased) {
		t.Errorf("the binary of a released program: %v, want an error wrapping %v", err, cl.ErrReleased)
	}
	second, err := thr.Compile(cachedKernel, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer second.Release()
	if second == first {
		t.Fatal("Compile returned the released Program")
	}
	runScale(t, thr, cachedKernel, "twice", 2)
}

// TestProgramCacheBound compiles more distinct programs than the cache
// keeps and checks that it stays within its bound, that a program in use
// keeps working after it is evicted, and that an evicted program is
// released with its last user.
func TestProgramCacheBound(t *testing.T) {
	t.Setenv(CacheDirEnv, "off")
	thr := testThread(t)
	const limit = 3
	thr.SetProgramCacheLimit(limit)
	held, err := thr.Compile(scaleKernel(1), CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	k, err := held.Kernel("scale")
	if err != nil {
		t.Fatal(err)
	}
	for f := 2; f <= 10; f++ {
		runScale(t, thr, scaleKernel(f), "scale", float32(f))
		if n := thr.progs.len(); n > limit {
			t.Fatalf("%d programs cached, over the limit of %d", n, limit)
		}
	}
	if thr.progs.get(held.built.key) != nil {
		t.Fatal("the least recently used program is still cached")
	}
	if isReleased(held.built) {
		t.Fatal("an evicted program in use was released")
	}
	a, _ := thr.ToDevice([]float32{5})
	defer a.Release()
	if err := k.Call([]int{1}, nil, a); err != nil {
		t.Fatalf("a kernel of an evicted program: %v", err)
	}
	held.Release()
	if !isReleased(held.built) {
		t.Error("an evicted program was not released with its last user")
	}

	// A smaller limit evicts at once; released programs that are not in
	// use go with the eviction.
	cached := thr.progs.lru.Front().Value.(*builtProgram)
	thr.SetProgramCacheLimit(0)
	if n := thr.progs.len(); n != 0 {
		t.Errorf("%d programs cached with limit 0", n)
	}
	if !isReleased(cached) {
		t.Error("an evicted program that nothing uses was not released")
	}
	runScale(t, thr, scaleKernel(11), "scale", 11)
}

// TestProgramCollected checks that a Program dropped without Release
// gives its built program back when it is collected.
func TestProgramCollected(t *testing.T) {
	t.Setenv(CacheDirEnv, "off")
	thr := testThread(t)
	thr.SetProgramCacheLimit(0)
	p, err := thr.Compile(scaleKernel(12), CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b := p.built
	p = nil
	for i := 0; i < 100 && !isReleased(b); i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if !isReleased(b) {
		t.Error("the built program of an unreachable Program was not released")
	}
}

// TestThreadReleasesPrograms checks that a Thread's release releases its
// programs, cached or in use.
func TestThreadReleasesPrograms(t *testing.T) {
	t.Setenv(CacheDirEnv, "off")
	thr := testThread(t)
	thr.SetProgramCacheLimit(1)
	var built []*builtProgram
	for f := 13; f <= 15; f++ {
		p, err := thr.Compile(scaleKernel(f), CompileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Release()
		built = append(built, p.built)
	}
	thr.Release()
	for i, b := range built {
		if !isReleased(b) {
			t.Errorf("program %d is not released with the Thread", i)
		}
	}
}

func TestProgramCacheLimitOption(t *testing.T) {
	t.Setenv(CacheDirEnv, "off")
	testThread(t) // skips where there is no device
	for _, tt := range []struct{ option, want int }{{0, DefaultProgramCacheLimit}, {5, 5}, {-1, 0}} {
		thr, err := CreateThread(DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, ThreadOptions{ProgramCacheLimit: tt.option})
		if err != nil {
			t.Fatal(err)
		}
		if got := thr.progs.limit; got != tt.want {
			t.Errorf("ProgramCacheLimit %d: the limit is %d, want %d", tt.option, got, tt.want)
		}
		thr.Release()
	}
}
