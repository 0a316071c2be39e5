package computations_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// Sum the columns of a matrix (the reduction over axis 0) and find the
// largest element of each row.
func ExampleNewReduce() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	t := core.ArrayOf(dtypes.Int32, 2, 3)
	sum, _ := computations.PredicateSum(dtypes.Int32)
	maximum, _ := computations.PredicateMax(dtypes.Int32)
	columns, err := computations.NewReduce(t, sum, []int{0}, computations.ReduceOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rows, err := computations.NewReduce(t, maximum, []int{1}, computations.ReduceOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sumColumns, err := columns.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sumColumns.Release()
	maxRows, err := rows.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer maxRows.Release()

	in, _ := thr.ToDevice([]int32{1, 7, 3, 4, 5, 9}, 2, 3)
	colSums, _ := thr.Empty([]int{3}, dtypes.Int32)
	rowMax, _ := thr.Empty([]int{2}, dtypes.Int32)
	defer in.Release()
	defer colSums.Release()
	defer rowMax.Release()
	if err := sumColumns.Call(colSums, in); err != nil {
		fmt.Println(err)
		return
	}
	if err := maxRows.Call(rowMax, in); err != nil {
		fmt.Println(err)
		return
	}
	c, _ := cluda.Read[int32](colSums)
	m, _ := cluda.Read[int32](rowMax)
	fmt.Println(c, m)
	// Output: [5 12 12] [7 9]
}

// A scan with a predicate of one's own: the running maximum of absolute
// values, inclusive, and the exclusive running sum.
func ExampleNewScan() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	op := snippets.MustSnippet("larger_magnitude", []string{"a", "b"},
		"return fmax(fabs({{ .a }}), fabs({{ .b }}));", nil)
	largest, err := computations.NewPredicate(dtypes.Float32, op, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	sum, _ := computations.PredicateSum(dtypes.Float32)
	t := core.ArrayOf(dtypes.Float32, 5)
	runningMax, _ := computations.NewScan(t, largest, nil, computations.ScanOptions{})
	runningSum, _ := computations.NewScan(t, sum, nil, computations.ScanOptions{Exclusive: true})

	in, _ := thr.ToDevice([]float32{1, -3, 2, -5, 4})
	out, _ := thr.Empty([]int{5}, dtypes.Float32)
	defer in.Release()
	defer out.Release()
	for _, sc := range []*computations.Scan{runningMax, runningSum} {
		c, err := sc.Compile(thr)
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := c.Call(out, in); err != nil {
			fmt.Println(err)
			return
		}
		c.Release()
		v, _ := cluda.Read[float32](out)
		fmt.Println(v)
	}
	// Output:
	// [1 3 3 5 5]
	// [0 1 -2 0 -5]
}

// The Frobenius norm of a complex matrix, and the 1-norms of its rows.
func ExampleNewEntrywiseNorm() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	t := core.ArrayOf(dtypes.Complex64, 2, 2)
	frobenius, err := computations.NewEntrywiseNorm(t, nil, computations.EntrywiseNormOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rowSums, err := computations.NewEntrywiseNorm(t, []int{1}, computations.EntrywiseNormOptions{Order: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	in, _ := thr.ToDevice([]complex64{3 + 4i, 0, 1, -2i}, 2, 2)
	defer in.Release()
	for _, n := range []*computations.EntrywiseNorm{frobenius, rowSums} {
		c, err := n.Compile(thr)
		if err != nil {
			fmt.Println(err)
			return
		}
		p, _ := n.Parameter("output")
		out, _ := thr.Empty(p.Type().Shape(), dtypes.Float32)
		if err := c.Call(out, in); err != nil {
			fmt.Println(err)
			return
		}
		v, _ := cluda.Read[float32](out)
		fmt.Printf("%.4g\n", v)
		out.Release()
		c.Release()
	}
	// Output:
	// [5.477]
	// [5 3]
}
