package core

import (
	"bytes"
	"reflect"
	"unsafe"
)

// nestedCall identifies the nested computation call whose plan is being
// built: the computation and the number of the call in the plan.
type nestedCall struct {
	comp *Computation // nil for the plan's own computation
	call int
}

// samePersistent returns the index of a persistent array that an earlier
// call of the same nested computation added with the type t and the bytes
// of data, or -1 where there is none. Persistent arrays are read only, so
// a nested computation called several times (the same FFT forward and
// inverse) shares its tables between the calls. Arrays of one call, and of
// the plan's own computation, are kept as they are added.
func (p *Plan) samePersistent(t Type, data any) int {
	if p.nested.comp == nil {
		return -1
	}
	b := sliceBytes(data)
	for i, ps := range p.persistents {
		if ps.owner.comp == p.nested.comp && ps.owner.call != p.nested.call && ps.typ.Equal(t) &&
			reflect.TypeOf(ps.data) == reflect.TypeOf(data) && bytes.Equal(sliceBytes(ps.data), b) {
			return i
		}
	}
	return -1
}

// enterNested marks the start of the build of a call of c, and returns
// the function that marks its end.
func (p *Plan) enterNested(c *Computation) (leave func()) {
	outer := p.nested
	p.calls++
	p.nested = nestedCall{comp: c, call: p.calls}
	return func() { p.nested = outer }
}

// sliceBytes returns the memory of a Go slice, without copying.
func sliceBytes(data any) []byte {
	v := reflect.ValueOf(data)
	if v.Kind() != reflect.Slice || v.Len() == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(v.UnsafePointer()), v.Len()*int(v.Type().Elem().Size()))
}
