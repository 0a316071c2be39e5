package mpi

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/internal/dynlib"
	"github.com/reikna-go/reikna/internal/dynlib/dynlibtest"
)

// useLoader replaces the package's loader for the test with a fresh one
// of the search s, so that a test may load a library of its own.
func useLoader(t *testing.T, s dynlib.Search[*library]) {
	t.Helper()
	dynlibtest.UseLoader(t, &libraryLoader, s.Find, (*library).close)
}

// fakeLibrary builds a shared library at dir/file that exports every
// function and object of the package except those in omit, each function
// returning 0 but MPI_Get_library_version, which answers version. It skips
// the test where no C compiler exists.
func fakeLibrary(t *testing.T, dir, file, version string, omit ...string) string {
	t.Helper()
	var src strings.Builder
	src.WriteString("#include <string.h>\n")
	for _, s := range symbols {
		switch {
		case slices.Contains(omit, s.name):
		case s.object:
			fmt.Fprintf(&src, "char %s[64];\n", s.name)
		case s.name == "MPI_Get_library_version":
			fmt.Fprintf(&src, "int %s(char *s, int *n) { strcpy(s, %q); *n = strlen(s); return 0; }\n", s.name, version)
		default:
			fmt.Fprintf(&src, "int %s(void) { return 0; }\n", s.name)
		}
	}
	return dynlibtest.BuildLibrary(t, dir, file, src.String())
}

// fakeSearch is the package's search in the directories dirs only.
func fakeSearch(dirs ...string) dynlib.Search[*library] {
	return librarySearch(func() []string { return dirs }, []string{"libreikna-fake-mpi.so.40", "libreikna-fake-mpi.so"})
}

// checkError checks that err wraps every error of want, and none of
// notWant, and that its message mentions each of mention.
func checkError(t *testing.T, err error, want, notWant []error, mention ...string) {
	t.Helper()
	dynlibtest.CheckError(t, err, want, notWant, mention...)
}

func TestLoadFailures(t *testing.T) {
	dir := t.TempDir()
	notLibrary := filepath.Join(dir, "libmpi.so.40")
	if err := os.WriteFile(notLibrary, []byte("not a shared object\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		mention    []string
	}{
		{"missing library", filepath.Join(dir, "absent", "libmpi.so.40"), []string{LibraryEnv, "absent"}},
		{"not a library", notLibrary, []string{LibraryEnv, notLibrary}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			useLoader(t, fakeSearch())
			t.Setenv(LibraryEnv, tc.path)
			for attempt, call := range []func() error{
				Load, Load, // the first load's error stays
				Init,
				func() error { _, err := World(); return err },
				func() error { _, err := LibraryVersion(); return err },
				Finalize,
			} {
				err := call()
				if err == nil {
					t.Fatalf("call %d: no error", attempt)
				}
				checkError(t, err, []error{ErrNoMPI}, []error{ErrMissingSymbol, ErrNotOpenMPI}, tc.mention...)
			}
		})
	}
}

func TestSearchFailure(t *testing.T) {
	empty := t.TempDir()
	t.Setenv(LibraryEnv, "")
	_, err := fakeSearch(empty).Find()
	checkError(t, err, []error{ErrNoMPI}, []error{ErrNotOpenMPI},
		empty, "libreikna-fake-mpi.so.40", LibraryEnv, "libopenmpi-dev")
}

func TestMissingSymbol(t *testing.T) {
	lib := fakeLibrary(t, t.TempDir(), "libreikna-fake-mpi.so.40", "Open MPI v4.1.4", "MPI_Alltoallv")
	t.Setenv(LibraryEnv, lib)
	useLoader(t, fakeSearch())
	checkError(t, Load(), []error{ErrNoMPI, ErrMissingSymbol}, []error{ErrNotOpenMPI}, lib, "MPI_Alltoallv")
}

// TestNotOpenMPI loads a library with MPI's functions but none of Open
// MPI's objects, as MPICH's, which the package refuses by name.
func TestNotOpenMPI(t *testing.T) {
	lib := fakeLibrary(t, t.TempDir(), "libreikna-fake-mpi.so", "MPICH Version: 4.0.2",
		"ompi_mpi_comm_world", "ompi_mpi_byte", "ompi_mpi_errors_return")
	t.Setenv(LibraryEnv, lib)
	useLoader(t, fakeSearch())
	checkError(t, Load(), []error{ErrNoMPI, ErrNotOpenMPI}, []error{ErrMissingSymbol},
		lib, "ompi_mpi_comm_world", "MPICH Version: 4.0.2", "Open MPI", "libmpi.so.40")
}

// TestSearchPassesOverOtherMPI finds Open MPI in a directory after one
// that holds another MPI, and reports the other where it is all there is.
func TestSearchPassesOverOtherMPI(t *testing.T) {
	other, openMPI := t.TempDir(), t.TempDir()
	fakeLibrary(t, other, "libreikna-fake-mpi.so", "MPICH Version: 4.0.2", "ompi_mpi_byte")
	want := fakeLibrary(t, openMPI, "libreikna-fake-mpi.so", "Open MPI v4.1.4")
	t.Setenv(LibraryEnv, "")
	useLoader(t, fakeSearch(other, openMPI))
	path, err := LibraryPath()
	if err != nil || path != want {
		t.Fatalf("LibraryPath: %q, %v; want %q", path, err, want)
	}
	if v, err := LibraryVersion(); err != nil || v != "Open MPI v4.1.4" {
		t.Errorf("LibraryVersion: %q, %v", v, err)
	}
	_, err = fakeSearch(other).Find()
	checkError(t, err, []error{ErrNoMPI, ErrNotOpenMPI}, nil, "MPICH")
}

// TestOpenMPI loads the machine's Open MPI, where there is one, and
// checks what works before Init.
func TestOpenMPI(t *testing.T) {
	if err := Load(); err != nil {
		t.Skipf("no MPI library: %v", err)
	}
	v, err := LibraryVersion()
	if err != nil || !strings.Contains(v, "Open MPI") {
		t.Errorf("LibraryVersion: %q, %v; want Open MPI's", v, err)
	}
	if ok, err := Initialized(); ok || err != nil {
		t.Errorf("Initialized before Init: %v, %v", ok, err)
	}
	if _, err := World(); !errors.Is(err, ErrNotInitialized) {
		t.Errorf("World before Init: error %v, want ErrNotInitialized", err)
	}
	if err := Finalize(); !errors.Is(err, ErrNotInitialized) {
		t.Errorf("Finalize before Init: error %v, want ErrNotInitialized", err)
	}
}
