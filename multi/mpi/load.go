package mpi

/*
#include "mpiinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// ErrNoMPI is returned, wrapped, by every call of the package on a machine
// where no MPI library that the package can use is loaded: none found, not
// a loadable library, without an entry point the package needs, or an MPI
// of another ABI than Open MPI's.
var ErrNoMPI = errors.New("mpi: MPI library not available")

// ErrMissingSymbol is wrapped, beside ErrNoMPI, by the error of a library
// that lacks an entry point the package needs.
var ErrMissingSymbol = errors.New("mpi: entry point missing from library")

// ErrNotOpenMPI is wrapped, beside ErrNoMPI, by the error of an MPI library
// that is not Open MPI: it has MPI's entry points but not the objects that
// Open MPI's handles point to, as MPICH and its derivatives, whose handles
// are integers, do not.
var ErrNotOpenMPI = errors.New("mpi: the library is not Open MPI, whose ABI the package targets")

// LibraryEnv names the environment variable that gives the path of the MPI
// library (Open MPI's libmpi.so.40), to use instead of searching.
const LibraryEnv = "REIKNA_MPI_LIBRARY"

// LoadError is an MPI library that could not be loaded: not found, not a
// loadable library, without an entry point the package needs, or of
// another MPI than Open MPI. It unwraps to ErrNoMPI, and to
// ErrMissingSymbol or ErrNotOpenMPI where that is the failure.
type LoadError struct {
	Path    string   // the library that was opened, when one was
	Symbol  string   // the missing entry point or object, if that is the failure
	Version string   // the library's own version string, where it gave one
	Tried   []string // the failed attempts, "path: reason"
	Hint    string   // how to point the package at the library
	kind    error    // nil, ErrMissingSymbol or ErrNotOpenMPI
}

func (e *LoadError) Error() string {
	var b strings.Builder
	switch {
	case errors.Is(e.kind, ErrNotOpenMPI):
		fmt.Fprintf(&b, "mpi: %s is not Open MPI (it lacks the object %s that Open MPI's handles point to)", e.Path, e.Symbol)
		if e.Version != "" {
			fmt.Fprintf(&b, "; it says it is %q", e.Version)
		}
		b.WriteString("; the package targets Open MPI's ABI (libmpi.so.40)")
	case e.Symbol != "":
		fmt.Fprintf(&b, "mpi: MPI library %s lacks the entry point %s", e.Path, e.Symbol)
	default:
		b.WriteString("mpi: MPI library not loaded")
		if len(e.Tried) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(e.Tried, "; "))
		}
	}
	if e.Hint != "" {
		fmt.Fprintf(&b, "; %s", e.Hint)
	}
	return b.String()
}

// Unwrap returns ErrNoMPI, and ErrMissingSymbol or ErrNotOpenMPI where
// that is the failure.
func (e *LoadError) Unwrap() []error {
	if e.kind != nil {
		return []error{ErrNoMPI, e.kind}
	}
	return []error{ErrNoMPI}
}

// symbol is an entry point or object of the library: its index in the
// table, its name, and whether it is one of Open MPI's objects.
type symbol struct {
	index  C.int
	name   string
	object bool
}

var symbols = []symbol{
	{C.MP_MPI_Init_thread, "MPI_Init_thread", false},
	{C.MP_MPI_Initialized, "MPI_Initialized", false},
	{C.MP_MPI_Finalized, "MPI_Finalized", false},
	{C.MP_MPI_Finalize, "MPI_Finalize", false},
	{C.MP_MPI_Abort, "MPI_Abort", false},
	{C.MP_MPI_Comm_rank, "MPI_Comm_rank", false},
	{C.MP_MPI_Comm_size, "MPI_Comm_size", false},
	{C.MP_MPI_Comm_set_errhandler, "MPI_Comm_set_errhandler", false},
	{C.MP_MPI_Barrier, "MPI_Barrier", false},
	{C.MP_MPI_Bcast, "MPI_Bcast", false},
	{C.MP_MPI_Alltoallv, "MPI_Alltoallv", false},
	{C.MP_MPI_Type_contiguous, "MPI_Type_contiguous", false},
	{C.MP_MPI_Type_commit, "MPI_Type_commit", false},
	{C.MP_MPI_Type_free, "MPI_Type_free", false},
	{C.MP_MPI_Error_string, "MPI_Error_string", false},
	{C.MP_MPI_Get_library_version, "MPI_Get_library_version", false},
	{C.MP_ompi_mpi_comm_world, "ompi_mpi_comm_world", true},
	{C.MP_ompi_mpi_byte, "ompi_mpi_byte", true},
	{C.MP_ompi_mpi_errors_return, "ompi_mpi_errors_return", true},
}

// library is the loaded MPI library with its table of entry points and
// objects.
type library struct {
	path   string
	handle unsafe.Pointer
	fns    *unsafe.Pointer // C array of C.MP_SYMBOLS entries
}

// entry returns the table entry at index: an entry point, or the address
// of an object, which is the handle of a predefined communicator,
// datatype or error handler.
func (l *library) entry(index C.int) C.reikna_mpi_handle {
	return C.reikna_mpi_handle(unsafe.Slice(l.fns, int(C.MP_SYMBOLS))[index])
}

// open loads the library at path and resolves its entry points and
// objects. A library that is not Open MPI is closed again, so that its
// global symbols do not stand in for another's.
func open(path string) (*library, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var cerr *C.char
	h := C.reikna_mpi_dlopen(cpath, &cerr)
	if h == nil {
		msg := C.GoString(cerr)
		C.free(unsafe.Pointer(cerr))
		return nil, errors.New(msg)
	}
	table := (*unsafe.Pointer)(C.calloc(C.MP_SYMBOLS, C.size_t(unsafe.Sizeof(uintptr(0)))))
	entries := unsafe.Slice(table, int(C.MP_SYMBOLS))
	var missingFunc, missingObject string
	for _, s := range symbols {
		cname := C.CString(s.name)
		entries[s.index] = C.reikna_mpi_dlsym(h, cname)
		C.free(unsafe.Pointer(cname))
		switch {
		case entries[s.index] != nil:
		case s.object && missingObject == "":
			missingObject = s.name
		case !s.object && missingFunc == "":
			missingFunc = s.name
		}
	}
	lib := &library{path: path, handle: h, fns: table}
	var err error
	switch {
	case missingObject != "" && entries[C.MP_MPI_Init_thread] != nil:
		le := &LoadError{Path: path, Symbol: missingObject, kind: ErrNotOpenMPI,
			Hint: fmt.Sprintf("install Open MPI (libopenmpi-dev) or set %s to its libmpi.so.40", LibraryEnv)}
		if entries[C.MP_MPI_Get_library_version] != nil {
			le.Version = lib.version()
		}
		err = le
	case missingFunc != "":
		err = &LoadError{Path: path, Symbol: missingFunc, kind: ErrMissingSymbol}
	case missingObject != "":
		err = &LoadError{Path: path, Symbol: missingObject, kind: ErrMissingSymbol}
	}
	if err != nil {
		C.free(unsafe.Pointer(table))
		C.reikna_mpi_dlclose(h)
		return nil, err
	}
	return lib, nil
}

// close unloads the library, for tests that load libraries of their own.
func (l *library) close() {
	C.free(unsafe.Pointer(l.fns))
	C.reikna_mpi_dlclose(l.handle)
}

// version returns the library's version string (MPI_Get_library_version,
// which MPI allows before MPI_Init), or "" where it fails.
func (l *library) version() string {
	// 8192 bytes hold MPI_MAX_LIBRARY_VERSION_STRING of every MPI.
	buf := (*C.char)(C.malloc(8192))
	defer C.free(unsafe.Pointer(buf))
	var n C.int
	if C.reikna_MPI_Get_library_version(l.fns, buf, &n) != 0 {
		return ""
	}
	return strings.TrimSpace(C.GoStringN(buf, n))
}

// search is where to look for the library.
type search struct {
	env   string          // the environment variable naming its path
	dirs  func() []string // directories to look in, best first
	names []string        // file names to try in each, and for the dynamic loader's own search
	open  func(string) (*library, error)
}

// find loads the library that the environment variable names, or else the
// first Open MPI library found. A library of another MPI is passed over
// while the search goes on; its error is the search's if nothing else
// loads.
func (s *search) find() (*library, error) {
	if p := os.Getenv(s.env); p != "" {
		lib, err := s.open(p)
		if err == nil {
			return lib, nil
		}
		if le := (*LoadError)(nil); errors.As(err, &le) {
			return nil, le
		}
		return nil, &LoadError{Tried: []string{fmt.Sprintf("%s=%s: %v", s.env, p, err)}}
	}
	fail := &LoadError{}
	var other *LoadError // a library of another MPI, passed over
	// try opens p; it records a failure to load a file that exists, not
	// that of a bare name the dynamic loader does not find.
	try := func(p string, record bool) (*library, error) {
		lib, err := s.open(p)
		if err == nil {
			return lib, nil
		}
		var le *LoadError
		switch {
		case errors.As(err, &le) && errors.Is(le, ErrNotOpenMPI):
			if other == nil {
				other = le
			}
		case errors.As(err, &le):
			return nil, le
		case record:
			fail.Tried = append(fail.Tried, fmt.Sprintf("%s: %v", p, err))
		}
		return nil, nil
	}
	var searched []string
	for _, dir := range s.dirs() {
		searched = append(searched, dir)
		for _, name := range s.names {
			p := filepath.Join(dir, name)
			if _, err := os.Stat(p); err != nil {
				continue
			}
			if lib, err := try(p, true); lib != nil || err != nil {
				return lib, err
			}
		}
	}
	for _, name := range s.names {
		if lib, err := try(name, false); lib != nil || err != nil {
			return lib, err
		}
	}
	if other != nil {
		return nil, other
	}
	fail.Tried = append(fail.Tried, fmt.Sprintf("none of %s in %s nor on the dynamic loader's path",
		strings.Join(s.names, ", "), strings.Join(searched, ", ")))
	fail.Hint = fmt.Sprintf("install Open MPI (libopenmpi-dev) or set %s to the library's path", s.env)
	return nil, fail
}

// libraryDirs lists where Open MPI's library usually lives: the
// directories of LD_LIBRARY_PATH, of MPI_HOME and OPAL_PREFIX (Open MPI's
// own relocation variable), and the system's.
func libraryDirs() []string {
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv("LD_LIBRARY_PATH")) {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	for _, env := range []string{"MPI_HOME", "OPAL_PREFIX"} {
		if root := os.Getenv(env); root != "" {
			dirs = append(dirs, filepath.Join(root, "lib"), filepath.Join(root, "lib64"))
		}
	}
	deb := "x86_64-linux-gnu"
	switch runtime.GOARCH {
	case "arm64":
		deb = "aarch64-linux-gnu"
	case "ppc64le":
		deb = "powerpc64le-linux-gnu"
	}
	return append(dirs, "/usr/lib/"+deb, "/usr/lib/"+deb+"/openmpi/lib",
		"/usr/lib64/openmpi/lib", "/usr/lib64", "/usr/lib", "/usr/local/lib", "/opt/openmpi/lib")
}

// libraryNames are the names of Open MPI's library: the ABI's soname
// first, then the development link, which may name another MPI.
var libraryNames = []string{"libmpi.so.40", "libmpi.so"}

// loader loads the library once and keeps the outcome.
type loader struct {
	search *search
	once   sync.Once
	lib    *library
	err    error
}

// get returns the loaded library, loading it on first use, or the error of
// that first load.
func (l *loader) get() (*library, error) {
	l.once.Do(func() { l.lib, l.err = l.search.find() })
	return l.lib, l.err
}

var libraryLoader = &loader{search: &search{env: LibraryEnv, dirs: libraryDirs, names: libraryNames, open: open}}

// Load loads the MPI library, once; it returns the error of that first
// attempt on every call, which wraps ErrNoMPI. Init loads the library
// itself, so calling Load is only a way to ask whether MPI is there
// without initialising it.
func Load() error {
	_, err := libraryLoader.get()
	return err
}

// LibraryPath returns the path of the loaded MPI library.
func LibraryPath() (string, error) {
	lib, err := libraryLoader.get()
	if err != nil {
		return "", err
	}
	return lib.path, nil
}

// LibraryVersion returns the loaded library's description of itself
// (MPI_Get_library_version), such as "Open MPI v4.1.4, ...". MPI allows
// the call from any thread, before Init and after Finalize.
func LibraryVersion() (string, error) {
	lib, err := libraryLoader.get()
	if err != nil {
		return "", err
	}
	v := lib.version()
	if v == "" {
		return "", fmt.Errorf("mpi: MPI_Get_library_version of %s failed", lib.path)
	}
	return v, nil
}
