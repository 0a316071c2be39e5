// Package cliutil holds what the commands of the command-line tool and
// its benchmark lab (internal/lab) share: opening the device, the flags of
// numbers, precision and API, the parsing of lists of numbers and axes,
// the progress bar, the comparison with a float64 reference, the
// transformations that --in and --out name, and the formatting of shapes,
// sizes and counts.
package cliutil
