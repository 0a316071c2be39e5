package plan

import (
	"strings"
	"testing"
)

// TestLargeLocalMemory checks the plans of a GPU with opt-in local memory
// (CUDA's): contiguous transforms that the register kernel does in one pass
// within it take that pass, exchanging whole complex values, and 16384
// points take 1024 work-items bound to that size; transforms above 2048
// that take fewer stages or passes with up to 1024 work-items take them,
// or one pass of up to 25 elements a work-item (largeWide);
// transforms of several passes whose tiles were short take wider ones;
// the others are planned as on a GPU without it.
func TestLargeLocalMemory(t *testing.T) {
	large := gpuLimits
	large.LargeLocalMemBytes = 227 << 10
	cases := []struct {
		name  string
		shape []int
		axes  []int
		lim   Limits
		want  []string
	}{
		{"8192 within 48 KiB", []int{8, 8192}, []int{1}, gpuLimits,
			[]string{"L8192 NS1 [16 16 16 2] reg E32 TT256 C2/1 tile1 wg256"}},
		{"8192 with 227 KiB", []int{8, 8192}, []int{1}, large,
			[]string{"L8192 NS1 [16 16 16 2] reg E32 TT256 C1/1 tile1 wg256"}},
		{"16384 within 48 KiB", []int{8, 16384}, []int{1}, gpuLimits, []string{
			"L128 NS1 [16 8] reg E16 TT8 C1/1 tile32 wg256 sfast staged-store",
			"L128 NS128 [16 8] reg E16 TT8 C1/1 tile32 wg256 sfast",
		}},
		{"16384 with 227 KiB", []int{8, 16384}, []int{1}, large,
			[]string{"L16384 NS1 [16 16 16 4] reg E16 TT1024 C1/1 tile1 wg1024 bounded"}},
		{"16384 with 227 KiB and at most 512 work-items", []int{8, 16384}, []int{1}, tuned(large, Tuning{MaxRegWG: 512}),
			[]string{"L16384 NS1 [16 16 16 4] reg E32 TT512 C1/1 tile1 wg512"}},
		{"1024 with 227 KiB", []int{8, 1024}, []int{1}, large,
			[]string{"L1024 NS1 [16 16 4] reg E16 TT64 C1/1 tile2 wg128"}},
		{"15625 with 227 KiB: one register pass of 25 elements", []int{8, 15625}, []int{1}, large,
			[]string{"L15625 NS1 [5 5 5 5 5 5] reg E25 TT625 C1/1 tile1 wg625 bounded"}},
		{"15625 with 227 KiB and NoWideOnePass: no single pass of the local kernel", []int{8, 15625}, []int{1}, tuned(large, Tuning{NoWideOnePass: true}), []string{
			"L125 NS1 [5 5 5] reg E5 TT25 C1/1 tile10 wg250 sfast staged-store",
			"L125 NS125 [5 5 5] reg E5 TT25 C1/1 tile10 wg250 sfast",
		}},
		// Up to 1024 work-items where that takes fewer stages or passes
		// (largeUneven), and not where it takes as many.
		{"3456 with 227 KiB: four stages for five", []int{8, 3456}, []int{1}, large,
			[]string{"L3456 NS1 [12 12 12 2] reg E12 TT288 C1/1 tile1 wg288 bounded"}},
		{"9000 with 227 KiB: one pass for two", []int{8, 9000}, []int{1}, large,
			[]string{"L9000 NS1 [10 10 10 9] reg E10 TT1000 C1/1 tile1 wg1000 uneven bounded"}},
		{"3600 with 227 KiB as within 48 KiB", []int{8, 3600}, []int{1}, large, nil},
		{"strided 8192 with 227 KiB as within 48 KiB", []int{8192, 8}, []int{0}, large, nil},
		{"2^20 with 227 KiB as within 48 KiB", []int{1 << 20}, []int{0}, large, nil},
		// Passes in the large local memory where the tuning asks for them
		// (largepasses.go): two of 1024 in tiles of 16 for three of at
		// most 128, and with WideLargePasses the two of 66528 in wider
		// tiles.
		{"2^20 in large passes", []int{8, 1 << 20}, []int{1}, tuned(large, Tuning{LargePasses: AnyLargePasses}), []string{
			"L1024 NS1 [16 16 4] reg E16 TT64 C1/1 tile16 wg1024 bounded sfast staged-store",
			"L1024 NS1024 [16 16 4] reg E16 TT64 C1/1 tile16 wg1024 bounded sfast",
		}},
		{"66528 in large passes: as many kernels", []int{8, 66528}, []int{1}, tuned(large, Tuning{LargePasses: AnyLargePasses}), nil},
		{"66528 in wide large passes", []int{8, 66528}, []int{1}, tuned(large, Tuning{LargePasses: WideLargePasses}), []string{
			"L264 NS1 [12 11 2] reg E12 TT24 C1/1 tile16 wg384 uneven bounded sfast staged-store",
			"L252 NS264 [7 6 6] reg E7 TT42 C1/1 tile16 wg672 uneven bounded sfast",
		}},
		// By the rule, wider tiles where the tiles within 48 KiB are
		// below 8 and the radices stay (wideTilesPay): 66528's tiles of 10
		// and 6, not 34992's of 14 and 9 nor 96000's other radices.
		{"66528 with 227 KiB: wider tiles by the rule", []int{8, 66528}, []int{1}, large, []string{
			"L264 NS1 [12 11 2] reg E12 TT24 C1/1 tile16 wg384 uneven bounded sfast staged-store",
			"L252 NS264 [7 6 6] reg E7 TT42 C1/1 tile16 wg672 uneven bounded sfast",
		}},
		{"66528 with 227 KiB and no large passes", []int{8, 66528}, []int{1}, tuned(large, Tuning{LargePasses: NoLargePasses}), nil},
		{"34992 with 227 KiB: tiles of 9 kept", []int{8, 34992}, []int{1}, large, nil},
		{"96000 with 227 KiB: radices kept", []int{8, 96000}, []int{1}, large, nil},
		{"2^20 in large passes within 48 KiB", []int{8, 1 << 20}, []int{1}, tuned(gpuLimits, Tuning{LargePasses: WideLargePasses}), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.shape, tc.axes, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			got := kernelSummaries(p.Axes[0].Kernels)
			want := tc.want
			if want == nil {
				// As the same GPU without the opt-in memory plans it.
				small := tc.lim
				small.LargeLocalMemBytes = 0
				ps, err := New(tc.shape, tc.axes, small)
				if err != nil {
					t.Fatal(err)
				}
				want = kernelSummaries(ps.Axes[0].Kernels)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("kernels\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
			}
			for _, k := range p.Axes[0].Kernels {
				if err := k.checkIndices(); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// kernelSummaries returns the summary of each kernel.
func kernelSummaries(ks []Kernel) []string {
	var out []string
	for _, k := range ks {
		out = append(out, summary(k))
	}
	return out
}
