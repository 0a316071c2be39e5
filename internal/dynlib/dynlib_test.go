package dynlib

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// testEnv is the environment variable of the tests' searches.
const testEnv = "REIKNA_DYNLIB_TEST_LIBRARY"

// lib is the tests' handle of a library: the path it was opened by.
type lib struct{ path string }

func (l *lib) Path() string { return l.path }

// The errors of fakeOpen, by the outcome it is told.
var (
	errStop  = errors.New("lacks an entry point")
	errOther = errors.New("of another ABI")
)

// fake is a search of made-up libraries: outcome maps a path (a file's
// path relative to root, or a bare name) to "ok", "stop", "other" or
// "bad"; every other path is not found. It logs the paths opened.
type fake struct {
	root    string
	outcome map[string]string
	opened  []string
}

func (f *fake) open(p string) (*lib, error) {
	f.opened = append(f.opened, f.rel(p))
	switch f.outcome[f.rel(p)] {
	case "ok":
		return &lib{path: p}, nil
	case "stop":
		return nil, fmt.Errorf("%s %w", p, errStop)
	case "other":
		return nil, fmt.Errorf("%s is %w", p, errOther)
	case "bad":
		return nil, errors.New("invalid ELF header")
	}
	return nil, errors.New("cannot open shared object file")
}

// rel returns p relative to the root, where it is below it.
func (f *fake) rel(p string) string {
	if r, err := filepath.Rel(f.root, p); err == nil && filepath.IsAbs(p) {
		return filepath.ToSlash(r)
	}
	return p
}

// newFake makes the directories dirs below a fresh root, and in them an
// empty file for each path of outcome that has a directory.
func newFake(t *testing.T, dirs []string, outcome map[string]string) *fake {
	t.Helper()
	f := &fake{root: t.TempDir(), outcome: outcome}
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(f.root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for p := range outcome {
		if strings.Contains(p, "/") {
			if err := os.WriteFile(filepath.Join(f.root, p), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return f
}

// search returns the fake's search in dirs (relative to its root), for the
// names libx.so.1 and libx.so.
func (f *fake) search(dirs ...string) *Search[*lib] {
	return &Search[*lib]{
		Env: testEnv,
		Dirs: func() []string {
			var out []string
			for _, d := range dirs {
				out = append(out, filepath.Join(f.root, d))
			}
			return out
		},
		Names:    []string{"libx.so.1", "libx.so"},
		Open:     f.open,
		Stop:     func(err error) bool { return errors.Is(err, errStop) },
		PassOver: func(err error) bool { return errors.Is(err, errOther) },
		EnvHint:  "set " + testEnv + " right",
		Hint:     "install libx",
	}
}

func TestFindOrder(t *testing.T) {
	t.Setenv(testEnv, "")
	for _, tc := range []struct {
		name    string
		outcome map[string]string
		want    string   // the library found
		opened  []string // the paths opened, in order
	}{
		{"first name in first directory", map[string]string{"a/libx.so.1": "ok", "a/libx.so": "ok", "b/libx.so.1": "ok"},
			"a/libx.so.1", []string{"a/libx.so.1"}},
		{"second name before the next directory", map[string]string{"a/libx.so": "ok", "b/libx.so.1": "ok"},
			"a/libx.so", []string{"a/libx.so"}},
		{"a failure goes on", map[string]string{"a/libx.so.1": "bad", "b/libx.so.1": "bad", "b/libx.so": "ok"},
			"b/libx.so", []string{"a/libx.so.1", "b/libx.so.1", "b/libx.so"}},
		{"bare names after the directories", map[string]string{"a/libx.so.1": "bad", "libx.so.1": "bad", "libx.so": "ok"},
			"libx.so", []string{"a/libx.so.1", "libx.so.1", "libx.so"}},
		{"another ABI passed over", map[string]string{"a/libx.so.1": "other", "b/libx.so": "ok"},
			"b/libx.so", []string{"a/libx.so.1", "b/libx.so"}},
		{"another ABI passed over on the loader's path", map[string]string{"libx.so.1": "other", "libx.so": "ok"},
			"libx.so", []string{"libx.so.1", "libx.so"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, []string{"a", "b"}, tc.outcome)
			l, err := f.search("a", "b").Find()
			if err != nil || f.rel(l.path) != tc.want {
				t.Fatalf("Find: %v, %v; want %s", l, err, tc.want)
			}
			if !slices.Equal(f.opened, tc.opened) {
				t.Errorf("opened %q, want %q", f.opened, tc.opened)
			}
		})
	}
}

func TestFindEnv(t *testing.T) {
	for _, tc := range []struct {
		name, env, outcome string
		want               error // nil, errStop or errOther; or a failure
		mention            []string
	}{
		{"loads", "a/libx.so.1", "ok", nil, nil},
		{"a library that ends the search", "a/libx.so.1", "stop", errStop, nil},
		{"a library passed over elsewhere", "a/libx.so.1", "other", errOther, nil},
		{"not a library", "a/libx.so.1", "bad", nil, []string{testEnv + "=", "a/libx.so.1: invalid ELF header", "set " + testEnv + " right"}},
		{"absent", "a/absent.so", "", nil, []string{testEnv + "=", "absent.so: cannot open"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Every directory holds a library that loads: the variable's
			// path is the only one tried.
			outcome := map[string]string{"b/libx.so.1": "ok", "libx.so.1": "ok"}
			if tc.outcome != "" {
				outcome[tc.env] = tc.outcome
			}
			f := newFake(t, []string{"a", "b"}, outcome)
			path := filepath.Join(f.root, tc.env)
			t.Setenv(testEnv, path)
			l, err := f.search("a", "b").Find()
			if !slices.Equal(f.opened, []string{tc.env}) {
				t.Errorf("opened %q, want only %s", f.opened, tc.env)
			}
			switch {
			case tc.outcome == "ok":
				if err != nil || l.path != path {
					t.Errorf("Find: %v, %v; want %s", l, err, path)
				}
			case tc.want != nil:
				if l != nil || !errors.Is(err, tc.want) {
					t.Errorf("Find: %v, %v; want the error of Open, %v", l, err, tc.want)
				}
			default:
				var fail *Failure
				if l != nil || !errors.As(err, &fail) || len(fail.Tried) != 1 || fail.Hint != "set "+testEnv+" right" {
					t.Fatalf("Find: %v, %#v; want a failure of one attempt", l, err)
				}
				for _, s := range tc.mention {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not mention %q", err, s)
					}
				}
			}
		})
	}
}

// TestFindFailures checks the attempts that a search that loads nothing
// records: the files that exist and fail, not the bare names, and then
// what it searched.
func TestFindFailures(t *testing.T) {
	t.Setenv(testEnv, "")
	f := newFake(t, []string{"a", "b"}, map[string]string{"a/libx.so": "bad", "b/libx.so.1": "bad", "libx.so.1": "bad"})
	_, err := f.search("a", "b", "absent").Find()
	var fail *Failure
	if !errors.As(err, &fail) {
		t.Fatalf("Find: %#v, want a *Failure", err)
	}
	a, b, absent := filepath.Join(f.root, "a"), filepath.Join(f.root, "b"), filepath.Join(f.root, "absent")
	want := []string{
		filepath.Join(a, "libx.so") + ": invalid ELF header",
		filepath.Join(b, "libx.so.1") + ": invalid ELF header",
		"none of libx.so.1, libx.so in " + a + ", " + b + ", " + absent + " nor on the dynamic loader's path",
	}
	if !slices.Equal(fail.Tried, want) || fail.Hint != "install libx" {
		t.Errorf("failure %q, %q; want %q, %q", fail.Tried, fail.Hint, want, "install libx")
	}
	if got, want := err.Error(), "dynlib: library not loaded ("+strings.Join(want, "; ")+"); install libx"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	if !slices.Equal(f.opened, []string{"a/libx.so", "b/libx.so.1", "libx.so.1", "libx.so"}) {
		t.Errorf("opened %q", f.opened)
	}

	// Without directories, and with the binding's own error.
	s := f.search()
	s.Fail = func(tried []string, hint string) error {
		return fmt.Errorf("own error: %s; %s", strings.Join(tried, "; "), hint)
	}
	_, err = s.Find()
	if got, want := fmt.Sprint(err), "own error: none of libx.so.1, libx.so in no directory nor on the dynamic loader's path; install libx"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
}

// TestFindStops checks that an error that Stop accepts ends the search at
// once, in a directory and on the dynamic loader's path, even after a
// library passed over.
func TestFindStops(t *testing.T) {
	t.Setenv(testEnv, "")
	for _, tc := range []struct {
		name    string
		outcome map[string]string
		opened  []string
	}{
		{"in a directory", map[string]string{"a/libx.so.1": "bad", "a/libx.so": "stop", "b/libx.so.1": "ok"},
			[]string{"a/libx.so.1", "a/libx.so"}},
		{"after one passed over", map[string]string{"a/libx.so.1": "other", "b/libx.so.1": "stop", "libx.so": "ok"},
			[]string{"a/libx.so.1", "b/libx.so.1"}},
		{"on the loader's path", map[string]string{"libx.so.1": "stop", "libx.so": "ok"},
			[]string{"libx.so.1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, []string{"a", "b"}, tc.outcome)
			l, err := f.search("a", "b").Find()
			if l != nil || !errors.Is(err, errStop) {
				t.Errorf("Find: %v, %v; want %v", l, err, errStop)
			}
			if !slices.Equal(f.opened, tc.opened) {
				t.Errorf("opened %q, want %q", f.opened, tc.opened)
			}
		})
	}
}

// TestFindPassOver checks that where nothing loads, the first library
// passed over is the search's error.
func TestFindPassOver(t *testing.T) {
	t.Setenv(testEnv, "")
	f := newFake(t, []string{"a", "b"}, map[string]string{"a/libx.so.1": "bad", "b/libx.so.1": "other", "b/libx.so": "other", "libx.so": "other"})
	l, err := f.search("a", "b").Find()
	if l != nil || !errors.Is(err, errOther) || !strings.HasPrefix(err.Error(), filepath.Join(f.root, "b", "libx.so.1")) {
		t.Errorf("Find: %v, %v; want the error of b/libx.so.1", l, err)
	}
	if want := []string{"a/libx.so.1", "b/libx.so.1", "b/libx.so", "libx.so.1", "libx.so"}; !slices.Equal(f.opened, want) {
		t.Errorf("opened %q, want %q", f.opened, want)
	}

	// Without the hooks, every error is a failed attempt.
	f.opened = nil
	s := f.search("a", "b")
	s.Stop, s.PassOver = nil, nil
	var fail *Failure
	if _, err := s.Find(); !errors.As(err, &fail) || len(fail.Tried) != 4 {
		t.Errorf("Find without hooks: %v; want a failure of 3 files and the search", err)
	}
}

func TestMessage(t *testing.T) {
	for _, tc := range []struct {
		tried []string
		hint  string
		want  string
	}{
		{nil, "", "head"},
		{nil, "hint", "head; hint"},
		{[]string{"a: b"}, "", "head (a: b)"},
		{[]string{"a: b", "c"}, "hint", "head (a: b; c); hint"},
	} {
		if got := Message("head", tc.tried, tc.hint); got != tc.want {
			t.Errorf("Message(%q, %q) = %q, want %q", tc.tried, tc.hint, got, tc.want)
		}
	}
}

func TestLoader(t *testing.T) {
	calls := 0
	l := NewLoader(func() (*lib, error) { calls++; return &lib{path: "x"}, nil })
	if _, ok := l.Loaded(); ok {
		t.Error("Loaded before Get")
	}
	var wg sync.WaitGroup
	got := make([]*lib, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], _ = l.Get()
		}()
	}
	wg.Wait()
	if calls != 1 {
		t.Errorf("find ran %d times, want once", calls)
	}
	for _, g := range got {
		if g != got[0] || g == nil {
			t.Fatalf("Get returned %v, want one library", got)
		}
	}
	if lb, ok := l.Loaded(); !ok || lb != got[0] {
		t.Errorf("Loaded: %v, %v", lb, ok)
	}

	// A failed load keeps its error.
	calls = 0
	bad := errors.New("no library")
	l = NewLoader(func() (*lib, error) { calls++; return nil, bad })
	for range 3 {
		if lb, err := l.Get(); lb != nil || err != bad {
			t.Errorf("Get: %v, %v; want %v", lb, err, bad)
		}
	}
	if _, ok := l.Loaded(); ok || calls != 1 {
		t.Errorf("failed loader: Loaded %v after %d finds", ok, calls)
	}
	if err := l.Load(); err != bad {
		t.Errorf("failed loader: Load: %v, want %v", err, bad)
	}
	if p, err := Path(l); p != "" || err != bad {
		t.Errorf("failed loader: Path: %q, %v; want %v", p, err, bad)
	}
	good := NewLoader(func() (*lib, error) { return &lib{path: "/lib/x.so"}, nil })
	if err := good.Load(); err != nil {
		t.Errorf("Load: %v", err)
	}
	if p, err := Path(good); p != "/lib/x.so" || err != nil {
		t.Errorf("Path: %q, %v; want /lib/x.so", p, err)
	}
}

func TestUnique(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	absent := filepath.Join(root, "absent")
	got := Unique([]string{link + "/", absent, real, absent + "/.", filepath.Join(real, "..", "real"), root})
	if want := []string{link, absent, root}; !slices.Equal(got, want) {
		t.Errorf("Unique = %q, want %q", got, want)
	}
	if got := Unique(nil); got != nil {
		t.Errorf("Unique(nil) = %q", got)
	}
}

func TestDirs(t *testing.T) {
	t.Setenv("REIKNA_DYNLIB_TEST_PATH", "/a"+string(filepath.ListSeparator)+string(filepath.ListSeparator)+"/b")
	if got, want := EnvDirs("REIKNA_DYNLIB_TEST_PATH"), []string{"/a", "/b"}; !slices.Equal(got, want) {
		t.Errorf("EnvDirs = %q, want %q", got, want)
	}
	t.Setenv("REIKNA_DYNLIB_TEST_PATH", "")
	if got := EnvDirs("REIKNA_DYNLIB_TEST_PATH"); got != nil {
		t.Errorf("EnvDirs of an empty variable = %q", got)
	}
	t.Setenv("REIKNA_DYNLIB_TEST_HOME", "/opt/x")
	t.Setenv("REIKNA_DYNLIB_TEST_UNSET", "")
	t.Setenv("REIKNA_DYNLIB_TEST_PREFIX", "/p")
	got := PrefixDirs("REIKNA_DYNLIB_TEST_HOME", "REIKNA_DYNLIB_TEST_UNSET", "REIKNA_DYNLIB_TEST_PREFIX")
	if want := []string{"/opt/x/lib", "/opt/x/lib64", "/p/lib", "/p/lib64"}; !slices.Equal(got, want) {
		t.Errorf("PrefixDirs = %q, want %q", got, want)
	}
	if m := Multiarch(); !strings.HasSuffix(m, "-linux-gnu") {
		t.Errorf("Multiarch = %q", m)
	}
}
