package computations

import "testing"

// TestTransposeCPUSide checks the sides of the CPU's blocks by element
// size: a cache line of elements, at most 16, at least one.
func TestTransposeCPUSide(t *testing.T) {
	for _, tc := range []struct{ item, want int }{
		{1, 16}, {2, 16}, {4, 16}, {8, 8}, {12, 5}, {16, 4}, {32, 2}, {64, 1}, {100, 1},
	} {
		if got := transposeCPUSide(tc.item); got != tc.want {
			t.Errorf("transposeCPUSide(%d) = %d, want %d", tc.item, got, tc.want)
		}
	}
}

// TestPlanTransposeCPU checks the blocks, edges and work-groups of the
// CPU's plan of a pass.
func TestPlanTransposeCPU(t *testing.T) {
	for _, tc := range []struct {
		name               string
		pass               transposePass
		item, units, maxWG int
		want               transposeCPUPass
	}{
		{"float32 2048x8192", transposePass{batch: 1, height: 2048, width: 8192}, 4, 2, 4096,
			transposeCPUPass{Side: 16, BlocksH: 128, BlocksW: 512, Local: 32}},
		{"complex64 batch", transposePass{batch: 32, height: 256, width: 256}, 8, 2, 4096,
			transposeCPUPass{Side: 8, BlocksH: 32, BlocksW: 32, Local: 32}},
		{"edges", transposePass{batch: 1, height: 37, width: 70}, 4, 2, 4096,
			transposeCPUPass{Side: 16, BlocksH: 3, BlocksW: 5, EdgeH: true, EdgeW: true, Local: 1}},
		{"small matrices take smaller blocks", transposePass{batch: 100, height: 3, width: 5}, 4, 2, 4096,
			transposeCPUPass{Side: 8, BlocksH: 1, BlocksW: 1, EdgeH: true, EdgeW: true, Local: 1}},
		{"complex128", transposePass{batch: 1, height: 1024, width: 1024}, 16, 2, 4096,
			transposeCPUPass{Side: 4, BlocksH: 256, BlocksW: 256, Local: 32}},
		{"int8", transposePass{batch: 1, height: 64, width: 48}, 1, 2, 4096,
			transposeCPUPass{Side: 16, BlocksH: 4, BlocksW: 3, Local: 1}},
		{"work-groups bounded by the device", transposePass{batch: 1, height: 4096, width: 4096}, 4, 2, 8,
			transposeCPUPass{Side: 16, BlocksH: 256, BlocksW: 256, Local: 8}},
		{"struct of 12 bytes", transposePass{batch: 2, height: 23, width: 31}, 12, 2, 4096,
			transposeCPUPass{Side: 5, BlocksH: 5, BlocksW: 7, EdgeH: true, EdgeW: true, Local: 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := planTransposeCPU(tc.pass, tc.item, tc.units, tc.maxWG); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
