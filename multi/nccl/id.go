package nccl

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Broadcaster is what BcastID needs of a communicator of processes: its
// rank and a broadcast of bytes from a root rank to every rank.
// multi/mpi's *mpi.Comm (MPI_Bcast) is one.
type Broadcaster interface {
	Rank() int
	Bcast(buf []byte, root int) error
}

// BcastID gives every rank of b the same unique id: rank 0 makes it
// (NewUniqueID) and broadcasts it to the others. Every rank of b must call
// it. Where rank 0 cannot make an id it still takes part in the broadcast,
// telling the others, so that every rank returns an error rather than
// wait.
func BcastID(b Broadcaster) (UniqueID, error) { return bcastID(b, NewUniqueID) }

func bcastID(b Broadcaster, newID func() (UniqueID, error)) (UniqueID, error) {
	// buf is a status byte, 1 where rank 0 made the id, and the id.
	var buf [1 + IDBytes]byte
	var made error
	if b.Rank() == 0 {
		id, err := newID()
		if err == nil {
			buf[0] = 1
			copy(buf[1:], id[:])
		}
		made = err
	}
	if err := b.Bcast(buf[:], 0); err != nil {
		return UniqueID{}, fmt.Errorf("nccl: broadcast of the unique id: %w", err)
	}
	switch {
	case made != nil:
		return UniqueID{}, fmt.Errorf("nccl: rank 0: %w", made)
	case buf[0] != 1:
		return UniqueID{}, errors.New("nccl: rank 0 could not make the unique id (its error is in its output)")
	}
	var id UniqueID
	copy(id[:], buf[1:])
	return id, nil
}

// idFileMagic begins an id file; the byte after it is 1 where the file
// holds an id, 0 where rank 0 failed to make one.
const idFileMagic = "reikna-go NCCL unique id\n"

// idFileSize is the size of an id file.
const idFileSize = len(idFileMagic) + 1 + IDBytes

// ErrIDFileExists is returned, wrapped, by WriteIDFile and by rank 0 of
// ExchangeIDFile where the file is there already: an id of an earlier run
// that ranks would read in place of the new one.
var ErrIDFileExists = errors.New("nccl: the id file exists already (from an earlier run? remove it, or name a new file for each run)")

// WriteIDFile writes id to the file at path atomically: it writes a
// temporary file in the same directory and links it to path, so that a
// reader sees the whole file or none, and it refuses to replace a file
// that is there (ErrIDFileExists). On a file system without hard links it
// renames the temporary file into place after checking that path is free.
func WriteIDFile(path string, id UniqueID) error { return writeIDFile(path, &id) }

// writeIDFile writes id, or where id is nil, the mark of rank 0's failure.
func writeIDFile(path string, id *UniqueID) error {
	fail := func(err error) error { return fmt.Errorf("nccl: write the id file %s: %w", path, err) }
	if _, err := os.Lstat(path); err == nil {
		return fail(ErrIDFileExists)
	}
	content := make([]byte, 0, idFileSize)
	content = append(content, idFileMagic...)
	if id != nil {
		content = append(content, 1)
		content = append(content, id[:]...)
	} else {
		content = append(content, 0)
		content = append(content, make([]byte, IDBytes)...)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fail(err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	// The file is readable by the other ranks' users where the directory
	// lets them in; CreateTemp makes it 0600.
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fail(err)
	}
	switch err := os.Link(tmp.Name(), path); {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fail(ErrIDFileExists)
	}
	if _, err := os.Lstat(path); err == nil {
		return fail(ErrIDFileExists)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fail(err)
	}
	return nil
}

// ReadIDFile waits for the id file at path, which rank 0 writes with
// WriteIDFile, polling until it appears or timeout has passed, and returns
// the id it holds. It returns an error at once for a file that is not an
// id file, or one that says rank 0 failed to make the id.
func ReadIDFile(path string, timeout time.Duration) (UniqueID, error) {
	start := time.Now()
	wait := time.Millisecond
	for {
		b, err := os.ReadFile(path)
		switch {
		case err == nil:
			return parseIDFile(path, b)
		case !errors.Is(err, fs.ErrNotExist):
			return UniqueID{}, fmt.Errorf("nccl: read the id file: %w", err)
		}
		waited := time.Since(start)
		if waited >= timeout {
			return UniqueID{}, fmt.Errorf("nccl: no id file %s after %v: did rank 0 start, and does every rank see the same file system?", path, waited.Round(time.Millisecond))
		}
		time.Sleep(min(wait, timeout-waited))
		wait = min(2*wait, 100*time.Millisecond)
	}
}

// parseIDFile returns the id of the content b of an id file.
func parseIDFile(path string, b []byte) (UniqueID, error) {
	if len(b) != idFileSize || !bytes.HasPrefix(b, []byte(idFileMagic)) {
		return UniqueID{}, fmt.Errorf("nccl: %s is not an id file of the package (%d bytes, want %d beginning %q)", path, len(b), idFileSize, idFileMagic)
	}
	rest := b[len(idFileMagic):]
	if rest[0] != 1 {
		return UniqueID{}, fmt.Errorf("nccl: %s says rank 0 could not make the unique id (its error is in its output)", path)
	}
	var id UniqueID
	copy(id[:], rest[1:])
	return id, nil
}

// ExchangeIDFile gives the ranks of a job the same unique id through a
// file that all of them see (a shared file system across hosts): rank 0
// makes the id (NewUniqueID) and writes it to path (WriteIDFile), the
// others wait for it up to timeout (ReadIDFile). Name a new file for each
// run, such as one with the job's id in it: rank 0 refuses one that is
// there. Where rank 0 cannot make the id it writes a file that says so,
// and the others return an error at once. Once NewComm has returned on
// every rank the file has served, and rank 0 may remove it.
func ExchangeIDFile(path string, rank int, timeout time.Duration) (UniqueID, error) {
	return exchangeIDFile(path, rank, timeout, NewUniqueID)
}

func exchangeIDFile(path string, rank int, timeout time.Duration, newID func() (UniqueID, error)) (UniqueID, error) {
	switch {
	case rank < 0:
		return UniqueID{}, fmt.Errorf("nccl: id file exchange: rank %d", rank)
	case rank > 0:
		return ReadIDFile(path, timeout)
	}
	id, err := newID()
	if err != nil {
		if werr := writeIDFile(path, nil); werr != nil {
			return UniqueID{}, fmt.Errorf("nccl: rank 0: %w (and telling the others failed: %v)", err, werr)
		}
		return UniqueID{}, fmt.Errorf("nccl: rank 0: %w", err)
	}
	if err := writeIDFile(path, &id); err != nil {
		return UniqueID{}, err
	}
	return id, nil
}
