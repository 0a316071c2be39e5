package lab

import (
	"fmt"
	"strings"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// parseSizes parses --sizes: a comma-separated list of lengths and ranges
// A-B, which stand for A, 2A, 4A, ... up to B. Lengths may be written 2^k.
func parseSizes(s string) ([]int, error) {
	const usage = "(want lengths and ranges separated by commas, such as 16-65536 or 100,1000,2^20)"
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		lo, hi, isRange := strings.Cut(f, "-")
		a, err := cliutil.ParseInt(lo)
		if err != nil || a < 1 {
			return nil, fmt.Errorf("--sizes %s: %q is not a length %s", s, f, usage)
		}
		if !isRange {
			out = append(out, a)
			continue
		}
		b, err := cliutil.ParseInt(hi)
		if err != nil || b < a {
			return nil, fmt.Errorf("--sizes %s: %q is not a range A-B with A ≤ B %s", s, f, usage)
		}
		for n := a; n <= b; n *= 2 {
			out = append(out, n)
		}
	}
	return out, nil
}
