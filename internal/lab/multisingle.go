package lab

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
)

// batchedKey names the one-device run of the batched FFT of length n.
func batchedKey(n int) string { return fmt.Sprintf("batched %d", n) }

// batch returns the number of transforms of length n in an array of
// --mib.
func (mb *multiBench) batch(n int) int {
	return max(int(mb.bytes/(int64(n)*int64(mb.dt.Size()))), 1)
}

// singleBatched times the batched FFT of length n on one device and
// samples its output.
func (mb *multiBench) singleBatched(thr *cluda.Thread, n int) singleRun {
	shape := []int{mb.batch(n), n}
	f, err := fft.NewFFT(core.ArrayOf(mb.dt, shape...), []int{1}, fft.FFTOptions{})
	if err != nil {
		return singleRun{err: err.Error()}
	}
	r, err := mb.singleRun(thr, f, shape, batchedRows(shape[0]))
	if err != nil {
		return singleRun{err: err.Error()}
	}
	return r
}

// singleSlab times the FFT of --shape over every axis on one device and
// samples its output.
func (mb *multiBench) singleSlab(thr *cluda.Thread) singleRun {
	f, err := fft.NewFFT(core.ArrayOf(mb.dt, mb.shape...), nil, fft.FFTOptions{})
	if err != nil {
		return singleRun{err: err.Error()}
	}
	r, err := mb.singleRun(thr, f, mb.shape, slabPositions(mb.shape))
	if err != nil {
		return singleRun{err: err.Error()}
	}
	return r
}

// singleRun fills an input of shape, runs f from it once into an output
// on thr, poisoned first, and samples the output at positions (see
// readSample), then times f.
func (mb *multiBench) singleRun(thr *cluda.Thread, f *fft.FFT, shape []int, positions [][]int) (singleRun, error) {
	c, err := f.Compile(thr)
	if err != nil {
		return singleRun{}, err
	}
	defer c.Release()
	in, err := thr.Empty(shape, mb.dt)
	if err != nil {
		return singleRun{}, err
	}
	defer in.Release()
	out, err := thr.Empty(shape, mb.dt)
	if err != nil {
		return singleRun{}, err
	}
	defer out.Release()
	if err := fillArray(in); err != nil {
		return singleRun{}, fmt.Errorf("filling the input: %w", err)
	}
	if err := poisonComplex(out); err != nil {
		return singleRun{}, err
	}
	call := func() error { return c.Call(out, in, 0) }
	if err := call(); err != nil {
		return singleRun{}, err
	}
	samples, err := readSamples(func(at []int) ([]complex128, error) { return readSample(out, at) }, positions)
	if err != nil {
		return singleRun{}, fmt.Errorf("reading the output: %w", err)
	}
	t, _, err := mb.timeWall(call, thr.Synchronize)
	if err != nil {
		return singleRun{}, err
	}
	return singleRun{ms: t, samples: samples}, nil
}
