package dynlib

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// Search is where to look for a library, and how to open one. L is the
// binding's handle of a loaded library.
type Search[L any] struct {
	Env   string          // the environment variable naming the library's path, to use instead of searching
	Dirs  func() []string // the directories to look in, best first
	Names []string        // file names to try in each directory, then for the dynamic loader's own search
	// Open loads the library at path, a file or a bare name for the
	// dynamic loader.
	Open func(path string) (L, error)
	// Stop reports whether an error of Open ends the search at once; Find
	// returns it as it is. Nil: no error does.
	Stop func(error) bool
	// PassOver reports whether an error of Open is passed over while the
	// search goes on; where nothing loads, Find returns the first such
	// error as it is. It is asked before Stop. Nil: no error is.
	PassOver func(error) bool
	// EnvHint is the hint of the error where the library that Env names
	// does not open, Hint that of a search that loads nothing.
	EnvHint, Hint string
	// Fail returns the binding's error of a search that loaded nothing:
	// the attempts that failed, "path: reason", and the hint. Nil: Find
	// returns a *Failure.
	Fail func(tried []string, hint string) error
}

// Find loads the library that the environment variable names, where it is
// set; or else the first of the names in the directories, each directory
// in turn; or else the first of the names that the dynamic loader finds.
// An error of Open that Stop or PassOver accepts, for the path of the
// environment variable, is returned as it is. The failures to open a file
// that exists are recorded; those of a bare name, which the dynamic loader
// may not find, are not.
func (s Search[L]) Find() (L, error) {
	var zero L
	if p := os.Getenv(s.Env); p != "" {
		lib, err := s.Open(p)
		switch {
		case err == nil:
			return lib, nil
		case s.passOver(err) || s.stop(err):
			return zero, err
		}
		return zero, s.fail([]string{fmt.Sprintf("%s=%s: %v", s.Env, p, err)}, s.EnvHint)
	}
	var tried []string
	var passed error // the first error passed over
	// try opens p; done is true where the search ends, with lib or err.
	// It records a failure to open a file that exists, not that of a bare
	// name.
	try := func(p string, record bool) (lib L, done bool, err error) {
		lib, err = s.Open(p)
		switch {
		case err == nil:
			return lib, true, nil
		case s.passOver(err):
			if passed == nil {
				passed = err
			}
		case s.stop(err):
			return zero, true, err
		case record:
			tried = append(tried, fmt.Sprintf("%s: %v", p, err))
		}
		return zero, false, nil
	}
	var searched []string
	if s.Dirs != nil {
		searched = s.Dirs()
	}
	for _, dir := range searched {
		for _, name := range s.Names {
			p := filepath.Join(dir, name)
			if _, err := os.Stat(p); err != nil {
				continue
			}
			if lib, done, err := try(p, true); done {
				return lib, err
			}
		}
	}
	for _, name := range s.Names {
		if lib, done, err := try(name, false); done {
			return lib, err
		}
	}
	if passed != nil {
		return zero, passed
	}
	where := "no directory"
	if len(searched) > 0 {
		where = strings.Join(searched, ", ")
	}
	tried = append(tried, fmt.Sprintf("none of %s in %s nor on the dynamic loader's path",
		strings.Join(s.Names, ", "), where))
	return zero, s.fail(tried, s.Hint)
}

func (s Search[L]) stop(err error) bool     { return s.Stop != nil && s.Stop(err) }
func (s Search[L]) passOver(err error) bool { return s.PassOver != nil && s.PassOver(err) }

func (s Search[L]) fail(tried []string, hint string) error {
	if s.Fail != nil {
		return s.Fail(tried, hint)
	}
	return &Failure{Tried: tried, Hint: hint}
}

// Failure is the error of a search that loaded nothing, where the search
// has no Fail of its own.
type Failure struct {
	Tried []string // the failed attempts, "path: reason", and what was searched
	Hint  string   // how to point the search at the library
}

func (f *Failure) Error() string { return Message("dynlib: library not loaded", f.Tried, f.Hint) }

// Message is the message of a library that could not be loaded: head,
// then the attempts, where there are any, in parentheses and separated by
// semicolons, then the hint, where there is one, after a semicolon.
func Message(head string, tried []string, hint string) string {
	var b strings.Builder
	b.WriteString(head)
	if len(tried) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(tried, "; "))
	}
	if hint != "" {
		fmt.Fprintf(&b, "; %s", hint)
	}
	return b.String()
}

// Loader loads a library once, on first use, and keeps the outcome.
type Loader[L any] struct {
	find   func() (L, error)
	once   sync.Once
	lib    L
	err    error
	loaded atomic.Bool
}

// NewLoader returns a loader whose first Get loads the library with find.
func NewLoader[L any](find func() (L, error)) *Loader[L] {
	return &Loader[L]{find: find}
}

// Get returns the loaded library, loading it on first use, or the error of
// that first load.
func (l *Loader[L]) Get() (L, error) {
	l.once.Do(func() {
		l.lib, l.err = l.find()
		l.loaded.Store(l.err == nil)
	})
	return l.lib, l.err
}

// Load loads the library, once, as Get does, and returns the error of
// that first load: a way to ask whether the library is there.
func (l *Loader[L]) Load() error {
	_, err := l.Get()
	return err
}

// A Library is a loaded library that knows the path it was loaded from.
type Library interface{ Path() string }

// Path returns the path of the library that l loads, loading it on first
// use, or the error of that first load.
func Path[L Library](l *Loader[L]) (string, error) {
	lib, err := l.Get()
	if err != nil {
		return "", err
	}
	return lib.Path(), nil
}

// Loaded returns the library that a Get loaded, without loading it; false
// where no Get has finished loading one.
func (l *Loader[L]) Loaded() (L, bool) {
	if !l.loaded.Load() {
		var zero L
		return zero, false
	}
	return l.lib, true
}

// Unique returns the cleaned paths without repeats, in their first order;
// paths that resolve to the same directory through symbolic links (/lib
// and /usr/lib on most systems) are repeats.
func Unique(paths []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		p = filepath.Clean(p)
		key := p
		if r, err := filepath.EvalSymlinks(p); err == nil {
			key = r
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	return out
}

// EnvDirs returns the non-empty entries of the list of paths that the
// environment variable env holds, such as LD_LIBRARY_PATH.
func EnvDirs(env string) []string {
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv(env)) {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// PrefixDirs returns the lib and lib64 directories of the installation
// prefix that each of the environment variables envs names, where it is
// set, such as MPI_HOME.
func PrefixDirs(envs ...string) []string {
	var dirs []string
	for _, env := range envs {
		if root := os.Getenv(env); root != "" {
			dirs = append(dirs, filepath.Join(root, "lib"), filepath.Join(root, "lib64"))
		}
	}
	return dirs
}

// Multiarch returns Debian's multiarch triplet of this architecture, the
// name of the system's library directory under /usr/lib, such as
// "x86_64-linux-gnu".
func Multiarch() string {
	switch runtime.GOARCH {
	case "arm64":
		return "aarch64-linux-gnu"
	case "ppc64le":
		return "powerpc64le-linux-gnu"
	}
	return "x86_64-linux-gnu"
}
