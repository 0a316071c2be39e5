package dynlibtest

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/reikna-go/reikna/internal/dynlib"
)

func TestUseLoader(t *testing.T) {
	old := dynlib.NewLoader(func() (string, error) { return "old", nil })
	loader := old
	var closed []string
	t.Run("replaced", func(t *testing.T) {
		UseLoader(t, &loader, func() (string, error) { return "fresh", nil }, func(s string) { closed = append(closed, s) })
		if lib, err := loader.Get(); lib != "fresh" || err != nil {
			t.Errorf("Get: %q, %v; want the fresh loader's", lib, err)
		}
	})
	if loader != old || len(closed) != 1 || closed[0] != "fresh" {
		t.Errorf("after the test: loader restored %v, closed %q", loader == old, closed)
	}
	t.Run("never loaded", func(t *testing.T) {
		UseLoader(t, &loader, func() (string, error) { return "", errors.New("none") }, func(s string) { closed = append(closed, s) })
		_, _ = loader.Get()
	})
	if loader != old || len(closed) != 1 {
		t.Errorf("a failed load was closed: %q", closed)
	}
}

func TestBuildLibrary(t *testing.T) {
	lib := BuildLibrary(t, t.TempDir(), "libreikna-fake.so", "int reikna_fake(void) { return 0; }\n")
	if fi, err := os.Stat(lib); err != nil || fi.Size() == 0 {
		t.Errorf("library %s: %v", lib, err)
	}
}

// recorder is a testing.TB that keeps the errors reported to it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestCheckError(t *testing.T) {
	base := errors.New("base")
	other := errors.New("other")
	err := fmt.Errorf("pkg: it failed: %w", base)
	for _, tc := range []struct {
		name    string
		err     error
		want    []error
		notWant []error
		mention []string
		errs    int
	}{
		{"as wanted", err, []error{base}, []error{other}, []string{"pkg:", "failed"}, 0},
		{"no error", nil, nil, nil, nil, 1},
		{"not wrapping", err, []error{other}, nil, nil, 1},
		{"wrapping what it should not", err, nil, []error{base}, nil, 1},
		{"not mentioning", err, nil, nil, []string{"absent", "also absent"}, 2},
	} {
		r := &recorder{TB: t}
		CheckError(r, tc.err, tc.want, tc.notWant, tc.mention...)
		if len(r.errs) != tc.errs {
			t.Errorf("%s: errors %q, want %d", tc.name, r.errs, tc.errs)
		}
	}
}
