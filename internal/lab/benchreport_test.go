package lab

import "testing"

func TestNum(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0", 0.012345: "0.0123", 1.2345: "1.23", 12.345: "12.3", 123.45: "123", 12345: "12345",
		9.9996: "10.0", 0.99996: "1.00",
	} {
		if got := num(v); got != want {
			t.Errorf("num(%v) = %q, want %q", v, got, want)
		}
	}
}
