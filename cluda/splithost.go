package cluda

import (
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/reikna-go/reikna/dtypes"
)

// Set copies a Go slice of the logical array's dtype and size, in
// row-major order, into the parts (a scatter from the host), each device's
// on a goroutine of its own, and returns when the copies are done.
func (s *SplitArray) Set(data any) error {
	if err := s.hostParts(data, true); err != nil {
		return fmt.Errorf("cluda: set split array: %w", err)
	}
	return nil
}

// Get copies the parts into a Go slice of the logical array's dtype and
// size, in row-major order (a gather to the host), after every command
// enqueued before it on each device.
func (s *SplitArray) Get(data any) error {
	if err := s.hostParts(data, false); err != nil {
		return fmt.Errorf("cluda: get split array: %w", err)
	}
	return nil
}

// ReadSplit returns the contents of s as a new Go slice of the logical
// array, in row-major order. T must be the Go type of the dtype.
func ReadSplit[T dtypes.Element](s *SplitArray) ([]T, error) {
	if s == nil {
		return nil, errors.New("cluda: read split array: nil *SplitArray")
	}
	out := make([]T, s.Size())
	return out, s.Get(out)
}

// hostParts copies between the Go slice data and the parts, to the parts
// if toDevice. Device i's part is the rows of data that run over its
// places along the axis: one row for each index of the axes before it,
// of its share times the size of the axes after it.
func (s *SplitArray) hostParts(data any, toDevice bool) error {
	dt, n, err := sliceInfo(data)
	if err != nil {
		return err
	}
	if dt != s.dtype {
		return fmt.Errorf("slice of %v for %v", dt, s)
	}
	if n != s.Size() {
		return fmt.Errorf("slice of %d elements for %v, which has %d", n, s, s.Size())
	}
	whole := reflect.ValueOf(data)
	outer := shapeSize(s.shape[:s.axis])
	inner := shapeSize(s.shape[s.axis+1:])
	length := s.shape[s.axis]
	errs := make([]error, len(s.parts))
	var wg sync.WaitGroup
	for i, p := range s.parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			width := s.shares[i] * inner
			row := func(o int) reflect.Value {
				start := (o*length + s.starts[i]) * inner
				return whole.Slice(start, start+width)
			}
			if outer == 1 {
				// The part's elements lie one after the other in data.
				errs[i] = transferPart(p, row(0).Interface(), toDevice)
				return
			}
			part := reflect.MakeSlice(whole.Type(), outer*width, outer*width)
			if toDevice {
				for o := range outer {
					reflect.Copy(part.Slice(o*width, (o+1)*width), row(o))
				}
			}
			if errs[i] = transferPart(p, part.Interface(), toDevice); errs[i] != nil || toDevice {
				return
			}
			for o := range outer {
				reflect.Copy(row(o), part.Slice(o*width, (o+1)*width))
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			errs[i] = fmt.Errorf("device %d: %w", i, err)
		}
	}
	return errors.Join(errs...)
}

// transferPart copies between a Go slice and a part, to the part if
// toDevice.
func transferPart(p *Array, data any, toDevice bool) error {
	if toDevice {
		return p.Set(data)
	}
	return p.Get(data)
}
