package lab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// TestBenchMulti runs bench --multi on two devices (the test device
// opened twice where it is the only one) at tiny sizes, and checks the
// tables and the JSON: the copies both ways, the all-to-all, the batched
// FFT against one device, and the slab FFT in both layouts with its phases, each checked.
// The batched FFT of 4 rows of 8 points (256 bytes) and the slab FFT of
// 4×8 share their arrays' shapes, and so most of their kernels.
func TestBenchMulti(t *testing.T) {
	cludatest.Thread(t)
	jsonFile := filepath.Join(t.TempDir(), "multi.json")
	stdout, stderr := tool.OK(t, "bench", "--multi", "--devices", "2", "--repeat", "--mib", "0.000244140625", "--sizes", "8",
		"--shape", "4,8", "--runs", "2", "--json", jsonFile)
	if stderr != "" {
		t.Errorf("bench --multi wrote to stderr, which is not a terminal:\n%s", stderr)
	}
	for _, want := range []string{"Copies between two devices", "0  ⇄ 1", "strong scaling", "slabs to transposed slabs", "exchange ms", "wrote " + jsonFile} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var rep multiReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JSON does not decode: %v", err)
	}
	// The copies 0 → 1 and 1 → 0, then both at once.
	if len(rep.Devices) != 2 || len(rep.Copies) != 3 || len(rep.Batched) != 1 || len(rep.Slabs) != 2 {
		t.Fatalf("%d devices, %d copies, %d batched rows, %d slab rows; want 2, 3, 1, 2", len(rep.Devices), len(rep.Copies), len(rep.Batched), len(rep.Slabs))
	}
	for i, c := range rep.Copies {
		if c.untimed() || c.Runs != 2 || !(c.GBs > 0) || c.Bytes != 256 || c.BothWays != (i == 2) {
			t.Errorf("copy %+v", c)
		}
	}
	if len(rep.AllToAll) != 1 || rep.AllToAll[0].untimed() || rep.AllToAll[0].Devices != 2 || rep.AllToAll[0].Runs != 2 || !(rep.AllToAll[0].PerDeviceGBs > 0) {
		t.Errorf("all-to-all rows %+v, want one of 2 devices, timed twice", rep.AllToAll)
	}
	if !(rep.CopyGBs > 0 && rep.BothWaysGBs > 0) {
		t.Errorf("median copies: %v GB/s one way, %v both ways", rep.CopyGBs, rep.BothWaysGBs)
	}
	b := rep.Batched[0]
	if b.untimed() || b.N != 8 || b.Batch != 4 || b.Devices != 2 || !(b.OneMS > 0 && b.MultiMS > 0 && b.Efficiency > 0) || !(b.RelL2 <= multiCheckTol) {
		t.Errorf("batched row %+v", b)
	}
	for i, s := range rep.Slabs {
		exchanges := int64(1 + i) // to transposed slabs, then back to slabs
		// Of the 4×8 complex64 places, each device keeps its 2×4 block.
		moved := exchanges * (4*8 - 2*(2*4)) * 8
		if s.untimed() || !(s.TotalMS > 0 && s.ComputeMS > 0 && s.ExchangeMS > 0) || s.ExchangedBytes != moved || !(s.RelL2 <= multiCheckTol) || !(s.CopyPct > 0 && s.BothWaysPct > 0 && s.AllToAllPct > 0) {
			t.Errorf("slab row %+v (want %d bytes moved)", s, moved)
		}
	}
}

// TestBenchMultiSeparateContexts runs bench --multi with a context for
// each device, whose copies go through host memory.
// On another API the flag is an error.
func TestBenchMultiSeparateContexts(t *testing.T) {
	thr := cludatest.Thread(t)
	jsonFile := filepath.Join(t.TempDir(), "multi.json")
	args := []string{"bench", "--multi", "--devices", "2", "--repeat", "--separate-contexts", "--mib", "0.000244140625", "--sizes", "8",
		"--shape", "4,8", "--runs", "1", "--json", jsonFile}
	if thr.API() != cluda.OpenCL {
		tool.Errors(t, []clitest.ErrorCase{{args, "--separate-contexts applies to OpenCL devices"}})
		return
	}
	stdout, _ := tool.OK(t, args...)
	if !strings.Contains(stdout, "(a context for each device)") {
		t.Errorf("the output does not say the contexts are separate:\n%s", stdout)
	}
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var rep multiReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JSON does not decode: %v", err)
	}
	if !rep.SeparateContexts || len(rep.Copies) != 3 {
		t.Fatalf("separate contexts %v, %d copies; want true, 3", rep.SeparateContexts, len(rep.Copies))
	}
	for _, c := range rep.Copies {
		if c.Path != cluda.CopyHost.String() || c.untimed() {
			t.Errorf("copy %+v, want a timed copy through the host", c)
		}
	}
	for _, s := range rep.Slabs {
		if s.untimed() || !(s.RelL2 <= multiCheckTol) {
			t.Errorf("slab row %+v", s)
		}
	}
}

func TestBenchMultiErrors(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--multi", "--pipeline"}, "--pipeline does not apply to --multi"},
		{[]string{"bench", "--multi", "--algos"}, "--algos does not apply to --multi"},
		{[]string{"bench", "--multi", "--shape", "64"}, "two or more dimensions"},
		{[]string{"bench", "--multi", "--devices", "0"}, "--devices"},
		{[]string{"bench", "--multi", "--runs", "-1"}, "cannot be negative"},
		{[]string{"bench", "--devices", "2"}, "--devices needs --multi"},
		{[]string{"bench", "--repeat"}, "--repeat needs --multi"},
		{[]string{"bench", "--separate-contexts"}, "--separate-contexts needs --multi"},
	})
}
