package main

import (
	"flag"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// parseArgs parses the flags of fs wherever they stand among the positional
// arguments (package flag stops at the first positional one), so that
// "reikna fft in.txt out.txt --inverse" works as well as the flags first.
// After "--" every argument is positional. It returns the positional
// arguments in order.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// precisionFlag is the --precision option: single (complex64) or double
// (complex128).
type precisionFlag struct{ double bool }

func (p *precisionFlag) String() string {
	if p.double {
		return "double"
	}
	return "single"
}

func (p *precisionFlag) Set(s string) error {
	switch strings.ToLower(s) {
	case "single", "float32", "complex64", "32":
		p.double = false
	case "double", "float64", "complex128", "64":
		p.double = true
	default:
		return fmt.Errorf("%q is not a precision (want single or double)", s)
	}
	return nil
}

// complexDType returns the complex dtype of the precision.
func (p *precisionFlag) complexDType() dtypes.DType {
	if p.double {
		return dtypes.Complex128
	}
	return dtypes.Complex64
}

// addPrecision defines --precision on fs.
func addPrecision(fs *flag.FlagSet) *precisionFlag {
	p := &precisionFlag{}
	fs.Var(p, "precision", "`single` (complex64) or double (complex128)")
	return p
}

// listFlag is a flag that may be given several times; each value is kept
// in order.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, " ") }

func (l *listFlag) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// parseInts parses a comma-separated list of integers, such as "8,1024".
// what names the list in errors ("--shape").
func parseInts(what, s string, min int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("%s is empty (want numbers separated by commas, such as 8,1024)", what)
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := parseInt(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%s %s: %q is not a whole number", what, s, f)
		}
		if v < min {
			return nil, fmt.Errorf("%s %s: %d is less than %d", what, s, v, min)
		}
		out = append(out, v)
	}
	return out, nil
}

// parseAxes parses --axes for data of rank axes: a comma-separated list
// of distinct axes from 0 to rank-1, or all of them in order where s is
// empty.
func parseAxes(s string, rank int) ([]int, error) {
	if s == "" {
		return allAxes(rank), nil
	}
	axes, err := parseInts("--axes", s, 0)
	if err != nil {
		return nil, err
	}
	for i, a := range axes {
		switch {
		case a >= rank && rank == 1:
			return nil, fmt.Errorf("--axes %s: the data has one axis, 0", s)
		case a >= rank:
			return nil, fmt.Errorf("--axes %s: the data has axes 0 to %d", s, rank-1)
		}
		if slices.Contains(axes[:i], a) {
			return nil, fmt.Errorf("--axes %s: axis %d is repeated", s, a)
		}
	}
	return axes, nil
}

// allAxes returns the axes 0 to rank-1.
func allAxes(rank int) []int {
	axes := make([]int, rank)
	for a := range axes {
		axes[a] = a
	}
	return axes
}

// parseInt parses a whole number, written out or as a power of two "2^k".
func parseInt(s string) (int, error) {
	if base, exp, ok := strings.Cut(s, "^"); ok {
		k, err := strconv.Atoi(exp)
		if base != "2" || err != nil || k < 0 || k > 40 {
			return 0, fmt.Errorf("%q is not a power of two 2^k with k from 0 to 40", s)
		}
		return 1 << k, nil
	}
	return strconv.Atoi(s)
}

// parseSizes parses --sizes: a comma-separated list of lengths and ranges
// A-B, which stand for A, 2A, 4A, ... up to B. Lengths may be written 2^k.
func parseSizes(s string) ([]int, error) {
	const usage = "(want lengths and ranges separated by commas, such as 16-65536 or 100,1000,2^20)"
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		lo, hi, isRange := strings.Cut(f, "-")
		a, err := parseInt(lo)
		if err != nil || a < 1 {
			return nil, fmt.Errorf("--sizes %s: %q is not a length %s", s, f, usage)
		}
		if !isRange {
			out = append(out, a)
			continue
		}
		b, err := parseInt(hi)
		if err != nil || b < a {
			return nil, fmt.Errorf("--sizes %s: %q is not a range A-B with A ≤ B %s", s, f, usage)
		}
		for n := a; n <= b; n *= 2 {
			out = append(out, n)
		}
	}
	return out, nil
}

// nextPow2 returns the smallest power of two not less than n.
func nextPow2(n int) int {
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len(uint(n-1))
}

// addAPIFlag adds --api, the interface a command runs on, to a command
// that opens a device.
func addAPIFlag(fs *flag.FlagSet, api *string) {
	fs.StringVar(api, "api", "", "the `API` to run on: opencl or cuda (default: $"+cluda.APIEnv+", else cuda for an NVIDIA GPU whose driver and NVRTC load, else opencl)")
}

// openThread creates the Thread a command runs on: the first GPU, or else
// the first device, among those of api (see addAPIFlag) whose name
// contains device. Commands release it when they are done.
func openThread(device, api string, profiling bool) (*cluda.Thread, error) {
	a, err := cluda.ParseAPI(api)
	if err != nil {
		return nil, fmt.Errorf("--api: %w", err)
	}
	thr, err := cluda.CreateThread(cluda.DeviceFilter{Device: device, API: a}, cluda.ThreadOptions{Profiling: profiling})
	if err != nil {
		return nil, fmt.Errorf("%w (`reikna devices` lists the devices; --device takes part of a name)", err)
	}
	return thr, nil
}

// checkPrecision returns an error unless the device computes in dt.
func checkPrecision(p *cluda.DeviceParams, dt dtypes.DType) error {
	if !p.SupportsDType(dt) {
		return fmt.Errorf("the device %q has no double precision (use --precision single, or a device whose `reikna devices` entry says fp64: yes)", p.Name)
	}
	return nil
}
