package computations

import (
	"fmt"
	"math"
	"slices"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
)

// Transpose permutes the axes of an array, as numpy.transpose does: output
// axis k is input axis axes[k]. Its signature is (output, input).
//
// The permutation runs as the fewest batched two-dimensional transposes,
// each moving square tiles through local memory so that reads and writes
// both run over consecutive addresses, with temporary arrays between
// them; an OpenCL CPU runs the same passes by a kernel of its own, each
// work-item moving a block of the matrices through registers, without
// local memory or barriers. On a CPU for arrays of less than 1 MiB, or
// where the innermost axis stays innermost with rows of at least 128
// bytes, it is one pass that gathers each output element from the input.
// The identity permutation is a copy. Transformations connected to input run inside the
// loads of the first kernel, those connected to output inside the stores
// of the last one.
//
// Transpose embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	tr, err := computations.NewTranspose(core.ArrayOf(dtypes.Float32, 300, 500), []int{1, 0}, computations.TransposeOptions{})
//	c, err := tr.Compile(thr)
//	defer c.Release()
//	err = c.Call(out, in) // out has shape (500, 300)
type Transpose struct {
	*core.Computation
	input, output core.Type
	axes          []int

	// tiles makes the plan use tiled passes of that side on any device,
	// for tests that run the plans of GPUs on a CPU; 0 leaves the choice
	// to the device.
	tiles int
	// cpuPlan makes the plan run the CPU's kernel in passes on any OpenCL
	// device and at any size, for tests of that kernel on small arrays.
	cpuPlan bool
}

// TransposeOptions are the optional parts of a Transpose.
type TransposeOptions struct {
	// Output is the type of the output array: the input's dtype and the
	// permuted shape, with any layout. The zero Type is a contiguous
	// array.
	Output core.Type
}

// NewTranspose returns the permutation axes of arrays of type input (nil
// reverses the axes, as numpy.transpose does). Negative axes count from
// the end.
func NewTranspose(input core.Type, axes []int, opts TransposeOptions) (*Transpose, error) {
	if err := arrayparam.CheckType("Transpose", input); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	rank := input.Rank()
	if axes == nil {
		axes = arrayparam.AllAxes(rank)
		slices.Reverse(axes)
	}
	if len(axes) != rank {
		return nil, fmt.Errorf("computations: Transpose: axes %v do not permute the %d axes of %v", axes, rank, input)
	}
	perm, err := arrayparam.NormalAxes("Transpose", axes, rank)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	shape := make([]int, rank)
	for k, a := range perm {
		shape[k] = input.Shape()[a]
	}
	output, err := arrayparam.OutputType("Transpose", core.ArrayOf(input.DType(), shape...), opts.Output)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	tr := &Transpose{input: input, output: output, axes: perm}
	tr.Computation, err = core.NewComputation("transpose", []core.Parameter{
		core.Param("output", core.Out(output)),
		core.Param("input", core.In(input)),
	}, tr.build)
	if err != nil {
		return nil, err
	}
	// Output axis k is input axis perm[k]: each is one batch axis.
	for k, a := range perm {
		if err := tr.DeclareBatch(map[string]int{"output": k, "input": a}); err != nil {
			return nil, fmt.Errorf("computations: %w", err)
		}
	}
	return tr, nil
}

// Axes returns the permutation: output axis k is input axis Axes()[k].
func (tr *Transpose) Axes() []int { return slices.Clone(tr.axes) }

func (tr *Transpose) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	if tr.input.Size() == 0 {
		return nil
	}
	dt := tr.input.DType()
	// The tile in local memory holds values as kernels compute with them:
	// the float32s of a float16 array, say.
	item := dt.Arithmetic().Size()
	lim := newTransposeLimits(plan.DeviceParams())
	tiles := tr.tiles
	// cpu: an OpenCL CPU runs its own kernel in the passes of the rules'
	// plan (see transpose_cpu_plan.go).
	cpu := tiles == 0 && lim.CPU && !lim.CUDA
	if tr.cpuPlan && tiles == 0 && !lim.CUDA {
		cpu, lim.tiledBytes = true, 0
	}
	if tiles == 0 && !tr.cpuPlan {
		// The candidates that tuning may take (core.Plan.Choose): one
		// gathering pass, or tiles of a side of their own.
		switch plan.Choose(fmt.Sprintf("transpose %v %v axes %v", dt, tr.input.Shape(), tr.axes), "rules", "gather", "tiles-16", "tiles-32") {
		case "gather":
			lim.tiledBytes = math.MaxInt
		case "tiles-16":
			tiles, cpu = 16, false
		case "tiles-32":
			tiles, cpu = 32, false
		}
	}
	if tiles > 0 {
		lim.tiledBytes = 0
		lim.LocalMemBytes = min(lim.LocalMemBytes, int64(tiles*(tiles+1)*item))
	}
	p := planTranspose(tr.input.Shape(), tr.axes, item, lim)
	if p.gather {
		source := make([]int, len(tr.axes))
		for k, a := range tr.axes {
			source[a] = k
		}
		return plan.KernelCall(kernelTemplates.Lookup("transpose_gather"),
			[]core.KernelArg{core.Bind("output", args["output"]), core.Bind("input", args["input"])},
			tr.output.Shape(), core.KernelOptions{
				Name:       "transpose_gather",
				RenderArgs: map[string]any{"rank": len(tr.axes), "source": source},
			})
	}
	src := args["input"]
	for i, pass := range p.passes {
		dst := args["output"]
		if pass.dstShape != nil {
			var err error
			if dst, err = plan.TempArray(core.ArrayOf(dt, pass.dstShape...)); err != nil {
				return err
			}
		}
		if cpu {
			cp := planTransposeCPU(pass, dt.Size(), lim.ComputeUnits, lim.MaxWorkGroup, src.HasPointer() && dst.HasPointer())
			err := plan.KernelCall(kernelTemplates.Lookup("transpose_cpu"),
				[]core.KernelArg{core.Bind("dst", dst), core.Bind("src", src)},
				[]int{pass.batch, cp.BlocksH, cp.BlocksW},
				core.KernelOptions{
					Name:  fmt.Sprintf("transpose_cpu_pass%d", i),
					Local: []int{1, 1, cp.Local},
					RenderArgs: map[string]any{
						"p": cp, "height": pass.height, "width": pass.width,
						"batched": len(pass.srcGroups) == 3, "srcGroups": pass.srcGroups, "dstGroups": pass.dstGroups,
					},
				})
			if err != nil {
				return err
			}
			src = dst
			continue
		}
		tilesH := (pass.height + pass.tile - 1) / pass.tile
		tilesW := (pass.width + pass.tile - 1) / pass.tile
		err := plan.KernelCall(kernelTemplates.Lookup("transpose_tiled"),
			[]core.KernelArg{core.Bind("dst", dst), core.Bind("src", src)},
			[]int{pass.batch, tilesH * p.rows, tilesW * pass.tile},
			core.KernelOptions{
				Name:  fmt.Sprintf("transpose_pass%d", i),
				Local: []int{1, p.rows, pass.tile},
				RenderArgs: map[string]any{
					"tile": pass.tile, "rows": p.rows, "height": pass.height, "width": pass.width,
					"batched": len(pass.srcGroups) == 3, "srcGroups": pass.srcGroups, "dstGroups": pass.dstGroups,
				},
			})
		if err != nil {
			return err
		}
		src = dst
	}
	return nil
}
