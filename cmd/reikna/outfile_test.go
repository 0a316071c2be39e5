package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkOnly fails the test unless dir holds exactly the named files: no
// temporary file is left.
func checkOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("the directory holds %v, want %v", got, names)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestOutputFile(t *testing.T) {
	tests := []struct {
		name   string
		exists bool
		commit bool
		want   string
	}{
		{"new, committed", false, true, "new result"},
		{"new, aborted", false, false, ""},
		{"existing, committed", true, true, "new result"},
		{"existing, aborted", true, false, "the old result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.txt")
			if tt.exists {
				if err := os.WriteFile(path, []byte("the old result"), 0o640); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, 0o640); err != nil {
					t.Fatal(err)
				}
			}
			o, err := createOutput(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(o, "new ")
			if tt.exists && readString(t, path) != "the old result" {
				t.Fatal("the existing output changed before the new one was complete")
			}
			io.WriteString(o, "result")
			if tt.commit {
				if err := o.commit(); err != nil {
					t.Fatal(err)
				}
			}
			o.abort()
			if !tt.exists && !tt.commit {
				checkOnly(t, dir)
				return
			}
			checkOnly(t, dir, "out.txt")
			if got := readString(t, path); got != tt.want {
				t.Errorf("the output holds %q, want %q", got, tt.want)
			}
			if fi, _ := os.Stat(path); tt.exists && fi.Mode().Perm() != 0o640 {
				t.Errorf("the output's mode is %v, want the old file's 0640", fi.Mode().Perm())
			}
		})
	}
}

// TestOutputFileTargets checks outputs that are not plain files in a
// directory: a link, which keeps pointing at the new output, and a
// device, written in place.
func TestOutputFileTargets(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.txt")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("target.txt", link); err != nil {
		t.Skip(err)
	}
	o, err := createOutput(link, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(o, "new")
	if err := o.commit(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", fi.Mode(), err)
	}
	if got := readString(t, target); got != "new" {
		t.Errorf("the link's target holds %q", got)
	}

	o, err = createOutput(os.DevNull, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(o, "discarded")
	if err := o.commit(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Errorf("%s is no longer a device: %v, %v", os.DevNull, fi.Mode(), err)
	}
}
