package core

import (
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// tunePair is a struct dtype's Go type.
type tunePair struct {
	A int32
	B float32
}

// TestTuneArguments checks that a timed call's arrays hold no zeros
// (their values repeat a random pattern) and its scalars are one, for
// integer, real, complex and half dtypes, and that struct arrays and
// scalars are zeroed.
func TestTuneArguments(t *testing.T) {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, cluda.ThreadOptions{})
	if errors.Is(err, cluda.ErrNoDevice) && os.Getenv("REIKNA_REQUIRE_DEVICE") != "1" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	pair, err := dtypes.StructFor[tunePair]()
	if err != nil {
		t.Fatal(err)
	}
	for _, dt := range []dtypes.DType{dtypes.Int8, dtypes.Uint32, dtypes.Int64, dtypes.Float16, dtypes.Float32,
		dtypes.Float64, dtypes.Complex32, dtypes.Complex64, dtypes.Complex128, pair} {
		t.Run(dt.String(), func(t *testing.T) {
			sig := Signature{Param("a", Out(ArrayOf(dt, 3, tunePatternLen))), Param("s", ScalarArg(dt))}
			args, release, err := tuneArguments(thr, sig)
			if err != nil {
				t.Fatal(err)
			}
			defer release()
			host := reflect.New(reflect.SliceOf(dt.GoType()))
			host.Elem().Set(reflect.MakeSlice(reflect.SliceOf(dt.GoType()), 3*tunePatternLen, 3*tunePatternLen))
			if err := args[0].(*cluda.Array).Get(host.Elem().Interface()); err != nil {
				t.Fatal(err)
			}
			zero := reflect.Zero(dt.GoType()).Interface()
			want := zero
			if !dt.IsStruct() {
				if want, err = dt.Convert(1); err != nil {
					t.Fatal(err)
				}
			}
			if args[1] != want {
				t.Errorf("scalar %v, want %v", args[1], want)
			}
			for i := range host.Elem().Len() {
				v := host.Elem().Index(i).Interface()
				if dt.IsStruct() != (v == zero) {
					t.Fatalf("element %d is %v", i, v)
				}
			}
		})
	}
}
