package reikna_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
)

// readmeLimit is the most bytes README.md may hold: what does not fit goes
// to docs/.
const readmeLimit = 10 * 1024

// fencedBlock returns the body of the first fenced block of the language
// lang in text, with its line ending.
func fencedBlock(t *testing.T, text, lang string) string {
	t.Helper()
	_, rest, ok := strings.Cut(text, "\n```"+lang+"\n")
	if !ok {
		t.Fatalf("README.md has no ```%s block", lang)
	}
	body, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		t.Fatalf("README.md's ```%s block is not closed", lang)
	}
	return body + "\n"
}

// TestReadmeSize checks that README.md stays short.
func TestReadmeSize(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(readme) > readmeLimit {
		t.Errorf("README.md holds %d bytes, more than %d: move the details to docs/", len(readme), readmeLimit)
	}
}

// TestReadmeProgram checks that the program README.md shows is
// examples/quickstart, and that the program prints the output README.md
// shows.
func TestReadmeProgram(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("examples", "quickstart", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if code := fencedBlock(t, string(readme), "go"); code != string(src) {
		t.Errorf("README.md's ```go block is not examples/quickstart/main.go: copy the program into it")
	}

	cludatest.Thread(t) // skips where there is no device, as the other tests do
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to run the program: %v", err)
	}
	cmd := exec.Command(goTool, "run", "./examples/quickstart")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run ./examples/quickstart: %v\n%s", err, stderr.String())
	}
	if want := fencedBlock(t, string(readme), "text"); string(got) != want {
		t.Errorf("examples/quickstart prints\n%s\nwhere README.md's ```text block shows\n%s", got, want)
	}
}

var (
	// markdownLink matches the target of a Markdown link.
	markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// markdownCode matches fenced code blocks and code spans, whose
	// brackets are no links.
	markdownCode = regexp.MustCompile("(?s)\n```.*?\n```|`[^`\n]*`")
)

// headingAnchor returns the anchor GitHub gives a Markdown heading.
func headingAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of the headings of a Markdown file.
func anchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	inCode := false
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
		}
		if h, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " "); ok && !inCode && strings.HasPrefix(line, "#") {
			m[headingAnchor(h)] = true
		}
	}
	return m
}

// TestDocLinks checks that the relative links of README.md and of the
// Markdown files of docs/ reach a file, and a heading of it where they
// name one.
func TestDocLinks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range append([]string{"README.md"}, files...) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		prose := markdownCode.ReplaceAllString(string(text), "")
		for _, m := range markdownLink.FindAllStringSubmatch(prose, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			if path == "" {
				path = file
			} else {
				path = filepath.Join(filepath.Dir(file), path)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s links to %s, which does not exist", file, target)
				continue
			}
			if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(t, path)[anchor] {
				t.Errorf("%s links to %s, whose file has no heading of that anchor", file, target)
			}
		}
	}
}
