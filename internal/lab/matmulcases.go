package lab

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// matmulFullMiB is the --mib at which the matrix product cases have their
// own sizes (those of scripts/torch_matmul_bench.py); a smaller --mib
// shrinks them.
const matmulFullMiB = 512

// matmulMinSide is the side below which shrinking leaves a matrix alone.
const matmulMinSide = 16

// matmulTileEnv names the environment variable that lists tilings to time
// beside the plan's own, and matmulTileEnv_F32 (_C64, _F64) those for the
// cases of one dtype only, which take precedence.
const matmulTileEnv = "REIKNA_MATMUL_TILE"

// matmulCase is one workload of the matrix product benchmark, named and
// sized as PyTorch's counterpart in scripts/torch_matmul_bench.py: batch
// products of m×k by k×n matrices.
type matmulCase struct {
	name           string
	dt             dtypes.DType
	batch, m, n, k int // at matmulFullMiB
	// precision lets a float32 product run on the tensor cores with its
	// operands rounded (computations.MatrixMulPrecision), as PyTorch's
	// counterpart runs cuBLAS in TF32 or on bfloat16 or half operands.
	precision computations.MatrixMulPrecision
}

// matmulCases are the cases in the order they run.
var matmulCases = []matmulCase{
	{name: "f32_4096", dt: dtypes.Float32, batch: 1, m: 4096, n: 4096, k: 4096},
	{name: "f32_8192", dt: dtypes.Float32, batch: 1, m: 8192, n: 8192, k: 8192},
	{name: "c64_4096", dt: dtypes.Complex64, batch: 1, m: 4096, n: 4096, k: 4096},
	{name: "f32_batch1024_64", dt: dtypes.Float32, batch: 1024, m: 64, n: 64, k: 64},
	{name: "f64_4096", dt: dtypes.Float64, batch: 1, m: 4096, n: 4096, k: 4096},
	{name: "tf32_4096", dt: dtypes.Float32, batch: 1, m: 4096, n: 4096, k: 4096, precision: computations.TF32Precision},
	{name: "bf16_4096", dt: dtypes.Float32, batch: 1, m: 4096, n: 4096, k: 4096, precision: computations.BFloat16Precision},
	{name: "f16_4096", dt: dtypes.Float32, batch: 1, m: 4096, n: 4096, k: 4096, precision: computations.Float16Precision},
}

// selectMatmulCases returns the cases named in list (comma-separated, ""
// for all), in the order given.
func selectMatmulCases(list string) ([]matmulCase, error) {
	return selectCases(list, matmulCases, func(c matmulCase) string { return c.name }, "matrix product")
}

// sized returns the case at mib MiB per array: its own sizes at
// matmulFullMiB, and otherwise smaller by the power of two nearest to
// matmulFullMiB/mib in the size of each operand: the batch halves first,
// down to one product, then the sides of the matrices, each halving
// dividing the size by four, while they stay at least matmulMinSide long.
func (c matmulCase) sized(mib float64) matmulCase {
	shrink := 1 << max(int(math.Round(math.Log2(matmulFullMiB/mib))), 0)
	for shrink > 1 && c.batch > 1 {
		c.batch /= 2
		shrink /= 2
	}
	for shrink >= 4 && min(c.m, c.n, c.k)/2 >= matmulMinSide {
		c.m, c.n, c.k = c.m/2, c.n/2, c.k/2
		shrink /= 4
	}
	return c
}

// flops returns the floating-point operations of one call: 2mnk per real
// product, 8mnk per complex one.
func (c matmulCase) flops() float64 {
	f := 2.0
	if c.dt.IsComplex() {
		f = 8
	}
	return f * float64(c.batch) * float64(c.m) * float64(c.n) * float64(c.k)
}

// shape returns the case's sizes as batch×m×n×k.
func (c matmulCase) shape() []int { return []int{c.batch, c.m, c.n, c.k} }

// computation returns the case's product with the given tiling (the zero
// tiling for the plan's own).
func (c matmulCase) computation(tiling computations.MatrixMulTiling) (*computations.MatrixMul, error) {
	a, b := core.ArrayOf(c.dt, c.m, c.k), core.ArrayOf(c.dt, c.k, c.n)
	if c.batch > 1 {
		a, b = core.ArrayOf(c.dt, c.batch, c.m, c.k), core.ArrayOf(c.dt, c.batch, c.k, c.n)
	}
	return computations.NewMatrixMul(a, b, computations.MatrixMulOptions{Tiling: tiling, Precision: c.precision})
}

// dtypeTag returns the tag of a dtype in the names of the cases and of the
// environment variables: F32, C64 or F64.
func dtypeTag(dt dtypes.DType) string {
	switch dt {
	case dtypes.Complex64:
		return "C64"
	case dtypes.Float64:
		return "F64"
	case dtypes.Complex128:
		return "C128"
	}
	return "F32"
}

// matmulTilingsFromEnv returns the tilings to time for cases of dtype dt
// beside the plan's own: those listed in REIKNA_MATMUL_TILE_<TAG> where it
// is set, else in REIKNA_MATMUL_TILE, comma-separated, each
// BMxBNxBK/IMxIN (the block's rows, columns and slice depth, and a
// work-item's rows and columns).
func matmulTilingsFromEnv(dt dtypes.DType) ([]computations.MatrixMulTiling, error) {
	name := matmulTileEnv + "_" + dtypeTag(dt)
	list, ok := os.LookupEnv(name)
	if !ok {
		name, list = matmulTileEnv, os.Getenv(matmulTileEnv)
	}
	var out []computations.MatrixMulTiling
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		t, err := parseTiling(s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// parseTiling parses BMxBNxBK/IMxIN.
func parseTiling(s string) (computations.MatrixMulTiling, error) {
	bad := fmt.Errorf("tiling %q is not BMxBNxBK/IMxIN, such as 128x128x16/8x8", s)
	block, item, ok := strings.Cut(s, "/")
	if !ok {
		return computations.MatrixMulTiling{}, bad
	}
	b, err := parseDims(block, 3)
	if err != nil {
		return computations.MatrixMulTiling{}, bad
	}
	w, err := parseDims(item, 2)
	if err != nil {
		return computations.MatrixMulTiling{}, bad
	}
	return computations.MatrixMulTiling{BlockM: b[0], BlockN: b[1], BlockK: b[2], ItemM: w[0], ItemN: w[1]}, nil
}

// parseDims parses n positive integers separated by x.
func parseDims(s string, n int) ([]int, error) {
	parts := strings.Split(s, "x")
	if len(parts) != n {
		return nil, fmt.Errorf("%q has %d numbers, want %d", s, len(parts), n)
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", p)
		}
		out[i] = v
	}
	return out, nil
}
