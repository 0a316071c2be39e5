package multi_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/multi"
)

// bytesOf returns the bytes of a slice of complex64.
func bytesOf(x []complex64) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(x))), len(x)*8)
}

// TestRankSplitArrayScatterGather scatters arrays from a root rank to
// three ranks in goroutines and gathers them back to another, along each
// axis and in uneven shares, and checks every byte and each rank's part.
func TestRankSplitArrayScatterGather(t *testing.T) {
	const ranks = 3
	m := cludatest.MultiThread(t, ranks, cluda.MultiThreadOptions{})
	cases := []struct {
		shape        []int
		axis         int
		shares       []int
		root, target int
	}{
		{[]int{7, 5}, 0, nil, 0, 0},
		{[]int{4, 9, 3}, 1, []int{2, 3, 4}, 2, 1},
		{[]int{3, 2, 6}, 2, []int{1, 2, 3}, 1, 2},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v along %d, shares %v, from %d to %d", c.shape, c.axis, c.shares, c.root, c.target), func(t *testing.T) {
			data := to64(randomComplex(shapeLen(c.shape), 11))
			var parts [ranks][]complex64
			var back []complex64
			errs := runRanks(threadsOf(m), func(thr *cluda.Thread, comm multi.Communicator) error {
				r, err := multi.NewRanks(thr, comm)
				if err != nil {
					return err
				}
				s, err := r.EmptySplit(c.shape, dtypes.Complex64, c.axis, c.shares)
				if err != nil {
					return err
				}
				defer s.Release()
				var whole []byte
				if r.Rank() == c.root {
					whole = bytesOf(data)
				}
				if err := s.Scatter(c.root, whole); err != nil {
					return err
				}
				if parts[r.Rank()], err = cluda.Read[complex64](s.Part()); err != nil {
					return err
				}
				var got []complex64
				if r.Rank() == c.target {
					got = make([]complex64, len(data))
					whole = bytesOf(got)
				} else {
					whole = nil
				}
				if err := s.Gather(c.target, whole); err != nil {
					return err
				}
				if r.Rank() == c.target {
					back = got
				}
				return nil
			})
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
			shares, _ := cluda.SplitShares(c.shape[c.axis], c.shares, ranks)
			start := 0
			for r := range ranks {
				if want := partOf(data, c.shape, c.axis, start, shares[r]); !slices.Equal(parts[r], want) {
					t.Errorf("rank %d holds %v, want %v", r, parts[r], want)
				}
				start += shares[r]
			}
			if !slices.Equal(back, data) {
				t.Errorf("gathered %v, want %v", back, data)
			}
		})
	}
}

// ranksRows and ranksN are the batched FFT that checkRanksFFT runs: 10
// rows of 16 points, split unevenly among three ranks.
const ranksRows, ranksN = 10, 16

// TestRanksCompile runs checkRanksFFT on three ranks in goroutines.
func TestRanksCompile(t *testing.T) {
	m := cludatest.MultiThread(t, 3, cluda.MultiThreadOptions{})
	errs := runRanks(threadsOf(m), checkRanksFFT)
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

// checkRanksFFT is one rank's run of a batched FFT over rows split among
// the ranks (Ranks.Compile), its input scattered from rank 0 and its
// output gathered there and checked against the float64 reference; an
// output split along the transformed axis must be refused.
func checkRanksFFT(thr *cluda.Thread, comm multi.Communicator) error {
	shape := []int{ranksRows, ranksN}
	data := randomComplex(ranksRows*ranksN, 12)
	r, err := multi.NewRanks(thr, comm)
	if err != nil {
		return err
	}
	in, err := r.EmptySplit(shape, dtypes.Complex64, 0, nil)
	if err != nil {
		return err
	}
	defer in.Release()
	out, err := r.EmptySplit(shape, dtypes.Complex64, 0, nil)
	if err != nil {
		return err
	}
	defer out.Release()
	var whole []byte
	if r.Rank() == 0 {
		whole = bytesOf(to64(data))
	}
	if err := in.Scatter(0, whole); err != nil {
		return err
	}
	f, err := r.Compile(in.Shares(), func(p multi.Part) (core.AnyComputation, error) {
		return fft.NewFFT(core.ArrayOf(dtypes.Complex64, p.Length, ranksN), []int{1}, fft.FFTOptions{})
	})
	if err != nil {
		return err
	}
	defer f.Release()
	if err := f.Call(out, in, 0); err != nil {
		return err
	}
	columns, err := r.EmptySplit(shape, dtypes.Complex64, 1, nil)
	if err != nil {
		return err
	}
	defer columns.Release()
	if err := f.Call(columns, in, 0); err == nil {
		return errors.New("an output split along the transformed axis: no error")
	}
	var got []complex64
	whole = nil
	if r.Rank() == 0 {
		got = make([]complex64, len(data))
		whole = bytesOf(got)
	}
	if err := out.Gather(0, whole); err != nil {
		return err
	}
	if r.Rank() == 0 {
		want := reference.FFTN(data, shape, []int{1}, false)
		if e := reference.RelativeL2(got, want); !(e <= slabTolerance) {
			return fmt.Errorf("relative L2 error %.3g of the gathered output, want at most %g", e, slabTolerance)
		}
	}
	return nil
}

func TestNewRanksErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	if _, err := multi.NewRanks(nil, newLocalWorld(1)[0]); err == nil {
		t.Error("a nil Thread: no error")
	}
	if _, err := multi.NewRanks(thr, nil); err == nil {
		t.Error("a nil Communicator: no error")
	}
}

// shapeLen returns the number of elements of shape.
func shapeLen(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// TestRankSlabFFTSplitArrays calls a RankSlabFFT on three ranks in
// goroutines with RankSplitArray arguments, the input scattered from rank
// 0 and the output gathered there, against the float64 reference; an
// input split into other shares is refused.
func TestRankSlabFFTSplitArrays(t *testing.T) {
	m := cludatest.MultiThread(t, 3, cluda.MultiThreadOptions{})
	shape := []int{6, 10, 4}
	data := randomComplex(shapeLen(shape), 13)
	want := reference.FFTN(data, shape, nil, false)
	got := make([]complex64, len(data))
	errs := runRanks(threadsOf(m), func(thr *cluda.Thread, comm multi.Communicator) error {
		r, err := multi.NewRanks(thr, comm)
		if err != nil {
			return err
		}
		f, err := multi.NewRankSlabFFT(thr, comm, core.ArrayOf(dtypes.Complex64, shape...), multi.SlabFFTOptions{})
		if err != nil {
			return err
		}
		defer f.Release()
		in, err := r.EmptySplit(shape, dtypes.Complex64, 0, f.Shares(0))
		if err != nil {
			return err
		}
		defer in.Release()
		out, err := r.EmptySplit(shape, dtypes.Complex64, 1, f.Shares(1))
		if err != nil {
			return err
		}
		defer out.Release()
		var whole []byte
		if r.Rank() == 0 {
			whole = bytesOf(to64(data))
		}
		if err := in.Scatter(0, whole); err != nil {
			return err
		}
		uneven, err := r.EmptySplit(shape, dtypes.Complex64, 0, []int{1, 2, 3})
		if err != nil {
			return err
		}
		defer uneven.Release()
		if err := f.Call(out, uneven, 0); err == nil {
			return errors.New("an input split into other shares: no error")
		}
		if err := f.Call(out, in, 0); err != nil {
			return err
		}
		whole = nil
		if r.Rank() == 0 {
			whole = bytesOf(got)
		}
		return out.Gather(0, whole)
	})
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if e := reference.RelativeL2(got, want); !(e <= slabTolerance) {
		t.Errorf("relative L2 error %.3g, want at most %g", e, slabTolerance)
	}
}
