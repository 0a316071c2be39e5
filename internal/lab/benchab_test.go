package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchABScript is scripts/bench_ab.py, from this package's directory.
const benchABScript = "../../scripts/bench_ab.py"

// sweepBinary writes a program that answers `reikna bench --sweep ...
// --json FILE` with the median times ms of lengths 16 and 64, or fails
// without a file where fail is set, and returns its path.
func sweepBinary(t *testing.T, dir, name string, ms [2]float64, fail bool) string {
	t.Helper()
	body := fmt.Sprintf(`#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = --json ] && out=$2; shift; done
printf '{"results": [{"n": 16, "median_ms": %g}, {"n": 64, "median_ms": %g}]}' > "$out"
`, ms[0], ms[1])
	if fail {
		body = "#!/bin/sh\necho refused >&2\nexit 1\n"
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBenchAB runs scripts/bench_ab.py on fake binaries: the ratios of
// each binary's times to the first's, a binary without runs left out of
// the summary rather than failing it, and with --pack the archive and the
// summary written even so.
func TestBenchAB(t *testing.T) {
	dir := t.TempDir()
	ref := sweepBinary(t, dir, "ref", [2]float64{1.0, 2.0}, false)
	fast := sweepBinary(t, dir, "fast", [2]float64{0.8, 2.0}, false)
	broken := sweepBinary(t, dir, "broken", [2]float64{}, true)
	out := filepath.Join(dir, "ab")
	text, err := runScript(t, benchABScript, "--pack", "--rounds", "2", "--sizes", "16,64", out,
		"ref="+ref, "fast="+fast, "broken="+broken)
	if err != nil {
		t.Fatalf("bench_ab.py: %v\n%s", err, text)
	}
	checkContains(t, text, []string{
		"no runs of broken",
		"fast against ref: 2 round(s) with both, 2 lengths",
		"        16       1.0000       0.8000   0.800",
		"all 2 lengths: median 0.900",
	}, nil)
	summary, err := os.ReadFile(filepath.Join(out, "summary.txt"))
	if err != nil || !strings.Contains(string(summary), "fast against ref") {
		t.Errorf("summary.txt %q (%v)", summary, err)
	}
	if _, err := os.Stat(out + ".tgz"); err != nil {
		t.Errorf("no archive: %v", err)
	}
	// Without runs of the reference there is nothing to compare.
	if text, err := runScript(t, benchABScript, "--summarize", out, "broken", "fast"); err == nil || !strings.Contains(text, "need the reference") {
		t.Errorf("--summarize without the reference's runs: %v\n%s", err, text)
	}
}
