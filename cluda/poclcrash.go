package cluda

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// PoCL aborts the process on some damaged entries of its own kernel cache,
// and would abort every later process on the same entry. While the library
// asks PoCL to build a program with its cache on, or launches a kernel in a
// launch configuration for the first time, for which PoCL compiles and
// loads the kernel's code (see Kernel.launch), a trial marker stands in the
// trials directory beside PoCL's cache: a file, locked by the process for
// the duration of the build or launch, removed before the lock is
// released. The system releases the lock of a process that dies, but does
// not remove its file: a marker whose lock can be taken was left by a
// process that died in PoCL, and the next process removes PoCL's cache
// before PoCL is loaded (clearPoCLAfterCrash). The markers of builds under
// way in other processes are locked, and left alone.

// Names in the trials directory: markers, markers being made, and PoCL's
// caches set aside for removal.
const (
	trialSuffix     = ".trial"
	trialTempSuffix = ".trial-tmp"
	removedPrefix   = "removed-"
)

// beginPoCLTrial puts a locked marker into trials and returns the function
// that removes it, for the caller to run once PoCL's build, or the
// launched kernel, has finished. Where no marker can be made (a read-only
// directory, a system without locks), the build or launch goes on without
// one.
func beginPoCLTrial(trials string) (end func()) {
	f, err := os.CreateTemp(trials, "build-*"+trialTempSuffix)
	if err != nil {
		return func() {}
	}
	tmp := f.Name()
	// The marker is locked before it takes the name that other processes
	// look for, so that none of them sees it unlocked while it is live.
	marker := strings.TrimSuffix(tmp, trialTempSuffix) + trialSuffix
	if err := lockFile(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return func() {}
	}
	if err := os.Rename(tmp, marker); err != nil {
		os.Remove(tmp)
		f.Close()
		return func() {}
	}
	return func() {
		os.Remove(marker)
		f.Close()
	}
}

// clearPoCLAfterCrash removes PoCL's cache dir if a marker in trials was
// left by a process that died in one of PoCL's builds or first launches,
// warns that it did, and then removes those markers; it returns an error if
// it could not remove the cache, whose markers then stay for the next
// process. It also removes what earlier calls set aside and could not
// finish removing, and markers being made that were left long ago.
func clearPoCLAfterCrash(dir, trials string) error {
	dirents, err := os.ReadDir(trials)
	if err != nil {
		return err
	}
	var dead []*os.File
	defer func() {
		for _, f := range dead {
			f.Close()
		}
	}()
	for _, d := range dirents {
		path := filepath.Join(trials, d.Name())
		switch {
		case d.IsDir() && strings.HasPrefix(d.Name(), removedPrefix):
			os.RemoveAll(path)
		case !d.Type().IsRegular():
		case strings.HasSuffix(d.Name(), trialTempSuffix):
			if fi, err := d.Info(); err == nil && time.Since(fi.ModTime()) > staleTempAge {
				os.Remove(path)
			}
		case strings.HasSuffix(d.Name(), trialSuffix):
			if f := deadTrial(path); f != nil {
				dead = append(dead, f)
			}
		}
	}
	if len(dead) == 0 {
		return nil
	}
	if err := removeAside(dir, trials); err != nil {
		return fmt.Errorf("a process died in PoCL, building a program or compiling a kernel for its first launch (marker %s), and PoCL's kernel cache %s, which may hold the damaged entry that PoCL aborts on, cannot be removed: %w", dead[0].Name(), dir, err)
	}
	for _, f := range dead {
		os.Remove(f.Name())
	}
	warnOnce("pocl-crash:"+dir, "a process died in PoCL, building a program or compiling a kernel for its first launch (marker %s): PoCL's kernel cache %s, which may hold the damaged entry that PoCL aborts on, was removed", dead[0].Name(), dir)
	return nil
}

// removeAside removes dir, if it exists, by renaming it into a new
// directory in trials first, so that a process starting meanwhile finds it
// whole or not at all.
func removeAside(dir, trials string) error {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	aside, err := os.MkdirTemp(trials, removedPrefix)
	if err != nil {
		return err
	}
	if err := os.Rename(dir, filepath.Join(aside, "pocl")); err != nil {
		os.Remove(aside)
		return err
	}
	// What is left of it, a later call removes.
	os.RemoveAll(aside)
	return nil
}

// deadTrial returns the marker at path, open and locked, if its process
// died while it stood; nil if its build is under way or has ended.
func deadTrial(path string) *os.File {
	f, err := os.OpenFile(path, os.O_RDONLY|openEntryFlags, 0)
	if err != nil {
		return nil
	}
	if ok, err := tryLockFile(f); !ok || err != nil {
		f.Close()
		return nil
	}
	// A build that ended removed its marker before it released the lock:
	// the lock is free and the marker still at its name only where the
	// process died.
	fi, err := f.Stat()
	now, lerr := os.Lstat(path)
	if err != nil || lerr != nil || !os.SameFile(fi, now) {
		f.Close()
		return nil
	}
	return f
}
