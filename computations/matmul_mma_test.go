package computations

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestPlanMatmulMMA checks which products take the tensor cores' kernel:
// float64 ones through CUDA on a device of compute capability 9.0 whose
// tiles of 128 × 128 are used and fill the device, and no other.
func TestPlanMatmulMMA(t *testing.T) {
	h200 := h200Limits
	h200.CUDA, h200.ComputeCapability, h200.LargeLocalMemBytes = true, 90, 227<<10
	a100 := h200
	a100.ComputeCapability = 80
	small := h200
	small.LargeLocalMemBytes = 48 << 10
	big := matmulShape{batch: 1, m: 4096, n: 4096, k: 4096}
	for _, tc := range []struct {
		name     string
		s        matmulShape
		itemSize int
		complex  bool
		lim      matmulLimits
		want     bool
	}{
		{"float64 4096³", big, 8, false, h200, true},
		{"float64 of odd sizes", matmulShape{batch: 3, m: 1000, n: 1500, k: 999}, 8, false, h200, true},
		{"float32", big, 4, false, h200, false},
		{"complex64", big, 8, true, h200, false},
		{"complex128", big, 16, true, h200, false},
		{"OpenCL", big, 8, false, h200Limits, false},
		{"compute capability 8.0", big, 8, false, a100, false},
		{"48 KiB of local memory", big, 8, false, small, false},
		{"too few tiles for the device", matmulShape{batch: 1, m: 512, n: 512, k: 4096}, 8, false, h200, false},
		{"tiles mostly outside", matmulShape{batch: 64, m: 130, n: 130, k: 64}, 8, false, h200, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := planMatmul(tc.s, tc.itemSize, tc.complex, Float32Precision, false, false, tc.lim, MatrixMulTiling{})
			if err != nil {
				t.Fatal(err)
			}
			if (p.MMA != "") != tc.want {
				t.Fatalf("tensor cores: %v, want %v (plan %+v)", p.MMA, tc.want, p)
			}
			if p.MMA == "" {
				return
			}
			if p.Items != mmaF64.items() || p.LoadsA*p.Items != p.BlockM*p.BlockK || p.LoadsB*p.Items != p.BlockN*p.BlockK {
				t.Errorf("work-items %d loading %d and %d elements of slices of %d×%d and %d×%d", p.Items, p.LoadsA, p.LoadsB, p.BlockM, p.BlockK, p.BlockK, p.BlockN)
			}
			if p.GroupsM*p.BlockM < tc.s.m || p.GroupsN*p.BlockN < tc.s.n || p.Slices*p.BlockK < tc.s.k {
				t.Errorf("tiles %d×%d over %d slices do not cover %+v", p.GroupsM, p.GroupsN, p.Slices, tc.s)
			}
			if p.EdgeM != (tc.s.m%p.BlockM != 0) || p.EdgeN != (tc.s.n%p.BlockN != 0) || p.EdgeK != (tc.s.k%p.BlockK != 0) {
				t.Errorf("edges %v %v %v for %+v", p.EdgeM, p.EdgeN, p.EdgeK, tc.s)
			}
		})
	}
}

// TestMatrixMulMMARender renders products for the model GPU through CUDA
// (an H200): the tensor cores' kernel for float64 and for float32 in each
// reduced precision, its slices in dynamic shared memory; through CUDA of
// compute capability 8.0, the reduced precisions' and not float64's; and
// through OpenCL, the FMA kernel, in float32 where a reduced precision is
// allowed.
func TestMatrixMulMMARender(t *testing.T) {
	f64 := core.ArrayOf(dtypes.Float64, 4096, 4096)
	f32 := core.ArrayOf(dtypes.Float32, 4096, 4096)
	cuda := cluda.ModelCUDAGPU()
	a100 := *cuda
	a100.Version = cluda.CUDAVersion(8, 0)
	reducedBytes := "LOCAL_BUFFER_SIZE(100352)"
	for _, tc := range []struct {
		name      string
		typ       core.Type
		precision MatrixMulPrecision
		params    *cluda.DeviceParams
		plan      string
		want      []string
	}{
		{"CUDA float64", f64, Float32Precision, cuda, "128x128x16/mma-f64", []string{"mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64", "LOCAL_BUFFER_SIZE(67584)"}},
		{"CUDA TF32", f32, TF32Precision, cuda, "128x256x32/mma-tf32", []string{"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", "cvt.rna.tf32.f32", reducedBytes}},
		{"CUDA bfloat16", f32, BFloat16Precision, cuda, "128x256x32/mma-bf16", []string{"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", "cvt.rn.bf16x2.f32", reducedBytes}},
		{"CUDA half", f32, Float16Precision, cuda, "128x256x32/mma-f16", []string{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "cvt.rn.f16x2.f32", reducedBytes}},
		{"CUDA float32", f32, Float32Precision, cuda, "128x128x8/8x8", []string{"acc[i][j] = mad(a[i], b[j], acc[i][j]);"}},
		{"CUDA 8.0 TF32", f32, TF32Precision, &a100, "128x256x32/mma-tf32", []string{"cvt.rna.tf32.f32"}},
		{"CUDA 8.0 float64", f64, Float32Precision, &a100, "128x128x8/8x8", []string{"acc[i][j] = mad(a[i], b[j], acc[i][j]);"}},
		{"OpenCL float64", f64, Float32Precision, cluda.ModelGPU(), "128x128x8/8x8", []string{"acc[i][j] = mad(a[i], b[j], acc[i][j]);"}},
		{"OpenCL TF32", f32, TF32Precision, cluda.ModelGPU(), "128x128x8/8x8", []string{"acc[i][j] = mad(a[i], b[j], acc[i][j]);"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mm, err := NewMatrixMul(tc.typ, tc.typ, MatrixMulOptions{Precision: tc.precision})
			if err != nil {
				t.Fatal(err)
			}
			if got, err := mm.PlanOn(tc.params); err != nil || got != tc.plan {
				t.Errorf("plan %q (%v), want %q", got, err, tc.plan)
			}
			r, err := mm.Render(tc.params)
			if err != nil {
				t.Fatal(err)
			}
			var src strings.Builder
			for _, k := range r.Kernels {
				src.WriteString(k.Source)
			}
			for _, w := range tc.want {
				if !strings.Contains(src.String(), w) {
					t.Errorf("the kernel lacks %q", w)
				}
			}
		})
	}
}
