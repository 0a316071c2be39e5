package main

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// TestRenderModelCUDA renders for the model GPU as a CUDA device, which
// needs no device: every kernel gets the CUDA prelude, and the work-group
// FFT module, which has no prelude of its own, is the OpenCL one.
func TestRenderModelCUDA(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		kernels int
	}{
		{[]string{"fft", "--shape", "4,1024", "--axes", "1"}, 1},
		{[]string{"rfft", "--shape", "8,1000"}, 2},
		{[]string{"matmul", "--shape", "64,64", "--shape-b", "64,64", "--complex"}, 1},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, _ := tool.OK(t, append(append([]string{"render"}, tt.args...), "--model", "gpu", "--api", "cuda")...)
			for _, k := range checkKernels(t, out, tt.kernels, `#define KERNEL extern "C" __global__`) {
				if strings.Contains(k.source, "__kernel") {
					t.Errorf("kernel %s: OpenCL's __kernel in a CUDA source", k.name)
				}
			}
		})
	}
	module := []string{"render", "fft-module", "--length", "360", "--model", "gpu"}
	openCL, _ := tool.OK(t, module...)
	cuda, _ := tool.OK(t, append(module, "--api", "cuda")...)
	if cuda != openCL {
		t.Error("render fft-module prints another module for CUDA than for OpenCL")
	}
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"render", "fft", "--model", "gpu", "--api", "metal"}, `--api: cluda: unknown API "metal"`},
		{[]string{"render", "fft-module", "--length", "64", "--model", "gpu", "--api", "metal"}, `--api: cluda: unknown API "metal"`},
	})
}
