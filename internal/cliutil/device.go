package cliutil

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

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
// bound what a command takes on; tests replace it to stand for a smaller
// device.
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

// ReadComplexArray reads a complex32, complex64 or complex128 array as
// complex128.
func ReadComplexArray(a *cluda.Array) ([]complex128, error) {
	switch a.DType() {
	case dtypes.Complex128:
		return cluda.Read[complex128](a)
	case dtypes.Complex32:
		hs, err := cluda.Read[dtypes.HalfComplex](a)
		if err != nil {
			return nil, err
		}
		out := make([]complex128, len(hs))
		for i, h := range hs {
			out[i] = complex128(h.Complex64())
		}
		return out, nil
	}
	cs, err := cluda.Read[complex64](a)
	return Widen(cs), err
}
