package reikna_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestScripts checks that every script of scripts/ still parses: the Go
// programs (built with `go run`, apart from the module's packages, so
// that nothing else compiles them) pass `go vet`, the shell scripts
// `bash -n` and the Python ones Python's compiler. A script that no test
// runs would otherwise break unseen with the API it calls.
func TestScripts(t *testing.T) {
	scripts, err := filepath.Glob(filepath.Join("scripts", "*"))
	if err != nil {
		t.Fatal(err)
	}
	checks := map[string][]string{
		".go": {"go", "vet"},
		".sh": {"bash", "-n"},
		".py": {"python3", "-m", "py_compile"},
	}
	seen := map[string]int{}
	for _, path := range scripts {
		check, ok := checks[filepath.Ext(path)]
		if !ok {
			continue
		}
		seen[filepath.Ext(path)]++
		t.Run(filepath.Base(path), func(t *testing.T) {
			if _, err := exec.LookPath(check[0]); err != nil {
				t.Skipf("no %s to check %s", check[0], path)
			}
			cmd := exec.Command(check[0], append(check[1:], path)...)
			// py_compile writes __pycache__ beside the script unless told
			// otherwise.
			cmd.Env = append(os.Environ(), "PYTHONPYCACHEPREFIX="+t.TempDir())
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s %s: %v\n%s", strings.Join(check, " "), path, err, out)
			}
		})
	}
	for ext := range checks {
		if seen[ext] == 0 {
			t.Errorf("no %s script found in scripts/: the test looks in the wrong place", ext)
		}
	}
}
