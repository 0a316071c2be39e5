package nccl

import (
	"math"
	"slices"
	"testing"
)

func TestPlanAllToAll(t *testing.T) {
	send, recv := region{ptr: 0x10000, size: 100}, region{ptr: 0x20000, size: 100}
	// Rank 0 of 2: 10 bytes to itself, 0 to rank 1; 30 from rank 1.
	ops, err := planAllToAll(0, 2, send, []int{10, 0}, []int{90, 100}, recv, []int{10, 30}, []int{0, 70})
	if err != nil {
		t.Fatal(err)
	}
	want := []p2p{
		{peer: 0, ptr: 0x10000 + 90, count: 10},
		{recv: true, peer: 0, ptr: 0x20000, count: 10},
		{recv: true, peer: 1, ptr: 0x20000 + 70, count: 30},
	}
	if !slices.Equal(ops, want) {
		t.Errorf("ops %v, want %v", ops, want)
	}
	// One memory for both, the blocks apart; blocks sent may overlap.
	one := region{ptr: 0x30000, size: 64}
	if _, err := planAllToAll(1, 2, one, []int{8, 8}, []int{0, 4}, one, []int{8, 8}, []int{16, 24}); err != nil {
		t.Errorf("disjoint blocks of one memory: %v", err)
	}
	// Nothing at all to exchange.
	if ops, err := planAllToAll(0, 3, region{}, make([]int, 3), make([]int, 3), region{}, make([]int, 3), make([]int, 3)); err != nil || len(ops) != 0 {
		t.Errorf("nothing to exchange: %v, %v", ops, err)
	}
}

// TestPlanAllToAllRefusals checks every argument that AllToAll refuses
// before a call of NCCL, and what the refusal says.
func TestPlanAllToAllRefusals(t *testing.T) {
	send, recv := region{ptr: 0x10000, size: 100}, region{ptr: 0x20000, size: 100}
	ok := func() (sc, so, rc, ro []int) {
		return []int{10, 10, 10}, []int{0, 10, 20}, []int{10, 10, 10}, []int{0, 10, 20}
	}
	for _, tc := range []struct {
		name    string
		rank    int
		size    int
		edit    func(sc, so, rc, ro []int) ([]int, []int, []int, []int)
		send    *region
		mention string
	}{
		{name: "rank beyond size", rank: 3, size: 3, mention: "rank 3 of 3"},
		{name: "short send counts", rank: 0, size: 3, mention: "2 send counts and 3 offsets for 3 ranks",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) { return sc[:2], so, rc, ro }},
		{name: "long receive offsets", rank: 0, size: 3, mention: "3 receive counts and 4 offsets for 3 ranks",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) { return sc, so, rc, append(ro, 0) }},
		{name: "negative count", rank: 0, size: 3, mention: "rank 1: send count -1",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) { sc[1] = -1; return sc, so, rc, ro }},
		{name: "negative offset", rank: 0, size: 3, mention: "rank 2: receive count 10 at offset -5",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) { ro[2] = -5; return sc, so, rc, ro }},
		{name: "block beyond the memory", rank: 0, size: 3, mention: "rank 2: send block of 10 bytes at 95 ends beyond the memory's 100 bytes",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) { so[2] = 95; return sc, so, rc, ro }},
		{name: "offset that overflows", rank: 0, size: 3, mention: "rank 1: receive block of 10 bytes",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) {
				ro[1] = math.MaxInt - 5
				return sc, so, rc, ro
			}},
		{name: "count that overflows", rank: 0, size: 3, mention: "rank 0: send block",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) { sc[0] = math.MaxInt; return sc, so, rc, ro }},
		{name: "own block of two sizes", rank: 1, size: 3, mention: "rank 1 sends itself 10 bytes but receives 12 from itself",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) { rc[1] = 12; return sc, so, rc, ro }},
		{name: "received blocks overlap", rank: 0, size: 3, mention: "the blocks received from ranks 1 and 2 overlap",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) { ro[2] = 15; return sc, so, rc, ro }},
		{name: "sent and received blocks overlap", rank: 0, size: 3, send: &recv,
			mention: "the block sent to rank 2 overlaps the block received from rank 2",
			edit: func(sc, so, rc, ro []int) ([]int, []int, []int, []int) {
				return sc, []int{40, 50, 25}, rc, ro
			}},
		{name: "null memory", rank: 0, size: 3, send: &region{size: 100}, mention: "null device pointer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, so, rc, ro := ok()
			if tc.edit != nil {
				sc, so, rc, ro = tc.edit(sc, so, rc, ro)
			}
			s := send
			if tc.send != nil {
				s = *tc.send
			}
			ops, err := planAllToAll(tc.rank, tc.size, s, sc, so, recv, rc, ro)
			if ops != nil {
				t.Errorf("ops %v beside the error", ops)
			}
			checkError(t, err, nil, nil, tc.mention)
		})
	}
}
