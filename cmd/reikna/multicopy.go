package main

import (
	"fmt"
	"math"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// measureCopies times a copy of bytes from each device of m to every
// other, through CopyBetween, by the wall clock.
func measureCopies(m *cluda.MultiThread, bytes int64, runs int) []copyRow {
	var rows []copyRow
	for i := range m.Len() {
		for j := range m.Len() {
			if i == j {
				continue
			}
			r := copyRow{From: i, To: j, Path: m.Path(i, j).String(), Bytes: bytes}
			err := timeCopy(m.Thread(i), m.Thread(j), bytes, runs, &r)
			r.setError(err)
			rows = append(rows, r)
		}
	}
	return rows
}

// timeCopy times copies of bytes from an array of src to one of dst.
func timeCopy(src, dst *cluda.Thread, bytes int64, runs int, r *copyRow) error {
	n := int(max(bytes/4, 1))
	a, err := src.Empty([]int{n}, dtypes.Float32)
	if err != nil {
		return err
	}
	defer a.Release()
	b, err := dst.Empty([]int{n}, dtypes.Float32)
	if err != nil {
		return err
	}
	defer b.Release()
	if err := a.Fill(1.5); err != nil {
		return err
	}
	// A destination that the copies leave alone fails the check below,
	// whatever its memory held before.
	if err := b.Fill(float32(math.NaN())); err != nil {
		return err
	}
	var times []time.Duration
	for i := range runs + 1 {
		start := time.Now()
		if err := cluda.CopyBetween(b, a); err != nil {
			return err
		}
		if i > 0 { // the first warms up
			times = append(times, time.Since(start))
		}
	}
	r.MedianMS, r.Runs = ms(median(times)), len(times)
	r.GBs = float64(4*n) / median(times).Seconds() / 1e9
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
	return nil
}
