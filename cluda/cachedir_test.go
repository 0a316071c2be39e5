package cluda

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCacheDirRefused checks that a directory others could write into, or
// that is not the user's, is not used, with one warning.
func TestCacheDirRefused(t *testing.T) {
	tests := []struct {
		name string
		dir  func(t *testing.T) string
		want string
	}{
		{"writable by others", func(t *testing.T) string {
			dir := t.TempDir()
			if err := os.Chmod(dir, 0o777); err != nil {
				t.Fatal(err)
			}
			return dir
		}, "other users can write it"},
		{"writable by the group", func(t *testing.T) string {
			dir := t.TempDir()
			if err := os.Chmod(dir, 0o770); err != nil {
				t.Fatal(err)
			}
			return dir
		}, "other users can write it"},
		{"owned by another user", func(t *testing.T) string {
			if os.Geteuid() != 0 {
				t.Skip("only root can give a directory to another user")
			}
			dir := t.TempDir()
			if err := os.Chown(dir, 65534, 65534); err != nil {
				t.Fatal(err)
			}
			return dir
		}, "belongs to user 65534"},
		{"a file", func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "file")
			writeFile(t, path, nil)
			return path
		}, "not a directory"},
		{"under a file", func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "file")
			writeFile(t, path, nil)
			return filepath.Join(path, "programs")
		}, "not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			warnings := captureWarnings(t)
			dir := tt.dir(t)
			t.Setenv(CacheDirEnv, dir)
			for range 2 {
				if c := newDiskCache(); c != nil {
					t.Fatalf("the cache uses %s", c.dir)
				}
			}
			got := warnings.String()
			if strings.Count(got, "\n") != 1 || !strings.Contains(got, dir) || !strings.Contains(got, tt.want) {
				t.Errorf("warnings %q, want one that names %s and says %q", got, dir, tt.want)
			}
			if entries, _ := filepath.Glob(filepath.Join(dir, "*")); len(entries) != 0 {
				t.Errorf("the refused directory got files: %v", entries)
			}
		})
	}
}

// TestCacheDirUnwritable checks that a cache directory that cannot be
// written warns once and costs nothing else: programs still build.
func TestCacheDirUnwritable(t *testing.T) {
	warnings := captureWarnings(t)
	dir := filepath.Join(t.TempDir(), "programs")
	thr := cacheThread(t, dir)
	// Whatever the user's rights (root writes read-only directories), a
	// directory that has gone cannot be written.
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	runScale(t, thr, cachedKernel, "twice", 2)
	runScale(t, thr, otherKernel, "thrice", 3)
	got := warnings.String()
	if strings.Count(got, "\n") != 1 || !strings.Contains(got, "cannot write the program cache "+dir) {
		t.Errorf("warnings %q, want one that says the cache cannot be written", got)
	}
}

func TestCacheEnv(t *testing.T) {
	tests := []struct {
		dir, maxMB string
		on         bool
		maxBytes   int64
		warning    string
	}{
		{"off", "", false, 0, ""},
		{"", "", true, DefaultCacheMaxMB << 20, ""},
		{"", "3", true, 3 << 20, ""},
		{"", "0", false, 0, ""},
		{"", "-1", true, DefaultCacheMaxMB << 20, `REIKNA_CACHE_MAX_MB="-1" is not a whole number of MiB`},
		{"", "lots", true, DefaultCacheMaxMB << 20, `REIKNA_CACHE_MAX_MB="lots"`},
	}
	for _, tt := range tests {
		t.Run(tt.dir+"/"+tt.maxMB, func(t *testing.T) {
			warnings := captureWarnings(t)
			dir := tt.dir
			if dir == "" {
				dir = t.TempDir()
			}
			t.Setenv(CacheDirEnv, dir)
			t.Setenv(CacheMaxMBEnv, tt.maxMB)
			c := newDiskCache()
			if (c != nil) != tt.on {
				t.Fatalf("cache %v, want on = %v", c, tt.on)
			}
			if c != nil && c.maxBytes != tt.maxBytes {
				t.Errorf("bound %d bytes, want %d", c.maxBytes, tt.maxBytes)
			}
			if got := warnings.String(); tt.warning == "" && got != "" || !strings.Contains(got, tt.warning) {
				t.Errorf("warnings %q, want %q", got, tt.warning)
			}
		})
	}
}

// TestPoCLCacheFollows runs processes with the program cache off and on,
// and checks where PoCL's own kernel cache goes: nowhere under the home
// directory, and into the program cache's directory.
func TestPoCLCacheFollows(t *testing.T) {
	if os.Getenv("CLUDA_TEST_CHILD") == "pocl" {
		runScale(t, testThread(t), otherKernel, "thrice", 3)
		return
	}
	if !strings.Contains(testThread(t).params.PlatformName, "Portable Computing Language") {
		t.Skip("the device is not PoCL's")
	}
	home := t.TempDir()
	cache := filepath.Join(t.TempDir(), "programs")
	for _, setting := range []string{"off", cache} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPoCLCacheFollows$", "-test.count=1")
		for _, kv := range os.Environ() {
			name, _, _ := strings.Cut(kv, "=")
			switch name {
			case "HOME", "XDG_CACHE_HOME", "POCL_CACHE_DIR", "POCL_KERNEL_CACHE", CacheDirEnv:
			default:
				cmd.Env = append(cmd.Env, kv)
			}
		}
		cmd.Env = append(cmd.Env, "CLUDA_TEST_CHILD=pocl", "HOME="+home, CacheDirEnv+"="+setting)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s=%s: %v\n%s", CacheDirEnv, setting, err, out)
		}
	}
	if entries, _ := os.ReadDir(home); len(entries) != 0 {
		t.Errorf("PoCL wrote into the home directory: %v", entries)
	}
	if entries, _ := os.ReadDir(filepath.Join(cache, "pocl")); len(entries) == 0 {
		t.Errorf("PoCL's kernel cache is not in %s", filepath.Join(cache, "pocl"))
	}
}
