package cluda

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync"
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

// PoCL keeps a kernel cache of its own, by default under the user's home
// directory. configurePoCL points it where the program cache goes: into
// the pocl directory of the program cache, or, when the program cache is
// off or unusable, into a scratch directory of the user's under the
// system's temporary directory, with PoCL's cache disabled
// (POCL_KERNEL_CACHE=0: PoCL removes its files when a program is
// released). A POCL_CACHE_DIR set by the user is left as it is. PoCL reads
// these settings once, when the ICD loader first loads it, so this runs
// before the first platform query.
var poclOnce sync.Once

func configurePoCL() {
	poclOnce.Do(func() {
		if os.Getenv("POCL_CACHE_DIR") != "" {
			return
		}
		if dir, ok := cacheDirFromEnv(); ok && cacheMaxBytesFromEnv() > 0 {
			os.Setenv("POCL_CACHE_DIR", filepath.Join(dir, "pocl"))
			return
		}
		if os.Getenv("POCL_KERNEL_CACHE") == "" {
			os.Setenv("POCL_KERNEL_CACHE", "0")
		}
		scratch := filepath.Join(os.TempDir(), fmt.Sprintf("reikna-go-pocl-%d", os.Geteuid()))
		if err := preparePrivateDir(scratch); err != nil {
			warnOnce("pocl-dir:"+scratch, "PoCL's scratch directory %s is not used (%v): PoCL keeps its default location", scratch, err)
			return
		}
		os.Setenv("POCL_CACHE_DIR", scratch)
	})
}
