package multi_test

import (
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/multi"
)

func TestChooseRankGrid(t *testing.T) {
	cases := []struct {
		shape        []int
		ranks        int
		wantP, wantQ int // 0 for an error
	}{
		{[]int{64, 64, 64}, 4, 4, 1}, // slabs where they fit
		{[]int{64, 64}, 64, 64, 1},   // two dimensions, as many ranks as places
		{[]int{8, 8, 8}, 16, 4, 4},   // beyond slabs: the square grid
		{[]int{4, 16, 16}, 16, 4, 4}, // axis 0 holds at most 4 of a column
		{[]int{2, 64, 64}, 8, 2, 4},  // the squarest grid with p ≤ 2
		{[]int{8, 8, 3}, 12, 4, 3},   // q ≤ axis 2
		{[]int{8, 8, 2}, 24, 0, 0},   // no grid: p ≤ 8 needs q = 3 > 2
		{[]int{8, 8}, 16, 0, 0},      // two dimensions hold no pencils
		{[]int{64, 64, 64}, 0, 0, 0}, // no ranks
		{[]int{64}, 2, 0, 0},         // one dimension
		{[]int{6, 6, 6}, 7, 0, 0},    // a prime beyond slabs
	}
	for _, c := range cases {
		p, q, err := multi.ChooseRankGrid(c.shape, c.ranks)
		switch {
		case c.wantP == 0 && err == nil:
			t.Errorf("ChooseRankGrid(%v, %d) = %d × %d, want an error", c.shape, c.ranks, p, q)
		case c.wantP != 0 && (err != nil || p != c.wantP || q != c.wantQ):
			t.Errorf("ChooseRankGrid(%v, %d) = %d × %d, %v; want %d × %d", c.shape, c.ranks, p, q, err, c.wantP, c.wantQ)
		}
	}
}

// ExampleChooseRankGrid picks, for each number of processes, slabs or a
// grid of pencils for the FFT of a 4×64×64 array.
func ExampleChooseRankGrid() {
	for _, ranks := range []int{2, 4, 8, 16, 7} { // 7 has no grid but 1 × 7
		p, q, err := multi.ChooseRankGrid([]int{4, 64, 64}, ranks)
		switch {
		case err != nil:
			fmt.Printf("%d ranks: %v\n", ranks, err)
		case q == 1:
			fmt.Printf("%d ranks: slabs\n", ranks)
		default:
			fmt.Printf("%d ranks: pencils on %d × %d\n", ranks, p, q)
		}
	}
	// Output:
	// 2 ranks: slabs
	// 4 ranks: slabs
	// 8 ranks: pencils on 4 × 2
	// 16 ranks: pencils on 4 × 4
	// 7 ranks: pencils on 1 × 7
}
