package computations

import (
	"fmt"
	"slices"
	"testing"
)

func TestPlanRoll(t *testing.T) {
	for _, tc := range []struct {
		shape         []int
		axis          int
		before, after int
		global        []int
	}{
		{[]int{17}, 0, 0, 0, []int{1, 17, 1}},
		{[]int{4, 5, 6}, 0, 0, 2, []int{1, 4, 30}},
		{[]int{4, 5, 6}, 1, 1, 1, []int{4, 5, 6}},
		{[]int{2, 3, 4, 5}, 3, 3, 0, []int{24, 5, 1}},
	} {
		t.Run(fmt.Sprint(tc.shape, tc.axis), func(t *testing.T) {
			p := planRoll(tc.shape, tc.axis)
			if p.before != tc.before || p.after != tc.after || !slices.Equal(p.global, tc.global) {
				t.Errorf("got %+v, want before %d, after %d, global %v", p, tc.before, tc.after, tc.global)
			}
		})
	}
}

func TestPlanFFTShift(t *testing.T) {
	for _, tc := range []struct {
		shape, axes   []int
		swap, inPlace bool
		global        []int
		shifted       []bool
		halved        int // the halved axis, or -1
	}{
		{[]int{8}, []int{0}, true, true, []int{4}, []bool{true}, 0},
		{[]int{7}, []int{0}, false, false, []int{7}, []bool{true}, -1},
		{[]int{4, 6, 8}, []int{2, 1}, true, true, []int{4, 3, 8}, []bool{false, true, true}, 1},
		{[]int{1, 6, 5}, []int{0, 1}, true, true, []int{1, 3, 5}, []bool{false, true, false}, 1},
		{[]int{6, 5}, []int{0, 1}, false, false, []int{6, 5}, []bool{true, true}, -1},
		{[]int{5, 7}, []int{}, false, true, []int{5, 7}, []bool{false, false}, -1},
		{[]int{}, []int{}, false, true, []int{1}, []bool{}, -1},
	} {
		t.Run(fmt.Sprint(tc.shape, tc.axes), func(t *testing.T) {
			p := planFFTShift(tc.shape, tc.axes)
			if p.swap != tc.swap || p.inPlace() != tc.inPlace || !slices.Equal(p.global, tc.global) {
				t.Errorf("got swap %v, in place %v, global %v, want %v, %v, %v", p.swap, p.inPlace(), p.global, tc.swap, tc.inPlace, tc.global)
			}
			for d, a := range p.axes {
				if a.Shifted != tc.shifted[d] || a.Halved != (d == tc.halved) ||
					a.Floor != tc.shape[d]/2 || a.Ceil != (tc.shape[d]+1)/2 || a.Length != tc.shape[d] {
					t.Errorf("axis %d: %+v", d, a)
				}
			}
		})
	}
}
