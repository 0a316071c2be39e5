package computations

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/computations/internal/device"
	"github.com/reikna-go/reikna/core"
)

// MatrixMul multiplies matrices (reikna's linalg.MatrixMul): output =
// matrix_a · matrix_b over the last two axes of each, batched over the
// axes before them. Its signature is (output, matrix_a, matrix_b).
//
// The batch shapes of the operands must be equal (leading axes of length
// 1 aside), or one of them hold a single matrix, which is then multiplied
// with every matrix of the other; the output has the batch shape of the
// operand with more matrices. A 1-D matrix_a of length k is the matrix of
// one row (1, k), a 1-D matrix_b the matrix of one column (k, 1); the
// output keeps those axes of length 1, as reikna's does.
//
// The arithmetic runs in the output's dtype, by default numpy's result
// type of the operands' (float32 or float64, complex64 or complex128):
// the operands are converted as they are loaded. Each work-group computes
// one tile of an output matrix from slices of the operands moved through
// local memory, each work-item a block of outputs held in registers; the
// tiles are chosen from the device's local memory and work-group size, and
// matrices of any size are multiplied, the tiles at their edges partly
// outside. A CPU runs a kernel of its own, without local memory or
// barriers: each work-item computes a block of outputs in registers as
// explicit vectors (of 64 bytes, AVX-512's), along the output's rows, its
// columns or the inner dimension, whichever the operands store
// contiguously (see PlanOn). Through CUDA, on devices of compute
// capability 9.0 and later (H100, H200), float64 products run on the FP64
// tensor cores (the plan 128x128x16/mma-f64) where their tiles fill the
// device; an explicit tiling, or one tuning chose, runs the FMA kernel.
// float32 products may run on the tensor cores in a reduced precision,
// opt-in (MatrixMulOptions.Precision).
// Transformations connected to matrix_a and matrix_b run inside the loads
// of the kernel, those connected to output inside its stores.
type MatrixMul struct {
	*core.Computation
	a, b, output   core.Type
	transA, transB bool
	shape          matmulShape
	tiling         MatrixMulTiling
	precision      MatrixMulPrecision

	// cpuPlan makes the product run the CPU's kernel on any OpenCL
	// device, for tests that run it on a GPU; otherwise only a CPU runs
	// it. cpuSlices, where set, are the depth and rounds of its slices of
	// the inner dimension, for tests of small products.
	cpuPlan   bool
	cpuSlices [2]int
}

// MatrixMulOptions are the optional parts of a MatrixMul.
type MatrixMulOptions struct {
	// TransposedA and TransposedB say that the last two axes of an operand
	// hold the transpose of the matrix the product uses: matrix_a is then
	// (..., k, m), matrix_b (..., n, k).
	TransposedA, TransposedB bool
	// Output is the type of the output: its dtype (float or complex;
	// complex where an operand is) and layout; its shape must be the
	// product's. The zero Type is a contiguous array of numpy's result
	// type of the operands' dtypes.
	Output core.Type
	// Tiling sets the blocking of the kernel instead of the device's
	// choice, for benchmarks that compare tilings; the zero value leaves
	// it to the device.
	Tiling MatrixMulTiling
	// Precision lets a float32 product run on the tensor cores of an
	// NVIDIA GPU through CUDA with its operands rounded to TF32, bfloat16
	// or half precision, adding in float32 (see MatrixMulPrecision). The
	// zero value, Float32Precision, computes in float32; any other applies
	// to float32 products only.
	Precision MatrixMulPrecision
}

// NewMatrixMul returns the product of matrices of types a and b.
func NewMatrixMul(a, b core.Type, opts MatrixMulOptions) (*MatrixMul, error) {
	opA, err := matrixOperandOf("matrix_a", a, opts.TransposedA, true)
	if err != nil {
		return nil, err
	}
	opB, err := matrixOperandOf("matrix_b", b, opts.TransposedB, false)
	if err != nil {
		return nil, err
	}
	shape, err := newMatmulShape(opA, opB)
	if err != nil {
		return nil, err
	}
	dt, err := matmulDType(a.DType(), b.DType(), opts.Output.DType())
	if err != nil {
		return nil, err
	}
	output, err := arrayparam.OutputType("MatrixMul", core.ArrayOf(dt, shape.out...), opts.Output)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	if err := opts.Precision.check(output.DType()); err != nil {
		return nil, fmt.Errorf("computations: MatrixMul: %w", err)
	}
	mm := &MatrixMul{a: a, b: b, output: output, transA: opts.TransposedA, transB: opts.TransposedB,
		shape: shape, tiling: opts.Tiling, precision: opts.Precision}
	if opts.Tiling != (MatrixMulTiling{}) {
		// Check the tiling's own rules now; the device's limits at build.
		anyDevice := matmulLimits{Limits: device.Limits{LocalMemBytes: 1 << 62, MaxWorkGroup: 1 << 30}, anyDevice: true}
		if _, err := matmulPlanFor(shape, dt.Size(), mm.transA, mm.transB, anyDevice, opts.Tiling); err != nil {
			return nil, fmt.Errorf("computations: MatrixMul: %w", err)
		}
	}
	mm.Computation, err = core.NewComputation("matrix_mul", []core.Parameter{
		core.Param("output", core.Out(output)),
		core.Param("matrix_a", core.In(a)),
		core.Param("matrix_b", core.In(b)),
	}, mm.build)
	if err != nil {
		return nil, err
	}
	return mm, nil
}

// Sizes returns the number of products and their dimensions: each
// multiplies an m×k matrix by a k×n one.
func (mm *MatrixMul) Sizes() (batch, m, n, k int) {
	return mm.shape.batch, mm.shape.m, mm.shape.n, mm.shape.k
}

// TilingOn returns the tiling the product runs with on a device with the
// given parameters: the one its options set, or the device's choice. It
// returns an error where the tiling does not fit the device. A CPU runs a
// kernel of its own unless the options set a tiling; there TilingOn
// returns the tiling the GPU's kernel would take, and PlanOn what runs.
// Where the product runs on the tensor cores (PlanOn's 128x128x16/mma-f64
// or 128x256x32/mma-tf32), ItemM and ItemN are a warp's block of outputs
// rather than a work-item's.
func (mm *MatrixMul) TilingOn(params *cluda.DeviceParams) (MatrixMulTiling, error) {
	p, err := mm.gpuPlanOn(device.LimitsOf(params), mm.tiling)
	if err != nil {
		return MatrixMulTiling{}, fmt.Errorf("computations: MatrixMul: %w", err)
	}
	return p.MatrixMulTiling, nil
}

// gpuPlanOn returns the plan of the GPU's kernels (the FMA kernel's
// tiling or the tensor cores') on a device with the limits lim.
func (mm *MatrixMul) gpuPlanOn(lim device.Limits, tiling MatrixMulTiling) (matmulPlan, error) {
	dt := mm.output.DType()
	return planMatmul(mm.shape, dt.Size(), dt.IsComplex(), mm.precision, mm.transA, mm.transB, matmulLimits{Limits: lim}, tiling)
}

// cpuPlanOn returns the CPU's plan of the product on a device with the
// limits lim, and whether the product runs it: on a CPU (OpenCL's), unless
// the options set a tiling, which is one of the GPU's kernel.
func (mm *MatrixMul) cpuPlanOn(lim device.Limits, tiling MatrixMulTiling) (matmulCPUPlan, bool, error) {
	// The kernel is written in OpenCL's vector types, which CUDA C lacks.
	if lim.CUDA || (!lim.CPU && !mm.cpuPlan) || tiling != (MatrixMulTiling{}) {
		return matmulCPUPlan{}, false, nil
	}
	dt := mm.output.DType()
	p, err := planMatmulCPU(mm.shape, dt.Size(), dt.IsComplex(), mm.transA, mm.transB, mm.a.Rank() == 1, mm.b.Rank() == 1, lim.ComputeUnits, lim.MaxWorkGroup, lim.VectorBytes)
	if err == nil && mm.cpuSlices != [2]int{} {
		err = p.spread(mm.shape, mm.cpuSlices[0], mm.cpuSlices[1], lim.ComputeUnits, lim.MaxWorkGroup)
	}
	if err != nil {
		return matmulCPUPlan{}, true, fmt.Errorf("computations: MatrixMul: %w", err)
	}
	return p, true, nil
}

// PlanOn describes how the product runs on a device with the given
// parameters: the tiling of the GPU's kernel (as TilingOn), or on a CPU,
// unless the options set a tiling, the blocks of outputs of the CPU's
// kernel and the dimension its vectors run along, such as cpu:6x64/n. The
// tensor cores' plans end in the operands' type there: 128x128x16/mma-f64,
// 128x256x32/mma-tf32 (also mma-bf16, mma-f16).
func (mm *MatrixMul) PlanOn(params *cluda.DeviceParams) (string, error) {
	cpu, ok, err := mm.cpuPlanOn(device.LimitsOf(params), mm.tiling)
	if err != nil {
		return "", err
	}
	if ok {
		return cpu.String(), nil
	}
	p, err := mm.gpuPlanOn(device.LimitsOf(params), mm.tiling)
	if err != nil {
		return "", fmt.Errorf("computations: MatrixMul: %w", err)
	}
	if p.MMA != "" {
		return fmt.Sprintf("%dx%dx%d/mma-%s", p.BlockM, p.BlockN, p.BlockK, p.MMA), nil
	}
	return p.MatrixMulTiling.String(), nil
}

func (mm *MatrixMul) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	s := mm.shape
	if s.batch*s.m*s.n == 0 {
		return nil // nothing to write
	}
	dt := mm.output.DType()
	lim := device.LimitsOf(plan.DeviceParams())
	renderArgs := map[string]any{
		"m": s.m, "n": s.n, "k": s.k, "compute": dt,
		"transA": mm.transA, "transB": mm.transB,
		"aVector": mm.a.Rank() == 1, "bVector": mm.b.Rank() == 1,
		"aBatchAxes": max(0, mm.a.Rank()-2), "bBatchAxes": max(0, mm.b.Rank()-2),
		"outBatchAxes": mm.output.Rank() - 2,
		"aBatched":     s.aBatched, "bBatched": s.bBatched,
		"cuda": lim.CUDA,
	}
	kernelArgs := []core.KernelArg{
		core.Bind("output", args["output"]),
		core.Bind("matrix_a", args["matrix_a"]),
		core.Bind("matrix_b", args["matrix_b"]),
	}
	tiling := mm.chooseTiling(plan)
	if cpu, ok, err := mm.cpuPlanOn(lim, tiling); err != nil {
		return err
	} else if ok {
		renderArgs["p"] = cpu
		return plan.KernelCall(kernelTemplates.Lookup("matmul_cpu"), kernelArgs, []int{cpu.Items},
			core.KernelOptions{Name: "matrix_mul", Local: []int{cpu.Local}, RenderArgs: renderArgs})
	}
	p, err := mm.gpuPlanOn(lim, tiling)
	if err != nil {
		return fmt.Errorf("computations: MatrixMul: %w", err)
	}
	renderArgs["p"] = p
	name := "matmul"
	if p.MMA != "" {
		name = "matmul_mma"
	}
	return plan.KernelCall(kernelTemplates.Lookup(name), kernelArgs,
		[]int{p.Groups * p.Items},
		core.KernelOptions{
			Name:       "matrix_mul",
			Local:      []int{p.Items},
			RenderArgs: renderArgs,
			// The tensor cores' kernel holds 64 float64 or 128 float32
			// outputs in each work-item: bound to its work-group, it gets
			// the registers.
			BoundLocal: p.MMA != "",
		})
}

// chooseTiling returns the tiling the product's options set, or else the
// one the plan chooses among the tilings of its element size (see
// core.Plan.Choose): the zero tiling, the rules' choice (the CPU's own
// kernel on a CPU), unless tuning found another faster.
func (mm *MatrixMul) chooseTiling(plan *core.Plan) MatrixMulTiling {
	if mm.tiling != (MatrixMulTiling{}) {
		return mm.tiling
	}
	dt := mm.output.DType()
	tilings := tilingsFor(dt.Size(), dt.IsComplex())
	names := []string{"rules"}
	for _, t := range tilings {
		names = append(names, t.String())
	}
	choice := plan.Choose(mm.choiceKey(), names...)
	for _, t := range tilings {
		if t.String() == choice {
			return t
		}
	}
	return MatrixMulTiling{}
}

// choiceKey names the product's choice of plan in the wisdom.
func (mm *MatrixMul) choiceKey() string {
	s := mm.shape
	key := fmt.Sprintf("matmul %v batch %d m %d n %d k %d transposed %v %v", mm.output.DType(), s.batch, s.m, s.n, s.k, mm.transA, mm.transB)
	if mm.precision != Float32Precision {
		key += " precision " + mm.precision.String()
	}
	return key
}

// TunedPlan returns the name of the candidate plan that tuning chose for
// the product on thr's device (see core.CompileOptions.Tune): "rules" or
// a tiling such as 128x128x8/8x8, and false where tuning chose none.
func (mm *MatrixMul) TunedPlan(thr *cluda.Thread) (string, bool) {
	return thr.Wisdom().Choice(mm.choiceKey())
}
