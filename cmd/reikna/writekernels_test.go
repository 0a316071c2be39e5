package main

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/core"
)

// TestWriteKernelsNamesArguments checks that the header of a rendered plan
// explains each kind of kernel argument that its kernels use, and only
// those.
func TestWriteKernelsNamesArguments(t *testing.T) {
	for _, tc := range []struct {
		name, source string
		want, not    []string
	}{
		{"parameters only", "KERNEL void k(GLOBAL_MEM float *_leaf_x)", nil,
			[]string{core.TempPrefix + "N", core.PersistentPrefix + "N", core.ConstantArrayPrefix + "N"}},
		{"every kind", "KERNEL void k(GLOBAL_MEM float *_temp0, GLOBAL_MEM float *_persistent0, CONSTANT_MEM float *_constant_array0)",
			[]string{core.TempPrefix + "N scratch", core.PersistentPrefix + "N tables", core.ConstantArrayPrefix + "N tables\n// in constant memory"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := writeKernels(&b, "A plan", "a device", nil, []core.KernelInfo{{Name: "k", Source: tc.source, FullSource: tc.source}}); err != nil {
				t.Fatal(err)
			}
			header, _, _ := strings.Cut(b.String(), "// ==== kernel")
			for _, s := range tc.want {
				if !strings.Contains(header, s) {
					t.Errorf("the header does not explain %q:\n%s", s, header)
				}
			}
			for _, s := range tc.not {
				if strings.Contains(header, s) {
					t.Errorf("the header explains %q, which no kernel uses:\n%s", s, header)
				}
			}
		})
	}
}
