package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
)

// gpuCompareScript is scripts/gpu_compare.sh, from this package's
// directory.
const gpuCompareScript = "../../scripts/gpu_compare.sh"

// fakeReikna is a stand-in for the reikna binary: it logs the API of each
// command it runs (REIKNA_API) and its arguments to $FAKE_LOG, prints
// $FAKE_DEVICES for `devices --json`, and measures nothing.
const fakeReikna = `#!/bin/sh
echo "${REIKNA_API:-unset} $*" >>"$FAKE_LOG"
if [ "$1 $2" = "devices --json" ]; then
	cat "$FAKE_DEVICES"
fi
`

// The platforms of `reikna devices --json` that the fake binary lists.
const (
	openCLPlatform   = `{"name": "NVIDIA CUDA", "version": "OpenCL 3.0 CUDA", "devices": [{"name": "NVIDIA H200"}]}`
	cudaPlatform     = `{"name": "` + cluda.CUDAPlatformName + `", "version": "CUDA 12.8", "devices": [{"name": "NVIDIA H200"}]}`
	cudaNoDevicePlat = `{"name": "` + cluda.CUDAPlatformName + `", "version": "CUDA 12.8 (unavailable: NVRTC not found)", "devices": []}`
)

// TestGPUCompareAPI checks gpu_compare.sh --api: every reikna command runs
// with REIKNA_API set to the API chosen, api.txt names it, and a run stops
// with status 2 and a clear message on an unknown API or where there is
// no device of the API.
func TestGPUCompareAPI(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to run scripts/gpu_compare.sh")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3 for scripts/gpu_compare.sh")
	}
	tests := []struct {
		name      string
		args      []string // the options; the fake binary and the output directory follow, but after a lone --api
		env       string   // REIKNA_API in the environment
		platforms []string
		wantAPI   string // the API of every command, "" where the run must fail
		wantOut   string
	}{
		{"cuda", []string{"--api", "cuda"}, "", []string{openCLPlatform, cudaPlatform}, "cuda", "cuda devices: NVIDIA H200"},
		{"default", nil, "cuda", []string{openCLPlatform, cudaPlatform}, "opencl", "REIKNA_API=cuda of the environment is not used"},
		{"no CUDA", []string{"--api=CUDA"}, "", []string{openCLPlatform}, "", "lists no CUDA platform"},
		{"no CUDA device", []string{"--api", "cuda"}, "", []string{openCLPlatform, cudaNoDevicePlat}, "", "unavailable: NVRTC not found"},
		{"no OpenCL", []string{"--api", "opencl"}, "", []string{cudaPlatform}, "", "no OpenCL platform with a device"},
		{"unknown API", []string{"--api", "vulkan"}, "", nil, "", `unknown API "vulkan"`},
		{"no API", []string{"--api"}, "", nil, "", "--api needs an API"},
		{"unknown option", []string{"--apis", "cuda"}, "", nil, "", `unknown option "--apis"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			binary, devices, log, out := filepath.Join(dir, "reikna"), filepath.Join(dir, "devices.json"), filepath.Join(dir, "log"), filepath.Join(dir, "out")
			if err := os.WriteFile(binary, []byte(fakeReikna), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(devices, []byte("["+strings.Join(tt.platforms, ", ")+"]"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{gpuCompareScript}, tt.args...)
			if !slices.Equal(tt.args, []string{"--api"}) {
				args = append(args, binary, out)
			}
			cmd := exec.Command(bash, args...)
			cmd.Env = append(os.Environ(), "FAKE_LOG="+log, "FAKE_DEVICES="+devices, "SETS=startup", "REIKNA_API="+tt.env)
			output, err := cmd.CombinedOutput()
			if !strings.Contains(string(output), tt.wantOut) {
				t.Errorf("the output lacks %q:\n%s", tt.wantOut, output)
			}
			if tt.wantAPI == "" {
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 2 {
					t.Errorf("gpu_compare.sh %s: %v, want exit status 2\n%s", strings.Join(tt.args, " "), err, output)
				}
				return
			}
			if err != nil {
				t.Fatalf("gpu_compare.sh %s: %v\n%s", strings.Join(tt.args, " "), err, output)
			}
			logged, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(string(logged)), "\n")
			if len(lines) < 4 { // devices, devices --json, two benches
				t.Errorf("reikna ran %d commands, want 4 or more:\n%s", len(lines), logged)
			}
			for _, l := range lines {
				if api, _, _ := strings.Cut(l, " "); api != tt.wantAPI {
					t.Errorf("reikna ran %q on API %q, want %q", l, api, tt.wantAPI)
				}
			}
			if got, err := os.ReadFile(filepath.Join(out, "api.txt")); err != nil || string(got) != tt.wantAPI+"\n" {
				t.Errorf("api.txt holds %q (%v), want %q", got, err, tt.wantAPI)
			}
		})
	}
}
