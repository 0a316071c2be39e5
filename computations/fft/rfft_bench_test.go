package fft_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// BenchmarkRFFT times RFFT of batched float32 rows of the lengths of the
// comparison with torch.fft.rfft, as many rows as fill REIKNA_BENCH_MIB
// MiB of input (8 by default, 512 for the GPU comparison), and IRFFT of
// the half spectra back. It reports the median kernel time per call and
// the bytes of the input and the output over it (the half spectrum has as
// many bytes as the real rows, and 8 per row). REIKNA_BENCH_SIZES replaces
// the lengths, and the tuning variables of BenchmarkFFT apply.
func BenchmarkRFFT(b *testing.B) {
	thr := cludatest.Thread(b)
	sizes := []int{1 << 10, 1 << 12, 1 << 16, 1 << 20}
	if os.Getenv("REIKNA_BENCH_SIZES") != "" {
		sizes = benchSizes(b)
	}
	for _, n := range sizes {
		rows := max(comptest.BenchMiB()<<20/(4*n), 1)
		signal, half := core.ArrayOf(dtypes.Float32, rows, n), core.ArrayOf(dtypes.Complex64, rows, n/2+1)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			r, err := fft.NewTunedRFFT(signal, []int{1}, benchTuning())
			if err != nil {
				b.Fatal(err)
			}
			comptest.BenchMovement(b, thr, r.Computation, signal, half)
		})
		b.Run(fmt.Sprintf("inverse/N=%d", n), func(b *testing.B) {
			r, err := fft.NewTunedIRFFT(half, []int{1}, n, benchTuning())
			if err != nil {
				b.Fatal(err)
			}
			comptest.BenchMovement(b, thr, r.Computation, half, signal)
		})
	}
}
