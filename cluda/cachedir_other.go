//go:build !unix

package cluda

import "os"

// openEntryFlags add nothing where the system has no FIFOs or
// O_NOFOLLOW: Lstat and Stat of the open file check the entry instead.
const openEntryFlags = 0

// checkPrivate accepts every directory: ownership and permission bits as
// Unix has them do not exist here.
func checkPrivate(fi os.FileInfo) error { return nil }

// checkParentDir accepts every directory, as checkPrivate does.
func checkParentDir(fi os.FileInfo) error { return nil }
