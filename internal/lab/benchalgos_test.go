package lab

import (
	"slices"
	"testing"

	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// TestBenchAlgos runs every algorithm case at a small size on the device
// and checks the table and the JSON: each case, bare and scaled, checked
// and timed.
func TestBenchAlgos(t *testing.T) {
	var rep algoReport
	runCaseBench(t, "--algos", &rep, "% of copy")
	var names []string
	for _, c := range algoCases {
		names = append(names, c.name, c.name+"+scale")
	}
	if got := rowCases(rep.Rows); !slices.Equal(got, names) {
		t.Fatalf("cases %v, want %v", got, names)
	}
	for _, r := range rep.Rows {
		if r.Skipped != "" || r.Wrong != "" || r.Runs != 3 || !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.GBs > 0 && r.CopyPct > 0) || len(r.Shape) == 0 {
			t.Errorf("row %+v", r)
		}
	}
}

func rowCases(rows []algoRow) []string {
	var names []string
	for _, r := range rows {
		names = append(names, r.Case)
	}
	return names
}

func TestBenchAlgosErrors(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--algos", "--sizes", "16"}, "--sizes does not apply"},
		{[]string{"bench", "--algos", "--precision", "double"}, "--precision does not apply"},
		{[]string{"bench", "--cases", "sum_f32_2^27"}, "--cases needs --algos"},
		{[]string{"bench", "--algos", "--cases", "sum_f32_2^27,sum"}, `unknown case "sum"`},
		{[]string{"bench", "--algos", "--mib", "1024"}, "grow no larger"},
		{[]string{"bench", "--algos", "--mib", "-1"}, "cannot be negative"},
	})
}
