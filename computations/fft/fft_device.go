package fft

import (
	"errors"

	"github.com/reikna-go/reikna/cluda"
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/device"
	"github.com/reikna-go/reikna/dtypes"
)

// fftLimits returns what the FFT's plan needs to know of the device, for
// complex values of dt, with the tuning applied.
func fftLimits(p *cluda.DeviceParams, dt dtypes.DType, tuning fftplan.Tuning) fftplan.Limits {
	return fftplan.Limits{Limits: device.LimitsOf(p), ItemSize: dt.Size(), Tuning: tuning}
}

// fftRefusal translates the error of a kernel the device did not take into
// what the plan's replanning rule reads, and reports whether it is one.
func fftRefusal(err error) (fftplan.Refusal, bool) {
	var wg *cluda.WorkGroupSizeError
	var be *cluda.BuildError
	switch {
	case errors.As(err, &wg):
		return fftplan.Refusal{Reason: fftplan.WorkGroupTooLarge, Limit: wg.Limit}, true
	case errors.As(err, &be):
		return fftplan.Refusal{Reason: fftplan.NotBuilt}, true
	}
	return fftplan.Refusal{}, false
}
