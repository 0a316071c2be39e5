package dtypes_test

import (
	"fmt"

	"github.com/reikna-go/reikna/dtypes"
)

// ResultType combines the dtypes of a computation's arguments as numpy
// does: an integer with a float32 gives the float type wide enough for
// both, a real with a complex the complex type of the wider real.
func ExampleResultType() {
	for _, pair := range [][2]dtypes.DType{
		{dtypes.Int16, dtypes.Float32},
		{dtypes.Int32, dtypes.Float32},
		{dtypes.Float64, dtypes.Complex64},
		{dtypes.Uint8, dtypes.Int8},
	} {
		d, err := dtypes.ResultType(pair[0], pair[1])
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%v, %v -> %v (%s)\n", pair[0], pair[1], d, d.CType())
	}
	// Output:
	// int16, float32 -> float32 (float)
	// int32, float32 -> float64 (double)
	// float64, complex64 -> complex128 (double2)
	// uint8, int8 -> int16 (short)
}

// A dtype's C literal is what a kernel source gets for a constant of it.
func ExampleDType_Literal() {
	for _, v := range []any{float32(0.1), 3.5, complex64(complex(1, -2)), int64(-7)} {
		d, err := dtypes.Of(v)
		if err != nil {
			fmt.Println(err)
			continue
		}
		lit, err := d.Literal(v)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%v: %s\n", d, lit)
	}
	// Output:
	// float32: 0.1f
	// float64: 3.5
	// complex64: COMPLEX_CTR(float2)(1.0f, (-2.0f))
	// int64: (-7L)
}

// StructFor lays out a Go struct as a C compiler lays it out, and writes
// the typedef that kernels compile.
func ExampleStructFor() {
	type particle struct {
		Position [3]float32
		Charge   int8
		Mass     float64
	}
	d, err := dtypes.StructFor[particle]()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range d.Fields() {
		fmt.Printf("%s at %d\n", f.Name, f.Offset)
	}
	fmt.Println("size", d.Size(), "align", d.Align(), "Go layout matches:", d.GoLayoutMatches())
	fmt.Print(d.CDefinition())
	// Output:
	// Position at 0
	// Charge at 12
	// Mass at 16
	// size 24 align 8 Go layout matches: true
	// #ifndef REIKNA_STRUCT_particle
	// #define REIKNA_STRUCT_particle
	// typedef struct particle
	// {
	//     float ALIGN(4) Position[3];
	//     char ALIGN(1) Charge;
	//     double ALIGN(8) Mass;
	// } ALIGN(8) particle;
	// #endif
}

// Complex32 stores complex numbers in half precision; kernels compute
// with them as complex64.
func ExampleDType_Arithmetic() {
	fmt.Println(dtypes.Complex32.Size(), dtypes.Complex32.IsHalf(), dtypes.Complex32.Arithmetic())
	h := dtypes.NewHalfComplex(complex(0.5, -1.25))
	fmt.Println(h.Complex64())
	// Output:
	// 4 true complex64
	// (0.5-1.25i)
}
