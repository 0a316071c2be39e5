package cluda_test

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// An all-to-all exchange: a 6×8 array split by rows among three devices
// is copied into one split by columns. Each device sends every other the
// block of its rows that falls in their columns, in rounds (the default
// order, ExchangeRounds): every device sends one block and receives one
// at a time. Where the machine has one device, Repeat opens it three
// times, each with a queue of its own.
func ExampleMultiThread_CopySplit() {
	m, err := cluda.CreateMultiThread(cluda.DeviceFilter{}, 3, cluda.MultiThreadOptions{Repeat: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Release()

	shape := []int{6, 8}
	data := make([]float32, 6*8)
	for i := range data {
		data[i] = float32(i)
	}
	byRows, err := m.ToDeviceSplit(data, shape, 0, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer byRows.Release()
	byColumns, err := m.EmptySplit(shape, dtypes.Float32, 1, []int{2, 3, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer byColumns.Release()
	if err := m.CopySplit(byColumns, byRows); err != nil {
		fmt.Println(err)
		return
	}

	got := make([]float32, len(data))
	if err := byColumns.Get(got); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("order:", m.Exchange())
	fmt.Println("shares of the columns:", byColumns.Shares())
	fmt.Println("the same array:", slices.Equal(got, data))
	part, err := cluda.Read[float32](byColumns.Part(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("device 0 holds columns 0 and 1:", part)
	// Output:
	// order: rounds
	// shares of the columns: [2 3 3]
	// the same array: true
	// device 0 holds columns 0 and 1: [0 1 8 9 16 17 24 25 32 33 40 41]
}
