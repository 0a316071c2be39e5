package computations_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestMovementRenderModels renders the movement computations at the sizes
// of the GPU comparison for the model GPU and CPU, without a device: the
// plans each device gets, and launches within its limits.
func TestMovementRenderModels(t *testing.T) {
	tiles := func(n int) []string {
		var names []string
		for i := range n {
			names = append(names, fmt.Sprintf("transpose_pass%d", i))
		}
		return names
	}
	// A CPU runs its own kernel in the same passes.
	cpuPasses := func(n int) []string {
		var names []string
		for i := range n {
			names = append(names, fmt.Sprintf("transpose_cpu_pass%d", i))
		}
		return names
	}
	for _, tc := range []struct {
		name     string
		make     func() (*core.Computation, error)
		gpu, cpu []string
		gpuLocal []int // of the first kernel on the GPU, where it is set
	}{
		{"transpose 8192x8192 complex64", func() (*core.Computation, error) {
			tr, err := computations.NewTranspose(core.ArrayOf(dtypes.Complex64, 8192, 8192), nil, computations.TransposeOptions{})
			return tr.Computation, err
		}, tiles(1), cpuPasses(1), []int{1, 8, 32}},
		{"transpose 64x64 float32", func() (*core.Computation, error) {
			tr, err := computations.NewTranspose(core.ArrayOf(dtypes.Float32, 64, 64), nil, computations.TransposeOptions{})
			return tr.Computation, err
		}, tiles(1), []string{"transpose_gather"}, []int{1, 8, 32}},
		{"transpose 16384x8192 float32", func() (*core.Computation, error) {
			tr, err := computations.NewTranspose(core.ArrayOf(dtypes.Float32, 16384, 8192), nil, computations.TransposeOptions{})
			return tr.Computation, err
		}, tiles(1), cpuPasses(1), []int{1, 8, 32}},
		{"transpose 256^3 complex64 (2,0,1)", func() (*core.Computation, error) {
			tr, err := computations.NewTranspose(core.ArrayOf(dtypes.Complex64, 256, 256, 256), []int{2, 0, 1}, computations.TransposeOptions{})
			return tr.Computation, err
		}, tiles(1), cpuPasses(1), []int{1, 8, 32}},
		{"transpose 64^4 complex128 (3,2,1,0)", func() (*core.Computation, error) {
			tr, err := computations.NewTranspose(core.ArrayOf(dtypes.Complex128, 64, 64, 64, 64), nil, computations.TransposeOptions{})
			return tr.Computation, err
		}, tiles(3), cpuPasses(3), []int{1, 8, 32}},
		{"roll 8192x8192 complex64", func() (*core.Computation, error) {
			r, err := computations.NewRoll(core.ArrayOf(dtypes.Complex64, 8192, 8192), 0, computations.RollOptions{})
			return r.Computation, err
		}, []string{"roll"}, []string{"roll"}, nil},
		{"roll in place 8192x8192 complex64", func() (*core.Computation, error) {
			r, err := computations.NewRollInPlace(core.ArrayOf(dtypes.Complex64, 8192, 8192), 1, computations.RollOptions{})
			return r.Computation, err
		}, []string{"roll", "roll_copy"}, []string{"roll", "roll_copy"}, nil},
		{"fftshift 8192x8192 complex64", func() (*core.Computation, error) {
			s, err := computations.NewFFTShift(core.ArrayOf(dtypes.Complex64, 8192, 8192), nil, computations.FFTShiftOptions{})
			return s.Computation, err
		}, []string{"fftshift_swap"}, []string{"fftshift_swap"}, nil},
		{"fftshift 8191x8192 complex64", func() (*core.Computation, error) {
			s, err := computations.NewFFTShift(core.ArrayOf(dtypes.Complex64, 8191, 8192), nil, computations.FFTShiftOptions{})
			return s.Computation, err
		}, []string{"fftshift_gather"}, []string{"fftshift_gather"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := tc.make()
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []struct {
				device *cluda.DeviceParams
				want   []string
			}{{cluda.ModelGPU(), tc.gpu}, {cluda.ModelCPU(), tc.cpu}} {
				r, err := c.Render(m.device)
				if err != nil {
					t.Fatalf("%s: %v", m.device.Name, err)
				}
				var names []string
				for _, k := range r.Kernels {
					names = append(names, k.Name)
				}
				if !slices.Equal(names, m.want) {
					t.Errorf("%s: kernels %v, want %v", m.device.Name, names, m.want)
				}
				if m.device.IsGPU() && tc.gpuLocal != nil && !slices.Equal(r.Kernels[0].LocalSize, tc.gpuLocal) {
					t.Errorf("%s: local size %v, want %v", m.device.Name, r.Kernels[0].LocalSize, tc.gpuLocal)
				}
			}
		})
	}
}

// TestMovementNoDouble checks that a device without double precision
// refuses the movement computations of complex128 arrays with an error.
func TestMovementNoDouble(t *testing.T) {
	device := cluda.ModelGPU()
	device.DoubleFP = false
	typ := core.ArrayOf(dtypes.Complex128, 8, 8)
	tr := comptest.Must(computations.NewTranspose(typ, nil, computations.TransposeOptions{}))
	roll := comptest.Must(computations.NewRoll(typ, 0, computations.RollOptions{}))
	inPlace := comptest.Must(computations.NewRollInPlace(typ, 0, computations.RollOptions{}))
	shift := comptest.Must(computations.NewFFTShift(typ, nil, computations.FFTShiftOptions{}))
	for _, c := range []*core.Computation{tr.Computation, roll.Computation, inPlace.Computation, shift.Computation} {
		t.Run(c.Name(), func(t *testing.T) {
			_, err := c.Render(device)
			if err == nil || !strings.Contains(err.Error(), "does not support complex128") {
				t.Errorf("got error %v, want one that says the device does not support complex128", err)
			}
		})
	}
}
