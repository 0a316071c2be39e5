package cluda

import (
	"os"
	"path/filepath"
	"testing"
)

const cachedKernel = "KERNEL void twice(GLOBAL_MEM float *x) { x[get_global_id(0)] *= 2.0f; }"

// TestDiskCache builds a program in one Thread, finds its binary used by a
// second Thread (as a second process would), and rebuilds a damaged entry.
func TestDiskCache(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(CacheDirEnv, dir)
	first := testThread(t)
	if first.disk == nil {
		t.Fatal("no disk cache")
	}
	if _, err := first.Compile(cachedKernel, CompileOptions{}); err != nil {
		t.Fatal(err)
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
	if len(entries) != 1 {
		t.Fatalf("%d cache entries, want 1", len(entries))
	}

	run := func(thr *Thread) {
		t.Helper()
		p, err := thr.Compile(cachedKernel, CompileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		k, err := p.Kernel("twice")
		if err != nil {
			t.Fatal(err)
		}
		a, _ := thr.ToDevice([]float32{1, 2, 3})
		defer a.Release()
		if err := k.Call([]int{3}, nil, a); err != nil {
			t.Fatal(err)
		}
		got, _ := Read[float32](a)
		if got[0] != 2 || got[1] != 4 || got[2] != 6 {
			t.Fatalf("program from the cache computed %v", got)
		}
	}
	second := testThread(t)
	run(second)
	if second.disk.hits.Load() != 1 {
		t.Errorf("second thread: %d cache hits, want 1", second.disk.hits.Load())
	}

	// A damaged entry is not trusted: it is rebuilt and rewritten.
	data, _ := os.ReadFile(entries[0])
	data[len(data)-1] ^= 0xff
	os.WriteFile(entries[0], data, 0o644)
	third := testThread(t)
	run(third)
	if third.disk.hits.Load() != 0 || third.disk.misses.Load() != 1 {
		t.Errorf("damaged entry: %d hits, %d misses", third.disk.hits.Load(), third.disk.misses.Load())
	}
	fixed, _ := os.ReadFile(entries[0])
	if _, ok := decodeEntry(fixed); !ok {
		t.Error("the damaged entry was not rewritten")
	}
	// A truncated entry likewise.
	os.WriteFile(entries[0], fixed[:len(fixed)/2], 0o644)
	fourth := testThread(t)
	run(fourth)
	if fourth.disk.hits.Load() != 0 {
		t.Error("a truncated entry was used")
	}
}

func TestDiskCacheOff(t *testing.T) {
	t.Setenv(CacheDirEnv, "off")
	if thr := testThread(t); thr.disk != nil {
		t.Errorf("cache enabled with %s=off", CacheDirEnv)
	}
}
