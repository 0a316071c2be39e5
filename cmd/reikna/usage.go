package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// errReported marks an error that a command has printed already, with its
// usage after it, so that main does not print it again.
var errReported = errors.New("reported")

// reportedError is an error a command printed before its usage.
type reportedError struct{ err error }

func (e reportedError) Error() string { return e.err.Error() }
func (e reportedError) Unwrap() []error {
	return []error{e.err, errReported}
}

// usageFailure prints err first, where the eye lands, then the usage of
// fs below it, and returns err marked as printed.
func usageFailure(fs *flag.FlagSet, stderr io.Writer, err error) error {
	fmt.Fprintf(stderr, "reikna: %v\n\n", err)
	fs.Usage()
	return reportedError{err}
}

// printError prints the error a command returned, unless the command has
// printed it already or it is a request for help.
func printError(stderr io.Writer, err error) {
	if errors.Is(err, flag.ErrHelp) || errors.Is(err, errReported) {
		return
	}
	fmt.Fprintln(stderr, "reikna:", err)
}
