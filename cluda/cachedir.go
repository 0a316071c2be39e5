package cluda

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
)

// CacheDirEnv names the environment variable that sets the directory of the
// program cache on disk; "off" disables it. By default the cache lives in
// reikna-go/programs under the user's cache directory (os.UserCacheDir).
//
// The directory is created readable and writable by its owner only. A
// directory that other users can write, or that another user owns, is
// refused with a warning (see SetWarningLogger), and programs are then
// built from source: a binary in the cache is run by the driver, so whoever
// can write the directory could run code in every process that uses it.
//
// Unless POCL_CACHE_DIR is set, PoCL's own kernel cache, whose shared
// objects PoCL loads, goes into the directory's pocl subdirectory, and the
// markers of PoCL's builds and first launches into pocl-trials. The library
// creates both, owner-only, and refuses, with a warning, a symbolic link at
// either name (it is not followed), a directory that other users can write
// or that another user owns, or anything but a directory; PoCL's cache is
// then off (POCL_KERNEL_CACHE=0), as it is with the program cache off or
// refused, and PoCL's scratch files go to reikna-go-pocl-UID under the
// system's temporary directory, checked the same way, or where that name is
// taken by anything else, to a new directory of a name no one can guess. A
// process that dies while PoCL builds a program, or compiles a kernel for
// its first launch in a launch configuration, leaves its marker, and the
// next process removes PoCL's cache, with a warning, before PoCL is loaded:
// PoCL aborts on some damaged entries of its cache.
const CacheDirEnv = "REIKNA_CACHE_DIR"

// CacheMaxMBEnv names the environment variable that bounds the size of the
// program cache on disk, in MiB; 0 disables the cache. When a new entry
// takes the cache over the bound, the least recently used entries are
// removed.
const CacheMaxMBEnv = "REIKNA_CACHE_MAX_MB"

// DefaultCacheMaxMB is the bound of the disk cache, in MiB, where
// CacheMaxMBEnv does not set one.
const DefaultCacheMaxMB = 256

// cacheDirFromEnv returns the directory of the disk cache that the
// environment chooses, created if missing, or false if the cache is off or
// the directory cannot be used (which it warns about once).
func cacheDirFromEnv() (string, bool) {
	dir := os.Getenv(CacheDirEnv)
	switch dir {
	case "off":
		return "", false
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			warnOnce("cache-dir:", "no user cache directory (%v): programs are not cached on disk (set %s to a directory)", err, CacheDirEnv)
			return "", false
		}
		dir = filepath.Join(base, "reikna-go", "programs")
	}
	abs, err := filepath.Abs(dir)
	if err == nil {
		err = preparePrivateDir(abs)
	}
	if err != nil {
		warnOnce("cache-dir:"+dir, "program cache %s is not used: %v; programs are built from source", dir, err)
		return "", false
	}
	return abs, true
}

// cacheMaxBytesFromEnv returns the bound of the disk cache in bytes.
func cacheMaxBytesFromEnv() int64 {
	s := os.Getenv(CacheMaxMBEnv)
	if s == "" {
		return DefaultCacheMaxMB << 20
	}
	mb, err := strconv.ParseInt(s, 10, 64)
	if err != nil || mb < 0 {
		warnOnce("cache-max:"+s, "%s=%q is not a whole number of MiB: the program cache is bounded by the default, %d MiB", CacheMaxMBEnv, s, DefaultCacheMaxMB)
		return DefaultCacheMaxMB << 20
	}
	if mb > math.MaxInt64>>20 {
		return math.MaxInt64
	}
	return mb << 20
}

// preparePrivateDir creates dir, owner-only, where it is missing, and
// returns an error unless it is a directory that the user owns and that
// no other user can write.
func preparePrivateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return errors.New("not a directory")
	}
	return checkPrivate(fi)
}

// makePrivateDir creates the directory dir, owner-only, where it is
// missing, and returns an error unless dir itself is a directory that the
// user owns and that no other user can write: a symbolic link at dir is
// refused, not followed. Its parent must exist.
func makePrivateDir(dir string) error {
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	fi, err := os.Lstat(dir)
	switch {
	case err != nil:
		return err
	case fi.Mode()&fs.ModeSymlink != 0:
		return errors.New("it is a symbolic link")
	case !fi.IsDir():
		return errors.New("not a directory")
	}
	return checkPrivate(fi)
}
