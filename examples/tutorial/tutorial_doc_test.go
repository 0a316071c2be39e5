package tutorial_test

import (
	"bufio"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tutorialPath is the tutorial, relative to this package's directory.
const tutorialPath = "../../docs/tutorial.md"

// marker names the declaration that holds the next code block:
// <!-- code: Example_basics -->.
var marker = regexp.MustCompile(`^<!-- code: ([A-Za-z_][A-Za-z0-9_]*) -->$`)

// block is a code block of the tutorial: Go code and the declaration it
// names, or output (a block without a language).
type block struct {
	line   int // of the opening fence
	decl   string
	output bool
	other  bool // a block of another language, left unchecked
	text   []string
}

// tutorialBlocks returns the Go and output blocks of the tutorial. Every
// Go block must follow a marker line, blank lines allowed between them.
func tutorialBlocks(t *testing.T) []block {
	t.Helper()
	f, err := os.Open(tutorialPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		blocks []block
		cur    *block
		name   string
		n      int
	)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case line == "```":
			cur = &block{line: n, output: true}
		case strings.HasPrefix(line, "```") && line != "```go":
			cur = &block{line: n, other: true} // such as a shell command
		case cur != nil:
			cur.text = append(cur.text, line)
		case line == "```go":
			if name == "" {
				t.Errorf("%s:%d: a Go block without a marker line <!-- code: NAME --> above it", tutorialPath, n)
			}
			cur = &block{line: n, decl: name}
			name = ""
		case marker.MatchString(line):
			name = marker.FindStringSubmatch(line)[1]
		case strings.TrimSpace(line) != "":
			name = ""
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Fatalf("%s:%d: the Go block is not closed", tutorialPath, cur.line)
	}
	return blocks
}

// declarations parses the test files of this package and returns the
// source lines of each top-level declaration by name, and the package's
// Examples.
func declarations(t *testing.T) (map[string][]string, []*doc.Example) {
	t.Helper()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	decls := make(map[string][]string)
	var parsed []*ast.File
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		text := func(n ast.Node) []string {
			from, to := fset.Position(n.Pos()).Offset, fset.Position(n.End()).Offset
			return strings.Split(string(src[from:to]), "\n")
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				decls[d.Name.Name] = text(d)
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, id := range s.Names {
							decls[id.Name] = text(d)
						}
					case *ast.TypeSpec:
						decls[s.Name.Name] = text(d)
					}
				}
			}
		}
	}
	return decls, doc.Examples(parsed...)
}

// normalize drops the leading tabs and trailing spaces of each line.
func normalize(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(strings.TrimLeft(l, "\t"), " \t")
	}
	return out
}

// contains reports whether want appears in have as consecutive lines.
func contains(have, want []string) bool {
	for i := 0; i+len(want) <= len(have); i++ {
		match := true
		for j := range want {
			if have[i+j] != want[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// printedBy reports whether the output of one of examples holds the lines
// of want.
func printedBy(examples []*doc.Example, want []string) bool {
	for _, ex := range examples {
		if contains(strings.Split(ex.Output, "\n"), want) {
			return true
		}
	}
	return false
}

// TestTutorialCode checks that every Go block of docs/tutorial.md appears
// verbatim, but for the leading tabs of its lines, in the declaration its
// marker names, so that the tutorial shows only code that go test compiles
// and runs; that every output block is printed by an Example; and that
// every Example of this package is in the tutorial and checks its output.
func TestTutorialCode(t *testing.T) {
	blocks := tutorialBlocks(t)
	if len(blocks) == 0 {
		t.Fatalf("%s has no Go blocks", tutorialPath)
	}
	decls, examples := declarations(t)
	shown := make(map[string]bool)
	for _, b := range blocks {
		if b.other {
			continue
		}
		if b.output {
			if !printedBy(examples, b.text) {
				t.Errorf("%s:%d: no Example of this package prints this output", tutorialPath, b.line)
			}
			continue
		}
		if b.decl == "" {
			continue
		}
		d, ok := decls[b.decl]
		if !ok {
			t.Errorf("%s:%d: no declaration %s in the tests of this package", tutorialPath, b.line, b.decl)
			continue
		}
		if len(b.text) == 0 {
			t.Errorf("%s:%d: an empty block", tutorialPath, b.line)
			continue
		}
		if !contains(normalize(d), normalize(b.text)) {
			t.Errorf("%s:%d: the block is not part of %s as written in the tests", tutorialPath, b.line, b.decl)
		}
		shown[b.decl] = true
	}
	for _, ex := range examples {
		name := "Example" + ex.Name
		if !shown[name] {
			t.Errorf("%s is not in %s", name, tutorialPath)
		}
		if ex.Output == "" && !ex.EmptyOutput {
			t.Errorf("%s has no Output comment, so go test does not run it", name)
		}
	}
}
