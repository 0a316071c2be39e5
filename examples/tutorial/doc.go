// Package tutorial holds the code of the tutorial, docs/tutorial.md: every
// code block of the tutorial is part of an Example of this package (or of
// another package the tutorial cites), which go test compiles and runs
// and checks against its // Output: comment. A test of the package checks
// that each block of the tutorial still appears verbatim in the code it
// names, so that the tutorial cannot drift from code that runs.
//
// The package itself holds no code; read the tutorial, and the Examples in
// its _test.go files, with:
//
//	go test ./examples/tutorial -v
package tutorial
