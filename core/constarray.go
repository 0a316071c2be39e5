package core

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// ConstantArray adds a small read-only table to the plan (reikna's
// constant_array): an array uploaded from a Go slice once, when the plan
// is compiled, that kernels read from the device's constant memory, a
// __constant argument in OpenCL, which GPUs serve from a cache made for
// work-items that read the same element. Kernels read it through the same
// entry points as other arrays (LoadIdx, LoadSame, LoadCombined); nothing
// can store into it. It lives as long as the compiled computation. The
// shape defaults to the slice's length.
//
// Constant memory is small: the device's MaxConstantBufferSize (64 KiB on
// most GPUs) for the constant arrays of one kernel together, and at most
// MaxConstantArgs of them per kernel (at least 8). ConstantArray refuses
// a table larger than the device's constant memory, and KernelCall a
// kernel whose constant arrays together break either limit; the error
// names the limit. A constant array never moves to global memory behind
// the caller's back: PersistentArray holds tables that do not fit.
// Tables that kernel templates define at file scope as CONSTANT_MEM take
// constant memory as well, which these checks do not see.
func (p *Plan) ConstantArray(data any, shape ...int) (*KernelArgument, error) {
	t, err := hostArrayType(data, shape)
	if err != nil {
		return nil, fmt.Errorf("core: constant array: %w", err)
	}
	if bytes := constantBytes(t); bytes > p.params.MaxConstantBufferSize {
		return nil, fmt.Errorf("core: constant array %v of %d bytes: larger than the device's constant memory (%d bytes, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE); use PersistentArray for a table this large",
			t, bytes, p.params.MaxConstantBufferSize)
	}
	p.constants = append(p.constants, &persistentSpec{typ: t, data: data})
	i := len(p.constants) - 1
	return &KernelArgument{kind: argConstArray, name: leafCName(argConstArray, "", i), ann: In(t), index: i}, nil
}

// constantBytes returns the bytes of constant memory that an array of
// type t takes.
func constantBytes(t Type) int64 { return int64(t.Size()) * int64(t.dtype.Size()) }

// checkConstantArrays reports a kernel whose arguments leaves hold more
// constant arrays, or more bytes of them, than the device gives a kernel.
func (p *Plan) checkConstantArrays(leaves []*memLeaf) error {
	var n int
	var bytes int64
	var names []string
	for _, l := range leaves {
		if l.kind == argConstArray {
			n++
			bytes += constantBytes(l.typ)
			names = append(names, l.cname)
		}
	}
	switch {
	case n > p.params.MaxConstantArgs:
		return fmt.Errorf("%d constant arrays %v: the device allows a kernel %d (CL_DEVICE_MAX_CONSTANT_ARGS)", n, names, p.params.MaxConstantArgs)
	case bytes > p.params.MaxConstantBufferSize:
		return fmt.Errorf("constant arrays %v of %d bytes together: larger than the device's constant memory (%d bytes, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)", names, bytes, p.params.MaxConstantBufferSize)
	}
	return nil
}

// hostArrayType returns the type of the contiguous array that a Go slice
// of numbers fills: of the slice's dtype, and of the given shape (the
// slice's length where shape is empty), which must hold exactly the
// slice's elements.
func hostArrayType(data any, shape []int) (Type, error) {
	n := sliceLen(data)
	if n < 0 {
		return Type{}, fmt.Errorf("%T is not a slice", data)
	}
	dt, err := dtypes.Of(data)
	if err != nil {
		return Type{}, err
	}
	if len(shape) == 0 {
		shape = []int{n}
	}
	size, err := cluda.ShapeSize(shape)
	if err != nil {
		return Type{}, err
	}
	if size != n {
		return Type{}, fmt.Errorf("shape %v holds %d elements, the slice has %d", shape, size, n)
	}
	t := ArrayOf(dt, shape...)
	return t, t.Validate()
}

// ConstantArrays returns the arrays the plan uploaded for constant memory
// when it was compiled, in the order of their _constant_arrayN names. They
// belong to the callable: read them, do not change or release them.
func (c *Callable) ConstantArrays() []*cluda.Array {
	return append([]*cluda.Array(nil), c.constants...)
}
