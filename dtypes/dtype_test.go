package dtypes

import (
	"math"
	"testing"
)

func TestLiteral(t *testing.T) {
	tests := []struct {
		d    DType
		v    any
		want string
	}{
		{Float32, 1, "1.0f"},
		{Float32, 1.5, "1.5f"},
		{Float32, -2, "(-2.0f)"},
		{Float32, 1e20, "1e+20f"},
		{Float32, 0.1, "0.1f"},
		{Float32, math.Inf(1), "INFINITY"},
		{Float32, math.NaN(), "NAN"},
		{Float64, 1, "1.0"},
		{Float64, 0.1, "0.1"},
		{Float64, math.Pi, "3.141592653589793"},
		{Int32, 7, "7"},
		{Int32, -7, "(-7)"},
		{Int32, math.MinInt32, "(-2147483647 - 1)"},
		{Int64, int64(math.MinInt64), "(-9223372036854775807L - 1L)"},
		{Int64, 5, "5L"},
		{Uint32, 3, "3u"},
		{Uint64, uint64(math.MaxUint64), "18446744073709551615UL"},
		{Int8, 2.0, "2"},
		{Complex64, complex(1, 2), "COMPLEX_CTR(float2)(1.0f, 2.0f)"},
		{Complex64, 3, "COMPLEX_CTR(float2)(3.0f, 0.0f)"},
		{Complex128, complex(0.5, -1), "COMPLEX_CTR(double2)(0.5, (-1.0))"},
	}
	for _, tt := range tests {
		t.Run(tt.d.String(), func(t *testing.T) {
			got, err := tt.d.Literal(tt.v)
			if err != nil {
				t.Fatalf("Literal(%v): %v", tt.v, err)
			}
			if got != tt.want {
				t.Errorf("%v.Literal(%v) = %q, want %q", tt.d, tt.v, got, tt.want)
			}
		})
	}
}

func TestLiteralErrors(t *testing.T) {
	tests := []struct {
		d DType
		v any
	}{
		{Int32, 1.5},
		{Int8, 200},
		{Uint32, -1},
		{Float32, complex(1, 1)},
		{Float32, "1"},
		{Float32, 1e300},
		{Complex64, complex(1, 1e300)},
		{Invalid, 1},
	}
	for _, tt := range tests {
		if s, err := tt.d.Literal(tt.v); err == nil {
			t.Errorf("%v.Literal(%v) = %q, want an error", tt.d, tt.v, s)
		}
	}
}

func TestResultType(t *testing.T) {
	tests := []struct {
		a, b, want DType
	}{
		{Int32, Int32, Int32},
		{Int8, Int32, Int32},
		{Int8, Uint8, Int16},
		{Int32, Uint32, Int64},
		{Int64, Uint64, Float64},
		{Int64, Uint8, Int64},
		{Int16, Float32, Float32},
		{Int32, Float32, Float64},
		{Float32, Float64, Float64},
		{Float32, Complex64, Complex64},
		{Float64, Complex64, Complex128},
		{Int32, Complex64, Complex128},
		{Uint8, Complex64, Complex64},
		{Complex64, Complex128, Complex128},
	}
	for _, tt := range tests {
		for _, pair := range [][2]DType{{tt.a, tt.b}, {tt.b, tt.a}} {
			got, err := ResultType(pair[0], pair[1])
			if err != nil || got != tt.want {
				t.Errorf("ResultType(%v, %v) = %v, %v; want %v", pair[0], pair[1], got, err, tt.want)
			}
		}
	}
	if _, err := ResultType(); err == nil {
		t.Error("ResultType() gave no error")
	}
}

func TestOfAndNames(t *testing.T) {
	tests := []struct {
		v     any
		want  DType
		ctype string
		size  int
	}{
		{int8(1), Int8, "char", 1},
		{[]uint16{1}, Uint16, "unsigned short", 2},
		{int(1), Int64, "long", 8},
		{[]float32{}, Float32, "float", 4},
		{float64(0), Float64, "double", 8},
		{[]complex64{}, Complex64, "float2", 8},
		{complex128(0), Complex128, "double2", 16},
	}
	for _, tt := range tests {
		d, err := Of(tt.v)
		if err != nil || d != tt.want {
			t.Errorf("Of(%T) = %v, %v; want %v", tt.v, d, err, tt.want)
		}
		if d.CType() != tt.ctype || d.Size() != tt.size {
			t.Errorf("%v: CType %q Size %d, want %q %d", d, d.CType(), d.Size(), tt.ctype, tt.size)
		}
		p, err := Parse(d.String())
		if err != nil || p != d {
			t.Errorf("Parse(%q) = %v, %v", d.String(), p, err)
		}
		if d.GoType().Size() != uintptr(d.Size()) {
			t.Errorf("%v: GoType size %d", d, d.GoType().Size())
		}
	}
	if _, err := Of("x"); err == nil {
		t.Error("Of(string) gave no error")
	}
	if For[complex64]() != Complex64 {
		t.Error("For[complex64] is not Complex64")
	}
	if c, err := Float64.Complex(); err != nil || c != Complex128 {
		t.Errorf("Float64.Complex() = %v, %v", c, err)
	}
	if _, err := Int32.Complex(); err == nil {
		t.Error("Int32.Complex() gave no error")
	}
}

func TestConvert(t *testing.T) {
	tests := []struct {
		d    DType
		v    any
		want any
	}{
		{Float32, 1.5, float32(1.5)},
		{Int32, 7.0, int32(7)},
		{Uint8, 200, uint8(200)},
		{Complex64, 2, complex64(2)},
		{Complex128, complex64(1 + 2i), complex128(1 + 2i)},
		{Float64, complex(3, 0), 3.0},
	}
	for _, tt := range tests {
		got, err := tt.d.Convert(tt.v)
		if err != nil || got != tt.want {
			t.Errorf("%v.Convert(%v) = %v (%T), %v; want %v (%T)", tt.d, tt.v, got, got, err, tt.want, tt.want)
		}
	}
	for _, bad := range []struct {
		d DType
		v any
	}{{Int32, 1.5}, {Uint8, -1}, {Float32, complex(1, 1)}, {Float32, 1e300}, {Float32, "x"}} {
		if _, err := bad.d.Convert(bad.v); err == nil {
			t.Errorf("%v.Convert(%v) gave no error", bad.d, bad.v)
		}
	}
}
