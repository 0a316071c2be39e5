package cluda

import (
	"reflect"
	"testing"

	"github.com/reikna-go/reikna/cluda/cl"
)

// TestDeviceTypeBits checks that cluda's kinds of device have OpenCL's
// bits, which the OpenCL backend passes on as they are.
func TestDeviceTypeBits(t *testing.T) {
	for _, tt := range []struct {
		ours DeviceType
		cl   cl.DeviceType
	}{
		{DeviceTypeDefault, cl.DeviceTypeDefault}, {DeviceTypeCPU, cl.DeviceTypeCPU}, {DeviceTypeGPU, cl.DeviceTypeGPU},
		{DeviceTypeAccelerator, cl.DeviceTypeAccelerator}, {DeviceTypeCustom, cl.DeviceTypeCustom}, {DeviceTypeAll, cl.DeviceTypeAll},
	} {
		if uint64(tt.ours) != uint64(tt.cl) {
			t.Errorf("%v is %#x, OpenCL's %#x", tt.ours, uint64(tt.ours), uint64(tt.cl))
		}
	}
	if got, err := ParseDeviceType("GPU"); err != nil || got != DeviceTypeGPU {
		t.Errorf(`ParseDeviceType("GPU") = %v, %v`, got, err)
	}
	if _, err := ParseDeviceType("toaster"); err == nil {
		t.Error(`ParseDeviceType("toaster"): no error`)
	}
}

// TestDeviceInfoOfCL checks that every property of an OpenCL device
// reaches cluda's DeviceInfo: each field of cl.DeviceInfo, set to a value
// of its own, is found under the same name.
func TestDeviceInfoOfCL(t *testing.T) {
	var in cl.DeviceInfo
	v := reflect.ValueOf(&in).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(v.Type().Field(i).Name)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(i + 1))
		case reflect.Uint64:
			f.SetUint(uint64(i + 1))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), i+1, i+1))
		default:
			t.Fatalf("field %s of kind %v: extend the test", v.Type().Field(i).Name, f.Kind())
		}
	}
	out := reflect.ValueOf(deviceInfoOfCL(in))
	if out.NumField() != v.NumField() {
		t.Errorf("DeviceInfo has %d fields, cl.DeviceInfo %d", out.NumField(), v.NumField())
	}
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		got := out.FieldByName(name)
		if !got.IsValid() {
			t.Errorf("DeviceInfo lacks %s", name)
			continue
		}
		want := v.Field(i)
		if got.Kind() == reflect.Uint64 {
			if got.Uint() != want.Uint() {
				t.Errorf("%s = %v, want %v", name, got, want)
			}
			continue
		}
		if !reflect.DeepEqual(got.Interface(), want.Interface()) {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}
