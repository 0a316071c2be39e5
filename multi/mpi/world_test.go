package mpi_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/multi/mpi"
	"github.com/reikna-go/reikna/multi/mpi/mpitest"
)

// worldRanks is the number of processes TestWorld starts: more than two,
// so that blocks of different sizes cross between every pair.
const worldRanks = 3

// TestWorld runs TestWorldWorker in worldRanks processes under mpirun.
func TestWorld(t *testing.T) {
	if mpitest.Worker() {
		t.Skip("a worker runs TestWorldWorker only")
	}
	if err := mpi.Load(); err != nil {
		mpitest.Missing(t, "the MPI library: %v", err)
	}
	mpitest.Run(t, worldRanks, "TestWorldWorker")
}

// blockByte is the value of byte i of the block that rank from sends to
// rank to.
func blockByte(from, to, i int) byte { return byte(31*from + 7*to + i) }

// blockLen is the length of the block that rank from sends to rank to:
// every pair another length, the block a rank keeps among them.
func blockLen(from, to int) int { return 1 + 3*from + 5*to }

// TestWorldWorker is one rank of TestWorld: it initialises MPI, checks the
// world's size, and runs a barrier, a broadcast and an all-to-all of
// blocks of every length, each rank checking what it got.
func TestWorldWorker(t *testing.T) {
	if !mpitest.Worker() {
		t.Skip("a worker of TestWorld, which runs it under mpirun")
	}
	if _, err := mpi.World(); !errors.Is(err, mpi.ErrNotInitialized) {
		t.Fatalf("World before Init: error %v, want ErrNotInitialized", err)
	}
	if err := mpi.Init(); err != nil {
		t.Fatal(err)
	}
	if err := mpi.Init(); err != nil {
		t.Fatalf("Init again: %v", err)
	}
	world, err := mpi.World()
	if err != nil {
		t.Fatal(err)
	}
	if world.Size() != worldRanks || world.Rank() < 0 || world.Rank() >= worldRanks {
		t.Fatalf("%v, want one of %d ranks", world, worldRanks)
	}
	if local, ok := mpi.LocalRank(); !ok || local < 0 || local >= worldRanks {
		t.Errorf("LocalRank: %d, %v; want one of the %d ranks of this host", local, ok, worldRanks)
	}
	if ok, err := mpi.Initialized(); !ok || err != nil {
		t.Errorf("Initialized: %v, %v", ok, err)
	}
	if err := world.Barrier(); err != nil {
		t.Fatal(err)
	}

	msg := []byte(fmt.Sprintf("from rank %d", 1))
	buf := make([]byte, len(msg))
	if world.Rank() == 1 {
		copy(buf, msg)
	}
	if err := world.Bcast(buf, 1); err != nil {
		t.Fatal(err)
	}
	if string(buf) != string(msg) {
		t.Errorf("broadcast from rank 1: got %q", buf)
	}

	me, n := world.Rank(), world.Size()
	sendCounts, sendDispls := make([]int, n), make([]int, n)
	recvCounts, recvDispls := make([]int, n), make([]int, n)
	var sendLen, recvLen int
	for r := range n {
		// The blocks lie in the buffers in reverse rank order, with a gap
		// before each, so that displacements matter.
		q := n - 1 - r
		sendDispls[q], sendCounts[q] = sendLen+1, blockLen(me, q)
		sendLen += 1 + sendCounts[q]
		recvDispls[q], recvCounts[q] = recvLen+2, blockLen(q, me)
		recvLen += 2 + recvCounts[q]
	}
	send, recv := make([]byte, sendLen), make([]byte, recvLen)
	for to := range n {
		for i := range sendCounts[to] {
			send[sendDispls[to]+i] = blockByte(me, to, i)
		}
	}
	if err := world.Alltoallv(send, sendCounts, sendDispls, recv, recvCounts, recvDispls); err != nil {
		t.Fatal(err)
	}
	for from := range n {
		for i := range recvCounts[from] {
			if got, want := recv[recvDispls[from]+i], blockByte(from, me, i); got != want {
				t.Fatalf("rank %d: byte %d of the block from rank %d is %d, want %d", me, i, from, got, want)
			}
		}
	}

	// Split: the even ranks and the odd ones, numbered backwards; each
	// part broadcasts its first rank's world rank.
	part, err := world.Split(me%2, -me)
	if err != nil {
		t.Fatal(err)
	}
	if wantSize := (n + 1 - me%2) / 2; part.Size() != wantSize || part.Rank() != wantSize-1-me/2 {
		t.Errorf("world rank %d: split into %v, want rank %d of %d", me, part, wantSize-1-me/2, wantSize)
	}
	first := []byte{byte(me)}
	if err := part.Bcast(first, 0); err != nil {
		t.Fatal(err)
	}
	if want := byte(me%2 + 2*(part.Size()-1)); first[0] != want {
		t.Errorf("world rank %d: its part's rank 0 is world rank %d, want %d", me, first[0], want)
	}
	if err := part.Free(); err != nil {
		t.Error(err)
	}
	if _, err := world.Split(-1, 0); err == nil {
		t.Error("a negative color was accepted")
	}
	if err := world.Free(); err == nil {
		t.Error("Free of the world succeeded")
	}

	if t.Failed() {
		return // leave Finalize, which waits for every rank
	}
	if err := mpi.Finalize(); err != nil {
		t.Fatal(err)
	}
	if err := world.Barrier(); !errors.Is(err, mpi.ErrFinalized) {
		t.Errorf("Barrier after Finalize: error %v, want ErrFinalized", err)
	}
	if ok, err := mpi.Finalized(); !ok || err != nil {
		t.Errorf("Finalized: %v, %v", ok, err)
	}
}
