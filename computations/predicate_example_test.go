package computations_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// The four predicates that come ready made, each reducing one array.
func ExamplePredicate() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	in, _ := thr.ToDevice([]int32{3, -1, 4, -1, 5, -9, 2, 6})
	out, _ := thr.Empty([]int{}, dtypes.Int32)
	defer in.Release()
	defer out.Release()
	makers := []struct {
		name  string
		build func(dtypes.DType) (*computations.Predicate, error)
	}{
		{"sum", computations.PredicateSum},
		{"product", computations.PredicateProduct},
		{"min", computations.PredicateMin},
		{"max", computations.PredicateMax},
	}
	for _, m := range makers {
		p, err := m.build(dtypes.Int32)
		if err != nil {
			fmt.Println(err)
			return
		}
		reduce, err := computations.NewReduce(core.ArrayOf(dtypes.Int32, 8), p, nil, computations.ReduceOptions{})
		if err != nil {
			fmt.Println(err)
			return
		}
		c, err := reduce.Compile(thr)
		if err != nil {
			fmt.Println(err)
			return
		}
		err = c.Call(out, in)
		c.Release()
		if err != nil {
			fmt.Println(err)
			return
		}
		v, _ := cluda.Read[int32](out)
		fmt.Println(m.name, v[0])
	}
	// Output:
	// sum 9
	// product -6480
	// min -9
	// max 6
}

// A predicate of one's own: the bitwise or of the flags in each row.
// Its operation is a snippet of two values, associative, and empty is
// the value that changes nothing (0 for or).
func ExampleNewPredicate() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	or := snippets.MustSnippet("bitwise_or", []string{"a", "b"}, "return {{ .a }} | {{ .b }};", nil)
	anyFlag, err := computations.NewPredicate(dtypes.Int32, or, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	rows, err := computations.NewReduce(core.ArrayOf(dtypes.Int32, 2, 4), anyFlag, []int{1}, computations.ReduceOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := rows.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	in, _ := thr.ToDevice([]int32{1, 2, 4, 0, 8, 8, 1, 0}, 2, 4)
	out, _ := thr.Empty([]int{2}, dtypes.Int32)
	defer in.Release()
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		fmt.Println(err)
		return
	}
	v, err := cluda.Read[int32](out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v)
	// Output: [7 9]
}
