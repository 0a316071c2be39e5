package lab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
)

// runCaseBench runs bench with flag (--algos or --random, and any other
// flags separated by spaces) at 0.25 MiB per array and 3 runs on the test
// device, checks that it wrote nothing to stderr, that its output names the device and holds wants, and that its
// JSON has the run's header, and decodes the JSON into rep.
func runCaseBench(t *testing.T, flag string, rep any, wants ...string) {
	t.Helper()
	thr := cludatest.Thread(t)
	jsonFile := filepath.Join(t.TempDir(), "cases.json")
	args := append(append([]string{"bench"}, strings.Fields(flag)...), "--mib", "0.25", "--runs", "3", "--json", jsonFile)
	stdout, stderr := tool.OK(t, args...)
	if stderr != "" {
		t.Errorf("bench %s wrote to stderr, which is not a terminal:\n%s", flag, stderr)
	}
	for _, want := range append(wants, thr.Params().Name, "to bare", "wrote "+jsonFile) {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		runHeader
		MiB     float64 `json:"mib_per_array"`
		CopyGBs float64 `json:"copy_gbps"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		t.Fatalf("the JSON does not decode: %v", err)
	}
	if head.Device != thr.Params().Name || head.MiB != 0.25 || head.CopyGBs <= 0 || !strings.HasPrefix(head.Command, "reikna bench "+flag) {
		t.Errorf("report header: %+v", head)
	}
	if err := json.Unmarshal(data, rep); err != nil {
		t.Fatalf("the JSON does not decode: %v", err)
	}
}
