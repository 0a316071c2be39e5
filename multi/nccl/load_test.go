package nccl

import (
	"errors"
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

// fakeLog and fakeFail name the environment variables of the fake library:
// the file it appends a line to for each call, and the calls that fail
// (a comma-separated list such as "send:2,end", "recv:1", "init",
// "uniqueid").
const (
	fakeLog  = "REIKNA_FAKE_NCCL_LOG"
	fakeFail = "REIKNA_FAKE_NCCL_FAIL"
)

// fakeHeader is the start of the fake library's source: its logging and
// the failures it is told to make.
const fakeHeader = `#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { unsigned char b[128]; } id_t_;
static char lasterr[256] = "";

static void logf_(const char *fmt, ...) {
	const char *p = getenv("` + fakeLog + `");
	if (p == NULL || *p == 0) return;
	FILE *f = fopen(p, "a");
	if (f == NULL) return;
	va_list ap;
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
	fclose(f);
}

/* fails reports whether the call what is among those to fail. */
static int fails(const char *what) {
	const char *p = getenv("` + fakeFail + `");
	if (p == NULL) return 0;
	size_t n = strlen(what);
	while (*p) {
		if (strncmp(p, what, n) == 0 && (p[n] == ',' || p[n] == 0)) return 1;
		p = strchr(p, ',');
		if (p == NULL) break;
		p++;
	}
	return 0;
}

static int failWith(int r, const char *msg) {
	snprintf(lasterr, sizeof lasterr, "%s", msg);
	return r;
}
`

// fakeFunctions are the fake library's entry points, by name.
var fakeFunctions = map[string]string{
	"ncclGetVersion": `int ncclGetVersion(int *v) { *v = 22703; return 0; }`,
	"ncclGetUniqueId": `int ncclGetUniqueId(id_t_ *id) {
	if (fails("uniqueid")) return failWith(2, "fake: no bootstrap network");
	for (int i = 0; i < 128; i++) id->b[i] = (unsigned char)(3 + 7 * i);
	return 0;
}`,
	"ncclCommInitRank": `int ncclCommInitRank(void **comm, int n, id_t_ id, int rank) {
	logf_("init n=%d rank=%d id=%d,%d,%d", n, rank, id.b[0], id.b[1], id.b[127]);
	if (fails("init")) return failWith(5, "fake: duplicate GPU");
	*comm = (void *)(uintptr_t)(0x1000 + rank);
	return 0;
}`,
	"ncclCommDestroy": `int ncclCommDestroy(void *comm) { logf_("destroy %p", comm); return 0; }`,
	"ncclCommAbort":   `int ncclCommAbort(void *comm) { logf_("abort %p", comm); return 0; }`,
	"ncclGroupStart":  `int ncclGroupStart(void) { logf_("start"); return 0; }`,
	"ncclGroupEnd": `int ncclGroupEnd(void) {
	logf_("end");
	if (fails("end")) return failWith(6, "fake: remote process exited");
	return 0;
}`,
	"ncclSend": `int ncclSend(const void *buf, size_t count, int type, int peer, void *comm, void *stream) {
	logf_("send %#llx %zu type=%d peer=%d comm=%p stream=%p", (unsigned long long)(uintptr_t)buf, count, type, peer, comm, stream);
	char what[32];
	snprintf(what, sizeof what, "send:%d", peer);
	if (fails(what)) return failWith(4, "fake: bad send buffer");
	return 0;
}`,
	"ncclRecv": `int ncclRecv(void *buf, size_t count, int type, int peer, void *comm, void *stream) {
	logf_("recv %#llx %zu type=%d peer=%d comm=%p stream=%p", (unsigned long long)(uintptr_t)buf, count, type, peer, comm, stream);
	char what[32];
	snprintf(what, sizeof what, "recv:%d", peer);
	if (fails(what)) return failWith(4, "fake: bad receive buffer");
	return 0;
}`,
	"ncclGetErrorString": `const char *ncclGetErrorString(int r) {
	switch (r) {
	case 2: return "fake system error";
	case 4: return "fake invalid argument";
	case 5: return "fake invalid usage";
	case 6: return "fake remote error";
	}
	return "fake unknown";
}`,
	"ncclGetLastError": `const char *ncclGetLastError(void *comm) { return lasterr; }`,
}

// fakeLibrary builds a shared library at dir/file that exports every entry
// point of the package except those in omit, and returns its path. It
// skips the test where no C compiler exists.
func fakeLibrary(t *testing.T, dir, file string, omit ...string) string {
	t.Helper()
	var src strings.Builder
	src.WriteString(fakeHeader)
	for _, s := range symbols {
		f, ok := fakeFunctions[s.name]
		if !ok {
			t.Fatalf("the fake library has no %s", s.name)
		}
		if !slices.Contains(omit, s.name) {
			src.WriteString(f + "\n")
		}
	}
	return dynlibtest.BuildLibrary(t, dir, file, src.String())
}

// useFake builds a fake library, makes it the package's library for the
// test and returns it, with the log of its calls cleared.
func useFake(t *testing.T, omit ...string) *library {
	t.Helper()
	dir := t.TempDir()
	path := fakeLibrary(t, dir, "libreikna-fake-nccl.so.2", omit...)
	t.Setenv(LibraryEnv, path)
	t.Setenv(fakeLog, filepath.Join(dir, "calls.log"))
	t.Setenv(fakeFail, "")
	useLoader(t, fakeSearch())
	lib, err := libraryLoader.Get()
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// calls returns the lines that the fake library logged since the last
// call of calls, and clears the log.
func calls(t *testing.T) []string {
	t.Helper()
	p := os.Getenv(fakeLog)
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// fakeSearch is the package's search in the directories dirs only.
func fakeSearch(dirs ...string) dynlib.Search[*library] {
	return librarySearch(func() []string { return dirs }, []string{"libreikna-fake-nccl.so.2", "libreikna-fake-nccl.so"})
}

// checkError checks that err wraps every error of want, and none of
// notWant, and that its message mentions each of mention.
func checkError(t *testing.T, err error, want, notWant []error, mention ...string) {
	t.Helper()
	dynlibtest.CheckError(t, err, want, notWant, mention...)
}

func TestLoadFailures(t *testing.T) {
	dir := t.TempDir()
	notLibrary := filepath.Join(dir, "libnccl.so.2")
	if err := os.WriteFile(notLibrary, []byte("not a shared object\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		mention    []string
	}{
		{"missing library", filepath.Join(dir, "absent", "libnccl.so.2"), []string{LibraryEnv, "absent"}},
		{"not a library", notLibrary, []string{LibraryEnv, notLibrary}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			useLoader(t, fakeSearch())
			t.Setenv(LibraryEnv, tc.path)
			for i, call := range []func() error{
				Load, Load, // the first load's error stays
				func() error { _, err := LibraryPath(); return err },
				func() error { _, _, _, err := Version(); return err },
				func() error { _, err := NewUniqueID(); return err },
				GroupStart, GroupEnd,
				func() error { return Group(func() error { return nil }) },
				func() error { _, err := BcastID(&fakeBcast{rank: 0, n: 1}); return err },
				func() error {
					_, err := ExchangeIDFile(filepath.Join(t.TempDir(), "id"), 0, 0)
					return err
				},
			} {
				err := call()
				if err == nil {
					t.Fatalf("call %d: no error", i)
				}
				checkError(t, err, []error{ErrNoNCCL}, []error{ErrMissingSymbol}, tc.mention...)
			}
		})
	}
}

// TestSearchFailure checks that a search that finds nothing names the
// directories and the names it tried, and how to point it at the library.
func TestSearchFailure(t *testing.T) {
	empty := t.TempDir()
	t.Setenv(LibraryEnv, "")
	_, err := fakeSearch(empty).Find()
	checkError(t, err, []error{ErrNoNCCL}, []error{ErrMissingSymbol},
		empty, "libreikna-fake-nccl.so.2", "dynamic loader", LibraryEnv, "nvidia-nccl-cu12")
}

func TestSearchFinds(t *testing.T) {
	empty, dir := t.TempDir(), t.TempDir()
	want := fakeLibrary(t, dir, "libreikna-fake-nccl.so.2")
	t.Setenv(LibraryEnv, "")
	useLoader(t, fakeSearch(empty, dir))
	if p, err := LibraryPath(); err != nil || p != want {
		t.Fatalf("LibraryPath: %q, %v; want %q", p, err, want)
	}
	if major, minor, patch, err := Version(); err != nil || major != 2 || minor != 27 || patch != 3 {
		t.Errorf("Version: %d.%d.%d, %v; want 2.27.3", major, minor, patch, err)
	}
}

func TestMissingSymbol(t *testing.T) {
	lib := fakeLibrary(t, t.TempDir(), "libreikna-fake-nccl.so.2", "ncclSend")
	t.Setenv(LibraryEnv, lib)
	useLoader(t, fakeSearch())
	checkError(t, Load(), []error{ErrNoNCCL, ErrMissingSymbol}, nil, lib, "ncclSend", "2.7")
	// The same library found by the search, not named: the error is the
	// library's, not a failed search.
	t.Setenv(LibraryEnv, "")
	_, err := fakeSearch(filepath.Dir(lib)).Find()
	checkError(t, err, []error{ErrNoNCCL, ErrMissingSymbol}, nil, lib, "ncclSend")
}

// TestOptionalSymbol loads a library without ncclGetLastError, as NCCL
// before 2.13, whose errors then say less.
func TestOptionalSymbol(t *testing.T) {
	lib := useFake(t, "ncclGetLastError")
	t.Setenv(fakeFail, "uniqueid")
	_, err := NewUniqueID()
	var e *Error
	if !errors.As(err, &e) || e.Call != "ncclGetUniqueId" || e.Result != SystemError || e.Message != "fake system error" || e.Detail != "" {
		t.Fatalf("NewUniqueID: error %#v", err)
	}
	if !errors.Is(err, SystemError) {
		t.Errorf("error %v is not SystemError", err)
	}
	_ = lib
}

func TestDecodeVersion(t *testing.T) {
	for _, tc := range []struct{ code, major, minor, patch int }{
		{2708, 2, 7, 8}, {2804, 2, 8, 4}, {20906, 2, 9, 6}, {21805, 2, 18, 5}, {22703, 2, 27, 3},
	} {
		if a, b, c := decodeVersion(tc.code); a != tc.major || b != tc.minor || c != tc.patch {
			t.Errorf("decodeVersion(%d) = %d.%d.%d, want %d.%d.%d", tc.code, a, b, c, tc.major, tc.minor, tc.patch)
		}
	}
}

// TestPythonDirs lays out the site-packages directories of a PYTHONPATH,
// a virtual environment, a python3 on PATH and a user's ~/.local, and
// checks the order of the search, and that it finds pip's libnccl.so.2 in
// one of them.
func TestPythonDirs(t *testing.T) {
	root := t.TempDir()
	mk := func(parts ...string) string {
		d := filepath.Join(append([]string{root}, parts...)...)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	pythonPath := mk("pp")
	venv311 := mk("venv", "lib", "python3.11", "site-packages")
	venv312 := mk("venv", "lib", "python3.12", "site-packages")
	envBin := mk("env", "bin")
	if err := os.WriteFile(filepath.Join(envBin, "python3"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	envSite := mk("env", "lib", "python3.10", "site-packages")
	home := mk("home")
	homeSite := mk("home", ".local", "lib", "python3.13", "site-packages")
	ld := mk("ld")
	t.Setenv("LD_LIBRARY_PATH", ld)
	t.Setenv("NCCL_HOME", "")
	t.Setenv("PYTHONPATH", pythonPath)
	t.Setenv("VIRTUAL_ENV", filepath.Join(root, "venv"))
	t.Setenv("CONDA_PREFIX", "")
	t.Setenv("PATH", envBin+string(filepath.ListSeparator)+os.Getenv("PATH"))
	t.Setenv("HOME", home)

	sub := func(d string) string { return filepath.Join(d, "nvidia", "nccl", "lib") }
	want := []string{ld, sub(pythonPath), sub(venv312), sub(venv311), sub(envSite), sub(homeSite)}
	dirs := SearchDirs()
	last := -1
	for _, w := range want {
		i := slices.Index(dirs, w)
		if i < 0 {
			t.Fatalf("SearchDirs lacks %s:\n%s", w, strings.Join(dirs, "\n"))
		}
		if i < last {
			t.Errorf("SearchDirs has %s before %s:\n%s", w, dirs[last], strings.Join(dirs, "\n"))
		}
		last = i
	}
	if i := slices.Index(dirs, "/usr/local/cuda/lib64"); i < last {
		t.Errorf("SearchDirs has the system's directories before Python's:\n%s", strings.Join(dirs, "\n"))
	}

	// pip's library in the virtual environment, found by the package's
	// own search under a name of the test's.
	nvidia := mk("venv", "lib", "python3.11", "site-packages", "nvidia", "nccl", "lib")
	lib := fakeLibrary(t, nvidia, "libreikna-fake-nccl.so.2")
	t.Setenv(LibraryEnv, "")
	s := librarySearch(libraryDirs, []string{"libreikna-fake-nccl.so.2"})
	useLoader(t, s)
	if p, err := LibraryPath(); err != nil || p != lib {
		t.Errorf("LibraryPath: %q, %v; want %q", p, err, lib)
	}
	_, err := librarySearch(libraryDirs, []string{"libreikna-absent-nccl.so.2"}).Find()
	checkError(t, err, []error{ErrNoNCCL}, nil, sub(venv312), sub(pythonPath), ld)
}
