package nccl

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeID returns a function that makes the id whose bytes are seed+i,
// after a delay, or the error err.
func fakeID(seed byte, delay time.Duration, err error) func() (UniqueID, error) {
	return func() (UniqueID, error) {
		time.Sleep(delay)
		if err != nil {
			return UniqueID{}, err
		}
		var id UniqueID
		for i := range id {
			id[i] = seed + byte(i)
		}
		return id, nil
	}
}

// ranks runs f for ranks 0 to n-1 on goroutines and returns their ids and
// errors.
func ranks(n int, f func(rank int) (UniqueID, error)) ([]UniqueID, []error) {
	ids, errs := make([]UniqueID, n), make([]error, n)
	var wg sync.WaitGroup
	for r := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids[r], errs[r] = f(r)
		}()
	}
	wg.Wait()
	return ids, errs
}

func TestExchangeIDFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nccl-id")
	want, _ := fakeID(5, 0, nil)()
	// Rank 0 is late: the others poll for the file.
	ids, errs := ranks(4, func(rank int) (UniqueID, error) {
		return exchangeIDFile(path, rank, 10*time.Second, fakeID(5, 50*time.Millisecond, nil))
	})
	for r := range ids {
		if errs[r] != nil || ids[r] != want {
			t.Errorf("rank %d: id %x…, %v; want %x…", r, ids[r][:4], errs[r], want[:4])
		}
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Size() != int64(idFileSize) || fi.Mode().Perm() != 0o644 {
		t.Errorf("the id file: %v, %v", fi, err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("the directory holds %d files, want the id file only", len(entries))
	}
	// A later read gets the same id; a second rank 0 refuses the file.
	if id, err := ReadIDFile(path, 0); err != nil || id != want {
		t.Errorf("ReadIDFile: %x…, %v", id[:4], err)
	}
	_, err = exchangeIDFile(path, 0, time.Second, fakeID(9, 0, nil))
	checkError(t, err, []error{ErrIDFileExists}, nil, path)
	checkError(t, WriteIDFile(path, want), []error{ErrIDFileExists}, nil, path)
}

func TestExchangeIDFileFailure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nccl-id")
	made := errors.New("no network interface")
	start := time.Now()
	_, errs := ranks(3, func(rank int) (UniqueID, error) {
		if rank > 0 {
			time.Sleep(20 * time.Millisecond) // after rank 0, most likely
		}
		return exchangeIDFile(path, rank, 10*time.Second, fakeID(5, 0, made))
	})
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the ranks took %v to fail", took)
	}
	checkError(t, errs[0], []error{made}, nil, "rank 0")
	for r := 1; r < 3; r++ {
		checkError(t, errs[r], nil, nil, path, "rank 0 could not make the unique id")
	}
}

func TestReadIDFileRefusals(t *testing.T) {
	dir := t.TempDir()
	absent := filepath.Join(dir, "absent")
	start := time.Now()
	_, err := ReadIDFile(absent, 30*time.Millisecond)
	checkError(t, err, nil, nil, absent, "no id file", "after")
	if took := time.Since(start); took < 30*time.Millisecond || took > 5*time.Second {
		t.Errorf("ReadIDFile with a timeout of 30ms took %v", took)
	}
	garbage := filepath.Join(dir, "garbage")
	if err := os.WriteFile(garbage, []byte("not an id"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadIDFile(garbage, time.Minute)
	checkError(t, err, nil, nil, garbage, "is not an id file", "9 bytes")
	_, err = exchangeIDFile(garbage, -1, 0, nil)
	checkError(t, err, nil, nil, "rank -1")
	_, err = ReadIDFile(dir, time.Minute)
	checkError(t, err, nil, nil, "read the id file")
}

// fakeBcast is a Broadcaster of goroutines: every rank's channel of a
// shared group carries the root's bytes.
type fakeBcast struct {
	rank, n int
	chans   []chan []byte
	fail    error
}

func newFakeBcasts(n int) []*fakeBcast {
	chans := make([]chan []byte, n)
	for i := range chans {
		chans[i] = make(chan []byte, 1)
	}
	bs := make([]*fakeBcast, n)
	for r := range bs {
		bs[r] = &fakeBcast{rank: r, n: n, chans: chans}
	}
	return bs
}

func (b *fakeBcast) Rank() int { return b.rank }

func (b *fakeBcast) Bcast(buf []byte, root int) error {
	if b.fail != nil {
		return b.fail
	}
	if b.chans == nil { // a group of one
		return nil
	}
	if b.rank == root {
		for r, c := range b.chans {
			if r != root {
				c <- append([]byte(nil), buf...)
			}
		}
		return nil
	}
	got := <-b.chans[b.rank]
	if len(got) != len(buf) {
		return fmt.Errorf("broadcast of %d bytes into %d", len(got), len(buf))
	}
	copy(buf, got)
	return nil
}

func TestBcastID(t *testing.T) {
	want, _ := fakeID(11, 0, nil)()
	bs := newFakeBcasts(4)
	ids, errs := ranks(4, func(rank int) (UniqueID, error) {
		return bcastID(bs[rank], fakeID(11, 20*time.Millisecond, nil))
	})
	for r := range ids {
		if errs[r] != nil || ids[r] != want {
			t.Errorf("rank %d: id %x…, %v; want %x…", r, ids[r][:4], errs[r], want[:4])
		}
	}

	// Rank 0 fails to make the id: every rank returns an error.
	made := errors.New("no network interface")
	bs = newFakeBcasts(3)
	_, errs = ranks(3, func(rank int) (UniqueID, error) {
		return bcastID(bs[rank], fakeID(11, 0, made))
	})
	checkError(t, errs[0], []error{made}, nil, "rank 0")
	for r := 1; r < 3; r++ {
		checkError(t, errs[r], nil, nil, "rank 0 could not make the unique id")
	}

	// The broadcast fails.
	broken := errors.New("MPI_Bcast: error 5")
	_, err := bcastID(&fakeBcast{rank: 1, n: 2, fail: broken}, fakeID(1, 0, nil))
	checkError(t, err, []error{broken}, nil, "broadcast of the unique id")
	if !strings.Contains(err.Error(), "nccl:") {
		t.Errorf("error %q does not say it is the package's", err)
	}
}
