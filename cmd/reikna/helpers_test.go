package main

import (
	"bytes"
	"strings"
	"testing"
)

// runOK runs the tool and fails the test on an error.
func runOK(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("reikna %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
	}
	return out.String(), errOut.String()
}

// errorCase is a command line that must fail with an error that contains
// want.
type errorCase struct {
	args []string
	want string
}

// checkErrors runs each case as a subtest named by its arguments.
func checkErrors(t *testing.T, cases []errorCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) { wantError(t, tt.args, tt.want) })
	}
}

// wantError runs the tool and fails the test unless it returns an error
// that contains want.
func wantError(t *testing.T, args []string, want string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(args, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("reikna %s: got %v\nwant an error containing %q", strings.Join(args, " "), err, want)
	}
}
