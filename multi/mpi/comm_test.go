package mpi

import (
	"math"
	"strings"
	"testing"
)

func TestCheckBlocks(t *testing.T) {
	for _, tc := range []struct {
		name           string
		n              int
		counts, displs []int
		want           string // in the error; "" for none
	}{
		{"blocks in order", 10, []int{2, 3, 5}, []int{0, 2, 5}, ""},
		{"blocks out of order, with gaps and an empty one", 10, []int{1, 0, 4}, []int{9, 10, 0}, ""},
		{"too few counts", 10, []int{2, 3}, []int{0, 2, 5}, "2 send counts and 3 displacements for 3 ranks"},
		{"too few displacements", 10, []int{2, 3, 5}, []int{0, 2}, "3 send counts and 2 displacements"},
		{"negative count", 10, []int{2, -1, 5}, []int{0, 2, 5}, "rank 1: send count -1"},
		{"negative displacement", 10, []int{2, 3, 5}, []int{0, -2, 5}, "rank 1"},
		{"a block beyond the end", 10, []int{2, 3, 6}, []int{0, 2, 5}, "rank 2: send block of 6 bytes at 5 ends beyond the buffer's 10 bytes"},
		{"a count beyond any buffer", 10, []int{2, 3, math.MaxInt}, []int{0, 2, 5}, "ends beyond"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkBlocks("send", tc.n, tc.counts, tc.displs, 3)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("error %v, want none", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("error %v, want one that says %q", err, tc.want)
			}
		})
	}
}

func TestCountUnit(t *testing.T) {
	const big = 1 << 34 // 16 GiB, beyond MPI's int
	for _, tc := range []struct {
		name  string
		lists [][]int
		want  int // 0 for an error
	}{
		{"small counts", [][]int{{3, 5}, {0, 7}}, 1},
		{"the largest int", [][]int{{math.MaxInt32}}, 1},
		{"none", nil, 1},
		{"large blocks of 16 bytes", [][]int{{big, 16 * 3}, {0, big + 16}}, 16},
		{"large blocks that share 64 bytes", [][]int{{big, 0}, {64, 3 * 64}}, 64},
		{"large and odd", [][]int{{big + 1, 2}}, 0},
		{"too large whatever the unit", [][]int{{1 << 62, 1 << 20}}, 0},
		// A greatest common divisor beyond an int: its largest divisor
		// that is one, as two blocks of 2 GiB of a slab FFT of 1024³
		// over two ranks need.
		{"blocks of 2 GiB", [][]int{{1 << 31, 1 << 31}, {0, 1 << 31}}, 1 << 30},
		{"blocks of 3 × 2^31 bytes", [][]int{{3 << 31}, {0}}, 3 << 29},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := countUnit(tc.lists...)
			switch {
			case tc.want == 0 && err == nil:
				t.Errorf("unit %d, want an error", got)
			case tc.want != 0 && (err != nil || got != tc.want):
				t.Errorf("unit %d, %v; want %d", got, err, tc.want)
			}
			if err != nil && !strings.Contains(err.Error(), "beyond MPI's int counts") {
				t.Errorf("error %q does not say why", err)
			}
		})
	}
}

// TestArgumentChecks calls the collectives with wrong arguments on a
// communicator of three ranks that no library stands behind: the checks
// refuse them before any call of MPI.
func TestArgumentChecks(t *testing.T) {
	c := &Comm{rank: 0, size: 3}
	buf := make([]byte, 12)
	counts, displs := []int{4, 4, 4}, []int{0, 4, 8}
	for _, tc := range []struct {
		name string
		call func() error
		want string
	}{
		{"send blocks", func() error {
			return c.Alltoallv(buf, []int{4, 4}, []int{0, 4}, make([]byte, 12), counts, displs)
		}, "alltoallv: 2 send counts"},
		{"receive blocks", func() error {
			return c.Alltoallv(buf, counts, displs, make([]byte, 11), counts, displs)
		}, "alltoallv: rank 2: receive block of 4 bytes at 8 ends beyond the buffer's 11 bytes"},
		{"the same buffer", func() error {
			return c.Alltoallv(buf, counts, displs, buf, counts, displs)
		}, "overlap"},
		{"overlapping buffers", func() error {
			return c.Alltoallv(buf[:12], counts, displs, buf[11:], []int{0, 0, 1}, []int{0, 0, 0})
		}, "overlap"},
		{"huge blocks", func() error {
			return c.Alltoallv(buf, []int{0, 0, 0}, []int{1 << 62, 3, 0}, make([]byte, 12), counts, displs)
		}, "ends beyond"},
		{"a root beyond the ranks", func() error { return c.Bcast(buf, 3) }, "bcast: root 3 is not a rank of the 3"},
		{"a negative root", func() error { return c.Bcast(buf, -1) }, "root -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.call(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one that says %q", err, tc.want)
			}
		})
	}
}

func TestLocalRank(t *testing.T) {
	for _, tc := range []struct {
		value string
		rank  int
		ok    bool
	}{{"2", 2, true}, {"0", 0, true}, {"", 0, false}, {"x", 0, false}, {"-1", 0, false}} {
		t.Setenv(LocalRankEnv, tc.value)
		if r, ok := LocalRank(); r != tc.rank || ok != tc.ok {
			t.Errorf("%s=%q: LocalRank %d, %v; want %d, %v", LocalRankEnv, tc.value, r, ok, tc.rank, tc.ok)
		}
	}
}
