//go:build !unix

package cluda

import (
	"errors"
	"os"
)

// lockFile fails where the system offers no advisory locks that its
// death releases: a process could not tell a live holder from a dead one.
func lockFile(f *os.File) error { return errors.ErrUnsupported }

// tryLockFile never takes a lock, as lockFile cannot give one.
func tryLockFile(f *os.File) (bool, error) { return false, nil }
