package cluda

import (
	"fmt"
	"math"
	"strings"
)

// vsizes maps a virtual launch of any rank, in row-major order (dimension 0
// outermost, the last dimension varying fastest between neighbouring
// work-items), onto a real OpenCL launch: one-dimensional work-groups of
// prod(local) items, and the virtual work-groups spread over up to three
// real grid dimensions. Work-items that fall outside the virtual global size
// are skipped by VIRTUAL_SKIP_THREADS.
type vsizes struct {
	global, local []int // virtual, row-major
	groups        []int // virtual work-groups per dimension
	totalGroups   int
	grid          [3]int // real work-groups along real dimensions 0..2
	realGlobal    []int
	realLocal     []int
	plainIDs      bool // from vlimits
	// bound: the program's kernels are declared for realLocal work-items
	// and no more (StaticOptions.BoundLocal).
	bound bool
}

// vlimits are what the device and kernel allow, and how the device's
// compiler wants the ids.
type vlimits struct {
	maxWorkGroup int   // items per work-group (device and kernel)
	maxItems     []int // items per work-group dimension
	maxGroups    []int // work-groups per grid dimension

	// maxIndex is the largest value of the device's size_t, which the
	// virtual size functions return (VSIZE_T); 0 means the largest int.
	maxIndex int

	// plainIDs lets a one-dimensional launch that is the real one return
	// the OpenCL ids unmodified (see vsizes.direct).
	plainIDs bool
}

// deviceLimits returns the limits of a device. The OpenCL ids are handed
// over unmodified on CPU devices only: on PoCL a 256-point FFT ran four
// times slower with the ids reduced modulo their ranges (its loop over a
// work-group's items no longer vectorises, it seems), whereas NVIDIA's
// compiler needs the ranges that the reduction states to drop the bounds
// checks of multi-pass FFT kernels (16384 points: 0.75 ms with them, 1.00 ms
// without, on an H100).
func deviceLimits(p *DeviceParams) vlimits {
	return vlimits{
		maxWorkGroup: p.MaxWorkGroupSize,
		maxItems:     p.MaxWorkItemSizes,
		maxGroups:    p.MaxNumGroups,
		maxIndex:     p.maxIndex(),
		plainIDs:     p.IsCPU(),
	}
}

// defaultLocalSize chooses a virtual local size for a global size: as many
// items as the limit allows, filled from the innermost dimension outwards.
func defaultLocalSize(global []int, limit int) []int {
	local := make([]int, len(global))
	left := limit
	for i := len(global) - 1; i >= 0; i-- {
		l := max(min(global[i], left), 1)
		local[i] = l
		left = max(left/l, 1)
	}
	return local
}

func computeVSizes(global, local []int, lim vlimits) (*vsizes, error) {
	if len(global) == 0 {
		return nil, fmt.Errorf("cluda: virtual global size has no dimensions")
	}
	for _, g := range global {
		if g < 1 {
			return nil, fmt.Errorf("cluda: virtual global size %v has a dimension below 1", global)
		}
	}
	if local == nil {
		local = defaultLocalSize(global, min(lim.maxWorkGroup, 256))
	}
	if len(local) != len(global) {
		return nil, fmt.Errorf("cluda: virtual local size %v does not match global size %v", local, global)
	}
	items := 1
	for _, l := range local {
		if l < 1 {
			return nil, fmt.Errorf("cluda: virtual local size %v has a dimension below 1", local)
		}
		items *= l
	}
	if items > lim.maxWorkGroup {
		return nil, fmt.Errorf("cluda: virtual local size %v has %d work-items; the limit is %d per work-group (max work-group size)", local, items, lim.maxWorkGroup)
	}
	if items > lim.maxItems[0] {
		return nil, fmt.Errorf("cluda: virtual local size %v has %d work-items; the limit is %d along dimension 0 (max work-item size)", local, items, lim.maxItems[0])
	}
	v := &vsizes{global: global, local: local, groups: make([]int, len(global)), totalGroups: 1, plainIDs: lim.plainIDs}
	const maxTotal = 1 << 62
	for i := range global {
		v.groups[i] = (global[i] + local[i] - 1) / local[i]
		if v.totalGroups > maxTotal/v.groups[i] {
			return nil, fmt.Errorf("cluda: virtual global size %v is too large", global)
		}
		v.totalGroups *= v.groups[i]
	}
	// Every work-item, those skipped included, has a flat id that VSIZE_T
	// holds; so has every product of the global size's dimensions.
	maxIndex := lim.maxIndex
	if maxIndex == 0 {
		maxIndex = math.MaxInt
	}
	if padded, ok := mulInt(v.totalGroups, items); !ok || padded-1 > maxIndex {
		return nil, fmt.Errorf("cluda: virtual global size %v needs %d work-groups of %d items; the device's size_t numbers at most %d work-items", global, v.totalGroups, items, uint64(maxIndex)+1)
	}
	// Spread the work-groups over the real grid.
	left := v.totalGroups
	for d := 0; d < 3; d++ {
		g := min(left, lim.maxGroups[d])
		v.grid[d] = max(g, 1)
		left = (left + v.grid[d] - 1) / v.grid[d]
	}
	if left > 1 {
		return nil, fmt.Errorf("cluda: virtual global size %v needs %d work-groups of %d items; the limit is %d×%d×%d work-groups (max grid size)",
			global, v.totalGroups, items, lim.maxGroups[0], lim.maxGroups[1], lim.maxGroups[2])
	}
	dims := 1
	if v.grid[2] > 1 {
		dims = 3
	} else if v.grid[1] > 1 {
		dims = 2
	}
	v.realLocal = make([]int, dims)
	v.realGlobal = make([]int, dims)
	for d := 0; d < dims; d++ {
		v.realLocal[d] = 1
		v.realGlobal[d] = v.grid[d]
	}
	v.realLocal[0] = items
	v.realGlobal[0] = v.grid[0] * items
	return v, nil
}

// direct reports whether the virtual launch is the real one (one
// dimension, all work-groups along real dimension 0) on a device that takes
// the OpenCL ids unmodified.
func (v *vsizes) direct() bool {
	return v.plainIDs && len(v.global) == 1 && len(v.realGlobal) == 1 && v.totalGroups == v.grid[0]
}

// directSource is source for a direct launch: the OpenCL ids themselves,
// with no arithmetic.
func (v *vsizes) directSource() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	for _, f := range []struct{ name, expr, other string }{
		{"virtual_local_id", "get_local_id(0)", "0"},
		{"virtual_local_size", fmt.Sprint(v.local[0]), "1"},
		{"virtual_global_size", fmt.Sprint(v.global[0]), "1"},
		{"virtual_num_groups", fmt.Sprint(v.groups[0]), "1"},
		{"virtual_group_id", "get_group_id(0)", "0"},
		{"virtual_global_id", "get_global_id(0)", "0"},
	} {
		w("WITHIN_KERNEL VSIZE_T %s(unsigned int dim)\n{\n    return dim == 0 ? (VSIZE_T)%s : %s;\n}\n\n", f.name, f.expr, f.other)
	}
	w("WITHIN_KERNEL VSIZE_T virtual_global_flat_size(void)\n{\n    return %d;\n}\n\n", v.global[0])
	w("WITHIN_KERNEL VSIZE_T virtual_global_flat_id(void)\n{\n    return get_global_id(0);\n}\n\n")
	if v.groups[0]*v.local[0] != v.global[0] {
		w("#define VIRTUAL_SKIP_THREADS if (get_global_id(0) >= %d) return\n", v.global[0])
	} else {
		w("#define VIRTUAL_SKIP_THREADS\n")
	}
	return b.String()
}

// source returns the C definitions of the virtual size functions and of
// VIRTUAL_SKIP_THREADS for this launch, after KERNEL's bound where it has
// one.
func (v *vsizes) source() string {
	return v.boundSource() + v.idSource()
}

// boundSource redefines KERNEL as BOUNDED_KERNEL of the real local size
// where the launch is bound, and is empty otherwise.
func (v *vsizes) boundSource() string {
	if !v.bound {
		return ""
	}
	dims := [3]int{1, 1, 1}
	copy(dims[:], v.realLocal)
	return fmt.Sprintf("#undef KERNEL\n#define KERNEL BOUNDED_KERNEL(%d, %d, %d)\n\n", dims[0], dims[1], dims[2])
}

// idSource returns the C definitions of the virtual size functions and of
// VIRTUAL_SKIP_THREADS.
func (v *vsizes) idSource() string {
	if v.direct() {
		return v.directSource()
	}
	var b strings.Builder
	n := len(v.global)
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	w("WITHIN_KERNEL VSIZE_T virtual_local_id(unsigned int dim)\n{\n")
	w("    const VSIZE_T l = get_local_id(0);\n")
	stride := 1
	for d := n - 1; d >= 0; d-- {
		w("    if (dim == %d) return (l / %d) %% %d;\n", d, stride, v.local[d])
		stride *= v.local[d]
	}
	w("    return 0;\n}\n\n")

	// The sizes per virtual dimension, 1 beyond the last.
	for _, f := range []struct {
		name  string
		sizes []int
	}{
		{"virtual_local_size", v.local},
		{"virtual_global_size", v.global},
		{"virtual_num_groups", v.groups},
	} {
		w("WITHIN_KERNEL VSIZE_T %s(unsigned int dim)\n{\n", f.name)
		for d, size := range f.sizes {
			w("    if (dim == %d) return %d;\n", d, size)
		}
		w("    return 1;\n}\n\n")
	}

	w("WITHIN_KERNEL VSIZE_T _virtual_flat_group_id(void)\n{\n")
	w("    return (VSIZE_T)get_group_id(0)")
	if len(v.realGlobal) > 1 {
		w(" + (VSIZE_T)get_group_id(1) * %d", v.grid[0])
	}
	if len(v.realGlobal) > 2 {
		w(" + (VSIZE_T)get_group_id(2) * %d", v.grid[0]*v.grid[1])
	}
	w(";\n}\n\n")

	w("WITHIN_KERNEL VSIZE_T virtual_group_id(unsigned int dim)\n{\n")
	w("    const VSIZE_T g = _virtual_flat_group_id();\n")
	stride = 1
	for d := n - 1; d >= 0; d-- {
		w("    if (dim == %d) return (g / %d) %% %d;\n", d, stride, v.groups[d])
		stride *= v.groups[d]
	}
	w("    return 0;\n}\n\n")

	w("WITHIN_KERNEL VSIZE_T virtual_global_id(unsigned int dim)\n{\n")
	w("    return virtual_group_id(dim) * virtual_local_size(dim) + virtual_local_id(dim);\n}\n\n")

	w("WITHIN_KERNEL VSIZE_T virtual_global_flat_size(void)\n{\n    return %d;\n}\n\n", shapeSize(v.global))

	w("WITHIN_KERNEL VSIZE_T virtual_global_flat_id(void)\n{\n    return ")
	stride = 1
	terms := make([]string, 0, n)
	for d := n - 1; d >= 0; d-- {
		terms = append(terms, fmt.Sprintf("virtual_global_id(%d) * %d", d, stride))
		stride *= v.global[d]
	}
	w("%s;\n}\n\n", strings.Join(terms, " + "))

	w("WITHIN_KERNEL bool _virtual_skip_threads(void)\n{\n")
	w("    if (_virtual_flat_group_id() >= %d) return true;\n", v.totalGroups)
	for d := 0; d < n; d++ {
		if v.groups[d]*v.local[d] != v.global[d] {
			w("    if (virtual_global_id(%d) >= %d) return true;\n", d, v.global[d])
		}
	}
	w("    return false;\n}\n\n")
	w("#define VIRTUAL_SKIP_THREADS if (_virtual_skip_threads()) return\n")
	return b.String()
}
