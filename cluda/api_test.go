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
	// The default is CUDA where a CUDA device matches the filter and
	// NVRTC loads, OpenCL elsewhere: always for a filter that no CUDA
	// device matches, and here where the driver or NVRTC is missing.
	def := OpenCL
	if _, _, err := cu.NVRTCVersion(); err == nil {
		if devs, err := cudaDevices(DeviceFilter{}); err == nil && len(devs) > 0 {
			def = CUDA
		}
	}
	for _, tt := range []struct {
		name   string
		filter DeviceFilter
		env    string
		want   API
		err    string
	}{
		{"default", DeviceFilter{}, "", def, ""},
		{"default where no CUDA device matches", DeviceFilter{Device: "no such device"}, "", OpenCL, ""},
		{"filter", DeviceFilter{API: CUDA}, "", CUDA, ""},
		{"environment", DeviceFilter{}, "cuda", CUDA, ""},
		{"filter before environment", DeviceFilter{API: OpenCL}, "cuda", OpenCL, ""},
		{"unknown in the environment", DeviceFilter{}, "metal", "", "REIKNA_API=metal"},
		{"unknown in the filter", DeviceFilter{API: "metal"}, "", "", "unknown API"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(APIEnv, tt.env)
			got, err := chooseAPI(tt.filter)
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
