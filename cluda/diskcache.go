package cluda

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// diskCache keeps built program binaries in a directory, so that a second
// process skips the OpenCL compiler. Nothing in the directory is trusted:
//
//   - An entry carries its full key (the source's hash, the compiler
//     options, the platform, device and driver, the format version) and a
//     checksum, and is used only where both match.
//   - Only regular files are read (not through a symbolic link, without
//     blocking on a FIFO), and none larger than maxEntryBytes.
//   - An entry the driver refuses, or whose program lacks the kernels the
//     program built from source had, is removed and built again.
//   - A trial marker is made while the driver loads an entry, and removed
//     once it has: a marker left by a process that died in the driver (PoCL
//     aborts on some malformed binaries) makes the next process distrust
//     the entry and build from source, so a bad entry costs one crash, not
//     every later run.
//
// Entries are written to a temporary file and renamed into place, so a
// reader sees a whole entry or none. The directory is bounded by maxBytes:
// after a store, the least recently used entries (by modification time,
// which a use refreshes) go.
type diskCache struct {
	dir          string
	maxBytes     int64
	hits, misses atomic.Int64 // programs built from an entry, and from source
}

// maxEntryBytes is the size of the largest entry read or written.
const maxEntryBytes = 64 << 20

// staleTempAge is the age after which a temporary file of the cache is
// taken for one left by a process that died while writing it.
const staleTempAge = time.Hour

// newDiskCache returns the cache for the directory the environment
// chooses, or nil if it is disabled or cannot be used.
func newDiskCache() *diskCache {
	dir, ok := cacheDirFromEnv()
	if !ok {
		return nil
	}
	maxBytes := cacheMaxBytesFromEnv()
	if maxBytes == 0 {
		return nil
	}
	return &diskCache{dir: dir, maxBytes: maxBytes}
}

func (c *diskCache) path(k entryKey) string { return filepath.Join(c.dir, k.name()) }

func (c *diskCache) trialPath(k entryKey) string {
	return strings.TrimSuffix(c.path(k), ".bin") + ".trial"
}

// trialLocks serialise the loads of one entry within the process, so that
// two Threads loading it at once do not take each other's trial marker
// for a crash.
var trialLocks sync.Map // entry name → *sync.Mutex

// loadProgram returns the program of key built from its entry, or nil
// where there is no sound entry. Entries found unsound are removed.
func (c *diskCache) loadProgram(be backend, k entryKey) deviceProgram {
	mu, _ := trialLocks.LoadOrStore(k.name(), new(sync.Mutex))
	mu.(*sync.Mutex).Lock()
	defer mu.(*sync.Mutex).Unlock()
	e, ok := c.load(k)
	if !ok {
		return nil
	}
	trial, err := os.OpenFile(c.trialPath(k), os.O_WRONLY|os.O_CREATE|os.O_EXCL|openEntryFlags, 0o600)
	switch {
	case errors.Is(err, fs.ErrExist):
		// A process died while the driver loaded this entry.
		c.drop(k)
		return nil
	case err == nil:
		trial.Close()
	}
	// Where no marker can be made (a read-only cache), the entry is
	// loaded without one.
	prog, err := c.build(be, e)
	if err != nil {
		c.drop(k)
		return nil
	}
	os.Remove(c.trialPath(k))
	return prog
}

// build builds the program of an entry, checking that it defines the
// kernels that the program built from source did.
func (c *diskCache) build(be backend, e cacheEntry) (deviceProgram, error) {
	prog, err := be.buildBinary(e.binary, e.key.options)
	if err != nil {
		return nil, err
	}
	if names, _ := prog.kernelNames(); names != e.kernels {
		prog.release()
		return nil, fmt.Errorf("cluda: cached program defines kernels %q, not %q", names, e.kernels)
	}
	return prog, nil
}

// load returns the entry of key if there is a sound one; a damaged entry,
// an entry of another key and anything but a regular file are removed.
// A used entry's modification time is set to now, for pruning.
func (c *diskCache) load(k entryKey) (cacheEntry, bool) {
	path := c.path(k)
	data, err := readEntryFile(path)
	if err != nil {
		if errors.Is(err, errUnsoundFile) {
			os.Remove(path)
		}
		return cacheEntry{}, false
	}
	e, err := decodeEntry(data)
	if err != nil || e.key != k {
		os.Remove(path)
		return cacheEntry{}, false
	}
	now := time.Now()
	os.Chtimes(path, now, now)
	return e, true
}

// errUnsoundFile is wrapped by the errors of paths that are not entries:
// not regular files, or too large.
var errUnsoundFile = errors.New("not a cache entry")

// readEntryFile reads the regular file at path, refusing anything else:
// a symbolic link, a FIFO, a device, a file over maxEntryBytes.
func readEntryFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openEntryFlags, 0)
	if err != nil {
		if fi, lerr := os.Lstat(path); lerr == nil && !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: %w (%v)", path, errUnsoundFile, fi.Mode().Type())
		}
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s: %w (%v)", path, errUnsoundFile, fi.Mode().Type())
	case fi.Size() > maxEntryBytes:
		return nil, fmt.Errorf("%s: %w (%d bytes)", path, errUnsoundFile, fi.Size())
	}
	data, err := io.ReadAll(io.LimitReader(f, maxEntryBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxEntryBytes {
		return nil, fmt.Errorf("%s: %w (more than %d bytes)", path, errUnsoundFile, maxEntryBytes)
	}
	return data, nil
}

// drop removes an entry and its trial marker.
func (c *diskCache) drop(k entryKey) {
	os.Remove(c.path(k))
	os.Remove(c.trialPath(k))
}

// storeProgram stores the binary of prog, built from source, under k.
// Failures only cost a later rebuild; a directory that cannot be written
// is warned about once.
func (c *diskCache) storeProgram(k entryKey, prog deviceProgram) {
	bin, err := prog.binary()
	if err != nil {
		return
	}
	names, _ := prog.kernelNames()
	data := encodeEntry(cacheEntry{key: k, kernels: names, binary: bin})
	if len(data) > maxEntryBytes || int64(len(data)) > c.maxBytes {
		return
	}
	if err := c.write(k, data); err != nil {
		warnOnce("cache-write:"+c.dir, "cannot write the program cache %s (%v): built programs are not stored", c.dir, err)
		return
	}
	os.Remove(c.trialPath(k))
	c.prune()
}

// write writes an entry atomically: to a temporary file, renamed into
// place.
func (c *diskCache) write(k entryKey, data []byte) error {
	tmp, err := os.CreateTemp(c.dir, k.name()+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), c.path(k))
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}

// prune removes the least recently used entries while the entries take
// more than maxBytes, and temporary files that writers left behind.
func (c *diskCache) prune() {
	dirents, err := os.ReadDir(c.dir)
	if err != nil {
		return
	}
	type entryFile struct {
		path string
		size int64
		used time.Time
	}
	var files []entryFile
	var total int64
	for _, d := range dirents {
		if !d.Type().IsRegular() {
			continue
		}
		fi, err := d.Info()
		if err != nil {
			continue
		}
		path := filepath.Join(c.dir, d.Name())
		switch {
		case strings.HasSuffix(d.Name(), ".bin"):
			files = append(files, entryFile{path, fi.Size(), fi.ModTime()})
			total += fi.Size()
		case strings.HasSuffix(d.Name(), ".tmp") && time.Since(fi.ModTime()) > staleTempAge:
			os.Remove(path)
		}
	}
	if total <= c.maxBytes {
		return
	}
	slices.SortFunc(files, func(a, b entryFile) int { return a.used.Compare(b.used) })
	for _, f := range files {
		if total <= c.maxBytes {
			break
		}
		if err := os.Remove(f.path); err == nil || errors.Is(err, fs.ErrNotExist) {
			total -= f.size
		}
	}
}
