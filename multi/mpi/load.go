package mpi

/*
#include "mpiinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/reikna-go/reikna/internal/dynlib"
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
	switch {
	case errors.Is(e.kind, ErrNotOpenMPI):
		head := fmt.Sprintf("mpi: %s is not Open MPI (it lacks the object %s that Open MPI's handles point to)", e.Path, e.Symbol)
		if e.Version != "" {
			head += fmt.Sprintf("; it says it is %q", e.Version)
		}
		return dynlib.Message(head+"; the package targets Open MPI's ABI (libmpi.so.40)", nil, e.Hint)
	case e.Symbol != "":
		return dynlib.Message(fmt.Sprintf("mpi: MPI library %s lacks the entry point %s", e.Path, e.Symbol), nil, e.Hint)
	}
	return dynlib.Message("mpi: MPI library not loaded", e.Tried, e.Hint)
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
	{C.MP_MPI_Comm_split, "MPI_Comm_split", false},
	{C.MP_MPI_Comm_free, "MPI_Comm_free", false},
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

// Path returns the path the library was loaded from.
func (l *library) Path() string { return l.path }

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

// librarySearch is the search for the library in dirs by names: its Find
// loads the library that LibraryEnv names, or else the first Open MPI
// library found. A library of another MPI is passed over while the search
// goes on; its error is the search's if nothing else loads.
func librarySearch(dirs func() []string, names []string) dynlib.Search[*library] {
	return dynlib.Search[*library]{Env: LibraryEnv, Dirs: dirs, Names: names, Open: open,
		Stop:     func(err error) bool { return errors.As(err, new(*LoadError)) },
		PassOver: func(err error) bool { return errors.Is(err, ErrNotOpenMPI) },
		Hint:     fmt.Sprintf("install Open MPI (libopenmpi-dev) or set %s to the library's path", LibraryEnv),
		Fail:     func(tried []string, hint string) error { return &LoadError{Tried: tried, Hint: hint} },
	}
}

// libraryDirs lists where Open MPI's library usually lives: the
// directories of LD_LIBRARY_PATH, of MPI_HOME and OPAL_PREFIX (Open MPI's
// own relocation variable), and the system's.
func libraryDirs() []string {
	dirs := append(dynlib.EnvDirs("LD_LIBRARY_PATH"), dynlib.PrefixDirs("MPI_HOME", "OPAL_PREFIX")...)
	deb := dynlib.Multiarch()
	return append(dirs, "/usr/lib/"+deb, "/usr/lib/"+deb+"/openmpi/lib",
		"/usr/lib64/openmpi/lib", "/usr/lib64", "/usr/lib", "/usr/local/lib", "/opt/openmpi/lib")
}

// libraryNames are the names of Open MPI's library: the ABI's soname
// first, then the development link, which may name another MPI.
var libraryNames = []string{"libmpi.so.40", "libmpi.so"}

// libraryLoader loads the library once and keeps the outcome.
var libraryLoader = dynlib.NewLoader(librarySearch(libraryDirs, libraryNames).Find)

// Load loads the MPI library, once; it returns the error of that first
// attempt on every call, which wraps ErrNoMPI. Init loads the library
// itself, so calling Load is only a way to ask whether MPI is there
// without initialising it.
func Load() error { return libraryLoader.Load() }

// LibraryPath returns the path of the loaded MPI library.
func LibraryPath() (string, error) { return dynlib.Path(libraryLoader) }

// LibraryVersion returns the loaded library's description of itself
// (MPI_Get_library_version), such as "Open MPI v4.1.4, ...". MPI allows
// the call from any thread, before Init and after Finalize.
func LibraryVersion() (string, error) {
	lib, err := libraryLoader.Get()
	if err != nil {
		return "", err
	}
	v := lib.version()
	if v == "" {
		return "", fmt.Errorf("mpi: MPI_Get_library_version of %s failed", lib.path)
	}
	return v, nil
}
