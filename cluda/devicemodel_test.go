package cluda_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// TestDeviceModel lists the devices of the test machine through the one
// device model, checks what each says of itself against a Thread opened
// on it, and that BestDevice is the device CreateThread runs on.
func TestDeviceModel(t *testing.T) {
	thr := cludatest.Thread(t)
	all, err := cluda.Devices(cluda.DeviceFilter{})
	if err != nil {
		t.Fatal(err)
	}
	of, err := cluda.Devices(cluda.DeviceFilter{API: thr.API()})
	if err != nil {
		t.Fatal(err)
	}
	if len(of) == 0 || len(all) < len(of) {
		t.Fatalf("%d devices of %s, %d of both interfaces", len(of), thr.API(), len(all))
	}
	found := false
	for _, d := range of {
		if d.API() != thr.API() || d.Name() == "" || d.Platform().Name == "" || d.Platform().API != d.API() {
			t.Errorf("device %v: API %v, platform %+v", d, d.API(), d.Platform())
		}
		found = found || d.Equal(thr.Device())
	}
	if !found {
		t.Errorf("the Thread's device %v is not among the devices of %s", thr.Device(), thr.API())
	}
	d := thr.Device()
	p, err := d.Params()
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != thr.Params().Name || p.MaxWorkGroupSize != thr.Params().MaxWorkGroupSize || d.IsGPU() != p.IsGPU() {
		t.Errorf("Params of the Thread's device: %s, %d work-items; the Thread's: %s, %d",
			p.Name, p.MaxWorkGroupSize, thr.Params().Name, thr.Params().MaxWorkGroupSize)
	}
	best, err := cluda.BestDevice(cluda.DeviceFilter{API: thr.API()})
	if err != nil {
		t.Fatal(err)
	}
	other, err := cluda.NewThread(best, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	if !other.Device().Equal(best) || other.API() != best.API() {
		t.Errorf("a Thread on %v is on %v", best, other.Device())
	}
	platforms, err := cluda.Platforms()
	if err != nil {
		t.Fatal(err)
	}
	if len(platforms) == 0 {
		t.Error("no platform")
	}
}

// TestDeviceModelErrors checks the refusals of the device model: no
// device, a MultiThread of no devices or of the zero Device, and a filter
// that matches nothing, which names the devices there are.
func TestDeviceModelErrors(t *testing.T) {
	if _, err := cluda.NewThread(cluda.Device{}, cluda.ThreadOptions{}); err == nil || !strings.Contains(err.Error(), "zero Device") {
		t.Errorf("NewThread of the zero Device: %v", err)
	}
	if _, err := (cluda.Device{}).Params(); err == nil {
		t.Error("Params of the zero Device: no error")
	}
	if _, err := cluda.NewMultiThread(nil, cluda.MultiThreadOptions{}); err == nil {
		t.Error("NewMultiThread of no devices: no error")
	}
	d := cludatest.Thread(t).Device()
	if _, err := cluda.NewMultiThread([]cluda.Device{d, {}}, cluda.MultiThreadOptions{}); err == nil || !strings.Contains(err.Error(), "device 1") {
		t.Errorf("NewMultiThread with the zero Device: %v", err)
	}
	_, err := cluda.BestDevice(cluda.DeviceFilter{API: cluda.OpenCL, Device: "no device has this name"})
	if err == nil || !strings.Contains(err.Error(), "the OpenCL devices are") {
		t.Errorf("BestDevice of a name no device has: %v", err)
	}
	if s := (cluda.Device{}).String(); s != "no device" {
		t.Errorf("the zero Device prints %q", s)
	}
}

// TestCUDAMemoryOnOpenCL checks that an OpenCL array has no CUDA memory.
func TestCUDAMemoryOnOpenCL(t *testing.T) {
	thr := cludatest.Thread(t)
	if thr.API() != cluda.OpenCL {
		t.Skip("the test Thread is CUDA's")
	}
	a, err := thr.Empty([]int{4}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	if _, _, err := a.CUDAMemory(); err == nil {
		t.Error("CUDAMemory of an OpenCL array: no error")
	}
}
