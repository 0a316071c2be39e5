package nccl

/*
#include "ncclinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/reikna-go/reikna/internal/dynlib"
)

// ErrNoNCCL is returned, wrapped, by every call of the package on a
// machine where the NCCL library cannot be loaded: none found, not a
// loadable library, or without an entry point the package needs.
var ErrNoNCCL = errors.New("nccl: NCCL library not available")

// ErrMissingSymbol is wrapped, beside ErrNoNCCL, by the error of a library
// that lacks an entry point the package needs (ncclSend and ncclRecv came
// with NCCL 2.7).
var ErrMissingSymbol = errors.New("nccl: entry point missing from library")

// LibraryEnv names the environment variable that gives the path of the
// NCCL library (libnccl.so.2), to use instead of searching.
const LibraryEnv = "REIKNA_NCCL_LIBRARY"

// LoadError is an NCCL library that could not be loaded: not found, not a
// loadable library, or without an entry point the package needs. It
// unwraps to ErrNoNCCL, and to ErrMissingSymbol where a symbol is missing.
type LoadError struct {
	Path   string   // the library that was opened, when one was
	Symbol string   // the missing entry point, if that is the failure
	Tried  []string // the failed attempts, "path: reason", and what was searched
	Hint   string   // how to point the package at the library
}

func (e *LoadError) Error() string {
	if e.Symbol != "" {
		return dynlib.Message(fmt.Sprintf("nccl: NCCL library %s lacks the entry point %s", e.Path, e.Symbol), nil, e.Hint)
	}
	return dynlib.Message("nccl: NCCL library not loaded", e.Tried, e.Hint)
}

// Unwrap returns ErrNoNCCL, and ErrMissingSymbol for a missing entry
// point.
func (e *LoadError) Unwrap() []error {
	if e.Symbol != "" {
		return []error{ErrNoNCCL, ErrMissingSymbol}
	}
	return []error{ErrNoNCCL}
}

// symbol is an entry point of the library: its index in the table, its
// name, and whether the package works without it.
type symbol struct {
	index    C.int
	name     string
	optional bool
}

var symbols = []symbol{
	{C.NC_ncclGetVersion, "ncclGetVersion", false},
	{C.NC_ncclGetUniqueId, "ncclGetUniqueId", false},
	{C.NC_ncclCommInitRank, "ncclCommInitRank", false},
	{C.NC_ncclCommDestroy, "ncclCommDestroy", false},
	{C.NC_ncclCommAbort, "ncclCommAbort", false},
	{C.NC_ncclGroupStart, "ncclGroupStart", false},
	{C.NC_ncclGroupEnd, "ncclGroupEnd", false},
	{C.NC_ncclSend, "ncclSend", false},
	{C.NC_ncclRecv, "ncclRecv", false},
	{C.NC_ncclGetErrorString, "ncclGetErrorString", false},
	// ncclGetLastError came with NCCL 2.13; errors say less without it.
	{C.NC_ncclGetLastError, "ncclGetLastError", true},
}

// library is the loaded NCCL library with its table of entry points.
type library struct {
	path   string
	handle unsafe.Pointer
	fns    *unsafe.Pointer // C array of C.NC_SYMBOLS entries; nil where missing
}

// open loads the library at path and resolves its entry points.
func open(path string) (*library, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var cerr *C.char
	h := C.reikna_nccl_dlopen(cpath, &cerr)
	if h == nil {
		msg := C.GoString(cerr)
		C.free(unsafe.Pointer(cerr))
		return nil, errors.New(msg)
	}
	table := (*unsafe.Pointer)(C.calloc(C.NC_SYMBOLS, C.size_t(unsafe.Sizeof(uintptr(0)))))
	entries := unsafe.Slice(table, int(C.NC_SYMBOLS))
	for _, s := range symbols {
		cname := C.CString(s.name)
		entries[s.index] = C.reikna_nccl_dlsym(h, cname)
		C.free(unsafe.Pointer(cname))
		if entries[s.index] == nil && !s.optional {
			C.free(unsafe.Pointer(table))
			C.reikna_nccl_dlclose(h)
			return nil, &LoadError{Path: path, Symbol: s.name,
				Hint: "the package needs NCCL 2.7 or later (PyTorch's nvidia-nccl-cu12 is)"}
		}
	}
	return &library{path: path, handle: h, fns: table}, nil
}

// Path returns the path the library was loaded from.
func (l *library) Path() string { return l.path }

// close unloads the library, for tests that load libraries of their own.
func (l *library) close() {
	C.free(unsafe.Pointer(l.fns))
	C.reikna_nccl_dlclose(l.handle)
}

// librarySearch is the search for the library in dirs by names: its Find
// loads the library that LibraryEnv names, or else the first of the names
// in the directories, or else the first that the dynamic loader finds by
// name.
func librarySearch(dirs func() []string, names []string) dynlib.Search[*library] {
	return dynlib.Search[*library]{Env: LibraryEnv, Dirs: dirs, Names: names, Open: open,
		Stop:    func(err error) bool { return errors.As(err, new(*LoadError)) },
		EnvHint: fmt.Sprintf("set %s to the path of libnccl.so.2, or leave it empty to search", LibraryEnv),
		Hint:    fmt.Sprintf("install NCCL (pip's nvidia-nccl-cu12, which PyTorch brings, or the system's libnccl2) or set %s to the library's path", LibraryEnv),
		Fail:    func(tried []string, hint string) error { return &LoadError{Tried: tried, Hint: hint} },
	}
}

// libraryNames are the names of NCCL's library: its soname first, then the
// development link.
var libraryNames = []string{"libnccl.so.2", "libnccl.so"}

// libraryDirs lists where NCCL's library usually lives, in the order
// searched: the directories of LD_LIBRARY_PATH; NCCL_HOME/lib; those where
// pip's nvidia-nccl-cu* puts it (pythonDirs); the lib directory of
// CONDA_PREFIX (conda's nccl); the CUDA toolkit's; the system's.
func libraryDirs() []string {
	dirs := append(dynlib.EnvDirs("LD_LIBRARY_PATH"), dynlib.PrefixDirs("NCCL_HOME")...)
	dirs = append(dirs, pythonDirs()...)
	if root := os.Getenv("CONDA_PREFIX"); root != "" {
		dirs = append(dirs, filepath.Join(root, "lib"))
	}
	deb := dynlib.Multiarch()
	dirs = append(dirs, "/usr/local/cuda/lib64", "/usr/lib/"+deb, "/usr/lib64", "/usr/local/lib", "/usr/lib")
	return dynlib.Unique(dirs)
}

// ncclSubdir is where pip's nvidia-nccl-cu* wheel puts libnccl.so.2 in a
// site-packages directory.
var ncclSubdir = filepath.Join("nvidia", "nccl", "lib")

// pythonDirs lists the directories where pip's nvidia-nccl-cu* wheel
// (which PyTorch depends on) puts libnccl.so.2, site-packages/nvidia/nccl/lib,
// for the site-packages directories of: each entry of PYTHONPATH; the
// environments of VIRTUAL_ENV and CONDA_PREFIX; the prefix of each python3
// or python on PATH (a virtual environment or a conda one that is active
// without those variables); the user's ~/.local; and the common prefixes
// /usr/local, /usr and /opt/conda. A prefix's site-packages directories
// are its lib/python3*/ and lib64/python3*/ site-packages and
// dist-packages that exist, newest Python first.
func pythonDirs() []string {
	sites := dynlib.EnvDirs("PYTHONPATH")
	var prefixes []string
	for _, env := range []string{"VIRTUAL_ENV", "CONDA_PREFIX"} {
		if p := os.Getenv(env); p != "" {
			prefixes = append(prefixes, p)
		}
	}
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if d == "" {
			continue
		}
		for _, exe := range []string{"python3", "python"} {
			if fi, err := os.Stat(filepath.Join(d, exe)); err == nil && !fi.IsDir() {
				prefixes = append(prefixes, filepath.Dir(filepath.Clean(d)))
				break
			}
		}
	}
	if home, err := os.UserHomeDir(); err == nil {
		prefixes = append(prefixes, filepath.Join(home, ".local"))
	}
	prefixes = append(prefixes, "/usr/local", "/usr", "/opt/conda")
	for _, p := range dynlib.Unique(prefixes) {
		sites = append(sites, sitePackages(p)...)
	}
	var dirs []string
	for _, s := range dynlib.Unique(sites) {
		dirs = append(dirs, filepath.Join(s, ncclSubdir))
	}
	return dirs
}

// sitePackages returns the existing site-packages and dist-packages
// directories of a Python prefix, newest Python first.
func sitePackages(prefix string) []string {
	var out []string
	for _, lib := range []string{"lib", "lib64"} {
		vers, _ := filepath.Glob(filepath.Join(prefix, lib, "python3*"))
		slices.SortFunc(vers, func(a, b string) int { return slices.Compare(pythonVersion(b), pythonVersion(a)) })
		for _, v := range vers {
			for _, sub := range []string{"site-packages", "dist-packages"} {
				d := filepath.Join(v, sub)
				if fi, err := os.Stat(d); err == nil && fi.IsDir() {
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// pythonVersion returns the numbers of a directory named like
// "python3.12", or nil.
func pythonVersion(dir string) []int {
	rest, ok := strings.CutPrefix(filepath.Base(dir), "python")
	if !ok {
		return nil
	}
	var v []int
	for _, part := range strings.Split(rest, ".") {
		n, err := strconv.Atoi(part)
		if err != nil {
			return nil
		}
		v = append(v, n)
	}
	return v
}

// libraryLoader loads the library once and keeps the outcome.
var libraryLoader = dynlib.NewLoader(librarySearch(libraryDirs, libraryNames).Find)

// Load loads the NCCL library, once; it returns the error of that first
// attempt on every call, which wraps ErrNoNCCL. Every call of the package
// loads the library itself, so calling Load is only a way to ask whether
// NCCL is there.
func Load() error { return libraryLoader.Load() }

// LibraryPath returns the path of the loaded NCCL library (the name the
// dynamic loader found it by, where it was found on its own path).
func LibraryPath() (string, error) { return dynlib.Path(libraryLoader) }

// SearchDirs returns the directories that a search for the library looks
// in, in order, where LibraryEnv is not set; after them the dynamic loader
// looks on its own path.
func SearchDirs() []string { return libraryDirs() }

// Version returns the loaded library's version (ncclGetVersion), such as
// 2, 21, 5.
func Version() (major, minor, patch int, err error) {
	lib, err := libraryLoader.Get()
	if err != nil {
		return 0, 0, 0, err
	}
	var code C.int
	if err := lib.check("ncclGetVersion", C.reikna_ncclGetVersion(lib.fns, &code), nil); err != nil {
		return 0, 0, 0, err
	}
	major, minor, patch = decodeVersion(int(code))
	return major, minor, patch, nil
}

// decodeVersion splits NCCL's version code: major·10000 + minor·100 +
// patch from 2.9 on, major·1000 + minor·100 + patch before.
func decodeVersion(code int) (major, minor, patch int) {
	if code < 10000 {
		return code / 1000, code % 1000 / 100, code % 100
	}
	return code / 10000, code % 10000 / 100, code % 100
}
