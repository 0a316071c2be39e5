package core

import (
	"fmt"
	"maps"

	"github.com/reikna-go/reikna/snippets"
)

// trfAccess is what the trf_load and trf_store templates see: the
// transformation and the node it loads or stores, the node's C type, the
// parameters and arguments of the function that runs the transformation's
// code, the macro's index parameters and the current indices. The store
// templates add the value to the macro's parameters and arguments.
type trfAccess struct {
	Trf, Node, CType string
	FuncParams       []cDecl
	CallArgs         []string
	Params           []string
	Same             []string
}

// transformationAccess builds the function that loads node n through its
// input transformation, or stores into n through its output
// transformation.
func (g *kernelGen) transformationAccess(n *node, att *attachment, store bool) (access, error) {
	rank := n.typ.Rank()
	idxs := IndexNames(rank)
	data := map[string]any{"Idxs": idxs}
	maps.Copy(data, att.trf.renderArgs)
	var leaves []*memLeaf
	for _, p := range att.trf.params {
		m := att.nodes[p.Name]
		kp := newKernelParameter(p.Name, p.Type(), p.Role())
		switch {
		case p.Name == att.connector && store:
			kp.load.text = cStoredValue
		case p.Name == att.connector:
			kp.store.text = cStoreAssign
		case p.Role() == Scalar:
			expr, ls, err := g.argScalar(nodeArgument(m))
			if err != nil {
				return access{}, err
			}
			kp.value = expr
			leaves = mergeLeaves(leaves, ls...)
		default:
			// An input of the transformation is loaded, an output stored.
			paramStore := p.Role() != Input
			a, err := g.nodeAccess(m, paramStore)
			if err != nil {
				return access{}, err
			}
			entry := &kp.load
			if paramStore {
				entry = &kp.store
			}
			if err := entry.set(a.mod, m.typ, paramStore); err != nil {
				return access{}, err
			}
			leaves = mergeLeaves(leaves, a.leaves...)
		}
		data[p.Name] = kp
	}
	code, err := snippets.SnippetFromTemplate(att.trf.tmpl, nil, data)
	if err != nil {
		return access{}, fmt.Errorf("core: transformation %s: %w", att.trf.name, err)
	}
	params := numberedNames(cParamPrefix, rank)
	a := trfAccess{Trf: att.trf.name, Node: n.name, CType: n.typ.CType(), Params: params, Same: idxs}
	a.FuncParams = declsOf(leaves)
	for _, l := range leaves {
		a.CallArgs = append(a.CallArgs, l.cname)
	}
	for _, idx := range idxs {
		a.FuncParams = append(a.FuncParams, cDecl{CName: idx, CType: "VSIZE_T", Scalar: true})
	}
	a.CallArgs = append(a.CallArgs, params...)
	define := "trf_load"
	if store {
		define = "trf_store"
		a.FuncParams = append(a.FuncParams, cDecl{CName: cStoredValue, CType: n.typ.CType(), Scalar: true})
	}
	m, err := accessModule(define, n.name, store, a, map[string]any{"code": code})
	if err != nil {
		return access{}, err
	}
	return access{mod: m, leaves: leaves}, nil
}
