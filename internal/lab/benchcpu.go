package lab

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"gonum.org/v1/gonum/dsp/fourier"
)

const (
	// cpuElements bounds the values one timed CPU run transforms per
	// goroutine: longer batches are timed on part of their transforms and
	// scaled, so that a sweep does not spend minutes in gonum.
	cpuElements = 1 << 20
	// cpuBudget is how long the CPU runs of one length take, at most five
	// runs and at least one.
	cpuBudget = 300 * time.Millisecond
)

// cpuWorkers is the number of goroutines the CPU runs use.
func cpuWorkers() int { return runtime.GOMAXPROCS(0) }

// cpuTime times batch transforms of length n with gonum's dsp/fourier in
// float64, spread over cpuWorkers goroutines, on random data. It returns
// the median time of the whole batch in milliseconds and the number of
// transforms a run computed: where that is less than batch, the time is
// scaled up from them.
func cpuTime(n, batch int) (float64, int) {
	workers := cpuWorkers()
	count := min(batch, max(workers*cpuElements/n, 1))
	workers = min(workers, count)
	rng := rand.New(rand.NewPCG(uint64(n), uint64(batch)))
	data := make([]complex128, count*n)
	for i := range data {
		data[i] = complex(2*rng.Float64()-1, 2*rng.Float64()-1)
	}
	ffts := make([]*fourier.CmplxFFT, workers)
	dst := make([][]complex128, workers)
	for w := range ffts {
		ffts[w], dst[w] = fourier.NewCmplxFFT(n), make([]complex128, n)
	}
	run := func() time.Duration {
		start := time.Now()
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for t := w; t < count; t += workers {
					ffts[w].Coefficients(dst[w], data[t*n:(t+1)*n])
				}
			}()
		}
		wg.Wait()
		return time.Since(start)
	}
	// The first run warms up, unless it is too long to spend on that.
	first := run()
	var times []time.Duration
	if first > cpuBudget/5 {
		times = append(times, first)
	}
	for total := first; len(times) == 0 || len(times) < 5 && total < cpuBudget; {
		d := run()
		times, total = append(times, d), total+d
	}
	return ms(median(times)) * float64(batch) / float64(count), count
}
