package plan

import (
	"fmt"
	"testing"
)

// BenchmarkNew times the planning of one batched 1-D transform, which
// every build of an FFT pays: on a GPU with CUDA's opt-in local memory
// (227 KiB), where the rule of wider tiles may plan an axis twice
// (largePasses), and within 48 KiB.
func BenchmarkNew(b *testing.B) {
	large := gpuLimits
	large.LargeLocalMemBytes = 227 << 10
	for _, n := range []int{1 << 20, 1 << 24, 66528, 5931676} {
		for _, lim := range []struct {
			name string
			lim  Limits
		}{{"227KiB", large}, {"48KiB", gpuLimits}} {
			b.Run(fmt.Sprintf("N=%d/%s", n, lim.name), func(b *testing.B) {
				shape := []int{max(1, (512<<20)/(8*n)), n}
				for i := 0; i < b.N; i++ {
					if _, err := New(shape, []int{1}, lim.lim); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
