package core

import "fmt"

// RowMajorIndices returns C expressions of the indices along dims that the
// flat row-major index flat (a C expression) stands for: index j is
// (flat / (dims[j+1] * ... )) % dims[j], without the division where the
// product is 1 and without the remainder for the first axis, whose index
// the division alone bounds. An axis of length 1 has index 0. The flat
// index is converted to VSIZE_T first.
func RowMajorIndices(flat string, dims []int) []string {
	out := make([]string, len(dims))
	inner := 1
	for j := len(dims) - 1; j >= 0; j-- {
		switch {
		case dims[j] == 1:
			out[j] = "0"
		default:
			e := fmt.Sprintf("(VSIZE_T)(%s)", flat)
			if inner > 1 {
				e = fmt.Sprintf("(%s / %d)", e, inner)
			}
			if j > 0 {
				e = fmt.Sprintf("(%s %% %d)", e, dims[j])
			}
			out[j] = e
		}
		inner *= dims[j]
	}
	return out
}
