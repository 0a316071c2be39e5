package templates_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/reikna-go/reikna/templates"
)

// TestEveryFunctionHasAnExample fails when a function of FuncMap is called
// in no template of this package's Example functions, and when an Example
// function prints nothing to check.
func TestEveryFunctionHasAnExample(t *testing.T) {
	files, err := filepath.Glob("example*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	called := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Example") {
				continue
			}
			if !hasOutput(f, fn) {
				t.Errorf("%s: %s has no Output comment", name, fn.Name.Name)
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				src, err := strconv.Unquote(lit.Value)
				if err != nil || !strings.Contains(src, "{{") {
					return true
				}
				if err := calledFuncs(src, called); err != nil {
					t.Errorf("%s: %v", fset.Position(lit.Pos()), err)
				}
				return true
			})
		}
	}
	var missing []string
	for name := range templates.FuncMap() {
		if !called[name] {
			missing = append(missing, name)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("no Example calls %s", strings.Join(missing, ", "))
	}
}

// hasOutput reports whether the body of fn holds an Output comment.
func hasOutput(f *ast.File, fn *ast.FuncDecl) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > fn.Body.Lbrace && cg.End() < fn.Body.Rbrace &&
			strings.HasPrefix(strings.TrimSpace(cg.Text()), "Output:") {
			return true
		}
	}
	return false
}

// calledFuncs parses the template src and adds the names of the functions
// it calls to called.
func calledFuncs(src string, called map[string]bool) error {
	p := parse.New("example")
	p.Mode = parse.SkipFuncCheck
	trees := map[string]*parse.Tree{}
	if _, err := p.Parse(src, "", "", trees); err != nil {
		return err
	}
	for _, tree := range trees {
		walk(tree.Root, called)
	}
	return nil
}

// walk adds the identifiers (function names) under n to called.
func walk(n parse.Node, called map[string]bool) {
	switch x := n.(type) {
	case *parse.ListNode:
		if x != nil {
			for _, c := range x.Nodes {
				walk(c, called)
			}
		}
	case *parse.ActionNode:
		walk(x.Pipe, called)
	case *parse.PipeNode:
		if x != nil {
			for _, c := range x.Cmds {
				walk(c, called)
			}
		}
	case *parse.CommandNode:
		for _, a := range x.Args {
			walk(a, called)
		}
	case *parse.ChainNode:
		walk(x.Node, called)
	case *parse.IdentifierNode:
		called[x.Ident] = true
	case *parse.IfNode:
		walkBranch(&x.BranchNode, called)
	case *parse.RangeNode:
		walkBranch(&x.BranchNode, called)
	case *parse.WithNode:
		walkBranch(&x.BranchNode, called)
	case *parse.TemplateNode:
		walk(x.Pipe, called)
	}
}

// walkBranch walks the pipeline and both lists of an if, range or with.
func walkBranch(b *parse.BranchNode, called map[string]bool) {
	walk(b.Pipe, called)
	walk(b.List, called)
	walk(b.ElseList, called)
}
