package lab

import (
	"flag"
	"fmt"
	"io"

	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// tool runs command lines of the bench command in tests.
var tool = clitest.Runner(runBench)

// runBench runs args, a command line of the bench command from its name on,
// as reikna bench does: its flags as AddFlags defines them, then Bench.
func runBench(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "bench" {
		return fmt.Errorf("the lab runs the bench command alone, not %q", args)
	}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := AddFlags(fs)
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %v", fs.Args())
	}
	o.Record(fs, args[1:])
	return Bench(o, stdout, stderr)
}
