package fft_test

import (
	"math/rand/v2"
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
