package device

import (
	"testing"

	"github.com/reikna-go/reikna/cluda"
)

// TestLimitsOfModels checks the limits of the model devices, the GPU
// through OpenCL and through CUDA.
func TestLimitsOfModels(t *testing.T) {
	cuda := cluda.ModelCUDAGPU()
	for _, tt := range []struct {
		name string
		p    *cluda.DeviceParams
		want Limits
	}{
		{"model GPU", cluda.ModelGPU(), Limits{MaxWorkGroup: 1024, LocalMemBytes: 48 << 10, LargeLocalMemBytes: 48 << 10, ComputeUnits: 132, GPU: true, GlobalAtomics: true}},
		{"model GPU through CUDA", cuda, Limits{MaxWorkGroup: 1024, LocalMemBytes: 48 << 10, LargeLocalMemBytes: 227 << 10, ComputeUnits: 132, GPU: true, CUDA: true, ComputeCapability: 90, GlobalAtomics: true}},
		{"model CPU", cluda.ModelCPU(), Limits{MaxWorkGroup: 4096, LocalMemBytes: 512 << 10, LargeLocalMemBytes: 512 << 10, ComputeUnits: 2, CPU: true, GlobalAtomics: true, VectorBytes: 32}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := LimitsOf(tt.p); got != tt.want {
				t.Errorf("LimitsOf:\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// TestLimitsOfWorkGroup checks that the work-group size is capped by the
// maximum along dimension 0, where the device reports one.
func TestLimitsOfWorkGroup(t *testing.T) {
	for _, tt := range []struct {
		name      string
		maxWG     int
		itemSizes []int
		want      int
	}{
		{"the work-group size", 1024, []int{1024, 1024, 64}, 1024},
		{"capped along dimension 0", 1024, []int{512, 1024, 64}, 512},
		{"no sizes per dimension", 256, nil, 256},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := cluda.ModelGPU()
			p.MaxWorkGroupSize, p.MaxWorkItemSizes = tt.maxWG, tt.itemSizes
			if got := LimitsOf(p).MaxWorkGroup; got != tt.want {
				t.Errorf("MaxWorkGroup = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestLimitsOfGlobalAtomics checks that OpenCL C 1.0 has no global
// atomics.
func TestLimitsOfGlobalAtomics(t *testing.T) {
	p := cluda.ModelGPU()
	p.OpenCLCVersion = "OpenCL C 1.0"
	if LimitsOf(p).GlobalAtomics {
		t.Error("an OpenCL C 1.0 device has global atomics")
	}
}
