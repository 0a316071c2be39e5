package cliutil

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// ParseInts parses a comma-separated list of integers, such as "8,1024".
// what names the list in errors ("--shape").
func ParseInts(what, s string, min int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("%s is empty (want numbers separated by commas, such as 8,1024)", what)
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := ParseInt(strings.TrimSpace(f))
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

// ParseAxes parses --axes for data of rank axes: a comma-separated list
// of distinct axes from 0 to rank-1, or all of them in order where s is
// empty.
func ParseAxes(s string, rank int) ([]int, error) {
	if s == "" {
		return AllAxes(rank), nil
	}
	axes, err := ParseInts("--axes", s, 0)
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

// AllAxes returns the axes 0 to rank-1.
func AllAxes(rank int) []int {
	axes := make([]int, rank)
	for a := range axes {
		axes[a] = a
	}
	return axes
}

// ParseInt parses a whole number, written out or as a power of two "2^k".
func ParseInt(s string) (int, error) {
	if base, exp, ok := strings.Cut(s, "^"); ok {
		k, err := strconv.Atoi(exp)
		if base != "2" || err != nil || k < 0 || k > 40 {
			return 0, fmt.Errorf("%q is not a power of two 2^k with k from 0 to 40", s)
		}
		return 1 << k, nil
	}
	return strconv.Atoi(s)
}

// OpenThread creates the Thread a command runs on: the first GPU, or else
// the first device, among those of api (see AddAPIFlag) whose name
// contains device. Commands release it when they are done.
func OpenThread(device, api string, profiling bool) (*cluda.Thread, error) {
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

// CheckPrecision returns an error unless the device computes in dt.
func CheckPrecision(p *cluda.DeviceParams, dt dtypes.DType) error {
	if !p.SupportsDType(dt) {
		return fmt.Errorf("the device %q has no double precision (use --precision single, or a device whose `reikna devices` entry says fp64: yes)", p.Name)
	}
	return nil
}

// DimsString is "1000" for one axis and "64×100" for more.
func DimsString(shape []int) string { return JoinInts(shape, "×") }

// JoinInts writes the numbers in decimal, separated by sep.
func JoinInts(v []int, sep string) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}

func AxesString(axes []int) string {
	if len(axes) == 1 {
		return fmt.Sprintf("axis %d", axes[0])
	}
	s := make([]string, len(axes))
	for i, a := range axes {
		s[i] = fmt.Sprint(a)
	}
	return "axes " + strings.Join(s, ", ")
}

// Plural returns "1 kernel" or "3 kernels".
func Plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func BytesString(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// ShapeSize returns the number of elements of shape, as a float64 so that
// huge shapes do not overflow.
func ShapeSize(shape []int) float64 {
	n := 1.0
	for _, m := range shape {
		n *= float64(m)
	}
	return n
}

// DeviceMemory returns the largest array and the memory of a device, which
// bound what the fft command takes on.
var DeviceMemory = func(p *cluda.DeviceParams) (maxAlloc, total int64) {
	return p.MaxMemAllocSize, p.GlobalMemSize
}

// CheckFits returns an error unless arrays of the given numbers of bytes
// fit the device: each under its largest allocation, all in its memory.
func CheckFits(p *cluda.DeviceParams, arrays ...float64) error {
	maxAlloc, mem := DeviceMemory(p)
	var largest, total float64
	for _, a := range arrays {
		largest, total = max(largest, a), total+a
	}
	switch {
	case largest > float64(maxAlloc):
		return fmt.Errorf("an array needs %s, and %s allows at most %s in one array (transform less data, or use a device with more memory)",
			floatBytes(largest), p.Name, BytesString(maxAlloc))
	case total > float64(mem):
		return fmt.Errorf("the arrays need %s together, and %s has %s of memory (transform less data, or use a device with more memory)",
			floatBytes(total), p.Name, BytesString(mem))
	}
	return nil
}

// floatBytes formats a byte count that may exceed an int64.
func floatBytes(b float64) string {
	if b >= 1<<62 {
		return fmt.Sprintf("%.3g bytes", b)
	}
	return BytesString(int64(b))
}

// Widen returns x in complex128, for the float64 reference.
func Widen[T Complex](x []T) []complex128 {
	y := make([]complex128, len(x))
	for i, v := range x {
		y[i] = complex128(v)
	}
	return y
}

// Complex is the element type of the values a transform holds: the
// input is read into it directly, so that the host holds each value at the
// precision of the transform.
type Complex interface{ complex64 | complex128 }

// ReadComplexArray reads a complex64 or complex128 array as complex128.
func ReadComplexArray(a *cluda.Array) ([]complex128, error) {
	if a.DType() == dtypes.Complex128 {
		return cluda.Read[complex128](a)
	}
	cs, err := cluda.Read[complex64](a)
	return Widen(cs), err
}
