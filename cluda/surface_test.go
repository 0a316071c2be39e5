package cluda_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"
)

// interop are the exported functions and methods of cluda whose
// signatures may name the bindings' types (packages cl and cu): those
// that give a program that brings its own OpenCL or CUDA objects their
// handles (see the package documentation on interop).
var interop = []string{
	"DeviceFromCL", "DeviceFromCUDA", "Device.CLDevice", "Device.CUDADevice", "Platform.CLPlatform",
	"WrapCLQueue", "WrapCUDAStream", "Thread.CLContext", "Thread.CLQueue", "Thread.CUDAContext",
	"Thread.CUDAStream", "Thread.ArrayFromCUDA", "Array.CLBuffer", "Array.CUDAMemory", "Event.CLEvent",
}

// TestAPINamesNoBinding checks that the exported API of cluda (functions,
// methods, types, struct fields, constants and variables) names no type
// of package cl or cu outside the interop functions, so that one device
// model serves both interfaces.
func TestAPINamesNoBinding(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, ok := pkgs["cluda"]
	if !ok {
		t.Fatal("no package cluda here")
	}
	names := func(n ast.Node) []string {
		var found []string
		ast.Inspect(n, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && (id.Name == "cl" || id.Name == "cu") {
					found = append(found, id.Name+"."+sel.Sel.Name)
				}
			}
			return true
		})
		return found
	}
	report := func(what string, n ast.Node) {
		if found := names(n); len(found) > 0 {
			t.Errorf("%s (%s) names %s", what, fset.Position(n.Pos()), strings.Join(found, ", "))
		}
	}
	exportedType := func(recv *ast.FieldList) (string, bool) {
		if recv == nil {
			return "", true
		}
		e := recv.List[0].Type
		if star, ok := e.(*ast.StarExpr); ok {
			e = star.X
		}
		if idx, ok := e.(*ast.IndexExpr); ok {
			e = idx.X
		}
		id, ok := e.(*ast.Ident)
		return id.Name, ok && id.IsExported()
	}
	checked := 0
	for _, f := range pkg.Files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				recv, ok := exportedType(d.Recv)
				if !ok || !d.Name.IsExported() {
					continue
				}
				name := d.Name.Name
				if recv != "" {
					name = recv + "." + name
				}
				checked++
				if slices.Contains(interop, name) {
					if len(names(d.Type)) == 0 {
						t.Errorf("%s is listed as interop and names no binding type", name)
					}
					continue
				}
				report(name, d.Type)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							continue
						}
						checked++
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, field := range st.Fields.List {
								for _, fn := range field.Names {
									if fn.IsExported() {
										report(s.Name.Name+"."+fn.Name, field.Type)
									}
								}
								if len(field.Names) == 0 { // embedded
									report(s.Name.Name+" (embedded)", field.Type)
								}
							}
							continue
						}
						report(s.Name.Name, s.Type)
					case *ast.ValueSpec:
						for i, n := range s.Names {
							if !n.IsExported() {
								continue
							}
							checked++
							if s.Type != nil {
								report(n.Name, s.Type)
							}
							if i < len(s.Values) {
								report(n.Name, s.Values[i])
							}
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("checked %d exported names: the parse missed the package", checked)
	}
}
