package main

import (
	"testing"

	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// The bench command's flags and runs are tested in internal/lab; the
// command line's arguments are the tool's.
func TestBenchArguments(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "1024"}, "bench: unexpected arguments [1024] (the sizes go in --sizes)"},
		{[]string{"bench", "--no-such-flag"}, "flag provided but not defined: -no-such-flag"},
	})
}
