package comptest

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// BenchMiB is the size of one array in the benchmarks: 8 MiB by default,
// REIKNA_BENCH_MIB to change it (512 on a GPU).
func BenchMiB() int {
	if v, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_MIB")); err == nil && v > 0 {
		return v
	}
	return 8
}

// BenchMovement times c, compiled, from an array of type input into one of
// type output, with the scalars. It reports the median kernel time per
// call and the bytes of input, read and written, over it.
func BenchMovement(b *testing.B, thr *cluda.Thread, c *core.Computation, input, output core.Type, scalars ...any) {
	b.Helper()
	if !thr.Params().SupportsDType(input.DType()) {
		b.Skipf("the device does not support %v", input.DType())
	}
	call, err := c.Compile(thr)
	if err != nil {
		b.Fatal(err)
	}
	defer call.Release()
	in := randomBits(b, thr, input)
	out := ArrayOfType(b, thr, output)
	args := append([]any{out, in}, scalars...)
	for range 3 { // warm-up
		if _, err := call.CallProfiled(args...); err != nil {
			b.Fatal(err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		d, err := call.CallProfiled(args...)
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, d)
	}
	b.StopTimer()
	slices.Sort(times)
	med := times[len(times)/2].Seconds()
	bytes := float64(input.Size() * input.DType().Size())
	b.SetBytes(int64(2 * bytes))
	b.ReportMetric(med*1e3, "ms/call")
	b.ReportMetric(2*bytes/med/1e9, "GB/s")
}

// randomBits returns a contiguous array of type typ whose bytes are
// random: the computations move bits, and making 512 MiB of values one by
// one would take longer than the runs.
func randomBits(b *testing.B, thr *cluda.Thread, typ core.Type) *cluda.Array {
	b.Helper()
	a := ArrayOfType(b, thr, typ)
	buf := make([]byte, typ.Size()*typ.DType().Size())
	rand.NewChaCha8([32]byte{1}).Read(buf)
	bytes, err := a.View([]int{len(buf)}, dtypes.Uint8, nil, 0)
	if err != nil {
		b.Fatal(err)
	}
	if err := bytes.Set(buf); err != nil {
		b.Fatal(err)
	}
	return a
}
