package computations

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

func TestMatmulCPUKinds(t *testing.T) {
	s := matmulShape{batch: 1, m: 1024, n: 1024, k: 1024}
	for _, tc := range []struct {
		name                                string
		s                                   matmulShape
		transA, transB, aVector, bVector, c bool
		want                                matmulCPUKind
	}{
		{"by rows", s, false, false, false, false, false, matmulAlongN},
		{"by rows, complex", s, false, false, false, false, true, matmulAlongN},
		// Both N and M are contiguous; N fills its vectors as well.
		{"transposed a", s, true, false, false, false, false, matmulAlongN},
		// M fills its vectors better than 5 columns do.
		{"transposed a, 5 columns", matmulShape{batch: 1, m: 1024, n: 5, k: 64}, true, false, false, false, false, matmulAlongM},
		{"both transposed", s, true, true, false, false, false, matmulAlongM},
		{"transposed b", s, false, true, false, false, false, matmulAlongK},
		{"1-D a", matmulShape{batch: 1, m: 1, n: 100, k: 100}, false, false, true, false, false, matmulAlongN},
		{"1-D a, transposed b", matmulShape{batch: 1, m: 1, n: 100, k: 100}, false, true, true, false, false, matmulAlongK},
		{"1-D b", matmulShape{batch: 1, m: 100, n: 1, k: 100}, false, false, false, true, false, matmulAlongK},
		{"1-D b, transposed a", matmulShape{batch: 1, m: 100, n: 1, k: 100}, true, false, false, true, false, matmulAlongM},
		{"1-D both", matmulShape{batch: 1, m: 1, n: 1, k: 100}, false, false, true, true, false, matmulAlongK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := matmulCPUKindOf(tc.s, 16, tc.c, tc.transA, tc.transB, tc.aVector, tc.bVector); got != tc.want {
				t.Errorf("kind %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPlanMatmulCPUNumbers(t *testing.T) {
	for _, tc := range []struct {
		name           string
		s              matmulShape
		itemSize       int
		complex        bool
		transA, transB bool
		maxWorkGroup   int
		want           matmulCPUPlan
	}{
		// 171 blocks of 6 rows, the last 4 rows long, by 16 of 64 columns.
		{"float32 1024³", matmulShape{batch: 1, m: 1024, n: 1024, k: 1024}, 4, false, false, false, 4096, matmulCPUPlan{
			Kind: matmulAlongN, Lanes: 16, Elems: 16, Scalars: 6, Vecs: 4, BlockM: 6, BlockN: 64,
			BlocksM: 171, BlocksN: 16, Rounds: 1, Slots: 171, Items: 2736, Local: 32, EdgeM: true}},
		// 8 complex64 values to a vector; 22 blocks of 24 columns; 128
		// blocks of rows, a power of two, in 129 slots.
		{"complex64 512³", matmulShape{batch: 1, m: 512, n: 512, k: 512}, 8, true, false, false, 4096, matmulCPUPlan{
			Kind: matmulAlongN, Lanes: 16, Elems: 8, Scalars: 4, Vecs: 3, BlockM: 4, BlockN: 24,
			BlocksM: 128, BlocksN: 22, Rounds: 1, Slots: 129, Items: 2838, Local: 32, EdgeN: true}},
		// 12 whole vectors of 8 along the inner dimension, then 4.
		{"float64 along K", matmulShape{batch: 3, m: 300, n: 200, k: 100}, 8, false, false, true, 4096, matmulCPUPlan{
			Kind: matmulAlongK, Lanes: 8, Elems: 8, Scalars: 4, Vecs: 6, BlockM: 4, BlockN: 6,
			BlocksM: 75, BlocksN: 34, Rounds: 1, Slots: 75, Items: 7650, Local: 32, EdgeN: true, Chunks: 12, TailK: 4}},
		// 3 vectors of 4 complex128 values along the rows by 4 columns.
		{"complex128 along M", matmulShape{batch: 1, m: 300, n: 200, k: 100}, 16, true, true, true, 4096, matmulCPUPlan{
			Kind: matmulAlongM, Lanes: 8, Elems: 4, Scalars: 4, Vecs: 3, BlockM: 12, BlockN: 4,
			BlocksM: 25, BlocksN: 50, Rounds: 1, Slots: 50, Items: 1250, Local: 32}},
		// Blocks shrink to the matrices: 5 rows, one vector.
		{"tiny matrices", matmulShape{batch: 1000, m: 5, n: 7, k: 3}, 4, false, false, false, 4096, matmulCPUPlan{
			Kind: matmulAlongN, Lanes: 16, Elems: 16, Scalars: 5, Vecs: 1, BlockM: 5, BlockN: 16,
			BlocksM: 1, BlocksN: 1, Rounds: 1, Slots: 1, Items: 1000, Local: 32, EdgeN: true}},
		// Too few blocks for two per compute unit: work-groups of one; 4
		// blocks of rows in 5 slots.
		{"one small product", matmulShape{batch: 1, m: 20, n: 45, k: 30}, 4, false, false, false, 4096, matmulCPUPlan{
			Kind: matmulAlongN, Lanes: 16, Elems: 16, Scalars: 6, Vecs: 3, BlockM: 6, BlockN: 48,
			BlocksM: 4, BlocksN: 1, Rounds: 1, Slots: 5, Items: 5, Local: 1, EdgeM: true, EdgeN: true}},
		// 8 MiB of matrix_b (no more): whole.
		{"float32 8 MiB of matrix_b", matmulShape{batch: 1, m: 2048, n: 1024, k: 2048}, 4, false, false, false, 4096, matmulCPUPlan{
			Kind: matmulAlongN, Lanes: 16, Elems: 16, Scalars: 6, Vecs: 4, BlockM: 6, BlockN: 64,
			BlocksM: 342, BlocksN: 16, Rounds: 1, Slots: 342, Items: 5472, Local: 32, EdgeM: true}},
		// 16 MiB of matrix_b: 22 positions of 16 blocks of rows, the last
		// 6 past the matrix, in slices of 256.
		{"float32 2048³", matmulShape{batch: 1, m: 2048, n: 2048, k: 2048}, 4, false, false, false, 4096, matmulCPUPlan{
			Kind: matmulAlongN, Lanes: 16, Elems: 16, Scalars: 6, Vecs: 4, BlockM: 6, BlockN: 64,
			BlocksM: 342, BlocksN: 32, Rounds: 16, Depth: 256, Slots: 22, Items: 704, Local: 32, EdgeM: true}},
		// 16 MiB of matrix_a: 256 blocks of columns, 16 positions of 16
		// blocks, a power of two, in 17 slots.
		{"complex128 along M, sliced", matmulShape{batch: 1, m: 1024, n: 1024, k: 1024}, 16, true, true, true, 4096, matmulCPUPlan{
			Kind: matmulAlongM, Lanes: 8, Elems: 4, Scalars: 4, Vecs: 3, BlockM: 12, BlockN: 4,
			BlocksM: 86, BlocksN: 256, Rounds: 16, Depth: 256, Slots: 17, Items: 1462, Local: 32, EdgeM: true}},
		// Along K, never sliced.
		{"float32 along K, large", matmulShape{batch: 1, m: 2048, n: 2048, k: 2048}, 4, false, false, true, 4096, matmulCPUPlan{
			Kind: matmulAlongK, Lanes: 16, Elems: 16, Scalars: 4, Vecs: 6, BlockM: 4, BlockN: 6,
			BlocksM: 512, BlocksN: 342, Rounds: 1, Slots: 512, Items: 175104, Local: 32, EdgeN: true, Chunks: 128}},
		// The device's work-groups bound the plan's.
		{"small work-groups", matmulShape{batch: 1, m: 1024, n: 1024, k: 1024}, 4, false, false, false, 8, matmulCPUPlan{
			Kind: matmulAlongN, Lanes: 16, Elems: 16, Scalars: 6, Vecs: 4, BlockM: 6, BlockN: 64,
			BlocksM: 171, BlocksN: 16, Rounds: 1, Slots: 171, Items: 2736, Local: 8, EdgeM: true}},
		// An inner dimension shorter than a vector: only the tail.
		{"inner below a vector", matmulShape{batch: 1, m: 9, n: 10, k: 5}, 4, false, false, true, 4096, matmulCPUPlan{
			Kind: matmulAlongK, Lanes: 16, Elems: 16, Scalars: 4, Vecs: 6, BlockM: 4, BlockN: 6,
			BlocksM: 3, BlocksN: 2, Rounds: 1, Slots: 3, Items: 6, Local: 1, EdgeM: true, EdgeN: true, TailK: 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := planMatmulCPU(tc.s, tc.itemSize, tc.complex, tc.transA, tc.transB, false, false, 2, tc.maxWorkGroup, 64)
			if err != nil {
				t.Fatal(err)
			}
			// The fields, not the String of the plan.
			type fields matmulCPUPlan
			if p != tc.want {
				t.Errorf("plan\n%+v, want\n%+v", fields(p), fields(tc.want))
			}
		})
	}
}

// TestPlanMatmulCPUNarrow checks the blocks on CPUs whose vectors are
// narrower than 64 bytes (AVX2), or unknown: every kind takes the narrow
// table's, which keep the accumulators within 16 registers of 32 bytes.
func TestPlanMatmulCPUNarrow(t *testing.T) {
	s := matmulShape{batch: 1, m: 1024, n: 1024, k: 1024}
	for _, tc := range []struct {
		name           string
		itemSize       int
		complex        bool
		transA, transB bool
		vectorBytes    int
		want           string
	}{
		{"float32 along N, AVX2", 4, false, false, false, 32, "cpu:6x16/n"},
		{"float32 along N, unknown vectors", 4, false, false, false, 0, "cpu:6x16/n"},
		{"float32 along N, AVX-512", 4, false, false, false, 64, "cpu:6x64/n"},
		{"float32 along M, AVX2", 4, false, true, true, 32, "cpu:16x6/m"},
		{"float32 along K, AVX2", 4, false, false, true, 32, "cpu:1x4/k"},
		{"float64 along N, AVX2", 8, false, false, false, 32, "cpu:6x8/n"},
		{"complex64 along N, AVX2", 8, true, false, false, 32, "cpu:2x8/n"},
		{"complex64 along K, AVX2", 8, true, false, true, 32, "cpu:1x2/k"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := planMatmulCPU(s, tc.itemSize, tc.complex, tc.transA, tc.transB, false, false, 2, 4096, tc.vectorBytes)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != tc.want {
				t.Errorf("plan %s, want %s", got, tc.want)
			}
		})
	}
}

func TestPlanMatmulCPUErrors(t *testing.T) {
	for _, tc := range []struct {
		name               string
		s                  matmulShape
		itemSize, maxGroup int
		want               string
	}{
		{"no element size", matmulShape{batch: 1, m: 4, n: 4, k: 4}, 0, 4096, "no CPU plan"},
		{"no work-items", matmulShape{batch: 1, m: 4, n: 4, k: 4}, 4, 0, "no CPU plan"},
		{"blocks overflow", matmulShape{batch: 1 << 60, m: 1000, n: 1000, k: 1}, 4, 4096, "overflow an int"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := planMatmulCPU(tc.s, tc.itemSize, false, false, false, false, false, 2, tc.maxGroup, 64)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestMatrixMulCPUPlanChoice checks which devices run the CPU's kernel: a
// CPU, unless the options set a tiling; a GPU only where a test asks; never
// a device of CUDA, whose C lacks OpenCL's vector types.
func TestMatrixMulCPUPlanChoice(t *testing.T) {
	typ := core.ArrayOf(dtypes.Float32, 1024, 1024)
	cuda := cluda.ModelGPU()
	cuda.API = cluda.CUDA
	tiling := MatrixMulTiling{BlockM: 32, BlockN: 32, BlockK: 8, ItemM: 4, ItemN: 4}
	avx512 := cluda.ModelCPU()
	avx512.NativeVectorWidthFloat = 16
	for _, tc := range []struct {
		name    string
		params  *cluda.DeviceParams
		tiling  MatrixMulTiling
		cpuPlan bool
		want    string
	}{
		{"a CPU", cluda.ModelCPU(), MatrixMulTiling{}, false, "cpu:6x16/n"},
		{"a CPU with AVX-512", avx512, MatrixMulTiling{}, false, "cpu:6x64/n"},
		{"a CPU with a tiling", cluda.ModelCPU(), tiling, false, "32x32x8/4x4"},
		{"a GPU", cluda.ModelGPU(), MatrixMulTiling{}, false, "64x64x16/4x4"},
		{"a GPU asked for the CPU's kernel", cluda.ModelGPU(), MatrixMulTiling{}, true, "cpu:6x16/n"},
		{"CUDA asked for the CPU's kernel", cuda, MatrixMulTiling{}, true, "64x64x16/4x4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mm, err := NewMatrixMul(typ, typ, MatrixMulOptions{Tiling: tc.tiling})
			if err != nil {
				t.Fatal(err)
			}
			mm.cpuPlan = tc.cpuPlan
			got, err := mm.PlanOn(tc.params)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("plan %s, want %s", got, tc.want)
			}
			r, err := mm.Render(tc.params)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Kernels) != 1 {
				t.Fatalf("%d kernels, want 1", len(r.Kernels))
			}
			if cpu := strings.Contains(r.Kernels[0].Source, "MATMUL_CPU_MAD"); cpu != strings.HasPrefix(tc.want, "cpu:") {
				t.Errorf("the render has the CPU's kernel: %t, want %t", cpu, !cpu)
			}
		})
	}
}

func TestMatmulCPUPlanString(t *testing.T) {
	for _, tc := range []struct {
		p    matmulCPUPlan
		want string
	}{
		{matmulCPUPlan{Kind: matmulAlongN, BlockM: 6, BlockN: 64, Rounds: 1}, "cpu:6x64/n"},
		{matmulCPUPlan{Kind: matmulAlongM, BlockM: 64, BlockN: 6, Rounds: 16, Depth: 256}, "cpu:64x6/m/16x256"},
		{matmulCPUPlan{Kind: matmulAlongK, BlockM: 4, BlockN: 6, Rounds: 1}, "cpu:4x6/k"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%s, want %s", got, tc.want)
		}
	}
}
