package plan

import (
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/computations/internal/device"
)

// TestWorkGroup checks the plans of work-group transforms: the local
// kernel's radices and work-group size over one row, padded on GPUs and
// plain on CPUs, and the twiddles of its stages.
func TestWorkGroup(t *testing.T) {
	bigLocal := gpuLimits
	bigLocal.LocalMemBytes = 96 << 10
	for _, tc := range []struct {
		name    string
		n       int
		lim     Limits
		radices []int
		wg, row int
		offsets []int
	}{
		{"power of two on a GPU", 1024, gpuLimits, []int{16, 16, 4}, 64, 1087, []int{0, 0, 240}},
		{"power of two on a CPU", 1024, cpuLimits, []int{16, 16, 4}, 64, 1024, []int{0, 0, 240}},
		{"7-smooth", 3 * 5 * 7 * 4, gpuLimits, []int{15, 14, 2}, 28, 446, []int{0, 0, 195}},
		{"one butterfly", 13, gpuLimits, []int{13}, 1, 13, []int{0}},
		{"length 1", 1, gpuLimits, nil, 1, 1, []int{}},
		{"work-items capped by the device", 4096, tuned(Limits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 128}, ItemSize: 8}, Tuning{}), []int{16, 16, 16}, 128, 4351, []int{0, 0, 240}},
		{"the whole local memory, beyond the FFT kernels' budget", 8192, bigLocal, []int{16, 16, 16, 2}, 256, 8703, []int{0, 0, 240, 4080}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := WorkGroup(tc.n, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			p := w.Pass
			if p.N != tc.n || p.L != tc.n || p.NS != 1 || p.Tile != 1 || p.E != 0 {
				t.Errorf("pass %+v is not one row of the local kernel", p)
			}
			if !slices.Equal(p.Radices, tc.radices) || p.WG != tc.wg || w.LocalElems() != tc.row || !slices.Equal(w.StageOffsets, tc.offsets) {
				t.Errorf("radices %v, %d work-items, row %d, offsets %v; want %v, %d, %d, %v",
					p.Radices, p.WG, w.LocalElems(), w.StageOffsets, tc.radices, tc.wg, tc.row, tc.offsets)
			}
			want := NoTable
			if len(tc.radices) > 1 {
				want = StageTwiddles
			}
			if w.Stages.Kind != want || want == StageTwiddles && !slices.Equal(w.Stages.Radices, tc.radices) {
				t.Errorf("stage twiddles %+v", w.Stages)
			}
		})
	}
}

// TestWorkGroupErrors checks the lengths and limits no work-group
// transform is planned for.
func TestWorkGroupErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		lim  Limits
		want string
	}{
		{"zero", 0, gpuLimits, "length 0"},
		{"prime factor above 13", 2 * 17, gpuLimits, "prime factor 17"},
		{"large prime", 65537, gpuLimits, "prime factor 65537"},
		{"beyond local memory", 8192, gpuLimits, "69624 bytes of local memory"},
		{"beyond the tuned local memory", 256, tuned(gpuLimits, Tuning{LocalBytes: 1024}), "more than the 1024"},
		{"no local memory", 64, Limits{Limits: device.Limits{MaxWorkGroup: 64}, ItemSize: 8}, "0 bytes of local memory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := WorkGroup(tc.n, tc.lim); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error that says %q", err, tc.want)
			}
		})
	}
}
