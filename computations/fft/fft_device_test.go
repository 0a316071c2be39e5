package fft

import (
	"errors"
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
)

// TestFFTRefusal checks which errors of a kernel call the plan's
// replanning rule acts on, wrapped as core returns them.
func TestFFTRefusal(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want fftplan.Refusal
		ok   bool
	}{
		{"work-group too large", &cluda.WorkGroupSizeError{Kernel: "k", Items: 256, Limit: 128},
			fftplan.Refusal{Reason: fftplan.WorkGroupTooLarge, Limit: 128}, true},
		{"not built", &cluda.BuildError{API: cluda.OpenCL},
			fftplan.Refusal{Reason: fftplan.NotBuilt}, true},
		{"another error", errors.New("out of resources"), fftplan.Refusal{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := fftRefusal(fmt.Errorf("core: kernel k: %w", tt.err))
			if got != tt.want || ok != tt.ok {
				t.Errorf("fftRefusal = %+v, %v; want %+v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
