package lab

import (
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/multi"
)

// TestSlabRoundTrip checks the slab rows of bench --multi where one
// device could not run the FFT (a shape larger than one device holds): in
// both layouts the split FFT still runs, checked by its round trip to the
// input, with no one-device time and no efficiency.
func TestSlabRoundTrip(t *testing.T) {
	thr := cludatest.Thread(t)
	o := &Options{Precision: &cliutil.PrecisionFlag{}, Devices: "2", Shape: "8,6,4", Runs: 1, Repeat: true, Given: map[string]bool{"devices": true, "shape": true, "runs": true, "repeat": true}}
	mb, err := newMultiBench(o)
	if err != nil {
		t.Fatal(err)
	}
	m, err := cluda.CreateMultiThread(mb.filter, 2, mb.threadOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer m.Release()
	if err := mb.defaults(thr.Params()); err != nil {
		t.Fatal(err)
	}
	mb.single = map[string]singleRun{"slab": {err: "out of memory"}}
	for _, layout := range []multi.SlabLayout{multi.SlabsToTransposed, multi.SlabsToSlabs} {
		t.Run(layout.String(), func(t *testing.T) {
			r := mb.splitSlab(m, layout, 2)
			if r.untimed() || r.OneDevice != "out of memory" || r.OneMS != 0 || !(r.TotalMS > 0) || !(r.RelL2 <= multiCheckTol) {
				t.Errorf("row %+v", r)
			}
			rep := &multiReport{Slabs: []slabRow{r}}
			rep.derive()
			if rep.Slabs[0].Efficiency != 0 || rep.Slabs[0].Speedup != 0 {
				t.Errorf("an efficiency without one device's time: %+v", rep.Slabs[0])
			}
		})
	}
}
