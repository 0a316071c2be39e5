package cluda

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
)

// PoCL keeps a kernel cache of its own, by default under the user's home
// directory, and dlopens the shared objects it finds there: whoever can
// write that directory runs code in every process that uses PoCL. The
// library therefore hands PoCL only directories it has created and
// checked itself (see planPoCL), and guards PoCL's builds and kernels'
// first launches with crash markers (see beginPoCLTrial and
// Kernel.launch), so that a damaged entry of PoCL's cache, on which PoCL
// aborts, costs one process.

// poclPlatformName is the name of PoCL's OpenCL platform.
const poclPlatformName = "Portable Computing Language"

// poclSetup is what the library hands PoCL.
type poclSetup struct {
	// dir is POCL_CACHE_DIR; empty where no directory could be made safe,
	// and PoCL keeps its default.
	dir string
	// kernelCacheOff asks for POCL_KERNEL_CACHE=0: PoCL removes its files
	// when a program is released, and reads none of an earlier process.
	kernelCacheOff bool
	// trials is the directory of the markers of PoCL's builds and first
	// launches, where PoCL's cache is on in dir.
	trials string
}

// poclOnce makes configurePoCL run once: PoCL reads its settings once,
// when the ICD loader first loads it.
var poclOnce sync.Once

// poclTrialDir holds the directory of the markers of PoCL's builds and
// first launches, once configurePoCL kept PoCL's cache in the program
// cache.
var poclTrialDir atomic.Pointer[string]

// poclDirs holds the directories configurePoCL handed PoCL, for
// restorePoCLDirs.
var poclDirs atomic.Pointer[poclSetup]

// configurePoCL points PoCL's kernel cache where the program cache goes,
// as planPoCL decides, unless the user set POCL_CACHE_DIR. It runs before
// the first platform query.
func configurePoCL() {
	poclOnce.Do(func() {
		if os.Getenv("POCL_CACHE_DIR") != "" {
			return
		}
		cache := ""
		if dir, ok := cacheDirFromEnv(); ok && cacheMaxBytesFromEnv() > 0 {
			cache = dir
		}
		s := planPoCL(cache, os.TempDir())
		if s.kernelCacheOff && os.Getenv("POCL_KERNEL_CACHE") == "" {
			os.Setenv("POCL_KERNEL_CACHE", "0")
		}
		if s.dir == "" {
			return
		}
		os.Setenv("POCL_CACHE_DIR", s.dir)
		poclDirs.Store(&s)
		if s.trials != "" {
			poclTrialDir.Store(&s.trials)
		}
	})
}

// restorePoCLDirs makes the directories configurePoCL handed PoCL again
// where they were removed while the process runs (the program cache
// cleared, or a temporary directory it lived in deleted): PoCL reads
// POCL_CACHE_DIR once, when it is loaded, and fails every build without a
// word in its log where that directory is gone. Each directory is checked
// as it was when first made; a refusal is warned about once.
func restorePoCLDirs() {
	s := poclDirs.Load()
	if s == nil {
		return
	}
	for _, d := range []string{s.dir, s.trials} {
		if d == "" {
			continue
		}
		if _, err := os.Lstat(d); !errors.Is(err, os.ErrNotExist) {
			continue
		}
		err := preparePrivateDir(filepath.Dir(d))
		if err == nil {
			err = makePrivateDir(d)
		}
		if err != nil {
			warnOnce("pocl-restore:"+d, "PoCL's directory %s was removed and is not made again: %v; PoCL's builds fail without it", d, err)
		}
	}
}

// planPoCL chooses PoCL's directories, given the directory of the program
// cache (empty where it is off) and the system's temporary directory, and
// creates them. Where the program cache is on, PoCL's cache goes into its
// pocl directory, with the markers of PoCL's builds and first launches in
// pocl-trials beside it; a marker left by a process that died in one first
// makes it remove PoCL's cache (clearPoCLAfterCrash). Where the program
// cache is off, or either directory is refused, PoCL's cache is off and its
// scratch files go to poclScratch's directory. Every refusal is warned
// about.
func planPoCL(cache, tmp string) poclSetup {
	if cache != "" {
		s, err := poclCacheIn(cache)
		if err == nil {
			return s
		}
		warnOnce("pocl-dir:"+cache, "PoCL's kernel cache is not kept in %s: %v; PoCL's cache is off", cache, err)
	}
	scratch, err := poclScratch(tmp)
	if err != nil {
		warnOnce("pocl-scratch:"+tmp, "no scratch directory for PoCL in %s: %v; PoCL's cache is off, in its default location", tmp, err)
		return poclSetup{kernelCacheOff: true}
	}
	return poclSetup{dir: scratch, kernelCacheOff: true}
}

// poclCacheIn prepares PoCL's cache in the program cache's directory.
func poclCacheIn(cache string) (poclSetup, error) {
	trials := filepath.Join(cache, "pocl-trials")
	if err := makePrivateDir(trials); err != nil {
		return poclSetup{}, fmt.Errorf("%s: %w", trials, err)
	}
	dir := filepath.Join(cache, "pocl")
	if err := clearPoCLAfterCrash(dir, trials); err != nil {
		return poclSetup{}, err
	}
	if err := makePrivateDir(dir); err != nil {
		return poclSetup{}, fmt.Errorf("%s: %w (remove it: files in it may not be the user's)", dir, err)
	}
	return poclSetup{dir: dir, trials: trials}, nil
}

// poclScratch returns a private directory for PoCL's scratch files in
// tmp: reikna-go-pocl-UID, created by the library, or where that name is
// taken by anything but a private directory of the user's (a symbolic
// link planted there, say), a new directory of a name no one can guess.
// Nothing is written through what it finds at that name. The directory
// tmp itself must keep what the user puts in it (checkParentDir).
func poclScratch(tmp string) (string, error) {
	fi, err := os.Stat(tmp)
	if err == nil {
		err = checkParentDir(fi)
	}
	if err != nil {
		return "", err
	}
	name := filepath.Join(tmp, fmt.Sprintf("reikna-go-pocl-%d", os.Geteuid()))
	err = makePrivateDir(name)
	if err == nil {
		return name, nil
	}
	fresh, ferr := os.MkdirTemp(tmp, "reikna-go-pocl-")
	if ferr != nil {
		return "", ferr
	}
	warnOnce("pocl-scratch:"+name, "PoCL's scratch directory %s is not used: %v; this process uses %s", name, err, fresh)
	return fresh, nil
}

// isPoCL says whether a device is one of PoCL's.
func isPoCL(p *DeviceParams) bool {
	return strings.Contains(p.PlatformName, poclPlatformName)
}
