// Package clitest runs command lines of the command-line tool in tests:
// it checks that one succeeds, or that it fails with a given error.
package clitest

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// A Runner runs a command line as the tool does, writing to stdout and
// stderr.
type Runner func(args []string, stdout, stderr io.Writer) error

// OK runs args with run and fails the test on an error.
func (run Runner) OK(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("reikna %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
	}
	return out.String(), errOut.String()
}

// An ErrorCase is a command line that must fail with an error that
// contains Want. It is a struct literal type, so that tables of cases in
// other packages may leave out the field names.
type ErrorCase = struct {
	Args []string
	Want string
}

// Errors runs each case with run as a subtest named by its arguments.
func (run Runner) Errors(t *testing.T, cases []ErrorCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(strings.Join(tt.Args, " "), func(t *testing.T) { run.Error(t, tt.Args, tt.Want) })
	}
}

// Error runs args with run and fails the test unless it returns an error
// that contains want.
func (run Runner) Error(t *testing.T, args []string, want string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(args, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("reikna %s: got %v\nwant an error containing %q", strings.Join(args, " "), err, want)
	}
}
