package cluda

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestRenderStaticMatchesCompile checks that RenderStatic gives, without
// the device, the source and launch that CompileStatic compiles on it.
func TestRenderStaticMatchesCompile(t *testing.T) {
	thr := testThread(t)
	tests := []struct {
		global, local []int
		opts          CompileOptions
		bound         bool
	}{
		{[]int{1024}, nil, CompileOptions{}, false},
		{[]int{1000003}, nil, CompileOptions{}, false},
		{[]int{97}, []int{32}, CompileOptions{FastMath: true}, false},
		{[]int{13, 17}, []int{4, 4}, CompileOptions{}, false},
		{[]int{7, 11, 13}, nil, CompileOptions{}, false},
		{[]int{4096}, []int{128}, CompileOptions{}, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%v/bound=%v", tt.global, tt.local, tt.bound), func(t *testing.T) {
			src := idsKernel(len(tt.global))
			opts := StaticOptions{Local: tt.local, BoundLocal: tt.bound, CompileOptions: tt.opts}
			k, err := thr.CompileStatic(src, "ids", tt.global, opts)
			if err != nil {
				t.Fatal(err)
			}
			r, err := RenderStatic(thr.Params(), src, "ids", tt.global, opts)
			if err != nil {
				t.Fatal(err)
			}
			if want := k.Rendered(); !reflect.DeepEqual(r, want) {
				t.Errorf("rendered %+v\ncompiled %+v", r, want)
			}
		})
	}
}

func TestRenderStaticErrors(t *testing.T) {
	const src = "KERNEL void k(GLOBAL_MEM int *x) { VIRTUAL_SKIP_THREADS; x[virtual_global_id(0)] = 0; }"
	gpu := ModelGPU()
	noGroups := ModelGPU()
	noGroups.MaxNumGroups = nil
	noItems := ModelGPU()
	noItems.MaxWorkItemSizes = []int{0, 1, 1}
	noWorkGroup := ModelGPU()
	noWorkGroup.MaxWorkGroupSize = 0
	tests := []struct {
		name          string
		p             *DeviceParams
		global, local []int
		want          string
	}{
		{"no parameters", nil, []int{8}, nil, "no device parameters"},
		{"no grid limits", noGroups, []int{8}, nil, "MaxNumGroups [] must have three dimensions"},
		{"no work-item limits", noItems, []int{8}, nil, "MaxWorkItemSizes [0 1 1]"},
		{"no work-group limit", noWorkGroup, []int{8}, nil, "MaxWorkGroupSize is 0"},
		{"local size above the limit", gpu, []int{4096}, []int{2048}, "the limit is 1024 per work-group"},
		{"empty global size", gpu, []int{}, nil, "has no dimensions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := RenderStatic(tt.p, src, "k", tt.global, StaticOptions{Local: tt.local})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one that says %q", err, tt.want)
			}
		})
	}
}

// TestModelDevices checks the parameters that goldens and renderings
// without a device rely on.
func TestModelDevices(t *testing.T) {
	tests := []struct {
		name                    string
		p                       *DeviceParams
		gpu                     bool
		workGroup, warp, localB int
	}{
		{"gpu", ModelGPU(), true, 1024, 32, 48 << 10},
		{"cpu", ModelCPU(), false, 4096, 8, 512 << 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.p
			if p.IsGPU() != tt.gpu || p.IsCPU() == tt.gpu {
				t.Errorf("type %v", p.Type)
			}
			if p.MaxWorkGroupSize != tt.workGroup || p.WarpSize != tt.warp || p.LocalMemSize != int64(tt.localB) {
				t.Errorf("work-group %d, warp %d, local memory %d", p.MaxWorkGroupSize, p.WarpSize, p.LocalMemSize)
			}
			if err := p.checkLaunchLimits(); err != nil {
				t.Error(err)
			}
			if !p.DoubleFP || p.DriverVersion != "" {
				t.Errorf("fp64 %t, driver version %q", p.DoubleFP, p.DriverVersion)
			}
		})
	}
	if ModelGPU() == ModelGPU() || ModelCPU() == ModelCPU() {
		t.Error("the model parameters are shared, not fresh copies")
	}
}
