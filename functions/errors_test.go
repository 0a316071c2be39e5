package functions_test

import (
	"maps"
	"regexp"
	"sync"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

func TestErrors(t *testing.T) {
	bad := dtypes.DType(200)
	for _, tc := range []struct {
		name string
		call func() (*snippets.Module, error)
		want string
	}{
		{"Mul()", func() (*snippets.Module, error) { return functions.Mul() }, "functions: Mul: no input dtypes"},
		{"MulOut(float32)", func() (*snippets.Module, error) { return functions.MulOut(f32) }, "functions: MulOut: no input dtypes"},
		{"Add()", func() (*snippets.Module, error) { return functions.Add() }, "functions: Add: no input dtypes"},
		{"Mul(float32,bad)", func() (*snippets.Module, error) { return functions.Mul(f32, bad) },
			"functions: Mul: invalid dtype dtypes.DType(200)"},
		{"MulOut(invalid,float32)", func() (*snippets.Module, error) { return functions.MulOut(dtypes.Invalid, f32) },
			"functions: MulOut: invalid dtype dtypes.DType(0)"},
		{"MulOut(float32,complex64,float32)", func() (*snippets.Module, error) { return functions.MulOut(f32, c64, f32) },
			"functions: MulOut: the product of complex64, float32 is complex and cannot be cast to float32"},
		{"AddOut(int32,complex128)", func() (*snippets.Module, error) { return functions.AddOut(i32, c128) },
			"functions: AddOut: the sum of complex128 is complex and cannot be cast to int32"},
		{"Div(bad,float32)", func() (*snippets.Module, error) { return functions.Div(bad, f32) },
			"functions: Div: invalid dtype dtypes.DType(200)"},
		{"DivOut(float64,complex64,float32)", func() (*snippets.Module, error) { return functions.DivOut(f64, c64, f32) },
			"functions: DivOut: the quotient of complex64 by float32 is complex and cannot be cast to float64"},
		{"DivOut(float32,float32,complex64)", func() (*snippets.Module, error) { return functions.DivOut(f32, f32, c64) },
			"functions: DivOut: the quotient of float32 by complex64 is complex and cannot be cast to float32"},
		{"Conj(bad)", func() (*snippets.Module, error) { return functions.Conj(bad) }, "functions: Conj: invalid dtype dtypes.DType(200)"},
		{"Cast(float32,complex64)", func() (*snippets.Module, error) { return functions.Cast(f32, c64) },
			"functions: Cast: cannot cast complex64 to float32"},
		{"Cast(int32,complex128)", func() (*snippets.Module, error) { return functions.Cast(i32, c128) },
			"functions: Cast: cannot cast complex128 to int32"},
		{"Cast(float32,invalid)", func() (*snippets.Module, error) { return functions.Cast(f32, dtypes.Invalid) },
			"functions: Cast: invalid dtype dtypes.DType(0)"},
		{"Norm(bad)", func() (*snippets.Module, error) { return functions.Norm(bad) }, "functions: Norm: invalid dtype dtypes.DType(200)"},
		{"Exp(int32)", func() (*snippets.Module, error) { return functions.Exp(i32) },
			"functions: Exp: integer dtype int32 is not supported (want a float or complex dtype)"},
		{"Exp(uint8)", func() (*snippets.Module, error) { return functions.Exp(dtypes.Uint8) },
			"functions: Exp: integer dtype uint8 is not supported (want a float or complex dtype)"},
		{"Polar(complex64)", func() (*snippets.Module, error) { return functions.Polar(c64) },
			"functions: Polar: complex64 is not a real floating-point dtype (float32 or float64)"},
		{"Polar(int32)", func() (*snippets.Module, error) { return functions.Polar(i32) },
			"functions: Polar: int32 is not a real floating-point dtype (float32 or float64)"},
		{"PolarUnit(int64)", func() (*snippets.Module, error) { return functions.PolarUnit(i64) },
			"functions: PolarUnit: int64 is not a real floating-point dtype (float32 or float64)"},
		{"PolarUnit(bad)", func() (*snippets.Module, error) { return functions.PolarUnit(bad) },
			"functions: PolarUnit: invalid dtype dtypes.DType(200)"},
		{"Pow(float32,complex64)", func() (*snippets.Module, error) { return functions.Pow(f32, c64) },
			"functions: Pow: complex exponent complex64 is not supported"},
		{"Pow(int32,float32)", func() (*snippets.Module, error) { return functions.Pow(i32, f32) },
			"functions: Pow: integer base int32 with a float32 exponent: use PowOut with a float or complex output"},
		{"PowOut(int64,float64,float64)", func() (*snippets.Module, error) { return functions.PowOut(i64, f64, f64) },
			"functions: PowOut: a float64 exponent needs a float or complex output, not int64"},
		{"PowOut(float32,complex64,int32)", func() (*snippets.Module, error) { return functions.PowOut(f32, c64, i32) },
			"functions: PowOut: cannot cast complex64 to float32"},
		{"PowOut(bad,float32,float32)", func() (*snippets.Module, error) { return functions.PowOut(bad, f32, f32) },
			"functions: PowOut: invalid dtype dtypes.DType(200)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.call()
			if err == nil {
				t.Fatalf("got module %q, want error %q", m.Name(), tc.want)
			}
			if m != nil {
				t.Errorf("got a module besides the error")
			}
			if err.Error() != tc.want {
				t.Errorf("error\n  %q, want\n  %q", err, tc.want)
			}
		})
	}
}

func TestMustPanics(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || err.Error() != "functions: Cast: cannot cast complex64 to float32" {
			t.Errorf("recovered %v, want the error of Cast", r)
		}
	}()
	functions.MustCast(f32, c64)
}

func TestCache(t *testing.T) {
	same := []struct {
		name string
		a, b *snippets.Module
	}{
		{"Mul", functions.MustMul(c64, c64), functions.MustMul(c64, c64)},
		{"Mul and MulOut", functions.MustMul(c64, f32), functions.MustMulOut(c64, c64, f32)},
		{"Add", functions.MustAdd(f32, f64, i32), functions.MustAdd(f32, f64, i32)},
		{"Div", functions.MustDiv(f64, c128), functions.MustDivOut(c128, f64, c128)},
		{"Conj", functions.MustConj(c128), functions.MustConj(c128)},
		{"Cast", functions.MustCast(c128, f32), functions.MustCast(c128, f32)},
		{"Norm", functions.MustNorm(c64), functions.MustNorm(c64)},
		{"Exp", functions.MustExp(c64), functions.MustExp(c64)},
		{"Pow", functions.MustPow(c64, i32), functions.MustPowOut(c64, c64, i32)},
		{"Polar", functions.MustPolar(f64), functions.MustPolar(f64)},
		{"PolarUnit", functions.MustPolarUnit(f32), functions.MustPolarUnit(f32)},
	}
	for _, s := range same {
		if s.a != s.b {
			t.Errorf("%s: two modules for the same arguments", s.name)
		}
	}
	differ := []struct {
		name string
		a, b *snippets.Module
	}{
		{"Mul argument order", functions.MustMul(c64, f32), functions.MustMul(f32, c64)},
		{"Mul and Add", functions.MustMul(f32, f32), functions.MustAdd(f32, f32)},
		{"MulOut output", functions.MustMulOut(c64, f32, f32), functions.MustMulOut(c128, f32, f32)},
		{"Mul arity", functions.MustMul(f32, f32), functions.MustMul(f32, f32, f32)},
		{"Cast direction", functions.MustCast(f64, f32), functions.MustCast(f32, f64)},
		{"Polar and PolarUnit", functions.MustPolar(f32), functions.MustPolarUnit(f32)},
	}
	for _, d := range differ {
		if d.a == d.b {
			t.Errorf("%s: the same module for different arguments", d.name)
		}
	}
}

// TestCacheConcurrent asks many goroutines at once for modules that no
// other test makes, so that they race to create them: all must get the
// same object.
func TestCacheConcurrent(t *testing.T) {
	const goroutines = 16
	got := make([][3]*snippets.Module, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[g] = [3]*snippets.Module{
				functions.MustPowOut(c128, dtypes.Int16, dtypes.Int8),
				functions.MustMul(dtypes.Uint16, c64, dtypes.Int8),
				functions.MustNorm(dtypes.Int16),
			}
		}()
	}
	wg.Wait()
	for g := 1; g < goroutines; g++ {
		if got[g] != got[0] {
			t.Fatalf("goroutine %d got other modules than goroutine 0", g)
		}
	}
}

// TestRenderOnce renders a kernel that uses mul(float2, float2) directly
// and through two power modules, and polar_unit(float) through Exp and
// Polar: each must be defined once. The kernel must then build.
func TestRenderOnce(t *testing.T) {
	tmpl := templates.MustParse("once", `
KERNEL void once(GLOBAL_MEM float2 *z, GLOBAL_MEM const float *r)
{
    const SIZE_T i = get_global_id(0);
    float2 a = {{ .mul }}(z[i], z[i]);
    a = {{ .add }}({{ .pow32 }}(a, 3), {{ .pow64 }}(a, (long)-2));
    a = {{ .add }}(a, {{ .exp }}(a));
    z[i] = {{ .add }}(a, {{ .polar }}(r[i], r[i]));
}
`)
	args := map[string]any{
		"mul":   functions.MustMul(c64, c64),
		"add":   functions.MustAdd(c64, c64),
		"pow32": functions.MustPow(c64, i32),
		"pow64": functions.MustPow(c64, i64),
		"exp":   functions.MustExp(c64),
		"polar": functions.MustPolar(f32),
	}
	src, err := snippets.RenderTemplate(tmpl, args)
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]int{}
	for _, m := range regexp.MustCompile(`WITHIN_KERNEL INLINE \w+ _mod_([a-z_]+)_\d+\(`).FindAllStringSubmatch(src.Text, -1) {
		defs[m[1]]++
	}
	want := map[string]int{"mul": 1, "div": 1, "add": 1, "pow": 2, "exp": 1, "polar": 1, "polar_unit": 1}
	if !maps.Equal(defs, want) {
		t.Errorf("definitions %v, want %v, in\n%s", defs, want, src.Text)
	}
	thr := cludatest.Thread(t)
	if _, err := thr.Compile(src.Text, cluda.CompileOptions{}); err != nil {
		t.Fatal(err)
	}
}
