package computations

import (
	"fmt"
	"strings"
	"testing"
)

// TestTransposeCPUSide checks the sides of the CPU's blocks by element
// size: a cache line of elements, at most 16, at least one.
func TestTransposeCPUSide(t *testing.T) {
	for _, tc := range []struct{ item, want int }{
		{1, 16}, {2, 16}, {4, 16}, {8, 8}, {12, 5}, {16, 4}, {32, 2}, {64, 1}, {100, 1},
	} {
		if got := transposeCPUSide(tc.item); got != tc.want {
			t.Errorf("transposeCPUSide(%d) = %d, want %d", tc.item, got, tc.want)
		}
	}
}

// TestPlanTransposeCPU checks the blocks, edges and work-groups of the
// CPU's plan of a pass.
func TestPlanTransposeCPU(t *testing.T) {
	for _, tc := range []struct {
		name               string
		pass               transposePass
		item, units, maxWG int
		want               transposeCPUPass
	}{
		{"float32 2048x8192", transposePass{batch: 1, height: 2048, width: 8192}, 4, 2, 4096,
			transposeCPUPass{Side: 16, BlocksH: 128, BlocksW: 512, Local: 32}},
		{"complex64 batch", transposePass{batch: 32, height: 256, width: 256}, 8, 2, 4096,
			transposeCPUPass{Side: 8, BlocksH: 32, BlocksW: 32, Local: 32}},
		{"edges", transposePass{batch: 1, height: 37, width: 70}, 4, 2, 4096,
			transposeCPUPass{Side: 16, BlocksH: 3, BlocksW: 5, EdgeH: true, EdgeW: true, Local: 1}},
		{"small matrices take smaller blocks", transposePass{batch: 100, height: 3, width: 5}, 4, 2, 4096,
			transposeCPUPass{Side: 8, BlocksH: 1, BlocksW: 1, EdgeH: true, EdgeW: true, Local: 1}},
		{"complex128", transposePass{batch: 1, height: 1024, width: 1024}, 16, 2, 4096,
			transposeCPUPass{Side: 4, BlocksH: 256, BlocksW: 256, Local: 32}},
		{"int8", transposePass{batch: 1, height: 64, width: 48}, 1, 2, 4096,
			transposeCPUPass{Side: 16, BlocksH: 4, BlocksW: 3, Local: 1}},
		{"work-groups bounded by the device", transposePass{batch: 1, height: 4096, width: 4096}, 4, 2, 8,
			transposeCPUPass{Side: 16, BlocksH: 256, BlocksW: 256, Local: 8}},
		{"struct of 12 bytes", transposePass{batch: 2, height: 23, width: 31}, 12, 2, 4096,
			transposeCPUPass{Side: 5, BlocksH: 5, BlocksW: 7, EdgeH: true, EdgeW: true, Local: 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := planTransposeCPU(tc.pass, tc.item, tc.units, tc.maxWG, false); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestTransposeCPUVector checks when a CPU's pass moves its blocks in
// vectors, and that the rounds of shuffles transpose a sub-block: each
// round is applied to the elements' (row, column) labels as the kernel
// applies it to the words.
func TestTransposeCPUVector(t *testing.T) {
	for _, tc := range []struct {
		name      string
		item      int
		pointers  bool
		lanes     int
		subBlocks int
	}{
		{"float32", 4, true, 8, 4},
		{"complex64", 8, true, 4, 4},
		{"without pointers", 4, false, 0, 0},
		{"complex128", 16, true, 0, 0},
		{"int16", 2, true, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := planTransposeCPU(transposePass{batch: 1, height: 256, width: 256}, tc.item, 2, 4096, tc.pointers)
			if tc.lanes == 0 {
				if p.Vector != nil {
					t.Fatalf("vectors of %d lanes, want none", p.Vector.Lanes)
				}
				return
			}
			v := p.Vector
			if v == nil || v.Lanes != tc.lanes || len(v.Blocks) != tc.subBlocks {
				t.Fatalf("vector %+v, want %d lanes and %d sub-blocks", v, tc.lanes, tc.subBlocks)
			}
			// rows[r][c] labels the element of row r, column c before the rounds.
			rows := make([][]int, v.Lanes)
			for r := range rows {
				rows[r] = make([]int, v.Lanes)
				for c := range rows[r] {
					rows[r][c] = r*v.Lanes + c
				}
			}
			for _, round := range v.Rounds {
				for _, pr := range round {
					a, b := rows[pr.A], rows[pr.B]
					rows[pr.A] = pickParts(t, pr.PartsA, a, b)
					rows[pr.B] = pickParts(t, pr.PartsB, a, b)
				}
			}
			for r := range rows {
				for c := range rows[r] {
					if want := c*v.Lanes + r; rows[r][c] != want {
						t.Fatalf("after the rounds, row %d column %d holds %d, want %d", r, c, rows[r][c], want)
					}
				}
			}
		})
	}
}

// pickParts returns the values a vector literal of parts ("a.s3, b.s0,
// ...") takes from the vectors a and b.
func pickParts(t *testing.T, parts string, a, b []int) []int {
	t.Helper()
	var out []int
	for _, part := range strings.Split(parts, ", ") {
		var vec byte
		var comp int
		if _, err := fmt.Sscanf(part, "%c.s%x", &vec, &comp); err != nil {
			t.Fatalf("part %q: %v", part, err)
		}
		src := a
		if vec == 'b' {
			src = b
		}
		out = append(out, src[comp])
	}
	return out
}
