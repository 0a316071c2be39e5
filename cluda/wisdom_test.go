package cluda

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// forgetWisdom empties the choices of this process, so that the next
// Choice reads the disk.
func forgetWisdom() {
	wisdomMu.Lock()
	defer wisdomMu.Unlock()
	clear(wisdomChoices)
}

// TestWisdom stores a choice, finds it again from memory and, in what
// stands for a later process, from disk; and distrusts every entry that is
// not a sound one of its key: damaged, of another key, a symbolic link.
func TestWisdom(t *testing.T) {
	dir := t.TempDir()
	thr := cacheThread(t, dir)
	w := thr.Wisdom()
	if w.dir == "" {
		t.Fatal("the wisdom of a Thread with a disk cache is not on disk")
	}
	forgetWisdom()
	if _, ok := w.Choice("fft 8x1024 axis 1"); ok {
		t.Fatal("a choice before any was stored")
	}
	if err := w.SetChoice("fft 8x1024 axis 1", "regE16"); err != nil {
		t.Fatal(err)
	}
	if c, ok := w.Choice("fft 8x1024 axis 1"); !ok || c != "regE16" {
		t.Fatalf("Choice = %q, %v, want regE16", c, ok)
	}
	forgetWisdom()
	if c, ok := w.Choice("fft 8x1024 axis 1"); !ok || c != "regE16" {
		t.Fatalf("Choice from disk = %q, %v, want regE16", c, ok)
	}
	path := w.path(w.fullKey("fft 8x1024 axis 1"))

	for _, tc := range []struct {
		name   string
		damage func()
	}{
		{"a byte flipped", func() {
			data, _ := os.ReadFile(path)
			data[len(wisdomMagic)+3] ^= 1
			os.WriteFile(path, data, 0o600)
		}},
		{"another key's entry", func() {
			os.WriteFile(path, encodeWisdom(w.fullKey("another computation"), "regE8"), 0o600)
		}},
		{"a symbolic link", func() {
			other := filepath.Join(t.TempDir(), "elsewhere")
			os.WriteFile(other, encodeWisdom(w.fullKey("fft 8x1024 axis 1"), "regE8"), 0o600)
			os.Remove(path)
			os.Symlink(other, path)
		}},
		{"truncated", func() { os.WriteFile(path, wisdomMagic, 0o600) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := w.SetChoice("fft 8x1024 axis 1", "regE16"); err != nil {
				t.Fatal(err)
			}
			forgetWisdom()
			tc.damage()
			if c, ok := w.Choice("fft 8x1024 axis 1"); ok {
				t.Errorf("a damaged entry gave the choice %q", c)
			}
			if _, err := os.Lstat(path); err == nil {
				t.Error("the unsound entry is still there")
			}
		})
	}
}

// TestWisdomExportImport exports the choices of this process and imports
// them into what stands for another, and refuses a stream that is not
// such choices, importing none of it.
func TestWisdomExportImport(t *testing.T) {
	t.Setenv(CacheDirEnv, "off")
	w := testThread(t).Wisdom()
	if w.dir != "" {
		t.Fatal("the wisdom of a Thread without a disk cache is on disk")
	}
	forgetWisdom()
	for k, c := range map[string]string{"a": "x", "b": "y"} {
		if err := w.SetChoice(k, c); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := ExportWisdom(&buf); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n"); n != 2 {
		t.Fatalf("exported %d lines, want 2:\n%s", n, buf.String())
	}
	forgetWisdom()
	if err := ImportWisdom(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatal(err)
	}
	if c, ok := w.Choice("b"); !ok || c != "y" {
		t.Errorf("imported Choice(b) = %q, %v, want y", c, ok)
	}
	forgetWisdom()
	bad := buf.String() + "{\"key\": \"c\"}\n"
	if err := ImportWisdom(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("a stream with a line without a choice: %v, want an error naming line 3", err)
	}
	if _, ok := w.Choice("a"); ok {
		t.Error("a refused stream imported a choice")
	}
}
