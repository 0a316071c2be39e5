//go:build !unix

package cluda

import "errors"

func makeFIFO(path string) error { return errors.New("no FIFOs on this system") }
