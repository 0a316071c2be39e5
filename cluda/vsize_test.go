package cluda

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

// idsKernel records, for every virtual work-item, its global ids, and counts
// how often each element is written.
func idsKernel(rank int) string {
	var b strings.Builder
	b.WriteString("KERNEL void ids(GLOBAL_MEM int *ids, GLOBAL_MEM int *count, GLOBAL_MEM int *sizes)\n{\n")
	b.WriteString("    VIRTUAL_SKIP_THREADS;\n    const VSIZE_T flat = virtual_global_flat_id();\n")
	b.WriteString("    atomic_inc(count + flat);\n")
	for d := 0; d < rank; d++ {
		fmt.Fprintf(&b, "    ids[flat * %d + %d] = (int)virtual_global_id(%d);\n", rank, d, d)
	}
	b.WriteString("    if (flat == 0) {\n")
	for d := 0; d < rank; d++ {
		fmt.Fprintf(&b, "        sizes[%d] = (int)virtual_global_size(%d);\n", d, d)
		fmt.Fprintf(&b, "        sizes[%d] = (int)virtual_local_size(%d);\n", rank+d, d)
		fmt.Fprintf(&b, "        sizes[%d] = (int)virtual_num_groups(%d);\n", 2*rank+d, d)
	}
	fmt.Fprintf(&b, "        sizes[%d] = (int)virtual_global_flat_size();\n", 3*rank)
	b.WriteString("    }\n}\n")
	return b.String()
}

// testThread is cludatest.Thread for the package's internal tests, which
// cannot import cludatest.
func testThread(t *testing.T) *Thread {
	thr, err := CreateThread(DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, ThreadOptions{})
	if errors.Is(err, ErrNoDevice) && os.Getenv("REIKNA_REQUIRE_DEVICE") != "1" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(thr.Release)
	return thr
}

func TestVirtualSizes(t *testing.T) {
	thr := testThread(t)
	device := deviceLimits(thr.Params())
	// Both forms of the id functions run on whatever device there is.
	plain, reduced := device, device
	plain.plainIDs, reduced.plainIDs = true, false
	// Small limits make sizes "above the device's limits" reachable on any
	// device: the mapping must spread them over more groups and grid
	// dimensions.
	tiny := vlimits{maxWorkGroup: 8, maxItems: []int{8, 8, 8}, maxGroups: []int{5, 3, 7}}
	tests := []struct {
		global, local []int
		lim           vlimits
		bound         bool // StaticOptions.BoundLocal
	}{
		{[]int{1}, nil, plain, false},
		{[]int{97}, nil, plain, false},
		{[]int{97}, nil, reduced, false},
		{[]int{1000003}, nil, plain, false},
		{[]int{1000003}, nil, reduced, false},
		{[]int{4096}, []int{256}, plain, false},
		{[]int{4096}, []int{256}, reduced, false},
		{[]int{13, 17}, []int{4, 4}, device, false},
		{[]int{7, 11, 13}, nil, device, false},
		{[]int{3, 5, 7, 11}, []int{1, 2, 2, 2}, device, false},
		{[]int{101}, nil, tiny, false},
		{[]int{9, 23}, nil, tiny, false},
		{[]int{5, 3, 19}, []int{1, 2, 4}, tiny, false},
		{[]int{2, 3, 5, 7}, nil, tiny, false},
		{[]int{4096}, []int{256}, plain, true},
		{[]int{4096}, []int{256}, reduced, true},
		{[]int{13, 17}, []int{4, 4}, device, true},
		{[]int{7, 11, 13}, nil, device, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%v/wg%d/plain=%v/bound=%v", tt.global, tt.local, tt.lim.maxWorkGroup, tt.lim.plainIDs, tt.bound), func(t *testing.T) {
			rank := len(tt.global)
			k, err := thr.compileStatic(idsKernel(rank), "ids", tt.global, StaticOptions{Local: tt.local, BoundLocal: tt.bound}, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(k.Rendered().FullSource, "#define KERNEL BOUNDED_KERNEL("); got != tt.bound {
				t.Errorf("KERNEL redefined as BOUNDED_KERNEL: %v, want %v", got, tt.bound)
			}
			n := shapeSize(tt.global)
			poison := make([]int32, n*rank)
			for i := range poison {
				poison[i] = -7
			}
			ids, _ := thr.ToDevice(poison)
			count, _ := thr.Zeros([]int{n}, dtypes.Int32)
			sizes, _ := thr.Zeros([]int{3*rank + 1}, dtypes.Int32)
			defer ids.Release()
			defer count.Release()
			defer sizes.Release()
			if err := k.Call(ids, count, sizes); err != nil {
				t.Fatal(err)
			}
			gotIDs, _ := Read[int32](ids)
			gotCount, _ := Read[int32](count)
			gotSizes, _ := Read[int32](sizes)
			for flat := 0; flat < n; flat++ {
				if gotCount[flat] != 1 {
					t.Fatalf("element %d written %d times", flat, gotCount[flat])
				}
				rem := flat
				for d := rank - 1; d >= 0; d-- {
					if want := int32(rem % tt.global[d]); gotIDs[flat*rank+d] != want {
						t.Fatalf("element %d: virtual_global_id(%d) = %d, want %d", flat, d, gotIDs[flat*rank+d], want)
					}
					rem /= tt.global[d]
				}
			}
			local := k.LocalSize()
			for d := 0; d < rank; d++ {
				if int(gotSizes[d]) != tt.global[d] || int(gotSizes[rank+d]) != local[d] ||
					int(gotSizes[2*rank+d]) != (tt.global[d]+local[d]-1)/local[d] {
					t.Fatalf("sizes %v for global %v local %v", gotSizes, tt.global, local)
				}
			}
			if int(gotSizes[3*rank]) != n {
				t.Errorf("virtual_global_flat_size = %d, want %d", gotSizes[3*rank], n)
			}
			if tt.local != nil && !slices.Equal(local, tt.local) {
				t.Errorf("local size %v, asked for %v", local, tt.local)
			}
		})
	}
}

func TestVirtualSizeLimits(t *testing.T) {
	tiny := vlimits{maxWorkGroup: 8, maxItems: []int{4, 8, 8}, maxGroups: []int{5, 3, 7}}
	tests := []struct {
		global, local []int
		want          string
	}{
		{[]int{100}, []int{16}, "the limit is 8 per work-group (max work-group size)"},
		{[]int{100}, []int{8}, "the limit is 4 along dimension 0 (max work-item size)"},
		{[]int{1000}, []int{4}, "needs 250 work-groups of 4 items; the limit is 5×3×7 work-groups (max grid size)"},
		{[]int{10, 0}, nil, "dimension below 1"},
		{[]int{10}, []int{2, 2}, "does not match"},
	}
	for _, tt := range tests {
		_, err := computeVSizes(tt.global, tt.local, tiny)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("computeVSizes(%v, %v): %v, want %q", tt.global, tt.local, err, tt.want)
		}
	}
	// A device with 32-bit addresses numbers at most 2^32 work-items.
	wide := vlimits{maxWorkGroup: 256, maxItems: []int{256, 256, 256}, maxGroups: []int{1<<32 - 1, 65535, 65535}, maxIndex: 1<<32 - 1}
	if _, err := computeVSizes([]int{1 << 32}, []int{256}, wide); err != nil {
		t.Errorf("2^32 work-items on a 32-bit device: %v", err)
	}
	for _, global := range [][]int{{1<<32 + 1}, {1 << 20, 1 << 20}} {
		if _, err := computeVSizes(global, nil, wide); err == nil || !strings.Contains(err.Error(), "size_t numbers at most 4294967296 work-items") {
			t.Errorf("computeVSizes(%v) on a 32-bit device: %v", global, err)
		}
	}
}

// TestVirtualSizeIDForms checks which devices get the OpenCL ids unmodified:
// NVIDIA's compiler drops bounds checks only when the ids' ranges are
// stated, so GPU-shaped limits must never produce the plain form.
func TestVirtualSizeIDForms(t *testing.T) {
	gpu := &DeviceParams{MaxNumGroups: []int{1<<31 - 1, 65535, 65535}}
	gpu.Type = DeviceTypeGPU
	gpu.MaxWorkGroupSize = 1024
	gpu.MaxWorkItemSizes = []int{1024, 1024, 64}
	cpu := &DeviceParams{MaxNumGroups: gpu.MaxNumGroups}
	cpu.Type = DeviceTypeCPU
	cpu.MaxWorkGroupSize = 4096
	cpu.MaxWorkItemSizes = []int{4096, 4096, 4096}
	tests := []struct {
		name   string
		params *DeviceParams
		global []int
		plain  bool
	}{
		{"cpu/1-D", cpu, []int{4096}, true},
		{"cpu/2-D", cpu, []int{16, 256}, false},
		{"gpu/1-D", gpu, []int{4096}, false},
		{"gpu/2-D", gpu, []int{16, 256}, false},
	}
	const plainLocalID = "(VSIZE_T)get_local_id(0) : 0"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := computeVSizes(tt.global, nil, deviceLimits(tt.params))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(v.source(), plainLocalID); got != tt.plain {
				t.Errorf("plain ids = %v, want %v; source:\n%s", got, tt.plain, v.source())
			}
		})
	}
}
