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

// TestBenchABTestBinary runs scripts/bench_ab.py with --test-binary on a
// fake test binary whose BenchmarkFFT lines depend on an environment
// variable: each candidate's variables reach its runs, the lines are read
// into the JSON files (each kernel's median too), and a run cut short by
// --run-timeout keeps the lengths it printed.
func TestBenchABTestBinary(t *testing.T) {
	dir := t.TempDir()
	test := filepath.Join(dir, "fft.test")
	script := `#!/bin/sh
case "$REIKNA_BENCH_SIZES/$REIKNA_BENCH_KERNELS" in 16,64/1) ;; *) echo "sizes $REIKNA_BENCH_SIZES" >&2; exit 2 ;; esac
k=0.5; [ "$MODE" = wide ] && k=0.4
echo "BenchmarkFFT/N=16-16   10   1000 ns/op   $k k0-ms   0.5 k1-ms   1.0 ms/call"
[ "$MODE" = stuck ] && sleep 5
echo "BenchmarkFFT/N=64-16   10   1000 ns/op   2.0 ms/call"
`
	if err := os.WriteFile(test, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "ab")
	text, err := runScript(t, benchABScript, "--test-binary", test, "--rounds", "1", "--sizes", "16,64", "--run-timeout", "2", out,
		"rules=MODE=rules", "wide=MODE=wide,OTHER=1", "stuck=MODE=stuck")
	if err != nil {
		t.Fatalf("bench_ab.py: %v\n%s", err, text)
	}
	checkContains(t, text, []string{
		"wide against rules: 1 round(s) with both, 2 lengths",
		"stuck against rules: 1 round(s) with both, 1 lengths",
		"round 1, stuck: rc=timeout",
	}, nil)
	data, err := os.ReadFile(filepath.Join(out, "wide-1.json"))
	if err != nil || !strings.Contains(string(data), `"kernels_ms": [`) || !strings.Contains(string(data), "0.4") {
		t.Errorf("wide-1.json %s (%v)", data, err)
	}
	if text, err := runScript(t, benchABScript, "--test-binary", test, "--sizes", "16-64", out, "a=MODE=a", "b=MODE=b"); err == nil || !strings.Contains(text, "comma-separated") {
		t.Errorf("a range of sizes with --test-binary: %v\n%s", err, text)
	}
}
