package cliutil

import (
	"flag"
	"fmt"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// PrecisionFlag is the --precision option: single (complex64) or double
// (complex128).
type PrecisionFlag struct{ Double bool }

func (p *PrecisionFlag) String() string {
	if p.Double {
		return "double"
	}
	return "single"
}

func (p *PrecisionFlag) Set(s string) error {
	switch strings.ToLower(s) {
	case "single", "float32", "complex64", "32":
		p.Double = false
	case "double", "float64", "complex128", "64":
		p.Double = true
	default:
		return fmt.Errorf("%q is not a precision (want single or double)", s)
	}
	return nil
}

// ComplexDType returns the complex dtype of the precision.
func (p *PrecisionFlag) ComplexDType() dtypes.DType {
	if p.Double {
		return dtypes.Complex128
	}
	return dtypes.Complex64
}

// AddPrecision defines --precision on fs.
func AddPrecision(fs *flag.FlagSet) *PrecisionFlag {
	p := &PrecisionFlag{}
	fs.Var(p, "precision", "`single` (complex64) or double (complex128)")
	return p
}

// AddAPIFlag adds --api, the interface a command runs on, to a command
// that opens a device.
func AddAPIFlag(fs *flag.FlagSet, api *string) {
	fs.StringVar(api, "api", "", "the `API` to run on: opencl or cuda (default: $"+cluda.APIEnv+", else cuda for an NVIDIA GPU whose driver and NVRTC load, else opencl)")
}
