package fft

import (
	"strings"
	"testing"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/dtypes"
)

// TestEndHooks checks the macros that the hooks of the end kinds define:
// one FFT_LOAD_ELEM and one FFT_STORE_ELEM, each applying the transform
// of its kind around the access of the argument or of the real transform.
func TestEndHooks(t *testing.T) {
	dt := dtypes.Complex64
	tests := []struct {
		name             string
		kernel           fftplan.Kernel
		in, out          complexEnd
		real             *fftRealBody
		wantLoad, wantSt string
	}{
		{"plain", fftplan.Kernel{}, complexEnd{}, complexEnd{},
			nil, "FFT_LOAD_AT(_o, _n, _i)", "FFT_STORE_AT(_o, _n, _i, _v)"},
		{"inverse", fftplan.Kernel{}, inverseEnd(dt, 1), inverseEnd(dt, 0.5), nil,
			"_fft_conj_if(FFT_LOAD_AT(_o, _n, _i), FFT_INVERSE)",
			"FFT_STORE_AT(_o, _n, _i, _fft_conj_scale_if(_v, FFT_INVERSE))"},
		{"chirp in, product out", fftplan.Kernel{ChirpIn: true, KernelB: true}, inverseEnd(dt, 1), complexEnd{}, nil,
			"_fft_mul(_fft_conj_if(FFT_LOAD_AT(_o, _n, _i), FFT_INVERSE), CHIRP(_n))",
			"FFT_STORE_AT(_o, _n, _i, _fft_conj(_fft_mul(_v, KERNEL_B(_n))))"},
		{"chirp out", fftplan.Kernel{ChirpOut: true}, complexEnd{}, inverseEnd(dt, 0.5), nil,
			"FFT_LOAD_AT(_o, _n, _i)",
			"FFT_STORE_AT(_o, _n, _i, _fft_conj_scale_if(_fft_mul(_fft_conj(_v), CHIRP(_n)), FFT_INVERSE))"},
		{"convolution", fftplan.Kernel{ChirpIn: true, KernelB: true, ChirpOut: true}, complexEnd{}, complexEnd{}, nil,
			"_fft_mul(FFT_LOAD_AT(_o, _n, _i), CHIRP(_n))",
			"FFT_STORE_AT(_o, _n, _i, _fft_mul(_fft_conj(_v), CHIRP(_n)))"},
		{"real with the chirp", fftplan.Kernel{ChirpIn: true, ChirpOut: true}, complexEnd{}, complexEnd{},
			&fftRealBody{Load: realLoadReal, Store: realStoreReal, Scale: "1.0f"},
			"_fft_mul(FFT_LOAD_REAL(_o, _n, _i), CHIRP(_n))",
			"FFT_STORE_REAL(_o, _n, _i, _fft_mul(_fft_conj(_v), CHIRP(_n)))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &fftKernel{Kernel: tt.kernel}
			in, out := bluesteinEnds(k, tt.in, tt.out)
			if tt.real != nil {
				in, out = realEnd{Real: tt.real, Then: in}, realEnd{Real: tt.real, Then: out}
			}
			b := &fftPass{CType: dt.CType(), Zero: "0.0f", Src: fftPassEnd{Kind: in}, Dst: fftPassEnd{Kind: out}}
			var sb strings.Builder
			if err := kernelTemplates.ExecuteTemplate(&sb, "fft_ends", b); err != nil {
				t.Fatal(err)
			}
			text := sb.String()
			for _, want := range []string{
				"#define FFT_LOAD_ELEM(_o, _n, _i) " + tt.wantLoad + "\n",
				"#define FFT_STORE_ELEM(_o, _n, _i, _v) " + tt.wantSt,
			} {
				if strings.Count(text, want) != 1 {
					t.Errorf("the hooks do not define %q once:\n%s", want, text)
				}
			}
			if b.Twisted() || b.Paired() {
				t.Errorf("the stores of %s are twisted", tt.name)
			}
		})
	}
	for _, tt := range []struct {
		real *fftRealBody
		want string
	}{{&fftRealBody{}, storeElements}, {&fftRealBody{Twist: true}, storeTwist}, {&fftRealBody{Twist: true, Paired: true}, storePaired}} {
		if got := (realEnd{Real: tt.real, Then: complexEnd{}}).StoreVariant(); got != tt.want {
			t.Errorf("the store variant of %+v is %q, want %q", *tt.real, got, tt.want)
		}
	}
}
