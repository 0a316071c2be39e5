package cluda

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

func TestParseExchangeOrder(t *testing.T) {
	for _, o := range []ExchangeOrder{ExchangeDefault, ExchangeRounds, ExchangeAtOnce} {
		got, err := ParseExchangeOrder(o.String())
		if err != nil || got != o {
			t.Errorf("ParseExchangeOrder(%q) = %v, %v; want %v", o.String(), got, err, o)
		}
	}
	if _, err := ParseExchangeOrder("pairs"); err == nil {
		t.Error(`ParseExchangeOrder("pairs") gave no error`)
	}
	if got := ExchangeOrder(7).String(); got != "ExchangeOrder(7)" {
		t.Errorf("ExchangeOrder(7).String() = %q", got)
	}
	if o, err := ExchangeDefault.resolve(); err != nil || o != ExchangeRounds {
		t.Errorf("the default resolves to %v, %v; want rounds", o, err)
	}
	if _, err := NewMultiThread([]Device{{api: OpenCL}}, MultiThreadOptions{Exchange: ExchangeOrder(-1)}); err == nil {
		t.Error("NewMultiThread took ExchangeOrder(-1)")
	}
}

// testMultiThreadOrder is testMultiThread with the blocks of its
// exchanges in order.
func testMultiThreadOrder(t *testing.T, n int, separate bool, order ExchangeOrder) *MultiThread {
	t.Helper()
	m, err := CreateMultiThread(DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, n,
		MultiThreadOptions{SeparateContexts: separate, Repeat: true, Exchange: order})
	if errors.Is(err, ErrNoDevice) && os.Getenv("REIKNA_REQUIRE_DEVICE") != "1" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Release)
	return m
}

// TestExchangeRounds checks the rounds of exchanges among 2 to 5 devices:
// every block in exactly one round, each device sending at most one block
// and receiving at most one in a round, and the own blocks apart.
func TestExchangeRounds(t *testing.T) {
	for _, n := range []int{2, 3, 4, 5} {
		t.Run(fmt.Sprintf("%d devices", n), func(t *testing.T) {
			m := testMultiThreadOrder(t, n, false, ExchangeDefault)
			if m.Exchange() != ExchangeRounds {
				t.Fatalf("Exchange() = %v, want rounds", m.Exchange())
			}
			shape := []int{2 * n, 3 * n}
			src, err := m.EmptySplit(shape, dtypes.Complex64, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer src.Release()
			dst, err := m.EmptySplit(shape, dtypes.Complex64, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer dst.Release()
			copies, err := m.splitCopies(dst, src)
			if err != nil {
				t.Fatal(err)
			}
			own, rounds := m.exchangeRounds(copies)
			if len(own) != n || len(rounds) != n-1 {
				t.Fatalf("%d own blocks and %d rounds, want %d and %d", len(own), len(rounds), n, n-1)
			}
			device := func(thr *Thread) int { return slices.Index(m.threads, thr) }
			for _, c := range own {
				if c.src.thread != c.dst.thread {
					t.Errorf("a block from device %d to %d among the own blocks", device(c.src.thread), device(c.dst.thread))
				}
			}
			total := len(own)
			for r, round := range rounds {
				sends, receives := map[int]bool{}, map[int]bool{}
				for _, c := range round {
					d, e := device(c.src.thread), device(c.dst.thread)
					if d == e || sends[d] || receives[e] {
						t.Errorf("round %d: device %d sends a second block or to itself (to %d)", r+1, d, e)
					}
					sends[d], receives[e] = true, true
				}
				total += len(round)
			}
			if total != len(copies) || total != n*n {
				t.Errorf("%d blocks in the rounds, %d in the exchange, want %d", total, len(copies), n*n)
			}
			if m.inRounds(len(rounds)) != (n > 2) {
				t.Errorf("in rounds: %v for %d devices", m.inRounds(len(rounds)), n)
			}
		})
	}
}

// TestCopySplitOrders exchanges split arrays among 3 and 4 devices in
// every order, whole and in chunks, and checks every element.
func TestCopySplitOrders(t *testing.T) {
	cases := []struct {
		devices          int
		shape            []int
		fromAxis, toAxis int
		from             []int
	}{
		{3, []int{10, 7, 2}, 0, 1, []int{3, 3, 4}},
		{4, []int{8, 9}, 0, 1, nil},
		{4, []int{9, 11}, 1, 0, []int{2, 2, 3, 4}},
	}
	for _, order := range []ExchangeOrder{ExchangeRounds, ExchangeAtOnce} {
		for _, kind := range contextKinds {
			for _, c := range cases {
				t.Run(fmt.Sprintf("%v/%s/%d devices/%v axis %d %v to axis %d", order, kind.name, c.devices, c.shape, c.fromAxis, c.from, c.toAxis), func(t *testing.T) {
					m := testMultiThreadOrder(t, c.devices, kind.separate, order)
					data := iota64(shapeSize(c.shape))
					src, err := m.ToDeviceSplit(data, c.shape, c.fromAxis, c.from)
					if err != nil {
						t.Fatal(err)
					}
					defer src.Release()
					for _, chunks := range []int{0, 1, 2} {
						dst := poisonedSplit(t, m, c.shape, c.toAxis)
						if chunks == 0 {
							err = m.CopySplit(dst, src)
						} else {
							// The source is written before: each chunk's commands write nothing.
							_, err = m.CopySplitChunked(dst, src, chunks, func(int) error { return nil })
						}
						if err != nil {
							t.Fatalf("%d chunks: %v", chunks, err)
						}
						checkSplitHolds(t, dst, data)
					}
				})
			}
		}
	}
}
