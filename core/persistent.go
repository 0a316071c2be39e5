package core

import (
	"bytes"
	"reflect"
	"unsafe"
)

// samePersistent returns the index of a persistent array of the plan that
// has the type t and holds the same bytes as data, or -1 where there is
// none. Persistent arrays are read only, so a plan keeps one copy of each
// table: a nested computation called twice (the same FFT forward and
// backward) uploads its tables once.
func (p *Plan) samePersistent(t Type, data any) int {
	b := sliceBytes(data)
	for i, ps := range p.persistents {
		if ps.typ.Equal(t) && reflect.TypeOf(ps.data) == reflect.TypeOf(data) && bytes.Equal(sliceBytes(ps.data), b) {
			return i
		}
	}
	return -1
}

// sliceBytes returns the memory of a Go slice, without copying.
func sliceBytes(data any) []byte {
	v := reflect.ValueOf(data)
	if v.Kind() != reflect.Slice || v.Len() == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(v.UnsafePointer()), v.Len()*int(v.Type().Elem().Size()))
}
