package cluda

import (
	"strings"
	"testing"
)

// TestPreludeUnrollLoop checks how each device's programs define
// UNROLL_LOOP: #pragma unroll through CUDA and on NVIDIA's OpenCL
// platform, each only where the program's options leave it undefined
// (-DUNROLL_LOOP=), and nothing on other OpenCL devices.
func TestPreludeUnrollLoop(t *testing.T) {
	tests := []struct {
		name   string
		params *DeviceParams
		want   string
	}{
		{"NVIDIA through OpenCL", ModelGPU(), "#ifndef UNROLL_LOOP\n#define UNROLL_LOOP _Pragma(\"unroll\")\n#endif\n"},
		{"NVIDIA through CUDA", ModelCUDAGPU(), "#ifndef UNROLL_LOOP\n#define UNROLL_LOOP _Pragma(\"unroll\")\n#endif\n"},
		{"a CPU through OpenCL", ModelCPU(), "#define UNROLL_LOOP\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			full, _ := programSource(tt.params, CompileOptions{}, "", "")
			if !strings.Contains(full, tt.want) {
				t.Errorf("the prelude lacks %q:\n%s", tt.want, full)
			}
		})
	}
}
