package cluda

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
)

// BuildError is a failed build of a program, of either interface. Its
// message shows, for every error line of the build log, the failing source
// line with its number and where it came from. It unwraps to the binding's
// own error (a *cl.BuildError or a *cu.BuildError, and so to its status),
// for errors.As in code that uses the bindings.
type BuildError struct {
	API     API    // the interface whose compiler refused the program
	Options string // the compiler options of the build
	Log     string // the compiler's log (of every device that built it)
	Source  string
	Lines   []BuildErrorLine

	cause  error      // the binding's error
	status error      // the status the build failed with
	logs   []buildLog // the log of each device
}

// buildLog is the build log of one device.
type buildLog struct{ device, log string }

// BuildErrorLine is one diagnostic of the build log with its source line.
type BuildErrorLine struct {
	Line    int    // 1-based line of Source, 0 for a line the compiler got before it (the prelude)
	Column  int    // 1-based column, 0 if unknown
	Message string // the diagnostic, such as "error: use of undeclared identifier 'x'"
	Text    string // the source line
	Origin  string // where the line came from (a template and line), if known
}

// Diagnostics come as "<file>:LINE:COL: error: message" (clang, NVIDIA) or
// "error: <file>:LINE:COL: message" (PoCL, which may put "<Spelling=...>:"
// between the column and the message for a line that a macro expanded);
// the column may be missing. NVRTC writes "<file>(LINE): error: message".
var (
	diagnosticNVRTC    = regexp.MustCompile(`(?m)^[^(\n]*\((\d+)\):\s*((?:catastrophic )?error|warning)\s*:?\s*(.*)$`)
	diagnosticLocFirst = regexp.MustCompile(`(?m)^[^:\n]*:(\d+):(?:(\d+):)?\s*((?:fatal )?error|warning)\s*:\s*(.*)$`)
	diagnosticSevFirst = regexp.MustCompile(`(?m)^((?:fatal )?error|warning)\s*:\s*[^:\n]*:(\d+):(?:(\d+)(?::|\s))?\s*(?:<Spelling=[^>\n]*>:\s*)?(.*)$`)
)

// diagnostics returns (line, column, severity, message) of each diagnostic
// in a build log.
func diagnostics(log string) [][4]string {
	var out [][4]string
	for _, m := range diagnosticLocFirst.FindAllStringSubmatch(log, -1) {
		out = append(out, [4]string{m[1], m[2], m[3], m[4]})
	}
	for _, m := range diagnosticSevFirst.FindAllStringSubmatch(log, -1) {
		out = append(out, [4]string{m[2], m[3], m[1], m[4]})
	}
	for _, m := range diagnosticNVRTC.FindAllStringSubmatch(log, -1) {
		out = append(out, [4]string{m[1], "", m[2], m[3]})
	}
	return out
}

// newBuildError maps the diagnostics of a failed build of the prelude's
// lines followed by source back to lines of source.
func newBuildError(err error, source string, preludeLines int, origin func(int) string) error {
	out := &BuildError{Source: source, cause: err}
	var be *cl.BuildError
	var cube *cu.BuildError
	switch {
	case errors.As(err, &be):
		out.API, out.Options, out.status = OpenCL, be.Options, be.Err
		for _, l := range be.Logs {
			out.logs = append(out.logs, buildLog{l.Device, l.Log})
		}
	case errors.As(err, &cube):
		out.API, out.Options, out.status = CUDA, strings.Join(cube.Options, " "), cube.Err
		out.logs = append(out.logs, buildLog{"", cube.Log})
	default:
		return err
	}
	var logs []string
	for _, l := range out.logs {
		logs = append(logs, l.log)
	}
	out.Log = strings.Join(logs, "\n")
	lines := strings.Split(source, "\n")
	for _, l := range logs {
		for _, m := range diagnostics(l) {
			if !strings.Contains(m[2], "error") {
				continue
			}
			n, _ := strconv.Atoi(m[0])
			n -= preludeLines
			col, _ := strconv.Atoi(m[1])
			e := BuildErrorLine{Line: n, Column: col, Message: m[2] + ": " + m[3]}
			switch {
			case n < 1:
				// A line of the prelude, the defines or the header.
				e.Line, e.Origin = 0, "before the source"
			case n <= len(lines):
				e.Text = lines[n-1]
				if origin != nil {
					e.Origin = origin(n)
				}
			}
			out.Lines = append(out.Lines, e)
		}
	}
	return out
}

func (e *BuildError) Error() string {
	if e.status == nil {
		return "cluda: build failed"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "cluda: build failed: %v", e.status)
	if e.Options != "" {
		fmt.Fprintf(&b, " (options %q)", e.Options)
	}
	for _, l := range e.Lines {
		if l.Line == 0 {
			fmt.Fprintf(&b, "\n  %s: %s", l.Origin, l.Message)
			continue
		}
		fmt.Fprintf(&b, "\n  line %d", l.Line)
		if l.Origin != "" {
			fmt.Fprintf(&b, " (%s)", l.Origin)
		}
		fmt.Fprintf(&b, ": %s\n  %5d | %s", l.Message, l.Line, l.Text)
	}
	for _, l := range e.logs {
		if strings.TrimSpace(l.log) == "" {
			continue
		}
		if l.device != "" {
			fmt.Fprintf(&b, "\nbuild log of %s:\n%s", l.device, strings.TrimRight(l.log, "\n"))
		} else {
			fmt.Fprintf(&b, "\nbuild log:\n%s", strings.TrimSpace(l.log))
		}
	}
	return b.String()
}

// Unwrap returns the binding's build error (a *cl.BuildError or a
// *cu.BuildError).
func (e *BuildError) Unwrap() error { return e.cause }
