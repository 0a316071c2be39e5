package cluda

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// childEnv returns the environment of a child test process: this one's,
// without PoCL's settings and the program cache's, with extra
// ("NAME=value") added.
func childEnv(extra ...string) []string {
	drop := map[string]bool{"POCL_CACHE_DIR": true, "POCL_KERNEL_CACHE": true, "XDG_CACHE_HOME": true, CacheDirEnv: true}
	for _, kv := range extra {
		name, _, _ := strings.Cut(kv, "=")
		drop[name] = true
	}
	var env []string
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); !drop[name] {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// skipUnlessPoCL skips a test whose device is not PoCL's.
func skipUnlessPoCL(t *testing.T) {
	t.Helper()
	if !isPoCL(testThread(t).params) {
		t.Skip("the device is not PoCL's")
	}
}

// privateTempDir returns a new directory of the test, mode 0700 whatever
// the umask.
func privateTempDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	return dir
}

// mkdirMode makes the directory path with mode perm, whatever the umask.
func mkdirMode(t *testing.T, path string, perm os.FileMode) {
	t.Helper()
	if err := os.Mkdir(path, perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil {
		t.Fatal(err)
	}
}

// symlink makes a symbolic link at path to target.
func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.Symlink(target, path); err != nil {
		t.Skip("no symbolic links here:", err)
	}
}

// checkPrivateDir fails the test unless path is a directory, not a link,
// of the user's, that no other user can write.
func checkPrivateDir(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.IsDir() {
		t.Fatalf("%s is %v, not a directory", path, fi.Mode().Type())
	}
	if err := checkPrivate(fi); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// checkEmpty fails the test if dir holds anything.
func checkEmpty(t *testing.T, dir string) {
	t.Helper()
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Errorf("%s holds %v (%v): something was written into it", dir, entries, err)
	}
}

// poclAttacks are what another user may have planted at PoCL's cache
// directory in the program cache, DIR/pocl. Each is refused; planted is
// the directory whose contents must stay as they are.
var poclAttacks = []struct {
	name  string
	plant func(t *testing.T, pocl string) (planted string)
	want  string
}{
	{"link to a directory others can write", func(t *testing.T, pocl string) string {
		target := t.TempDir()
		if err := os.Chmod(target, 0o777); err != nil {
			t.Fatal(err)
		}
		symlink(t, target, pocl)
		return target
	}, "symbolic link"},
	{"link to a private directory", func(t *testing.T, pocl string) string {
		target := privateTempDir(t)
		symlink(t, target, pocl)
		return target
	}, "symbolic link"},
	{"writable by others", func(t *testing.T, pocl string) string {
		mkdirMode(t, pocl, 0o777)
		return pocl
	}, "other users can write it"},
	{"writable by the group", func(t *testing.T, pocl string) string {
		mkdirMode(t, pocl, 0o770)
		return pocl
	}, "other users can write it"},
	{"owned by another user", func(t *testing.T, pocl string) string {
		if os.Geteuid() != 0 {
			t.Skip("only root can give a directory to another user")
		}
		mkdirMode(t, pocl, 0o700)
		if err := os.Chown(pocl, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		return pocl
	}, "belongs to user 65534"},
}

// TestPoCLDirRefused checks that PoCL's cache is not kept in a DIR/pocl
// that another user planted (a symbolic link, a directory others can
// write or own) and that the refusal warns: PoCL's cache is then off and
// its scratch files go to a private directory under the temporary one.
func TestPoCLDirRefused(t *testing.T) {
	for _, tt := range poclAttacks {
		t.Run(tt.name, func(t *testing.T) {
			warnings := captureWarnings(t)
			cache, tmp := privateTempDir(t), privateTempDir(t)
			pocl := filepath.Join(cache, "pocl")
			tt.plant(t, pocl)
			s := planPoCL(cache, tmp)
			if !s.kernelCacheOff || s.trials != "" || filepath.Dir(s.dir) != tmp {
				t.Fatalf("PoCL gets %+v, want its cache off in a scratch directory of %s", s, tmp)
			}
			checkPrivateDir(t, s.dir)
			if got := warnings.String(); !strings.Contains(got, pocl) || !strings.Contains(got, tt.want) {
				t.Errorf("warnings %q, want one that names %s and says %q", got, pocl, tt.want)
			}
		})
	}
}

// TestPoCLDirAttacksWriteNothing runs a kernel in a process whose program
// cache holds a planted DIR/pocl, and checks that PoCL wrote nothing into
// what was planted, and that the process warned.
func TestPoCLDirAttacksWriteNothing(t *testing.T) {
	if os.Getenv("CLUDA_TEST_CHILD") == "pocl-run" {
		runScale(t, testThread(t), otherKernel, "thrice", 3)
		return
	}
	skipUnlessPoCL(t)
	for _, tt := range poclAttacks {
		t.Run(tt.name, func(t *testing.T) {
			cache, tmp, home := privateTempDir(t), privateTempDir(t), privateTempDir(t)
			pocl := filepath.Join(cache, "pocl")
			planted := tt.plant(t, pocl)
			out := runChild(t, "^TestPoCLDirAttacksWriteNothing$", "pocl-run",
				CacheDirEnv+"="+cache, "TMPDIR="+tmp, "HOME="+home)
			checkEmpty(t, planted)
			if !strings.Contains(out, "PoCL's kernel cache is not kept in "+cache) {
				t.Errorf("the process does not warn of %s:\n%s", pocl, out)
			}
		})
	}
}

// runChild runs the test binary's tests that match run, with
// CLUDA_TEST_CHILD set to child and the environment childEnv gives for
// extra, and returns its output; it fails the test if the process fails.
func runChild(t *testing.T, run, child string, extra ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run="+run, "-test.count=1", "-test.v")
	cmd.Env = childEnv(append(extra, "CLUDA_TEST_CHILD="+child)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %v\n%s", extra, err, out)
	}
	return string(out)
}

// TestPoCLScratchNotThroughLink checks PoCL's scratch directory, used
// where the program cache is off: whatever another user planted at its
// predictable name is not used, and a new private directory is, with a
// warning; a directory of the temporary one that others could swap is not
// used at all.
func TestPoCLScratchNotThroughLink(t *testing.T) {
	name := fmt.Sprintf("reikna-go-pocl-%d", os.Geteuid())
	tests := []struct {
		name  string
		plant func(t *testing.T, tmp string) (planted string)
		fresh bool   // a new directory is used
		want  string // in the warning; "" for none
	}{
		{"nothing planted", func(t *testing.T, tmp string) string { return "" }, false, ""},
		{"a private directory of the user's", func(t *testing.T, tmp string) string {
			mkdirMode(t, filepath.Join(tmp, name), 0o700)
			return ""
		}, false, ""},
		{"link to a private directory", func(t *testing.T, tmp string) string {
			target := privateTempDir(t)
			symlink(t, target, filepath.Join(tmp, name))
			return target
		}, true, "symbolic link"},
		{"link to nowhere", func(t *testing.T, tmp string) string {
			symlink(t, filepath.Join(t.TempDir(), "none"), filepath.Join(tmp, name))
			return ""
		}, true, "symbolic link"},
		{"writable by others", func(t *testing.T, tmp string) string {
			mkdirMode(t, filepath.Join(tmp, name), 0o777)
			return filepath.Join(tmp, name)
		}, true, "other users can write it"},
		{"a file", func(t *testing.T, tmp string) string {
			writeFile(t, filepath.Join(tmp, name), nil)
			return ""
		}, true, "not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			warnings := captureWarnings(t)
			tmp := privateTempDir(t)
			planted := tt.plant(t, tmp)
			s := planPoCL("", tmp)
			if !s.kernelCacheOff || s.trials != "" || filepath.Dir(s.dir) != tmp {
				t.Fatalf("PoCL gets %+v, want its cache off in a scratch directory of %s", s, tmp)
			}
			if fresh := s.dir != filepath.Join(tmp, name); fresh != tt.fresh {
				t.Errorf("PoCL's scratch directory is %s; want a new one: %v", s.dir, tt.fresh)
			}
			checkPrivateDir(t, s.dir)
			if planted != "" {
				checkEmpty(t, planted)
			}
			got := warnings.String()
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) || tt.fresh && !strings.Contains(got, s.dir) {
				t.Errorf("warnings %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("temporary directory others can swap in", func(t *testing.T) {
		warnings := captureWarnings(t)
		tmp := t.TempDir()
		if err := os.Chmod(tmp, 0o777); err != nil {
			t.Fatal(err)
		}
		if s := planPoCL("", tmp); s.dir != "" || !s.kernelCacheOff {
			t.Errorf("PoCL gets %+v, want its cache off and no directory in %s", s, tmp)
		}
		checkEmpty(t, tmp)
		if got := warnings.String(); !strings.Contains(got, "without the sticky bit") {
			t.Errorf("warnings %q, want one of the missing sticky bit", got)
		}
	})
	t.Run("temporary directory with the sticky bit", func(t *testing.T) {
		tmp := t.TempDir()
		if err := os.Chmod(tmp, 0o777|os.ModeSticky); err != nil {
			t.Fatal(err)
		}
		s := planPoCL("", tmp)
		if s.dir != filepath.Join(tmp, name) {
			t.Errorf("PoCL gets %+v, want %s", s, filepath.Join(tmp, name))
		}
	})
}

// TestPoCLScratchLinkWritesNothing runs a kernel in a process with the
// program cache off, whose scratch directory's name is a link to a
// private directory planted beforehand, and checks that PoCL wrote
// nothing there.
func TestPoCLScratchLinkWritesNothing(t *testing.T) {
	if os.Getenv("CLUDA_TEST_CHILD") == "pocl-run" {
		runScale(t, testThread(t), otherKernel, "thrice", 3)
		return
	}
	skipUnlessPoCL(t)
	tmp, home, target := privateTempDir(t), privateTempDir(t), privateTempDir(t)
	link := filepath.Join(tmp, fmt.Sprintf("reikna-go-pocl-%d", os.Geteuid()))
	symlink(t, target, link)
	out := runChild(t, "^TestPoCLScratchLinkWritesNothing$", "pocl-run",
		CacheDirEnv+"=off", "TMPDIR="+tmp, "HOME="+home)
	checkEmpty(t, target)
	checkEmpty(t, home)
	if !strings.Contains(out, "PoCL's scratch directory "+link+" is not used") {
		t.Errorf("the process does not warn of %s:\n%s", link, out)
	}
}

// TestPoCLDirsRemoved runs a kernel in a process whose program cache is
// then removed, with PoCL's cache in it, and checks that later builds
// and first launches still run: the directories PoCL was handed are made
// again, private.
func TestPoCLDirsRemoved(t *testing.T) {
	if os.Getenv("CLUDA_TEST_CHILD") == "pocl-removed" {
		cache := os.Getenv(CacheDirEnv)
		runScale(t, testThread(t), otherKernel, "thrice", 3)
		if err := os.RemoveAll(cache); err != nil {
			t.Fatal(err)
		}
		runScale(t, testThread(t), removedKernel, "five_times", 5)
		checkPrivateDir(t, filepath.Join(cache, "pocl"))
		return
	}
	skipUnlessPoCL(t)
	cache := filepath.Join(privateTempDir(t), "cache")
	runChild(t, "^TestPoCLDirsRemoved$", "pocl-removed", CacheDirEnv+"="+cache, "HOME="+privateTempDir(t))
}

// removedKernel is a kernel of its own for TestPoCLDirsRemoved, built
// after the cache is gone.
const removedKernel = "KERNEL void five_times(GLOBAL_MEM float *x) { x[get_global_id(0)] *= 5.0f; }"
