package cluda

import (
	"fmt"
	"os"
	"strings"
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
	a, err := ParseAPI(os.Getenv(APIEnv))
	if err != nil {
		return "", fmt.Errorf("%s: %w", APIEnv, err)
	}
	return a, nil
}
