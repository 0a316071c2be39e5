package core

import (
	"strings"

	"github.com/reikna-go/reikna/dtypes"
)

// structDTypes returns the struct dtypes that the generated code of a
// kernel with the arguments args names: those of the arguments, and those
// of every parameter of the transformations between them and their leaves,
// each once, in the order they are met.
func structDTypes(args []KernelArg) []dtypes.DType {
	var out []dtypes.DType
	seen := map[dtypes.DType]bool{}
	visited := map[*node]bool{}
	add := func(d dtypes.DType) {
		if d.IsStruct() && !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	var walkArg func(a *KernelArgument)
	var walkNode func(n *node)
	walkNode = func(n *node) {
		if n == nil || visited[n] {
			return
		}
		visited[n] = true
		add(n.typ.dtype)
		if n.alias != nil {
			walkArg(n.alias)
		}
		for _, att := range []*attachment{n.input, n.output} {
			if att == nil {
				continue
			}
			for _, p := range att.trf.params {
				add(p.Type().dtype)
			}
			for _, m := range att.nodes {
				walkNode(m)
			}
		}
	}
	walkArg = func(a *KernelArgument) {
		add(a.ann.Type.dtype)
		walkNode(a.node)
	}
	for _, ka := range args {
		walkArg(ka.Arg)
	}
	return out
}

// structDefinitions returns the C definitions of ds, one after the other.
func structDefinitions(ds []dtypes.DType) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.CDefinition())
	}
	return b.String()
}

// structOrigin is the origin of the lines of struct definitions that
// precede a kernel's rendered source.
const structOrigin = "struct definitions of the kernel's dtypes"

// withDefinitions returns text preceded by defs, and the origin of each
// of its lines, given that of text's.
func withDefinitions(defs, text string, origin func(int) string) (string, func(int) string) {
	if defs == "" {
		return text, origin
	}
	lines := strings.Count(defs, "\n")
	return defs + text, func(n int) string {
		if n <= lines {
			return structOrigin
		}
		return origin(n - lines)
	}
}
