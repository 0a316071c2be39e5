package cluda

import (
	"fmt"
	"log"
	"sync"
)

// Warnings report conditions that do not stop the work but that a user
// should know about, such as a program cache directory that cannot be
// used. They go to the standard log package's logger unless
// SetWarningLogger chooses another.
var (
	warnMu     sync.Mutex
	warnLogger *log.Logger         // nil: log.Default()
	warnQuiet  bool                // SetWarningLogger(nil) was called
	warned     = map[string]bool{} // the keys of the warnings already given
)

// SetWarningLogger sends the package's warnings to l; nil discards them.
// By default they go to the standard log package's logger (standard
// error), each at most once per process.
func SetWarningLogger(l *log.Logger) {
	warnMu.Lock()
	defer warnMu.Unlock()
	warnLogger, warnQuiet = l, l == nil
}

// warnOnce logs a warning the first time it is given for key.
func warnOnce(key, format string, args ...any) {
	warnMu.Lock()
	defer warnMu.Unlock()
	if warned[key] {
		return
	}
	warned[key] = true
	if warnQuiet {
		return
	}
	l := warnLogger
	if l == nil {
		l = log.Default()
	}
	l.Print("cluda: warning: " + fmt.Sprintf(format, args...))
}
