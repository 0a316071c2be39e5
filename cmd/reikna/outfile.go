package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// outputFile is where a command writes its result. A regular file (new or
// existing) is written to a temporary file beside it, which replaces it
// only once it is complete: a failure leaves no partial output, and an
// existing file stays as it was until the new one is whole. Standard
// output ("-") and files that are not regular (a device, a FIFO) are
// written directly.
type outputFile struct {
	io.Writer
	name string   // as given, for messages
	file *os.File // nil for standard output
	dest string   // the file the temporary file replaces; "" when written directly
}

// createOutput opens the output name ("-": stdout).
func createOutput(name string, stdout io.Writer) (*outputFile, error) {
	if name == "-" {
		return &outputFile{Writer: stdout, name: name}, nil
	}
	dest := name
	// A link is followed: its target gets the output, as it would if it
	// were written in place.
	if resolved, err := filepath.EvalSymlinks(name); err == nil {
		dest = resolved
	}
	var perm fs.FileMode = 0o666 // less the umask, as for a new file
	fi, err := os.Stat(dest)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		f, err := os.OpenFile(dest, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &outputFile{Writer: f, name: name, file: f}, nil
	case err == nil:
		perm = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	f, err := createBeside(dest, perm)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary file's name would puzzle
		}
		return nil, fmt.Errorf("%s: %w (the output is written to a new file in its directory first)", name, err)
	}
	if fi != nil {
		// The umask may have taken bits that the file had.
		f.Chmod(perm)
	}
	return &outputFile{Writer: f, name: name, file: f, dest: dest}, nil
}

// createBeside creates a new temporary file in the directory of dest.
func createBeside(dest string, perm fs.FileMode) (*os.File, error) {
	dir, base := filepath.Split(dest)
	for range 100 {
		tmp := filepath.Join(dir, fmt.Sprintf(".%s.%08x.tmp", base, rand.Uint32()))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("%s: no free name for a temporary file beside it", dest)
}

// commit completes the output: the temporary file is synced, closed and
// renamed over the destination.
func (o *outputFile) commit() error {
	if o.file == nil {
		return nil
	}
	f := o.file
	o.file = nil
	if o.dest == "" {
		return f.Close()
	}
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), o.dest)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", o.name, err)
	}
	return nil
}

// abort drops an output that was not committed: the temporary file is
// removed, and the destination is left as it was. It does nothing after
// commit.
func (o *outputFile) abort() {
	if o.file == nil {
		return
	}
	o.file.Close()
	if o.dest != "" {
		os.Remove(o.file.Name())
	}
	o.file = nil
}
