//go:build unix

package cluda

import (
	"fmt"
	"os"
	"syscall"
)

// openEntryFlags open a cache entry without following a symbolic link at
// its name, and without blocking on a FIFO there.
const openEntryFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK

// checkPrivate returns an error unless the directory fi describes belongs
// to the user and no other user can write it.
func checkPrivate(fi os.FileInfo) error {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("it belongs to user %d, not to this user (%d)", st.Uid, os.Geteuid())
	}
	if perm := fi.Mode().Perm(); perm&0o022 != 0 {
		return fmt.Errorf("other users can write it (mode %#o; chmod go-w, or choose another directory)", perm)
	}
	return nil
}

// checkParentDir returns an error unless the directory fi describes keeps
// what the user puts in it: no other user but root owns it, and other
// users who can write it cannot rename or remove what is not theirs (the
// sticky bit of /tmp). Otherwise a directory checked in it could be
// swapped for another, or for a symbolic link, once checked.
func checkParentDir(fi os.FileInfo) error {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Uid != 0 && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("it belongs to user %d, who could replace what it holds", st.Uid)
	}
	if perm := fi.Mode().Perm(); perm&0o022 != 0 && fi.Mode()&os.ModeSticky == 0 {
		return fmt.Errorf("other users can write it and, without the sticky bit (mode %#o), replace what it holds", perm)
	}
	return nil
}
