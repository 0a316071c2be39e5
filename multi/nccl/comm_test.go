package nccl

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// checkCalls checks the calls that the fake library logged against want.
func checkCalls(t *testing.T, what string, want ...string) {
	t.Helper()
	if got := calls(t); !slices.Equal(got, want) {
		t.Errorf("%s: the library's calls\n\t%s\nwant\n\t%s", what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestFakeComm runs the package's calls against the fake library, which
// logs them: the id passed by value to ncclCommInitRank, the sends and
// receives of an all-to-all in one group, and the end of a communicator.
func TestFakeComm(t *testing.T) {
	lib := useFake(t)
	id, err := NewUniqueID()
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range id {
		if b != byte(3+7*i) {
			t.Fatalf("byte %d of the id is %d, want %d", i, b, byte(3+7*i))
		}
	}
	c, err := newComm(lib, id, 1, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkCalls(t, "init", fmt.Sprintf("init n=3 rank=1 id=%d,%d,%d", id[0], id[1], id[127]))
	if c.Rank() != 1 || c.Size() != 3 || c.String() != "NCCL rank 1 of 3" {
		t.Errorf("Rank %d, Size %d, String %q", c.Rank(), c.Size(), c)
	}

	// Blocks of 10, 20 and 30 bytes to ranks 0, 1, 2; of 5, 20 and 0 from
	// them (rank 2 sends this one nothing).
	send, recv := region{ptr: 0x10000, size: 100}, region{ptr: 0x20000, size: 100}
	ops, err := planAllToAll(1, 3, send, []int{10, 20, 30}, []int{0, 10, 30}, recv, []int{5, 20, 0}, []int{50, 0, 99})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.group(0, ops); err != nil {
		t.Fatal(err)
	}
	checkCalls(t, "all-to-all", "start",
		"send 0x1000a 20 type=1 peer=1 comm=0x1001 stream=(nil)",
		"recv 0x20000 20 type=1 peer=1 comm=0x1001 stream=(nil)",
		"send 0x1001e 30 type=1 peer=2 comm=0x1001 stream=(nil)",
		"recv 0x20032 5 type=1 peer=0 comm=0x1001 stream=(nil)",
		"send 0x10000 10 type=1 peer=0 comm=0x1001 stream=(nil)",
		"end")
	if err := c.group(0xabc, ops[:1]); err != nil {
		t.Fatal(err)
	}
	checkCalls(t, "one send on a stream", "start", "send 0x1000a 20 type=1 peer=1 comm=0x1001 stream=0xabc", "end")

	// A failed send ends the group still, and says which it was.
	t.Setenv(fakeFail, "send:0")
	err = c.group(0, ops)
	var e *Error
	if !errors.As(err, &e) || e.Call != "ncclSend" || e.Result != InvalidArgument ||
		e.Message != "fake invalid argument" || e.Detail != "fake: bad send buffer" {
		t.Fatalf("failed send: error %#v", err)
	}
	checkError(t, err, []error{InvalidArgument}, nil, "send of 10 bytes to rank 0", "ncclSend", "ncclInvalidArgument", "fake: bad send buffer")
	checkCalls(t, "failed send",
		"start",
		"send 0x1000a 20 type=1 peer=1 comm=0x1001 stream=(nil)",
		"recv 0x20000 20 type=1 peer=1 comm=0x1001 stream=(nil)",
		"send 0x1001e 30 type=1 peer=2 comm=0x1001 stream=(nil)",
		"recv 0x20032 5 type=1 peer=0 comm=0x1001 stream=(nil)",
		"send 0x10000 10 type=1 peer=0 comm=0x1001 stream=(nil)",
		"end")
	t.Setenv(fakeFail, "recv:1")
	checkError(t, c.group(0, ops), []error{InvalidArgument}, nil, "receive of 20 bytes from rank 1", "ncclRecv")
	calls(t)
	t.Setenv(fakeFail, "end")
	err = c.group(0, ops)
	if !errors.As(err, &e) || e.Call != "ncclGroupEnd" || e.Result != RemoteError {
		t.Fatalf("failed group end: error %#v", err)
	}
	calls(t)
	t.Setenv(fakeFail, "")

	// Send and Recv one at a time, in a Group.
	err = Group(func() error {
		if err := c.Send(nil, 0x5000, 7, 2); err != nil {
			return err
		}
		return c.Recv(nil, 0x6000, 8, 0)
	})
	if err != nil {
		t.Fatal(err)
	}
	checkCalls(t, "Group of Send and Recv", "start",
		"send 0x5000 7 type=1 peer=2 comm=0x1001 stream=(nil)",
		"recv 0x6000 8 type=1 peer=0 comm=0x1001 stream=(nil)",
		"end")
	wantErr := errors.New("f failed")
	if err := Group(func() error { return wantErr }); err != wantErr {
		t.Errorf("Group of a failing f: %v", err)
	}
	checkCalls(t, "Group of a failing f", "start", "end")
	for _, tc := range []struct {
		call    func() error
		mention string
	}{
		{func() error { return c.Send(nil, 0x5000, 7, 3) }, "peer 3 is not a rank of the 3"},
		{func() error { return c.Recv(nil, 0x5000, 7, -1) }, "peer -1"},
		{func() error { return c.Send(nil, 0x5000, -1, 0) }, "negative count"},
		{func() error { return c.Recv(nil, 0, 1, 0) }, "null device pointer"},
		{func() error { return c.AllToAll(nil, nil, nil, nil, nil, nil, nil) }, "nil send memory"},
	} {
		checkError(t, tc.call(), nil, nil, tc.mention)
	}
	checkCalls(t, "refused calls")

	if err := c.Destroy(); err != nil {
		t.Fatal(err)
	}
	if err := c.Destroy(); err != nil {
		t.Errorf("Destroy again: %v", err)
	}
	checkCalls(t, "Destroy", "destroy 0x1001")
	checkError(t, c.Send(nil, 0x5000, 7, 2), []error{ErrDestroyed}, nil)
	checkError(t, c.group(0, ops), []error{ErrDestroyed}, nil)

	c, err = newComm(lib, id, 0, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Abort(); err != nil {
		t.Fatal(err)
	}
	checkCalls(t, "Abort", "init n=2 rank=0 id=3,10,124", "abort 0x1000")

	t.Setenv(fakeFail, "init")
	_, err = newComm(lib, id, 2, 4, nil)
	checkError(t, err, []error{InvalidUsage}, nil, "rank 2 of 4", "ncclCommInitRank", "fake: duplicate GPU")
	for _, rs := range [][2]int{{-1, 2}, {2, 2}, {0, 0}} {
		_, err := newComm(lib, id, rs[0], rs[1], nil)
		checkError(t, err, nil, nil, fmt.Sprintf("rank %d of %d", rs[0], rs[1]))
	}
	_, err = NewComm(nil, id, 0, 1)
	checkError(t, err, nil, nil, "nil CUDA context")
}
