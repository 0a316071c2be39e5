package cl

import (
	"bytes"
	"testing"
)

// TestHostAsync writes host memory into a buffer and reads it back with
// the non-blocking copies, checks the bytes after the events complete,
// and the refusals of sizes that do not fit.
func TestHostAsync(t *testing.T) {
	ctx, q := testQueue(t)
	const n = 4096
	b, err := CreateBuffer(ctx, MemReadWrite, n)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	src, err := AllocHost(n)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Free()
	dst, err := AllocHost(n)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Free()
	in, _ := src.Bytes()
	for i := range in {
		in[i] = byte(i*7 + 3)
	}
	w, err := q.WriteHostAsync(b, 0, src, n, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Release()
	r, err := q.ReadHostAsync(b, 0, dst, n, []*Event{w}, true)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	if err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	out, _ := dst.Bytes()
	if !bytes.Equal(in, out) {
		t.Error("the bytes read back differ from those written")
	}
	if _, err := q.WriteHostAsync(b, 1, src, n, nil, false); err == nil {
		t.Error("a write past the buffer's end: no error")
	}
	if _, err := q.ReadHostAsync(b, 0, dst, n+1, nil, false); err == nil {
		t.Error("a read of more bytes than the host memory holds: no error")
	}
	if _, err := AllocHost(0); err == nil {
		t.Error("AllocHost(0): no error")
	}
	src.Free()
	if _, err := q.WriteHostAsync(b, 0, src, 16, nil, false); err == nil {
		t.Error("a write from freed host memory: no error")
	}
}
