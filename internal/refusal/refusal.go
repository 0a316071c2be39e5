package refusal

import (
	"fmt"
	"regexp"
	"strings"
)

// Check returns nil if err is a clear refusal, and otherwise an error that
// says why not. A clear refusal's message starts with prefix (the package
// and what refused, such as "computations: FFT"), holds the package's own
// prefix pkg (such as "computations: ") once at most, not again in an
// error it wraps, and names at least one of values (shapes' lengths,
// axes, dtypes, constants, options; the elements of an []int each count)
// as a word of its own.
func Check(err error, pkg, prefix string, values ...any) error {
	if err == nil {
		return fmt.Errorf("no error, want a refusal starting with %q", prefix)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) {
		return fmt.Errorf("error %q does not start with %q", msg, prefix)
	}
	if n := Prefixes(msg, pkg); n > 1 {
		return fmt.Errorf("error %q nests %d prefixes of the package", msg, n)
	}
	for _, other := range packages {
		if other != pkg && Prefixes(msg, other) > 0 {
			return fmt.Errorf("error %q nests the prefix %q of another package under %q", msg, other, pkg)
		}
	}
	var words []string
	for _, v := range values {
		if s, ok := v.([]int); ok {
			for _, x := range s {
				words = append(words, fmt.Sprint(x))
			}
			continue
		}
		words = append(words, fmt.Sprint(v))
	}
	for _, w := range words {
		if regexp.MustCompile(`(^|[^\w.-])` + regexp.QuoteMeta(w) + `($|[^\w])`).MatchString(msg) {
			return nil
		}
	}
	return fmt.Errorf("error %q names none of the values given, %q", msg, words)
}

// Prefixes counts the package prefix pkg (such as "fft: ") in msg where it
// starts a word, so that the "fft: " at the end of "rfft: " does not
// count.
func Prefixes(msg, pkg string) int {
	return len(regexp.MustCompile(`\b`+regexp.QuoteMeta(pkg)).FindAllStringIndex(msg, -1))
}

// packages are the prefixes of the project's packages whose errors a
// refusal of another package puts its own words around rather than nests.
var packages = []string{"core: ", "cluda: ", "dtypes: ", "computations: ", "fft: ", "transformations: ", "cbrng: ", "multi: "}
