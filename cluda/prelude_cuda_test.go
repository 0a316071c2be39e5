package cluda

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCUDAPreludeMacros checks that the CUDA prelude defines every CLUDA
// macro and spells none of OpenCL's qualifiers.
func TestCUDAPreludeMacros(t *testing.T) {
	for _, fastMath := range []bool{false, true} {
		src := preludeSource(CUDA, true, fastMath, false)
		for _, name := range append([]string{"REIKNA_CUDA"}, PreludeMacros...) {
			if !regexp.MustCompile(`(?m)^#define ` + name + `\b`).MatchString(src) {
				t.Errorf("fast math %v: the CUDA prelude does not define %s", fastMath, name)
			}
		}
		if got := strings.Contains(src, "#define COMPILE_FAST_MATH\n"); got != fastMath {
			t.Errorf("fast math %v: COMPILE_FAST_MATH defined: %v", fastMath, got)
		}
		for _, opencl := range []string{"__kernel", "__global", "__local", "__constant", "OPENCL", "REIKNA_OPENCL"} {
			if regexp.MustCompile(`\b` + opencl + `\b`).MatchString(src) {
				t.Errorf("fast math %v: the CUDA prelude has OpenCL's %s", fastMath, opencl)
			}
		}
	}
	if preludeSource("", true, false, false) != preludeSource(OpenCL, true, false, false) {
		t.Error("the empty API does not get the OpenCL prelude")
	}
}

// openCLBuiltinCall matches calls of the OpenCL C built-ins that CUDA C++
// lacks or spells otherwise; CUDA's math library has the others (sin,
// sqrt, hypot, fmin, sinpi, ...) with float overloads.
var openCLBuiltinCall = regexp.MustCompile(`\b(get_\w+|native_\w+|half_\w+|vload\w*|vstore\w*|as_\w+|convert_\w+|atomic_\w+|atom_\w+|barrier|mem_fence|read_mem_fence|write_mem_fence|mad|mad24|mul24|mad_hi|mul_hi|rotate|clamp|mix|sign|select|step|smoothstep|upsample|popcount|clz|hadd|rhadd|add_sat|sub_sat|abs_diff|shuffle2?|dot|cross|distance|normalize|pown|rootn|powr|fract|maxmag|minmag|isequal|isnotequal|isgreater|isless|bitselect|any|all|sincos)\s*\(`)

// composedCall matches a call whose name a template composes of text and
// actions, such as vload{{ ... }}_half{{ ... }}(; its group 1 is the text
// before the first action.
var composedCall = regexp.MustCompile(`\b(\w+)(?:\{\{[^}]*\}\}\w*)+\(`)

// composedBuiltins are the built-ins that the templates call by composed
// names (see composedCall), each spelling with the names it renders to.
var composedBuiltins = map[string][]string{
	// core/templates/access.cl: the loads and stores of half storage.
	`vload{{ template "half_aligned" .a.Element }}_half{{ .a.Element.HalfWidth }}`:      {"vload_half", "vload_half2", "vloada_half2"},
	`vstore{{ template "half_aligned" .a.Element }}_half{{ .a.Element.HalfWidth }}_rte`: {"vstore_half_rte", "vstore_half2_rte", "vstorea_half2_rte"},
}

// walkTemplates calls f with the path and source of every kernel template
// (.cl file) of the module, and fails the test where it finds none.
func walkTemplates(t *testing.T, f func(path, src string)) {
	t.Helper()
	found := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != ".." && (path == filepath.Join("..", "cluda", "cl") || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".cl") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		found++
		f(path, string(src))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no kernel templates found")
	}
}

// openCLOnlyTemplates are the kernel templates that no plan renders for
// CUDA, whose built-ins the CUDA prelude need not cover: MatrixMul's CPU
// kernel, which only OpenCL's CPU devices take (computations/matmul_cpu_plan.go),
// the FFT's passes in lanes and its vector kernel, which only CPU
// devices' plans have (computations/fft/internal/plan/lanes.go and
// vectors.go), CBRNG's kernel in lanes,
// which only OpenCL's CPU devices take (cbrng/cbrng_plan.go), and
// Transpose's CPU kernel, which only OpenCL's CPU devices take
// (computations/transpose.go).
var openCLOnlyTemplates = []string{
	filepath.Join("..", "computations", "templates", "matmul_cpu.cl"),
	filepath.Join("..", "computations", "templates", "transpose_cpu.cl"),
	filepath.Join("..", "computations", "fft", "templates", "fft_lanes.cl"),
	filepath.Join("..", "computations", "fft", "templates", "fft_vectors.cl"),
	filepath.Join("..", "cbrng", "templates", "bijection_lanes.cl"),
	filepath.Join("..", "cbrng", "templates", "cbrng_lanes.cl"),
	filepath.Join("..", "cbrng", "templates", "samplers_lanes.cl"),
}

// TestCUDAPreludeCoversTemplates checks that every OpenCL built-in that a
// kernel template of the project calls has a CUDA definition in the
// prelude, so that the templates compile unchanged for CUDA.
func TestCUDAPreludeCoversTemplates(t *testing.T) {
	prelude := preludeSource(CUDA, true, false, false)
	used := map[string]string{} // built-in → a template that calls it
	walkTemplates(t, func(path, src string) {
		if slices.Contains(openCLOnlyTemplates, path) {
			return
		}
		for _, m := range openCLBuiltinCall.FindAllStringSubmatch(src, -1) {
			used[m[1]] = path
		}
		for _, m := range composedCall.FindAllStringSubmatch(src, -1) {
			if !openCLBuiltinCall.MatchString(m[1] + "(") {
				continue
			}
			spelling := strings.Join(strings.Fields(m[0][:len(m[0])-1]), " ")
			names, ok := composedBuiltins[spelling]
			if !ok {
				t.Errorf("%s composes the name of a built-in as %s: list what it renders to in composedBuiltins", path, spelling)
			}
			for _, name := range names {
				used[name] = path
			}
		}
	})
	if len(used) == 0 {
		t.Fatal("no template calls an OpenCL built-in")
	}
	for name, path := range used {
		defined := regexp.MustCompile(`(?m)^(__device__ inline [\w ]+[ *&]` + name + `\(|#define ` + name + `\()`)
		if !defined.MatchString(prelude) {
			t.Errorf("%s calls %s, which the CUDA prelude does not define", path, name)
		}
	}
}

// localMemPointer matches a pointer to local memory qualified with
// LOCAL_MEM, in a declaration or a cast.
var localMemPointer = regexp.MustCompile(`\bLOCAL_MEM\s+[^;=()\[\]]*\*`)

// TestTemplatesQualifyLocalPointers checks that the templates qualify
// pointers to local memory with LOCAL_MEM_ARG: LOCAL_MEM is CUDA's
// __shared__, which on a pointer declares a shared pointer variable (an
// error where it has an initializer).
func TestTemplatesQualifyLocalPointers(t *testing.T) {
	walkTemplates(t, func(path, src string) {
		for i, line := range strings.Split(src, "\n") {
			if localMemPointer.MatchString(line) {
				t.Errorf("%s:%d: a pointer to local memory takes LOCAL_MEM_ARG, not LOCAL_MEM: %s", path, i+1, strings.TrimSpace(line))
			}
		}
	})
}

// TestRenderStaticCUDA checks that a static kernel rendered for a CUDA
// device gets the CUDA prelude and a launch that maps onto a CUDA grid.
func TestRenderStaticCUDA(t *testing.T) {
	p := ModelGPU()
	p.API, p.PlatformName = CUDA, CUDAPlatformName
	for _, global := range [][]int{{1000}, {13, 17}, {7, 11, 13}} {
		src := idsKernel(len(global))
		r, err := RenderStatic(p, src, "ids", global, StaticOptions{CompileOptions: CompileOptions{FastMath: true}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(r.FullSource, cudaPreludeSource(true)) || !strings.HasSuffix(r.FullSource, src) {
			t.Errorf("%v: the source is not the CUDA prelude, the virtual sizes and the kernel", global)
		}
		if _, _, err := cudaGeometry(NDRange{Global: r.RealGlobalSize, Local: r.RealLocalSize}, 0); err != nil {
			t.Errorf("%v: real launch %v / %v: %v", global, r.RealGlobalSize, r.RealLocalSize, err)
		}
	}
}
