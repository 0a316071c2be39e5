package cluda

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const (
	cachedKernel = "KERNEL void twice(GLOBAL_MEM float *x) { x[get_global_id(0)] *= 2.0f; }"
	otherKernel  = "KERNEL void thrice(GLOBAL_MEM float *x) { x[get_global_id(0)] *= 3.0f; }"
)

// cacheThread returns a new Thread whose disk cache is dir.
func cacheThread(t *testing.T, dir string) *Thread {
	t.Helper()
	t.Setenv(CacheDirEnv, dir)
	thr := testThread(t)
	if thr.disk == nil {
		t.Fatalf("no disk cache in %s", dir)
	}
	return thr
}

// runScale compiles src on thr, runs its kernel name over 1, 2, 3 and
// checks that it multiplied them by factor.
func runScale(t *testing.T, thr *Thread, src, name string, factor float32) {
	t.Helper()
	p, err := thr.Compile(src, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	a, err := thr.ToDevice([]float32{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	if err := k.Call([]int{3}, nil, a); err != nil {
		t.Fatal(err)
	}
	got, err := Read[float32](a)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float32{factor, 2 * factor, 3 * factor}; !slices.Equal(got, want) {
		t.Fatalf("kernel %s computed %v, want %v", name, got, want)
	}
}

// entryKeyOf returns the disk cache key of src compiled on thr without
// options of its own (the device's may add some: poclQuiet).
func entryKeyOf(t testing.TB, thr *Thread, src string) entryKey {
	t.Helper()
	var opts CompileOptions
	flags, err := opts.flags(thr.params)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := programSource(thr.params, opts, "", src)
	return newEntryKey(full, flags, thr.params)
}

// readEntry reads and decodes the entry of k in dir.
func readEntry(t *testing.T, dir string, k entryKey) cacheEntry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, k.name()))
	if err != nil {
		t.Fatal(err)
	}
	e, err := decodeEntry(data)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// checkRebuilt runs src on a new Thread of the cache dir and checks that
// its entry was not used (built from source) and now holds a sound entry
// of its own key.
func checkRebuilt(t *testing.T, dir, src, name string, factor float32) {
	t.Helper()
	thr := cacheThread(t, dir)
	runScale(t, thr, src, name, factor)
	if h, m := thr.disk.hits.Load(), thr.disk.misses.Load(); h != 0 || m != 1 {
		t.Errorf("%d hits and %d misses, want the entry rebuilt (0 and 1)", h, m)
	}
	k := entryKeyOf(t, thr, src)
	if e := readEntry(t, dir, k); e.key != k {
		t.Error("the rebuilt entry has another key")
	}
	if _, err := os.Lstat(strings.TrimSuffix(filepath.Join(dir, k.name()), ".bin") + ".trial"); err == nil {
		t.Error("a trial marker is left")
	}
}

// TestDiskCache builds a program in one Thread and finds its binary used by
// a second Thread (as a second process would).
func TestDiskCache(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache", "programs")
	first := cacheThread(t, dir)
	runScale(t, first, cachedKernel, "twice", 2)
	entries, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
	if len(entries) != 1 {
		t.Fatalf("%d cache entries, want 1", len(entries))
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("cache directory made with mode %v, %v; want 0700", fi.Mode().Perm(), err)
	}
	second := cacheThread(t, dir)
	runScale(t, second, cachedKernel, "twice", 2)
	if second.disk.hits.Load() != 1 {
		t.Errorf("second thread: %d cache hits, want 1", second.disk.hits.Load())
	}
}

// TestDiskCacheDistrust damages the entry of a program in each way a
// directory can be damaged or tampered with, and checks that the program
// is built from source, computes the right thing, and gets a sound entry.
func TestDiskCacheDistrust(t *testing.T) {
	setup := t.TempDir()
	thr := cacheThread(t, setup)
	runScale(t, thr, cachedKernel, "twice", 2)
	runScale(t, thr, otherKernel, "thrice", 3)
	key, otherKey := entryKeyOf(t, thr, cachedKernel), entryKeyOf(t, thr, otherKernel)
	good, other := readEntry(t, setup, key), readEntry(t, setup, otherKey)
	goodData := encodeEntry(good)

	tests := []struct {
		name string
		// damage puts something at path, the entry's name.
		damage func(t *testing.T, path string)
	}{
		{"flipped byte", func(t *testing.T, path string) {
			data := slices.Clone(goodData)
			data[len(data)/2] ^= 0xff
			writeFile(t, path, data)
		}},
		{"truncated", func(t *testing.T, path string) { writeFile(t, path, goodData[:len(goodData)/2]) }},
		{"older format", func(t *testing.T, path string) {
			writeFile(t, path, append([]byte("reikna-go program cache v1\n"), goodData[len(entryMagic):]...))
		}},
		{"another program's entry with a valid checksum", func(t *testing.T, path string) {
			writeFile(t, path, encodeEntry(other))
		}},
		{"another device's entry with a valid checksum", func(t *testing.T, path string) {
			e := good
			e.key.driver += " (another version)"
			writeFile(t, path, encodeEntry(e))
		}},
		{"a binary the driver rejects, under the right key", func(t *testing.T, path string) {
			e := good
			e.binary = []byte("not a program binary of any driver")
			writeFile(t, path, encodeEntry(e))
		}},
		{"another program's binary under the right key", func(t *testing.T, path string) {
			e := good
			e.binary = other.binary
			writeFile(t, path, encodeEntry(e))
		}},
		{"symbolic link to /dev/zero", func(t *testing.T, path string) {
			if err := os.Symlink("/dev/zero", path); err != nil {
				t.Skip(err)
			}
		}},
		{"symbolic link to a sound entry", func(t *testing.T, path string) {
			target := filepath.Join(t.TempDir(), "entry")
			writeFile(t, target, goodData)
			if err := os.Symlink(target, path); err != nil {
				t.Skip(err)
			}
		}},
		{"FIFO", func(t *testing.T, path string) {
			if err := makeFIFO(path); err != nil {
				t.Skip(err)
			}
		}},
		{"directory", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o700); err != nil {
				t.Fatal(err)
			}
		}},
		{"larger than an entry may be", func(t *testing.T, path string) {
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			// Sparse: the size without the disk space.
			if err := f.Truncate(maxEntryBytes + 1); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}},
		{"left by a process that died in the driver", func(t *testing.T, path string) {
			writeFile(t, path, goodData)
			writeFile(t, strings.TrimSuffix(path, ".bin")+".trial", nil)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Chmod(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			tt.damage(t, filepath.Join(dir, key.name()))
			checkRebuilt(t, dir, cachedKernel, "twice", 2)
		})
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestDiskCacheSurvivesDriverCrash stores an entry, with a valid checksum
// and key, whose binary is cut in half: PoCL aborts the process on such a
// binary. A process that dies loading it must not make every later one
// die: the next process builds from source and rewrites the entry.
func TestDiskCacheSurvivesDriverCrash(t *testing.T) {
	if os.Getenv("CLUDA_TEST_CHILD") == "crash" {
		runScale(t, testThread(t), cachedKernel, "twice", 2)
		return
	}
	dir := t.TempDir()
	thr := cacheThread(t, dir)
	runScale(t, thr, cachedKernel, "twice", 2)
	key := entryKeyOf(t, thr, cachedKernel)
	e := readEntry(t, dir, key)
	whole := len(e.binary)
	e.binary = e.binary[:whole/2]
	writeFile(t, filepath.Join(dir, key.name()), encodeEntry(e))

	child := func() error {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDiskCacheSurvivesDriverCrash$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CLUDA_TEST_CHILD=crash", CacheDirEnv+"="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Logf("process loading the damaged entry: %v\n%.2000s", err, out)
		}
		return err
	}
	// The first process may die in the driver, or reject the entry.
	child()
	if err := child(); err != nil {
		t.Fatalf("the process after the one that loaded the damaged entry fails: %v", err)
	}
	if got := readEntry(t, dir, key); len(got.binary) == whole/2 {
		t.Error("the damaged entry was not rewritten")
	}
}

// TestDiskCacheUse checks that a use refreshes an entry's time, which
// pruning orders by.
func TestDiskCacheUse(t *testing.T) {
	dir := t.TempDir()
	thr := cacheThread(t, dir)
	runScale(t, thr, cachedKernel, "twice", 2)
	path := filepath.Join(dir, entryKeyOf(t, thr, cachedKernel).name())
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	runScale(t, cacheThread(t, dir), cachedKernel, "twice", 2)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.ModTime().After(old.Add(time.Hour)) {
		t.Errorf("a used entry keeps its time %v", fi.ModTime())
	}
}

// TestDiskCachePrune fills the cache over its bound with old entries and
// checks that storing a program removes the least recently used ones.
func TestDiskCachePrune(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(CacheMaxMBEnv, "1")
	const fake = 300 << 10
	names := []string{"oldest.bin", "older.bin", "old.bin", "recent.bin"}
	for i, name := range names {
		path := filepath.Join(dir, name)
		writeFile(t, path, make([]byte, fake))
		at := time.Now().Add(time.Duration(i-len(names)) * time.Hour)
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}
	staleTemp := filepath.Join(dir, "x.bin.123.tmp")
	writeFile(t, staleTemp, []byte("left by a writer that died"))
	stale := time.Now().Add(-2 * staleTempAge)
	os.Chtimes(staleTemp, stale, stale)

	thr := cacheThread(t, dir)
	runScale(t, thr, cachedKernel, "twice", 2)
	var total int64
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		fi, _ := e.Info()
		total += fi.Size()
		left = append(left, e.Name())
	}
	if total > 1<<20 {
		t.Errorf("the cache holds %d bytes, over its bound of 1 MiB: %v", total, left)
	}
	for _, name := range []string{"recent.bin", entryKeyOf(t, thr, cachedKernel).name()} {
		if !slices.Contains(left, name) {
			t.Errorf("%s was pruned; left: %v", name, left)
		}
	}
	if slices.Contains(left, "oldest.bin") || slices.Contains(left, filepath.Base(staleTemp)) {
		t.Errorf("the least recently used entry or a stale temporary file is left: %v", left)
	}
}
