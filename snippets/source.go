package snippets

import (
	"fmt"
	"strconv"
	"strings"
)

// Source is the result of a render: one flat source text, and where each of
// its lines came from.
type Source struct {
	// Text is the rendered source. It ends with a newline.
	Text string

	// Lines holds the origin of each line of Text: Lines[0] is that of
	// line 1. The blank lines the renderer puts between the sources of
	// modules have the zero Origin.
	Lines []Origin
}

// Origin says where a line of a rendered source came from.
type Origin struct {
	// Template and Line locate the line in a template: the template's
	// name (for templates parsed from files, the file's name, even for a
	// template defined inside it) and the line in it, counted from 1.
	Template string
	Line     int

	// Module is the prefix of the module whose rendering produced the
	// line, "" for the main source. A snippet's lines belong to the module
	// or main source that called it.
	Module string

	// Chain names the modules through which the renderer reached Module,
	// outermost first and Module's own name last; nil for the main source.
	// It is shared between lines and must not be modified.
	Chain []string
}

// String returns "template:line", followed by " in <prefix>" for a line of a
// module, or "-" for a line of unknown origin.
func (o Origin) String() string {
	if o.Template == "" {
		return "-"
	}
	s := o.Template + ":" + strconv.Itoa(o.Line)
	if o.Module != "" {
		s += " in " + o.Module
	}
	return s
}

// String returns the source text.
func (s *Source) String() string { return s.Text }

// Origin returns the origin of line n of the source, counted from 1, or the
// zero Origin if there is no such line.
func (s *Source) Origin(n int) Origin {
	if n < 1 || n > len(s.Lines) {
		return Origin{}
	}
	return s.Lines[n-1]
}

// LineOrigin returns the origin of line n of the source as a string (see
// [Origin.String]), "-" if there is no such line. It fits the Origin field
// of cluda.CompileOptions, so that a build error names the template and
// module of each failing line.
func (s *Source) LineOrigin(n int) string { return s.Origin(n).String() }

// Excerpt returns lines n-context to n+context of the source, numbered and
// with their origins, the line n marked with ">", for error messages such as
// those of a failed build:
//
//	   11  normal:3 in _mod_normal_1  |     float u = ;
//	>  12  normal:4 in _mod_normal_1  |     return u * 2;
//
// It returns "" if the source has no line n.
func (s *Source) Excerpt(n, context int) string {
	if n < 1 || n > len(s.Lines) {
		return ""
	}
	lines := strings.Split(strings.TrimSuffix(s.Text, "\n"), "\n")
	first, last := max(1, n-context), min(len(lines), n+context)
	numWidth := len(strconv.Itoa(last))
	originWidth := 0
	for i := first; i <= last; i++ {
		originWidth = max(originWidth, len(s.Lines[i-1].String()))
	}
	var b strings.Builder
	for i := first; i <= last; i++ {
		mark := " "
		if i == n {
			mark = ">"
		}
		line := fmt.Sprintf("%s %*d  %-*s  | %s", mark, numWidth, i, originWidth, s.Lines[i-1], lines[i-1])
		b.WriteString(strings.TrimRight(line, " \t"))
		b.WriteByte('\n')
	}
	return b.String()
}

// chunk is the rendered text of a module or of the main source, with
// markers.
type chunk struct {
	text   string
	module string   // prefix; "" for the main source
	chain  []string // see Origin.Chain
}

// assemble strips the markers from the chunks, drops their leading and
// trailing blank lines, and joins them with a blank line between two.
func assemble(chunks []chunk) (*Source, error) {
	var (
		st     stripper
		texts  = make([]string, len(chunks))
		locs   = make([][]location, len(chunks))
		nLines = 0
		nBytes = 0
	)
	for i, c := range chunks {
		text, l, err := st.strip(c.text)
		if err != nil {
			where := "the main source"
			if c.module != "" {
				where = "module " + c.module
			}
			return nil, fmt.Errorf("snippets: %s: %w", where, err)
		}
		texts[i], locs[i] = trimBlankLines(text, l)
		nLines += len(locs[i]) + 1
		nBytes += len(texts[i]) + 2
	}
	var b strings.Builder
	b.Grow(nBytes)
	lines := make([]Origin, 0, nLines)
	for i, c := range chunks {
		text, locs := texts[i], locs[i]
		if len(locs) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
			lines = append(lines, Origin{})
		}
		b.WriteString(text)
		b.WriteByte('\n')
		for _, l := range locs {
			lines = append(lines, Origin{Template: l.template, Line: l.line, Module: c.module, Chain: c.chain})
		}
	}
	return &Source{Text: b.String(), Lines: lines}, nil
}

// trimBlankLines drops the blank lines at the start and end of text, and
// their locations; the result has no final newline.
func trimBlankLines(text string, locs []location) (string, []location) {
	for len(locs) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		if strings.TrimSpace(line) != "" {
			break
		}
		text, locs = rest, locs[1:]
	}
	text = strings.TrimSuffix(text, "\n")
	for len(locs) > 0 {
		i := strings.LastIndexByte(text, '\n')
		if strings.TrimSpace(text[i+1:]) != "" {
			break
		}
		text, locs = text[:max(i, 0)], locs[:len(locs)-1]
	}
	return text, locs
}
