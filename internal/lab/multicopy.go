package lab

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// copyLeg is one copy of a timed set: from the memory of one device to
// another's.
type copyLeg struct{ from, to *cluda.Thread }

// measureCopies times a copy of bytes from each device of m to every
// other, through CopyBetween, by the wall clock; then, for each pair of
// devices, the copies both ways at once, as an exchange between them
// moves its blocks.
func measureCopies(m *cluda.MultiThread, bytes int64, runs int) []copyRow {
	var rows []copyRow
	for i := range m.Len() {
		for j := range m.Len() {
			if i == j {
				continue
			}
			r := copyRow{From: i, To: j, Path: m.Path(i, j).String(), Bytes: bytes}
			r.setError(timeCopies([]copyLeg{{m.Thread(i), m.Thread(j)}}, bytes, runs, &r))
			rows = append(rows, r)
		}
	}
	for i := range m.Len() {
		for j := i + 1; j < m.Len(); j++ {
			r := copyRow{From: i, To: j, BothWays: true, Path: m.Path(i, j).String(), Bytes: bytes}
			r.setError(timeCopies([]copyLeg{{m.Thread(i), m.Thread(j)}, {m.Thread(j), m.Thread(i)}}, bytes, runs, &r))
			rows = append(rows, r)
		}
	}
	return rows
}

// timeCopies times the copies of bytes of legs, all at once, each from an
// array on its source to one on its destination; the bandwidth is that
// of each leg.
func timeCopies(legs []copyLeg, bytes int64, runs int, r *copyRow) error {
	n := int(max(bytes/4, 1))
	src := make([]*cluda.Array, len(legs))
	dst := make([]*cluda.Array, len(legs))
	defer func() {
		for i := range legs {
			src[i].Release()
			dst[i].Release()
		}
	}()
	for i, l := range legs {
		var err error
		if src[i], err = l.from.Empty([]int{n}, dtypes.Float32); err != nil {
			return err
		}
		if dst[i], err = l.to.Empty([]int{n}, dtypes.Float32); err != nil {
			return err
		}
		if err := src[i].Fill(1.5); err != nil {
			return err
		}
		// A destination that the copies leave alone fails the check
		// below, whatever its memory held before.
		if err := dst[i].Fill(float32(math.NaN())); err != nil {
			return err
		}
	}
	med, err := timeCopyRuns(runs, func() error {
		errs := make([]error, len(legs))
		var wg sync.WaitGroup
		for i := range legs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = cluda.CopyBetween(dst[i], src[i])
			}()
		}
		wg.Wait()
		return errors.Join(errs...)
	})
	if err != nil {
		return err
	}
	r.MedianMS, r.Runs = ms(med), runs
	r.GBs = float64(4*n) / med.Seconds() / 1e9
	for _, b := range dst {
		for _, at := range []int{0, n - 1} {
			v, err := b.Slice(0, at, at+1, 1)
			if err != nil {
				return err
			}
			got, err := cluda.Read[float32](v)
			if err != nil {
				return err
			}
			if got[0] != 1.5 {
				return &wrongResultError{fmt.Errorf("element %d of the copy is %v, want 1.5", at, got[0])}
			}
		}
	}
	return nil
}

// allToAllRow is the exchange of contiguous blocks among Devices devices
// through cluda.MultiThread.CopySplit, in the MultiThread's order: each device
// holds Bytes and sends a block of Bytes/Devices to every other. It is the
// rate the slab FFT's exchange, whose blocks are strided, is held to.
type allToAllRow struct {
	rowStatus
	Devices  int     `json:"devices"`
	Bytes    int64   `json:"bytes_per_device"`
	Runs     int     `json:"runs"`
	MedianMS float64 `json:"median_ms"`
	// PerDeviceGBs is the bytes each device sends to the others (and
	// receives from them) over the median time.
	PerDeviceGBs float64 `json:"gbs_per_device"`
}

// measureAllToAll times the exchange of a float32 array of shape
// [k, k, n] split among the k devices of m along axis 0 into the same
// array split along axis 1, each device's part bytes: block (d, e) moves
// from device d to e as one contiguous run of n elements.
func measureAllToAll(m *cluda.MultiThread, bytes int64, runs int) allToAllRow {
	k := m.Len()
	n := int(max(bytes/4/int64(k), 1))
	r := allToAllRow{Devices: k, Bytes: int64(k) * int64(n) * 4}
	r.setError(timeAllToAll(m, []int{k, k, n}, runs, &r))
	return r
}

// timeAllToAll makes the two split arrays of shape, fills the source with
// each element's block number, and times CopySplit between them; then it
// checks the first and last element of every block it received.
func timeAllToAll(m *cluda.MultiThread, shape []int, runs int, r *allToAllRow) error {
	k := m.Len()
	src, err := m.EmptySplit(shape, dtypes.Float32, 0, nil)
	if err != nil {
		return err
	}
	defer src.Release()
	dst, err := m.EmptySplit(shape, dtypes.Float32, 1, nil)
	if err != nil {
		return err
	}
	defer dst.Release()
	for d := range k {
		for e := range k {
			block, err := src.Part(d).Slice(1, e, e+1, 1)
			if err != nil {
				return err
			}
			if err := block.Fill(float32(d*k + e)); err != nil {
				return err
			}
		}
		if err := dst.Part(d).Fill(float32(math.NaN())); err != nil {
			return err
		}
	}
	med, err := timeCopyRuns(runs, func() error { return m.CopySplit(dst, src) })
	if err != nil {
		return err
	}
	r.MedianMS, r.Runs = ms(med), runs
	r.PerDeviceGBs = float64(r.Bytes) * float64(k-1) / float64(k) / med.Seconds() / 1e9
	n := shape[2]
	for e := range k {
		for d := range k {
			for _, at := range []int{0, n - 1} {
				v, err := dst.Part(e).Slice(0, d, d+1, 1)
				if err == nil {
					v, err = v.Slice(2, at, at+1, 1)
				}
				if err != nil {
					return err
				}
				got, err := cluda.Read[float32](v)
				if err != nil {
					return err
				}
				if want := float32(d*k + e); got[0] != want {
					return &wrongResultError{fmt.Errorf("element %d of the block from device %d to %d is %v, want %v", at, d, e, got[0], want)}
				}
			}
		}
	}
	return nil
}

// timeCopyRuns returns the median wall time of runs calls of copy, each
// of which returns when its copies are done, after one that warms up.
func timeCopyRuns(runs int, copy func() error) (time.Duration, error) {
	var times []time.Duration
	for run := range runs + 1 {
		start := time.Now()
		if err := copy(); err != nil {
			return 0, err
		}
		if run > 0 { // the first warms up
			times = append(times, time.Since(start))
		}
	}
	return median(times), nil
}
