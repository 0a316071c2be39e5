package fft_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
)

// TestFFTTune tunes an FFT among its candidate plans: the tuned callable
// transforms as the reference does, the choice is kept in the Thread's
// wisdom under the FFT's parameters, and a compile without tuning takes
// it and transforms alike.
func TestFFTTune(t *testing.T) {
	t.Setenv(cluda.CacheDirEnv, t.TempDir())
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	shape := []int{3, 350}
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	x := randomData(rand.New(rand.NewPCG(11, 12)), typ.Size())
	want := reference.FFTN(x, shape, []int{1}, false)
	for _, opts := range []core.CompileOptions{{Tune: true}, {}} {
		f, err := fft.NewFFT(typ, []int{1}, fft.FFTOptions{})
		if err != nil {
			t.Fatal(err)
		}
		c, err := f.CompileWith(thr, opts)
		if err != nil {
			t.Fatal(err)
		}
		in, out := upload(t, thr, dtypes.Complex64, x, shape), poisoned(t, thr, dtypes.Complex64, shape)
		if err := c.Call(out, in, int32(0)); err != nil {
			t.Fatal(err)
		}
		if e := download(t, out, want); !(e <= tolComplex64) {
			t.Errorf("tune %v: relative error %.3g, want at most %.3g", opts.Tune, e, tolComplex64)
		}
		in.Release()
		out.Release()
		c.Release()
	}
	choice, ok := thr.Wisdom().Choice("fft complex64 [3 350] axes [1]")
	if !ok || choice == "" {
		t.Fatalf("no choice kept for the FFT (%q, %v)", choice, ok)
	}
	var buf strings.Builder
	if err := cluda.ExportWisdom(&buf); err != nil || !strings.Contains(buf.String(), choice) {
		t.Errorf("the exported wisdom %q lacks the choice %q (%v)", buf.String(), choice, err)
	}
}

// TestFFTCandidates checks which candidate plans tuning compares: the
// rules' variants for every FFT, and those of the algorithm of primes, of
// the wider prime butterflies, of a CPU device's looped primes, of
// Bluestein's length and of the passes in CUDA's large local memory only
// where they can change the plan.
func TestFFTCandidates(t *testing.T) {
	tests := []struct {
		name   string
		shape  []int
		axes   []int
		want   []string // candidates beyond the rules' variants
		device func() *cluda.DeviceParams
	}{
		{"smooth", []int{3, 350}, []int{1}, nil, nil},
		{"prime taken by both algorithms", []int{2, 1009}, []int{1}, []string{"rader", "bluestein", "bluestein-pow2", "bluestein-smooth"}, nil},
		{"factors 17 and 31", []int{4, 527}, []int{1}, []string{"prime-butterflies-61", "prime-butterflies-31", "prime-butterflies-23"}, nil},
		{"Bluestein's lengths that meet", []int{2, 129}, []int{1}, []string{"prime-butterflies-61", "prime-butterflies-31", "prime-butterflies-23"}, nil}, // 256 either way; 43 a butterfly
		{"Bluestein's length of one axis", []int{35147, 8}, []int{0, 1}, []string{"bluestein-pow2", "bluestein-smooth", "no-turn", "no-row-turns", "row-turns-3", "row-turns-2"}, nil},
		{"Bluestein's transforms of several passes", []int{2, 10091}, []int{1}, []string{"rader", "bluestein", "bluestein-pow2", "bluestein-smooth", "no-turn", "no-row-turns", "row-turns-3", "row-turns-2"}, nil},
		// CUDA's large local memory: 2^20 in two passes either way; 66528
		// in wider tiles by the rules (tiles of 10 and 6 within 48 KiB), so
		// without them; 34992 (tiles of 14 and 9) in wider tiles by
		// tuning; 15625 in one wide pass by the rules, so in two without
		// it; 6750 in one pass of whole exchanges by the rules, so by
		// components without them; 1024 in one pass as before.
		{"2^20 through CUDA", []int{8, 1 << 20}, []int{1}, []string{"large-passes", "large-passes-8"}, cluda.ModelCUDAGPU},
		{"66528 through CUDA", []int{8, 66528}, []int{1}, []string{"no-large-passes"}, cluda.ModelCUDAGPU},
		{"34992 through CUDA", []int{8, 34992}, []int{1}, []string{"wide-large-passes"}, cluda.ModelCUDAGPU},
		{"15625 through CUDA", []int{8, 15625}, []int{1}, []string{"no-wide-one-pass"}, cluda.ModelCUDAGPU},
		{"6750 through CUDA", []int{8, 6750}, []int{1}, []string{"no-whole-exchanges"}, cluda.ModelCUDAGPU},
		{"1024 through CUDA", []int{8, 1024}, []int{1}, nil, cluda.ModelCUDAGPU},
		{"2^20 through OpenCL", []int{8, 1 << 20}, []int{1}, nil, cluda.ModelGPU},
		// A CPU device's looped pass with the primes from 37 to 251: 74
		// = 2·37 either way, 2·263 past them, and 74 on a GPU.
		{"74 on a CPU device", []int{4, 74}, []int{1}, []string{"prime-butterflies-61", "prime-butterflies-31", "prime-butterflies-23", "looped-primes-31", "looped-primes-251", "bluestein-pow2", "bluestein-smooth"}, cluda.ModelCPU},
		{"526 on a CPU device", []int{4, 526}, []int{1}, []string{"bluestein-pow2", "bluestein-smooth"}, cluda.ModelCPU},
		{"74 on a GPU", []int{4, 74}, []int{1}, []string{"prime-butterflies-61", "prime-butterflies-31", "prime-butterflies-23", "bluestein-pow2", "bluestein-smooth"}, cluda.ModelGPU},
		// A CPU device's looped pass of 1024 pads its arrays; of 1000 not.
		{"1024 on a CPU device", []int{4, 1024}, []int{1}, []string{"no-looped-padding"}, cluda.ModelCPU},
		{"1000 on a CPU device", []int{4, 1000}, []int{1}, nil, cluda.ModelCPU},
		// A CPU device's short rows take the vector kernel.
		{"64 on a CPU device", []int{4, 64}, []int{1}, []string{"no-vector-rows"}, cluda.ModelCPU},
		// A CPU device's 941535 = 3²·5·7³·61 takes looped passes of
		// several, Bluestein's algorithm without them.
		{"941535 on a CPU device", []int{1, 941535}, []int{1}, []string{"prime-butterflies-61", "prime-butterflies-31", "prime-butterflies-23", "looped-primes-31", "looped-primes-251", "bluestein-pow2", "bluestein-smooth", "no-turn", "no-row-turns", "row-turns-3", "row-turns-2", "no-looped-passes"}, cluda.ModelCPU},
	}
	rules := fft.CandidateNames(core.ArrayOf(dtypes.Complex64, 3, 350), []int{1}, cluda.ModelGPU(), true)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			device := tt.device
			if device == nil {
				device = cluda.ModelGPU
			}
			got := fft.CandidateNames(core.ArrayOf(dtypes.Complex64, tt.shape...), tt.axes, device(), true)
			want := append(slices.Clone(rules), tt.want...)
			if !slices.Equal(got, want) {
				t.Errorf("candidates %v, want %v", got, want)
			}
			// A build without tuning lists every candidate of the large
			// local memory, and a CPU device's plain arrays, by name,
			// without planning them.
			untuned := fft.CandidateNames(core.ArrayOf(dtypes.Complex64, tt.shape...), tt.axes, device(), false)
			if d := device(); d.IsCPU() {
				want = append(slices.DeleteFunc(want, func(s string) bool {
					return s == "no-looped-padding" || s == "no-vector-rows" || s == "no-looped-passes"
				}), "no-looped-padding", "no-vector-rows", "no-looped-passes")
			}
			if d := device(); d.LocalBufferSize > d.LocalMemSize {
				want = append(slices.DeleteFunc(want, func(s string) bool {
					return strings.Contains(s, "large-passes") || s == "no-wide-one-pass" || s == "no-whole-exchanges"
				}), "no-large-passes", "large-passes", "wide-large-passes", "large-passes-8", "no-wide-one-pass", "no-whole-exchanges")
			}
			if !slices.Equal(untuned, want) {
				t.Errorf("candidates without tuning %v, want %v", untuned, want)
			}
		})
	}
}
