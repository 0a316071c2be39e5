// Package dynlibtest holds what the tests of the bindings that load their
// library with package dynlib share: a loader of the test's own, a fake
// library built with the C compiler, and a check of an error.
package dynlibtest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/internal/dynlib"
)

// UseLoader replaces *loader for the test with a fresh loader of find, so
// that a test may load a library of its own; at the end of the test it
// closes the library that the fresh loader loaded, if any, with close,
// and puts the old loader back.
func UseLoader[L any](t testing.TB, loader **dynlib.Loader[L], find func() (L, error), close func(L)) {
	t.Helper()
	old := *loader
	fresh := dynlib.NewLoader(find)
	*loader = fresh
	t.Cleanup(func() {
		if lib, ok := fresh.Loaded(); ok {
			close(lib)
		}
		*loader = old
	})
}

// BuildLibrary compiles the C source src into a shared library at
// dir/file, and returns its path. It skips the test where no C compiler
// exists.
func BuildLibrary(t testing.TB, dir, file, src string) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skipf("no C compiler to build a fake library: %v", err)
	}
	cpath := filepath.Join(dir, file+".c")
	if err := os.WriteFile(cpath, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(dir, file)
	if out, err := exec.Command(cc, "-shared", "-fPIC", "-o", lib, cpath).CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", file, err, out)
	}
	return lib
}

// CheckError checks that err is an error that wraps every error of want,
// and none of notWant, and that its message mentions each of mention.
func CheckError(t testing.TB, err error, want, notWant []error, mention ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("no error, want one wrapping %v", want)
		return
	}
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("error %v, want %v", err, w)
		}
	}
	for _, w := range notWant {
		if errors.Is(err, w) {
			t.Errorf("error %v is %v", err, w)
		}
	}
	for _, s := range mention {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not mention %q", err, s)
		}
	}
}
