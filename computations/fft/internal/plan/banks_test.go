package plan

import (
	"fmt"
	"testing"
)

// wantPlain returns whether the pass p should have rows without padding:
// always on devices whose local memory is ordinary memory (plainDevice),
// and on GPUs where the register kernel's exchanges take no more
// wavefronts that way (choosePadding).
func wantPlain(p Pass, plainDevice bool, itemSize int) bool {
	if plainDevice {
		return true
	}
	p.Plain = false
	p.choosePadding(itemSize)
	return p.Plain
}

// TestWavefronts checks the model of the banks on accesses whose
// conflicts are known: a warp's 32 lanes over consecutive, strided and
// equal addresses of 4, 8 and 16 bytes.
func TestWavefronts(t *testing.T) {
	tests := []struct {
		name         string
		elem, stride int
		want         int
	}{
		{"consecutive words", 4, 1, 1},
		{"words two apart", 4, 2, 2},
		{"words 32 apart", 4, 32, 32},
		{"words 33 apart", 4, 33, 1},
		{"one word for all", 4, 0, 1},
		{"consecutive 8-byte values", 8, 1, 2},
		{"8-byte values 16 apart", 8, 16, 32},
		{"8-byte values 19 apart", 8, 19, 2},
		{"consecutive 16-byte values", 16, 1, 4},
		{"16-byte values 2 apart", 16, 2, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addrs := make([]int, warpLanes)
			active := make([]bool, warpLanes)
			for i := range addrs {
				addrs[i], active[i] = i*tt.stride, true
			}
			if got := BankWavefronts(addrs, active, tt.elem); got != tt.want {
				t.Errorf("%d wavefronts, want %d", got, tt.want)
			}
		})
	}
	t.Run("inactive lanes", func(t *testing.T) {
		addrs := make([]int, warpLanes)
		active := make([]bool, warpLanes)
		for i := range addrs {
			addrs[i], active[i] = 32*i, i%4 == 0
		}
		if got := BankWavefronts(addrs, active, 4); got != 8 {
			t.Errorf("%d wavefronts, want 8", got)
		}
	})
}

// TestChoosePadding checks which GPU passes take rows without padding:
// single passes of odd lengths, whose radices' strided writes fall into
// different banks anyway, and of even ones where the model counts fewer
// wavefronts; not the powers of two, whose writes the padding spreads,
// nor a pass of one stage, nor the strided passes of even lengths. The
// row strides of even lengths (chooseRowPad, TestChooseRowPad) are left
// out, so that the choice is choosePadding's alone.
func TestChoosePadding(t *testing.T) {
	lim := gpuLimits
	lim.Tuning.NoRowStrides = true
	tests := []struct {
		n     int
		plain bool
	}{
		{256, false}, {512, false}, {1024, false}, {48, false}, {1536, false},
		{121, true}, {289, true}, {361, true}, {527, true}, {625, true}, {2025, true}, {2187, true},
		{72, true}, {1000, true}, {2500, true},
		{17, false}, {26, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			p, err := New([]int{64, tt.n}, []int{1}, lim)
			if err != nil {
				t.Fatal(err)
			}
			k := p.Axes[0].Kernels[0]
			if len(p.Axes[0].Kernels) != 1 || k.Pass.E == 0 {
				t.Fatalf("not the register kernel: %s", summary(k))
			}
			if k.Pass.Plain != tt.plain {
				q := k.Pass
				q.Plain = false
				padded := q.LocalWavefronts(gpuLimits.ItemSize)
				q.Plain = true
				t.Errorf("%s: plain %v, want %v (wavefronts %d padded, %d plain)", summary(k), k.Pass.Plain, tt.plain, padded, q.LocalWavefronts(gpuLimits.ItemSize))
			}
		})
	}
}

// TestChoosePaddingStrided checks the passes over strided data: the
// sub-transforms of odd length 375 (Bluestein's of 70241) and 49 (the
// second pass of 16807, a tie in the model) go without padding; those of
// odd length where the model counts more wavefronts plain (16807's 343,
// 78125's 625 and 125) and of even length (256 of 2^24, 216 and 108 of
// 23328, which the model counts fewer plain) keep it.
func TestChoosePaddingStrided(t *testing.T) {
	tests := []struct {
		n     int
		plain map[int]bool // by the length of the strided pass
	}{
		{70241, map[int]bool{375: true}},
		{16807, map[int]bool{343: false, 49: true}},
		{78125, map[int]bool{625: false, 125: false}},
		{1 << 24, map[int]bool{256: false}},
		{23328, map[int]bool{216: false, 108: false}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			p, err := New([]int{tt.n}, []int{0}, gpuLimits)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[int]bool{}
			for _, k := range p.Axes[0].Kernels {
				if !k.Pass.SFast || k.Pass.E == 0 {
					continue
				}
				want, ok := tt.plain[k.Pass.L]
				if !ok {
					t.Fatalf("%s: a strided pass the case does not list", summary(k))
				}
				seen[k.Pass.L] = true
				if k.Pass.Plain != want {
					t.Errorf("%s: plain %v, want %v", summary(k), k.Pass.Plain, want)
				}
			}
			if len(seen) != len(tt.plain) {
				t.Errorf("strided passes of lengths %v, want those of %v", seen, tt.plain)
			}
		})
	}
}
