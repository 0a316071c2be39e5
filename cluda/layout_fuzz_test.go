package cluda_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// fuzzBufferBytes is the size of the array that the fuzzed views look into.
const fuzzBufferBytes = 256

// FuzzShapeValidation checks the layout rules against a model in exact
// integer arithmetic: ShapeSize, ContiguousStrides, Span and View either
// refuse a layout, for a reason the model confirms, or describe one whose
// every element lies inside its buffer.
func FuzzShapeValidation(f *testing.F) {
	thr := cludatest.Thread(f)
	base, err := thr.Empty([]int{fuzzBufferBytes}, dtypes.Uint8)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(base.Release)

	seeds := []struct {
		dtype      uint8
		rank       uint8
		d0, d1, d2 int64
		s0, s1, s2 int64
		offset     int64
		contiguous bool
	}{
		{uint8(dtypes.Float32), 2, 1<<62 + 1, 4, 0, 0, 0, 0, 0, true},
		{uint8(dtypes.Complex64), 2, 1<<61 + 1, 4, 0, 0, 0, 0, 0, true},
		{uint8(dtypes.Float32), 2, 4, 4, 0, 16, 4, 0, 0, false},
		{uint8(dtypes.Float32), 3, 1 << 40, 1 << 40, 0, 0, 0, 0, 8, false},
		{uint8(dtypes.Float64), 1, 1 << 61, 0, 0, 0, 0, 0, 0, false},
		{uint8(dtypes.Float32), 1, 3, 0, 0, math.MaxInt64 / 2, 0, 0, 0, false},
		{uint8(dtypes.Float32), 1, 1, 0, 0, 4, 0, 0, math.MaxInt64 - 2, false},
		{uint8(dtypes.Float32), 1, 2, 0, 0, -4, 0, 0, 8, false},
		{uint8(dtypes.Uint8), 0, 0, 0, 0, 0, 0, 0, fuzzBufferBytes - 1, true},
		{uint8(dtypes.Complex128), 2, 4, 4, 0, 64, 16, 0, 0, false},
	}
	for _, s := range seeds {
		f.Add(s.dtype, s.rank, s.d0, s.d1, s.d2, s.s0, s.s1, s.s2, s.offset, s.contiguous)
	}
	f.Fuzz(func(t *testing.T, dtypeCode, rank uint8, d0, d1, d2, s0, s1, s2, offset int64, contiguous bool) {
		dt := dtypes.DType(dtypeCode % uint8(len(dtypes.All)+1))
		r := int(rank % 4)
		shape := []int{int(d0), int(d1), int(d2)}[:r]
		strides := []int{int(s0), int(s1), int(s2)}[:r]
		if contiguous {
			strides = nil
		}
		m := modelLayout(dt, shape, strides, int(offset))

		size, err := cluda.ShapeSize(shape)
		if (err == nil) != m.sizeOK {
			t.Fatalf("ShapeSize(%v) = %d, %v; the model says valid: %v", shape, size, err, m.sizeOK)
		}
		if err == nil && int64(size) != m.size.Int64() {
			t.Fatalf("ShapeSize(%v) = %d, want %v", shape, size, m.size)
		}
		if strides == nil && dt.Valid() {
			cs, err := cluda.ContiguousStrides(shape, dt.Size())
			if (err == nil) != m.bytesOK {
				t.Fatalf("ContiguousStrides(%v, %d): %v; the model says valid: %v", shape, dt.Size(), err, m.bytesOK)
			}
			if err == nil {
				m = modelLayout(dt, shape, cs, int(offset))
				strides = cs
			}
		}
		if strides == nil {
			return
		}
		span, err := cluda.Span(dt, shape, strides, int(offset))
		if (err == nil) != m.valid {
			t.Fatalf("Span(%v, %v, %v, %d) = %d, %v; the model says valid: %v", dt, shape, strides, offset, span, err, m.valid)
		}
		if err == nil && int64(span) != m.span.Int64() {
			t.Fatalf("Span(%v, %v, %v, %d) = %d, want %v", dt, shape, strides, offset, span, m.span)
		}

		v, err := base.View(shape, dt, strides, int(offset))
		fits := m.valid && m.span.Cmp(big.NewInt(fuzzBufferBytes)) <= 0
		if (err == nil) != fits {
			t.Fatalf("View(%v, %v, %v, %d) over %d bytes: %v; the model says it fits: %v", shape, dt, strides, offset, fuzzBufferBytes, err, fits)
		}
		if err != nil {
			return
		}
		if v.NBytes() < 0 || v.Size() < 0 || int64(v.Size()) != m.size.Int64() {
			t.Fatalf("view %v: %d elements, %d bytes", v, v.Size(), v.NBytes())
		}
		if v.Size() > 0 {
			// All strides are non-negative: the first element and the end
			// of the last bound every element.
			last := int64(v.Offset()) + int64(dt.Size())
			for i, n := range shape {
				last += int64(n-1) * int64(strides[i])
			}
			if v.Offset() < 0 || last > fuzzBufferBytes {
				t.Fatalf("view %v covers bytes [%d, %d) of %d", v, v.Offset(), last, fuzzBufferBytes)
			}
		}
	})
}

// layoutModel is what exact arithmetic says of a layout.
type layoutModel struct {
	sizeOK  bool     // the dimensions are not negative and their nonzero product fits an int
	bytesOK bool     // and so does that product times the element size
	valid   bool     // the whole layout obeys the rules
	size    *big.Int // elements
	span    *big.Int
}

func modelLayout(dt dtypes.DType, shape, strides []int, offset int) layoutModel {
	maxInt := big.NewInt(math.MaxInt)
	m := layoutModel{size: big.NewInt(1), span: big.NewInt(int64(offset))}
	nonzero := big.NewInt(1)
	for _, n := range shape {
		if n < 0 {
			return m
		}
		m.size.Mul(m.size, big.NewInt(int64(n)))
		if n > 0 {
			nonzero.Mul(nonzero, big.NewInt(int64(n)))
		}
	}
	m.sizeOK = nonzero.Cmp(maxInt) <= 0
	if !dt.Valid() {
		return m
	}
	bytes := new(big.Int).Mul(nonzero, big.NewInt(int64(dt.Size())))
	m.bytesOK = m.sizeOK && bytes.Cmp(maxInt) <= 0
	if !m.bytesOK || len(strides) != len(shape) || offset < 0 {
		return m
	}
	for _, s := range strides {
		if s < 0 {
			return m
		}
	}
	if m.size.Sign() > 0 {
		m.span.Add(m.span, big.NewInt(int64(dt.Size())))
		for i, n := range shape {
			m.span.Add(m.span, new(big.Int).Mul(big.NewInt(int64(n-1)), big.NewInt(int64(strides[i]))))
		}
	}
	m.valid = m.span.Cmp(maxInt) <= 0
	return m
}
