package cluda

import (
	"fmt"
	"os"
	"strings"

	"github.com/reikna-go/reikna/cluda/cu"
)

// API names the programming interface a Thread runs on.
type API string

// The interfaces a Thread can run on. The empty API chooses one (see
// DeviceFilter.API).
const (
	OpenCL API = "opencl"
	CUDA   API = "cuda"
)

// APIEnv is the environment variable that chooses the interface where a
// DeviceFilter leaves it empty: "opencl" or "cuda".
const APIEnv = "REIKNA_API"

// ParseAPI returns the API named s ("opencl" or "cuda", in any case); the
// empty string is the empty API, which leaves the choice to the default.
func ParseAPI(s string) (API, error) {
	switch a := API(strings.ToLower(strings.TrimSpace(s))); a {
	case "", OpenCL, CUDA:
		return a, nil
	}
	return "", fmt.Errorf("cluda: unknown API %q (want %q or %q)", s, OpenCL, CUDA)
}

// String returns the API's name, "default" for the empty API.
func (a API) String() string {
	if a == "" {
		return "default"
	}
	return string(a)
}

// apiFromEnv returns the API that APIEnv names, empty where it is unset.
func apiFromEnv() (API, error) {
	v := os.Getenv(APIEnv)
	a, err := ParseAPI(v)
	if err != nil {
		return "", fmt.Errorf("cluda: %s=%s: want %q, %q or nothing", APIEnv, v, OpenCL, CUDA)
	}
	return a, nil
}

// chooseAPI returns the interface a Thread for f runs on: f.API, else the
// one APIEnv names, else the default.
func chooseAPI(f DeviceFilter) (API, error) {
	api, err := ParseAPI(string(f.API))
	if err != nil {
		return "", err
	}
	if api == "" {
		if api, err = apiFromEnv(); err != nil {
			return "", err
		}
	}
	if api == "" {
		api = defaultAPI(f)
	}
	return api, nil
}

// defaultAPI returns the interface a Thread for f runs on where nothing
// names one: CUDA wherever a CUDA device matches f (an NVIDIA GPU, with
// the driver and NVRTC loaded), OpenCL elsewhere.
func defaultAPI(f DeviceFilter) API {
	if cudaServes(f) {
		return CUDA
	}
	return OpenCL
}

// cudaServes reports whether a CUDA device matches f and NVRTC loads.
func cudaServes(f DeviceFilter) bool {
	if _, _, err := cu.NVRTCVersion(); err != nil {
		return false
	}
	devs, err := cudaDevices(f)
	return err == nil && len(devs) > 0
}
