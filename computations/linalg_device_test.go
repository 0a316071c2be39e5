package computations_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestLinalgWithoutFP64 renders MatrixMul and DHT of double precision for
// a model GPU without fp64: an error that names the dtype, not a kernel
// the device cannot build. Single precision renders.
func TestLinalgWithoutFP64(t *testing.T) {
	noFP64 := cluda.ModelGPU()
	noFP64.DoubleFP = false
	for _, tc := range []struct {
		name string
		comp func(dt dtypes.DType) (*core.Computation, error)
	}{
		{"MatrixMul", func(dt dtypes.DType) (*core.Computation, error) {
			mm, err := computations.NewMatrixMul(core.ArrayOf(dt, 8, 8), core.ArrayOf(dtypes.Float32, 8, 8), computations.MatrixMulOptions{})
			if err != nil {
				return nil, err
			}
			return mm.Computation, nil
		}},
		{"DHT", func(dt dtypes.DType) (*core.Computation, error) {
			d, err := computations.NewDHT(core.ArrayOf(dt, 8, 8), computations.DHTOptions{})
			if err != nil {
				return nil, err
			}
			return d.Computation, nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, dt := range []dtypes.DType{dtypes.Float64, dtypes.Complex128} {
				c, err := tc.comp(dt)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := c.Render(noFP64); err == nil || !strings.Contains(err.Error(), "does not support "+dt.String()) {
					t.Errorf("%v: error %v, want one saying the device does not support it", dt, err)
				}
			}
			c, err := tc.comp(dtypes.Complex64)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Render(noFP64); err != nil {
				t.Errorf("complex64: %v", err)
			}
		})
	}
}
