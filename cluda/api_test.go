package cluda

import (
	"errors"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cu"
)

func TestParseAPI(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want API
		err  bool
	}{
		{"", "", false},
		{"opencl", OpenCL, false},
		{" CUDA ", CUDA, false},
		{"OpenCL", OpenCL, false},
		{"vulkan", "", true},
	} {
		got, err := ParseAPI(tt.in)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("ParseAPI(%q) = %q, %v", tt.in, got, err)
		}
	}
}

// TestChooseAPI checks the order of the choice: the filter, then the
// environment, then the default.
func TestChooseAPI(t *testing.T) {
	// The default is CUDA where a CUDA device serves, OpenCL elsewhere.
	def := OpenCL
	if cudaServes(DeviceFilter{}) {
		def = CUDA
	}
	for _, tt := range []struct {
		name   string
		filter API
		env    string
		want   API
		err    string
	}{
		{"default", "", "", def, ""},
		{"filter", CUDA, "", CUDA, ""},
		{"environment", "", "cuda", CUDA, ""},
		{"filter before environment", OpenCL, "cuda", OpenCL, ""},
		{"unknown in the environment", "", "metal", "", "REIKNA_API=metal"},
		{"unknown in the filter", "metal", "", "", "unknown API"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(APIEnv, tt.env)
			got, err := chooseAPI(DeviceFilter{API: tt.filter})
			if checkError(t, err, tt.err) {
				return
			}
			if got != tt.want {
				t.Errorf("API %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCreateThreadCUDAWithoutDriver checks that asking for CUDA where the
// driver is missing finds no device, which tests take for a machine
// without one.
func TestCreateThreadCUDAWithoutDriver(t *testing.T) {
	if cu.Init() == nil {
		t.Skip("the CUDA driver is present")
	}
	_, err := CreateThread(DeviceFilter{API: CUDA}, ThreadOptions{})
	if !errors.Is(err, ErrNoDevice) || !errors.Is(err, cu.ErrNoDriver) || !strings.Contains(err.Error(), "API cuda") {
		t.Errorf("error %v, want one wrapping ErrNoDevice and cu.ErrNoDriver", err)
	}
	if devs, err := Devices(DeviceFilter{API: CUDA}); err != nil || len(devs) != 0 {
		t.Errorf("Devices of a CUDA filter: %d OpenCL devices, %v", len(devs), err)
	}
}
