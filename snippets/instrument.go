package snippets

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"
	"weak"
)

// instrumentKey names an instrumented copy: of which template, for a
// module or a snippet.
type instrumentKey struct {
	t      weak.Pointer[template.Template]
	module bool
}

// instrumented holds the instrumented copies of templates, so that a
// template made into snippets or modules again and again (every kernel of
// a computation, every compile) is instrumented once. An entry goes when
// its template is collected. A template is not changed after it is first
// made into a snippet or module (see the package doc).
var instrumented sync.Map // instrumentKey -> *template.Template

// instrumentOnce returns instrument(t, module), from the cache where t was
// instrumented before.
func instrumentOnce(t *template.Template, module bool) (*template.Template, error) {
	key := instrumentKey{t: weak.Make(t), module: module}
	if c, ok := instrumented.Load(key); ok {
		return c.(*template.Template), nil
	}
	c, err := instrument(t, module)
	if err != nil {
		return nil, err
	}
	// The copy holds every template of t's set instrumented: it serves
	// the others of the set too.
	for _, orig := range t.Templates() {
		k := instrumentKey{t: weak.Make(orig), module: module}
		if ct := c.Lookup(orig.Name()); ct != nil {
			if _, loaded := instrumented.LoadOrStore(k, ct); !loaded {
				runtime.AddCleanup(orig, func(k instrumentKey) { instrumented.Delete(k) }, k)
			}
		}
	}
	got, _ := instrumented.Load(key)
	if got == nil {
		return c, nil
	}
	return got.(*template.Template), nil
}

// instrument returns a copy of t, with the templates associated with it,
// whose output carries line markers and whose printed values pass through
// emit. It runs with missingkey=error whatever t was made with. module says
// that t is a module's template, in which .prefix is the module's prefix.
func instrument(t *template.Template, module bool) (*template.Template, error) {
	c, err := t.Clone()
	if err != nil {
		return nil, err
	}
	c.Option("missingkey=error")
	c.Funcs(template.FuncMap{emitName: emit})
	for _, tt := range c.Templates() {
		if tt.Tree == nil || tt.Tree.Root == nil {
			continue
		}
		// Clone shares the parse trees with t; change copies only.
		in := instrumenter{tree: tt.Tree.Copy(), module: module}
		if err := in.instrument(); err != nil {
			return nil, err
		}
		tt.Tree = in.tree
	}
	return c, nil
}

// instrumenter changes the nodes of one parse tree.
type instrumenter struct {
	tree   *parse.Tree
	module bool
}

// instrument writes a marker at the start of the tree's output, into its
// text nodes (see markText), and appends emit to the pipelines whose values
// are printed and may be snippets or modules.
func (in *instrumenter) instrument() error {
	name := in.tree.ParseName
	if strings.ContainsAny(name, reservedBytes+"\n") {
		return fmt.Errorf("template name %q holds a control byte", name)
	}
	// The marker at the start makes the first node's own unnecessary.
	if err := in.list(in.tree.Root, false); err != nil {
		return err
	}
	start := &parse.TextNode{
		NodeType: parse.NodeText,
		Pos:      in.tree.Root.Pos,
		Text:     appendMarker(nil, name, in.lineOf(in.tree.Root)),
	}
	in.tree.Root.Nodes = append([]parse.Node{start}, in.tree.Root.Nodes...)
	return nil
}

// list instruments the nodes of a list. startMark says whether a text node
// at its start needs a marker of its own.
func (in *instrumenter) list(list *parse.ListNode, startMark bool) error {
	if list == nil {
		return nil
	}
	for _, n := range list.Nodes {
		var err error
		switch n := n.(type) {
		case *parse.TextNode:
			err = in.markText(n, startMark)
		case *parse.ActionNode:
			in.emitValue(n)
		case *parse.IfNode:
			err = in.branch(&n.BranchNode)
		case *parse.RangeNode:
			err = in.branch(&n.BranchNode)
		case *parse.WithNode:
			err = in.branch(&n.BranchNode)
		}
		if err != nil {
			return err
		}
		startMark = !in.printsUnmarked(n)
	}
	return nil
}

func (in *instrumenter) branch(b *parse.BranchNode) error {
	if err := in.list(b.List, true); err != nil {
		return err
	}
	return in.list(b.ElseList, true)
}

// markText inserts a marker after each newline of a text node and, if
// startMark is set, one at its start. The text of a node is the source from
// its position on (less what {{- and -}} trimmed), so its lines are counted
// from the line of its position.
//
// The marker at the start matters where the text begins a line of output
// after an action whose output ended with a newline, such as an inline
// snippet; list leaves it out after actions that print no markers and, so,
// cannot have brought the line of another template.
func (in *instrumenter) markText(n *parse.TextNode, startMark bool) error {
	name := in.tree.ParseName
	if strings.ContainsAny(string(n.Text), reservedBytes) {
		loc, _ := in.tree.ErrorContext(n)
		return fmt.Errorf("%s: template text holds a control byte \\x01 or \\x02", loc)
	}
	line := in.lineOf(n)
	b := make([]byte, 0, len(n.Text)+16)
	if startMark {
		b = appendMarker(b, name, line)
	}
	for text := n.Text; len(text) > 0; {
		i := strings.IndexByte(string(text), '\n')
		if i < 0 {
			b = append(b, text...)
			break
		}
		line++
		b = appendMarker(append(b, text[:i+1]...), name, line)
		text = text[i+1:]
	}
	n.Text = b
	return nil
}

// lineOf returns the line of the template source that n starts on.
func (in *instrumenter) lineOf(n parse.Node) int {
	// ErrorContext prints the node it is given besides its place: an empty
	// text node at n's position costs nothing to print, where n may be the
	// whole tree.
	at := &parse.TextNode{NodeType: parse.NodeText, Pos: n.Position()}
	loc, _ := in.tree.ErrorContext(at) // "name:line:col"
	loc = loc[:strings.LastIndexByte(loc, ':')]
	line, err := strconv.Atoi(loc[strings.LastIndexByte(loc, ':')+1:])
	if err != nil {
		panic("snippets: unexpected location " + loc) // text/template changed its format
	}
	return line
}

// emitValue appends a call of emit to the pipeline of an action that prints
// its value, unless that value cannot be a snippet or module.
func (in *instrumenter) emitValue(n *parse.ActionNode) {
	if len(n.Pipe.Decl) > 0 || len(n.Pipe.Cmds) == 0 {
		return
	}
	last := n.Pipe.Cmds[len(n.Pipe.Cmds)-1]
	if isConstant(last) || plainFuncs[funcName(last)] || in.isPrefix(last) {
		return
	}
	id := parse.NewIdentifier(emitName).SetTree(in.tree).SetPos(last.Pos)
	n.Pipe.Cmds = append(n.Pipe.Cmds, &parse.CommandNode{NodeType: parse.NodeCommand, Pos: last.Pos, Args: []parse.Node{id}})
}

// printsUnmarked reports whether n prints nothing or text that holds no
// markers.
func (in *instrumenter) printsUnmarked(n parse.Node) bool {
	switch n := n.(type) {
	case *parse.CommentNode:
		return true
	case *parse.ActionNode:
		if len(n.Pipe.Decl) > 0 {
			return true
		}
		last := n.Pipe.Cmds[len(n.Pipe.Cmds)-1]
		return isConstant(last) || unmarkedFuncs[funcName(last)] || in.isPrefix(last)
	}
	return false
}

// isConstant reports whether cmd is a constant.
func isConstant(cmd *parse.CommandNode) bool {
	switch cmd.Args[0].(type) {
	case *parse.StringNode, *parse.NumberNode, *parse.BoolNode, *parse.NilNode:
		return true
	}
	return false
}

// funcName returns the name of the function cmd calls, or "".
func funcName(cmd *parse.CommandNode) string {
	if id, ok := cmd.Args[0].(*parse.IdentifierNode); ok {
		return id.Ident
	}
	return ""
}

// isPrefix reports whether cmd is .prefix in a module's template, which is
// always the module's prefix.
func (in *instrumenter) isPrefix(cmd *parse.CommandNode) bool {
	f, ok := cmd.Args[0].(*parse.FieldNode)
	return in.module && ok && len(cmd.Args) == 1 && len(f.Ident) == 1 && f.Ident[0] == prefixKey
}
