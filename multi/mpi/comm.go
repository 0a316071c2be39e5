package mpi

/*
#include "mpiinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"math"
	"unsafe"
)

// Comm is an MPI communicator: MPI_COMM_WORLD (World), the ranks of the
// processes that mpirun started, this process's among them, or a part of
// another that Split made. Its
// collectives must be called by every rank, in the same order. Its
// methods may be called from any goroutine; they run on the package's MPI
// thread one after another.
type Comm struct {
	lib        *library
	handle     C.reikna_mpi_handle
	rank, size int
}

// Rank returns this process's rank, from 0 to Size()-1.
func (c *Comm) Rank() int { return c.rank }

// Size returns the number of ranks.
func (c *Comm) Size() int { return c.size }

// String describes the communicator, such as "MPI rank 1 of 3".
func (c *Comm) String() string { return fmt.Sprintf("MPI rank %d of %d", c.rank, c.size) }

// call runs f on the MPI thread where MPI is active, and wraps its error
// with the operation's name.
func (c *Comm) call(op string, f func() error) error {
	var err error
	run(func() {
		if err = active(); err == nil {
			err = f()
		}
	})
	if err != nil {
		return fmt.Errorf("mpi: %s: %w", op, err)
	}
	return nil
}

// Split returns the communicator of the ranks of c that pass the same
// color, numbered by key and then by their rank in c (MPI_Comm_split),
// such as the rows and the columns of a grid of ranks. It is a collective
// of every rank of c. Errors of the new communicator return, as the
// world's do; Free releases it.
func (c *Comm) Split(color, key int) (*Comm, error) {
	if color < 0 {
		return nil, fmt.Errorf("mpi: split: color %d: want 0 or more", color)
	}
	var out *Comm
	err := c.call("split", func() error {
		var h C.reikna_mpi_handle
		if err := c.lib.check("MPI_Comm_split", C.reikna_MPI_Comm_split(c.lib.fns, c.handle, C.int(color), C.int(key), &h)); err != nil {
			return err
		}
		if err := c.lib.check("MPI_Comm_set_errhandler", C.reikna_MPI_Comm_set_errhandler(c.lib.fns, h, c.lib.entry(C.MP_ompi_mpi_errors_return))); err != nil {
			return err
		}
		var rank, size C.int
		if err := c.lib.check("MPI_Comm_rank", C.reikna_MPI_Comm_rank(c.lib.fns, h, &rank)); err != nil {
			return err
		}
		if err := c.lib.check("MPI_Comm_size", C.reikna_MPI_Comm_size(c.lib.fns, h, &size)); err != nil {
			return err
		}
		out = &Comm{lib: c.lib, handle: h, rank: int(rank), size: int(size)}
		return nil
	})
	return out, err
}

// Free releases a communicator that Split made (MPI_Comm_free), a
// collective of its ranks; the world is not freed.
func (c *Comm) Free() error {
	if c.handle == c.lib.entry(C.MP_ompi_mpi_comm_world) {
		return errors.New("mpi: free: the world is freed by Finalize")
	}
	return c.call("free", func() error {
		return c.lib.check("MPI_Comm_free", C.reikna_MPI_Comm_free(c.lib.fns, &c.handle))
	})
}

// Barrier returns when every rank has called it (MPI_Barrier).
func (c *Comm) Barrier() error {
	return c.call("barrier", func() error {
		return c.lib.check("MPI_Barrier", C.reikna_MPI_Barrier(c.lib.fns, c.handle))
	})
}

// Abort ends every process of the communicator with the exit code code
// (MPI_Abort), for a rank that cannot go on while the others wait for it
// in a collective. It does not return where it succeeds.
func (c *Comm) Abort(code int) error {
	return c.call("abort", func() error {
		return c.lib.check("MPI_Abort", C.reikna_MPI_Abort(c.lib.fns, c.handle, C.int(code)))
	})
}

// Bcast copies the bytes of buf on rank root into buf on every other rank
// (MPI_Bcast); buf must be as long on every rank.
func (c *Comm) Bcast(buf []byte, root int) error {
	if root < 0 || root >= c.size {
		return fmt.Errorf("mpi: bcast: root %d is not a rank of the %d", root, c.size)
	}
	if len(buf) == 0 {
		return nil
	}
	unit, err := countUnit([]int{len(buf)})
	if err != nil {
		return fmt.Errorf("mpi: bcast: %w", err)
	}
	return c.call("bcast", func() error {
		return c.withUnit(unit, func(typ C.reikna_mpi_handle) error {
			return c.lib.check("MPI_Bcast", C.reikna_MPI_Bcast(c.lib.fns, unsafe.Pointer(&buf[0]),
				C.int(len(buf)/unit), typ, C.int(root), c.handle))
		})
	})
}

// Alltoallv sends every rank its block of send and receives a block from
// every rank into recv (MPI_Alltoallv on bytes): rank e gets the
// sendCounts[e] bytes of send from sendDispls[e], and the recvCounts[d]
// bytes that rank d sends land in recv from recvDispls[d]. A rank's own
// block goes from its send to its recv. Every rank must call it, with
// recvCounts[d] on rank e equal to sendCounts[e] on rank d. The buffers
// must not overlap; they are the caller's again when Alltoallv returns.
//
// MPI counts in C ints: where a count or a displacement is beyond 2³¹−1
// bytes, Alltoallv counts in a contiguous datatype of as many bytes as
// divide them all, and returns an error where none brings them in range.
func (c *Comm) Alltoallv(send []byte, sendCounts, sendDispls []int, recv []byte, recvCounts, recvDispls []int) error {
	if err := checkBlocks("send", len(send), sendCounts, sendDispls, c.size); err != nil {
		return fmt.Errorf("mpi: alltoallv: %w", err)
	}
	if err := checkBlocks("receive", len(recv), recvCounts, recvDispls, c.size); err != nil {
		return fmt.Errorf("mpi: alltoallv: %w", err)
	}
	if overlap(send, recv) {
		return errors.New("mpi: alltoallv: the send and receive buffers overlap")
	}
	sendUnit, err := countUnit(sendCounts, sendDispls)
	if err != nil {
		return fmt.Errorf("mpi: alltoallv: send: %w", err)
	}
	recvUnit, err := countUnit(recvCounts, recvDispls)
	if err != nil {
		return fmt.Errorf("mpi: alltoallv: receive: %w", err)
	}
	sc, sd := cInts(sendCounts, sendUnit), cInts(sendDispls, sendUnit)
	rc, rd := cInts(recvCounts, recvUnit), cInts(recvDispls, recvUnit)
	return c.call("alltoallv", func() error {
		return c.withUnit(sendUnit, func(sendType C.reikna_mpi_handle) error {
			return c.withUnit(recvUnit, func(recvType C.reikna_mpi_handle) error {
				return c.lib.check("MPI_Alltoallv", C.reikna_MPI_Alltoallv(c.lib.fns,
					bytesPointer(send), &sc[0], &sd[0], sendType,
					bytesPointer(recv), &rc[0], &rd[0], recvType, c.handle))
			})
		})
	})
}

// withUnit runs f with the datatype of unit bytes: MPI_BYTE, or a
// contiguous datatype made for the call and freed after it. It runs on the
// MPI thread.
func (c *Comm) withUnit(unit int, f func(C.reikna_mpi_handle) error) error {
	byteType := c.lib.entry(C.MP_ompi_mpi_byte)
	if unit == 1 {
		return f(byteType)
	}
	var typ C.reikna_mpi_handle
	if err := c.lib.check("MPI_Type_contiguous", C.reikna_MPI_Type_contiguous(c.lib.fns, C.int(unit), byteType, &typ)); err != nil {
		return err
	}
	defer C.reikna_MPI_Type_free(c.lib.fns, &typ)
	if err := c.lib.check("MPI_Type_commit", C.reikna_MPI_Type_commit(c.lib.fns, &typ)); err != nil {
		return err
	}
	return f(typ)
}

// checkBlocks checks the blocks of a buffer of n bytes for size ranks: a
// count and a displacement for each rank, none negative, every block
// inside the buffer.
func checkBlocks(what string, n int, counts, displs []int, size int) error {
	if len(counts) != size || len(displs) != size {
		return fmt.Errorf("%d %s counts and %d displacements for %d ranks", len(counts), what, len(displs), size)
	}
	for r := range size {
		switch {
		case counts[r] < 0 || displs[r] < 0:
			return fmt.Errorf("rank %d: %s count %d at displacement %d: neither may be negative", r, what, counts[r], displs[r])
		case counts[r] > n-displs[r]:
			return fmt.Errorf("rank %d: %s block of %d bytes at %d ends beyond the buffer's %d bytes", r, what, counts[r], displs[r], n)
		}
	}
	return nil
}

// countUnit returns the bytes of the datatype to count the values in: 1
// where every value fits MPI's int, else the largest divisor of the
// values' greatest common divisor that is an int itself (a datatype's
// length is one), where that brings them all within range.
func countUnit(lists ...[]int) (int, error) {
	largest, g := 0, 0
	for _, l := range lists {
		for _, v := range l {
			largest = max(largest, v)
			g = gcd(g, v)
		}
	}
	if largest <= math.MaxInt32 {
		return 1, nil
	}
	unit := largestDivisorAtMost(g, math.MaxInt32)
	if unit == 0 || largest/unit > math.MaxInt32 {
		return 0, fmt.Errorf("%d bytes is beyond MPI's int counts, in bytes or in any unit that divides every count and displacement (their greatest common divisor is %d)", largest, g)
	}
	return unit, nil
}

// largestDivisorAtMost returns the largest divisor of n (positive) that
// is at most limit, looking at the quotients n/k for k up to
// maxDivisorSearch, and 0 where none of them is.
func largestDivisorAtMost(n, limit int) int {
	for k := max((n+limit-1)/limit, 1); k <= maxDivisorSearch; k++ {
		if n%k == 0 {
			return n / k
		}
	}
	return 0
}

// maxDivisorSearch bounds largestDivisorAtMost's search: a quotient that
// large leaves a unit too small to bring counts beyond an int within one
// anyway.
const maxDivisorSearch = 1 << 20

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// cInts returns the values divided by unit as C ints, at least one of
// them, so that the first may be passed where the list is empty.
func cInts(values []int, unit int) []C.int {
	out := make([]C.int, max(len(values), 1))
	for i, v := range values {
		out[i] = C.int(v / unit)
	}
	return out
}

// bytesPointer returns the start of b, or nil where b is empty.
func bytesPointer(b []byte) unsafe.Pointer {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Pointer(&b[0])
}

// overlap reports whether two byte slices share memory.
func overlap(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	pa, pb := uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&b[0]))
	return pa < pb+uintptr(len(b)) && pb < pa+uintptr(len(a))
}
