// Command mpifft runs the three-dimensional FFT by slabs over the
// processes that mpirun starts, one device each:
//
//	go build ./examples/mpifft
//	mpirun -np 3 ./mpifft -shape 64,64,64
//
// Each rank picks the device of its local rank among the host's devices
// (the one CPU device, for all, where PoCL is the only one), makes its
// part of a random input, runs the forward transform to transposed slabs
// and the inverse back to slabs, checks that the round trip gives the
// input back, and reports the times of its compute and of the exchange.
// With -nccl (CUDA devices, NCCL installed) the blocks go from device to
// device through NCCL rather than through host memory and MPI:
//
//	NCCL_NVLS_ENABLE=0 mpirun -np 2 -x NCCL_NVLS_ENABLE ./mpifft -api cuda -nccl -shape 512,512,512
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
	"github.com/reikna-go/reikna/multi/mpi"
	"github.com/reikna-go/reikna/multi/nccl"
)

// tolerance bounds the round trip's relative L2 error in complex64: two
// transforms of the FFT's own bound (1e-6) each.
const tolerance = 2e-6

func main() {
	shapeFlag := flag.String("shape", "64,64,64", "the array's shape, comma separated")
	reps := flag.Int("reps", 5, "timed calls of each transform, after one untimed")
	device := flag.String("device", "", "a substring of the device's name")
	api := flag.String("api", "", "the interface: opencl or cuda (the default is cluda's)")
	useNCCL := flag.Bool("nccl", false, "move the blocks between the devices through NCCL (CUDA)")
	flag.Parse()
	shape, err := parseShape(*shapeFlag)
	check(err)

	check(mpi.Init())
	world, err := mpi.World()
	check(err)
	local, _ := mpi.LocalRank()
	thr, err := multi.RankThread(cluda.DeviceFilter{Device: *device, API: cluda.API(*api)}, local, cluda.ThreadOptions{})
	check(err)
	defer thr.Release()

	var exchanger multi.DeviceExchanger
	if *useNCCL {
		if thr.API() != cluda.CUDA {
			check(fmt.Errorf("-nccl needs CUDA devices, not %v (-api cuda)", thr.API()))
		}
		id, err := nccl.BcastID(world)
		check(err)
		comm, err := nccl.NewComm(thr.CUDAContext(), id, world.Rank(), world.Size())
		check(err)
		defer comm.Destroy()
		exchanger = comm
	}

	typ := core.ArrayOf(dtypes.Complex64, shape...)
	forward, err := multi.NewRankSlabFFT(thr, world, typ, multi.SlabFFTOptions{Layout: multi.SlabsToTransposed, Exchanger: exchanger})
	check(err)
	defer forward.Release()
	back, err := multi.NewRankSlabFFT(thr, world, typ, multi.SlabFFTOptions{Layout: multi.TransposedToSlabs, Exchanger: exchanger})
	check(err)
	defer back.Release()

	// The rank's slab of the input: random values that depend on the
	// place only, so that every rank makes its own part alone.
	slab := forward.Part(0)
	data := make([]complex64, typ.Size()/shape[0]*slab.Length)
	r := rand.New(rand.NewPCG(uint64(slab.Start), 1))
	for i := range data {
		data[i] = complex(float32(2*r.Float64()-1), float32(2*r.Float64()-1))
	}
	in, err := thr.ToDevice(data, forward.Shape(0)...)
	check(err)
	defer in.Release()
	spectrum, err := thr.Empty(forward.Shape(1), dtypes.Complex64)
	check(err)
	defer spectrum.Release()
	out, err := thr.Empty(forward.Shape(0), dtypes.Complex64)
	check(err)
	defer out.Release()

	fwd := timeCalls(*reps, func() error { return forward.Call(spectrum, in, 0) })
	fwdStats := forward.Stats()
	inv := timeCalls(*reps, func() error { return back.Call(out, spectrum, 1) })
	invStats := back.Stats()
	got, err := cluda.Read[complex64](out)
	check(err)
	e := relativeL2(got, data)

	report := fmt.Sprintf("rank %d of %d on %s, slab of %d from %d: forward %v (compute %v, exchange %v, staging %v), inverse %v (compute %v, exchange %v); round trip error %.2g",
		world.Rank(), world.Size(), thr, slab.Length, slab.Start,
		fwd, ms(fwdStats.Compute), ms(fwdStats.Exchange), ms(fwdStats.Staging),
		inv, ms(invStats.Compute), ms(invStats.Exchange), e)
	if world.Rank() == 0 {
		fmt.Printf("%v complex64 over %d ranks: %.1f MB exchanged per transform; median of %d calls\n",
			shape, world.Size(), float64(fwdStats.ExchangedBytes)/1e6, *reps)
	}
	inTurn(world, func() { fmt.Println(report) })
	if !(e <= tolerance) {
		log.Printf("rank %d: round trip error %.3g, want at most %g", world.Rank(), e, tolerance)
		check(world.Abort(1))
	}
	check(mpi.Finalize())
}

// timeCalls calls f once, then reps times, and returns the median time of
// those.
func timeCalls(reps int, f func() error) time.Duration {
	check(f())
	times := make([]time.Duration, max(reps, 1))
	for i := range times {
		start := time.Now()
		check(f())
		times[i] = time.Since(start)
	}
	slices.Sort(times)
	return ms(times[len(times)/2])
}

// inTurn runs f on each rank in rank order, so that their lines come out
// in order, as far as mpirun's forwarding of the output keeps it.
func inTurn(world *mpi.Comm, f func()) {
	check(world.Barrier())
	for r := range world.Size() {
		if r == world.Rank() {
			f()
			os.Stdout.Sync()
		}
		check(world.Barrier())
	}
}

// relativeL2 returns ‖got − want‖₂ / ‖want‖₂.
func relativeL2(got, want []complex64) float64 {
	var num, den float64
	for i := range want {
		d := cmplx.Abs(complex128(got[i] - want[i]))
		num += d * d
		w := cmplx.Abs(complex128(want[i]))
		den += w * w
	}
	return math.Sqrt(num / den)
}

// parseShape parses "64,64,64".
func parseShape(s string) ([]int, error) {
	var shape []int
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("shape %q: %q is not a length", s, part)
		}
		shape = append(shape, n)
	}
	return shape, nil
}

func ms(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
