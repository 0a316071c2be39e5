// Package refusal checks, for the fuzz tests of the module's packages, that
// an error refusing bad input is a clear one: it starts with the name of
// the package and of what refused, does not repeat the package's prefix of
// a wrapped error of its own, and names a value from the input.
package refusal
