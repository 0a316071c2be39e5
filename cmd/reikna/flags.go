package main

import (
	"flag"
	"math/bits"
	"strings"
)

// parseArgs parses the flags of fs wherever they stand among the positional
// arguments (package flag stops at the first positional one), so that
// "reikna fft in.txt out.txt --inverse" works as well as the flags first.
// After "--" every argument is positional. It returns the positional
// arguments in order.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// listFlag is a flag that may be given several times; each value is kept
// in order.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, " ") }

func (l *listFlag) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// nextPow2 returns the smallest power of two not less than n.
func nextPow2(n int) int {
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len(uint(n-1))
}
