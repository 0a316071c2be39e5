package layers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layers lists the packages of the module, as paths relative to the module
// root, in layers from the bottom up: a package may import only packages
// of the layers before its own.
var layers = [][]string{
	// internal/hostfft: gonum's FFT on the host, for every length.
	// multi/mpi/mpitest: runs tests in several processes under mpirun.
	// internal/dynlib: the search and the once-loader of a library that
	// multi/mpi and multi/nccl open at run time.
	{"internal/hostfft", "multi/mpi/mpitest", "internal/dynlib"},
	// internal/reference: the float64 transforms the tests compare
	// against, on gonum and internal/hostfft.
	// cluda/internal/handle: the guarded driver handle both bindings keep.
	// internal/refusal: the fuzz tests' check of a clear refusal.
	// internal/dynlib/dynlibtest: what the tests of multi/mpi and
	// multi/nccl share, on internal/dynlib's loader.
	{"dtypes", "internal/reference", "internal/refusal", "cluda/internal/handle", "internal/dynlib/dynlibtest"},
	// multi/mpi: the binding to MPI that multi's tests and programs of
	// several processes use; it imports nothing of the module but
	// internal/dynlib.
	{"cluda/cl", "cluda/cu", "multi/mpi"},
	{"cluda"},
	// multi/nccl: the binding to NCCL, on cluda/cu's contexts, streams and
	// device memory, and cluda's arrays (Comm.AllToAllArrays); it imports
	// nothing else of the module but internal/dynlib.
	{"templates", "cluda/cludatest", "multi/nccl"},
	{"snippets"},
	{"functions"},
	{"core"},
	// computations/internal/device: the device's limits that the plans of
	// the computations read.
	{"computations/internal/device"},
	// computations/fft/internal/plan: the FFT's plan as numbers.
	// computations/internal/arrayparam: the checks of array parameters
	// and axes that computations and computations/fft share.
	// computations/internal/comptest: what their tests share.
	{"computations/fft/internal/plan", "computations/internal/arrayparam", "computations/internal/comptest", "transformations"},
	{"computations", "computations/fft", "cbrng"},
	// multi runs computations on several devices: any computation on
	// split arrays, and the distributed FFT, built of package fft's FFT.
	{"multi"},
	// internal/cliutil: what the command-line tool and its lab share.
	{"internal/cliutil", "internal/cliutil/clitest"},
	// internal/lab: the benchmark lab behind reikna bench.
	{"internal/lab"},
	{"cmd/reikna", "examples/demo", "examples/mpifft", "examples/quickstart", "examples/tutorial", "examples/splitstep", "internal/layers", "github.com/reikna-go/reikna"},
}

// listedPackage is what go list says of a package of the module.
type listedPackage struct {
	ImportPath  string
	Imports     []string
	TestImports []string
	Error       *struct{ Err string }
}

// pkgImports is a package of the module and the module packages it
// imports, in its own files or in its in-package tests, as paths relative
// to the module root.
type pkgImports struct {
	path    string
	imports []string
}

// layerOf returns the layer of each package of order, by its path.
func layerOf(order [][]string) map[string]int {
	m := map[string]int{}
	for i, l := range order {
		for _, p := range l {
			m[p] = i
		}
	}
	return m
}

// describe names a layer of order for messages: its number and packages.
func describe(order [][]string, layer int) string {
	return fmt.Sprintf("layer %d (%s)", layer, strings.Join(order[layer], ", "))
}

// violations returns a message for each import of pkg that does not go
// down the layers of order, and one for a package that has no layer.
func violations(order [][]string, pkg pkgImports) []string {
	layer := layerOf(order)
	own, ok := layer[pkg.path]
	if !ok {
		return []string{fmt.Sprintf("package %s is in no layer: add it to the table in internal/layers/layers_test.go", pkg.path)}
	}
	var msgs []string
	for _, imp := range pkg.imports {
		l, ok := layer[imp]
		switch {
		case !ok:
			msgs = append(msgs, fmt.Sprintf("%s imports %s, which is in no layer: add it to the table in internal/layers/layers_test.go", pkg.path, imp))
		case l == own:
			msgs = append(msgs, fmt.Sprintf("%s imports %s of its own %s: a package may import only packages of the layers below its own", pkg.path, imp, describe(order, own)))
		case l > own:
			msgs = append(msgs, fmt.Sprintf("%s in %s imports %s of %s above it: a package may import only packages of the layers below its own", pkg.path, describe(order, own), imp, describe(order, l)))
		}
	}
	return msgs
}

// modulePackages lists the packages of the module with go list, each with
// the module packages it imports.
func modulePackages(t *testing.T) []pkgImports {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the packages: %v", err)
	}
	run := func(args ...string) []byte {
		t.Helper()
		cmd := exec.Command(goTool, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return out
	}
	module := strings.TrimSpace(string(run("list", "-m", "-f", "{{.Path}}")))
	root := strings.TrimSpace(string(run("list", "-m", "-f", "{{.Dir}}")))
	seeSources(t, root)
	dec := json.NewDecoder(bytes.NewReader(run("list", "-e", "-json=ImportPath,Imports,TestImports,Error", filepath.Join(root, "..."))))
	rel := func(p string) (string, bool) {
		if r, ok := strings.CutPrefix(p, module+"/"); ok {
			return r, true
		}
		return p, p == module
	}
	var pkgs []pkgImports
	for {
		var lp listedPackage
		if err := dec.Decode(&lp); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		if lp.Error != nil {
			t.Fatalf("go list: package %s: %s", lp.ImportPath, lp.Error.Err)
		}
		path, _ := rel(lp.ImportPath)
		p := pkgImports{path: path}
		for _, imp := range append(lp.Imports, lp.TestImports...) {
			if r, ok := rel(imp); ok && r != path && !slices.Contains(p.imports, r) {
				p.imports = append(p.imports, r)
			}
		}
		slices.Sort(p.imports)
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		t.Fatal("go list found no packages")
	}
	return pkgs
}

// seeSources stats every Go file under root. The go command caches a
// test's pass against the files the test itself opens and stats, not
// those its go list reads: without this, a change of imports that breaks
// the layers passes on a warm cache.
func seeSources(t *testing.T, root string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != root && strings.HasPrefix(d.Name(), "."):
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(path, ".go"):
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatalf("the module's Go files: %v", err)
	}
}

// TestImportsGoDownTheLayers checks every package of the module against the
// layer table, and that the table lists no package the module lacks.
func TestImportsGoDownTheLayers(t *testing.T) {
	pkgs := modulePackages(t)
	for _, p := range pkgs {
		t.Run(p.path, func(t *testing.T) {
			for _, msg := range violations(layers, p) {
				t.Error(msg)
			}
		})
	}
	for _, l := range layers {
		for _, path := range l {
			if !slices.ContainsFunc(pkgs, func(p pkgImports) bool { return p.path == path }) {
				t.Errorf("the layer table lists %s, which is no package of the module", path)
			}
		}
	}
}

// TestViolations checks the rule on made-up packages.
func TestViolations(t *testing.T) {
	order := [][]string{{"base"}, {"mid", "side"}, {"top"}}
	for _, tt := range []struct {
		name string
		pkg  pkgImports
		want []string
	}{
		{"imports of the layers below", pkgImports{"top", []string{"base", "mid", "side"}}, nil},
		{"no imports", pkgImports{"base", nil}, nil},
		{"an import of a layer above", pkgImports{"mid", []string{"base", "top"}},
			[]string{"mid in layer 1 (mid, side) imports top of layer 2 (top) above it: a package may import only packages of the layers below its own"}},
		{"an import of the same layer", pkgImports{"side", []string{"mid"}},
			[]string{"side imports mid of its own layer 1 (mid, side): a package may import only packages of the layers below its own"}},
		{"a package in no layer", pkgImports{"new", []string{"base"}},
			[]string{"package new is in no layer: add it to the table in internal/layers/layers_test.go"}},
		{"an import of a package in no layer", pkgImports{"top", []string{"new"}},
			[]string{"top imports new, which is in no layer: add it to the table in internal/layers/layers_test.go"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := violations(order, tt.pkg); !slices.Equal(got, tt.want) {
				t.Errorf("violations:\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}
