package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// inputFormat is what a line of an input file may hold, for error
// messages.
const inputFormat = `want a real value or "re im"`

// bitSize returns the bits of a real part of T: 32 or 64.
func bitSize[T cliutil.Complex]() int {
	var zero T
	if _, ok := any(zero).(complex64); ok {
		return 32
	}
	return 64
}

// inputLimit bounds the values an input may hold: reading stops with the
// error of tooMany at the first value past max.
type inputLimit struct {
	max     int
	tooMany func(name string) error
}

// noInputLimit reads every value.
var noInputLimit = inputLimit{max: math.MaxInt}

// openInput opens the input file name, or standard input (stdin) for "-",
// and returns it with its name for messages.
func openInput(name string, stdin io.Reader) (io.ReadCloser, string, error) {
	if name == "-" {
		return io.NopCloser(stdin), "standard input", nil
	}
	f, err := os.Open(name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, "", fmt.Errorf("%s: no such file", name)
		}
		return nil, "", err
	}
	return f, name, nil
}

// parseValues reads the numbers of a text file: one number per line, either
// a real value or a real and an imaginary part separated by blanks. Blank
// lines and everything after a # are skipped. name is the file's name in
// errors, which give its line. Reading stops at the first value past
// limit, so that an input too large is refused without reading it all;
// the values are held in T as they come.
func parseValues[T cliutil.Complex](r io.Reader, name string, limit inputLimit) ([]T, error) {
	bits := bitSize[T]()
	var values []T
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		v, ok, err := parseLine(sc.Text(), bits)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if !ok {
			continue
		}
		if len(values) == limit.max {
			return nil, limit.tooMany(name)
		}
		if len(values) == cap(values) {
			// Grow by doubling, but never past the limit.
			grown := make([]T, len(values), min(max(2*cap(values), 1024), limit.max))
			copy(grown, values)
			values = grown
		}
		values = append(values, T(v))
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s: a line is longer than 16 MiB (%s on each line)", name, inputFormat)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(values) == 0 {
		return nil, fmt.Errorf("%s: no numbers in the file (write one number per line: a real value or \"re im\")", name)
	}
	return values, nil
}

// parseLine parses a line of an input file: a real value, a real and an
// imaginary part, or nothing (ok false) where the line is blank or a
// comment. Each part is rounded to a float of bits (32 or 64).
func parseLine(text string, bits int) (v complex128, ok bool, err error) {
	text, _, _ = strings.Cut(text, "#")
	fields := strings.Fields(text)
	switch {
	case len(fields) == 0:
		return 0, false, nil
	case len(fields) > 2:
		return 0, false, fmt.Errorf("%d numbers on the line %q (%s)", len(fields), strings.TrimSpace(text), inputFormat)
	}
	var parts [2]float64
	for i, f := range fields {
		if parts[i], err = parseNumber(f, bits); err != nil {
			return 0, false, err
		}
	}
	return complex(parts[0], parts[1]), true, nil
}

// parseNumber parses one number and rounds it to a float of bits (32 or
// 64). A number that is not finite, or whose magnitude is too large for
// the float (it would round to infinity), is an error: the transform
// would turn it into Inf or NaN silently.
func parseNumber(s string, bits int) (float64, error) {
	v, err := strconv.ParseFloat(s, bits)
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange):
		// Only magnitudes too large are out of range: those too small
		// round to a subnormal or zero, as the device would round them.
		return 0, fmt.Errorf("%q is out of the range of %s (magnitudes up to %s)", s, floatName(bits), strconv.FormatFloat(maxFloat(bits), 'g', -1, bits))
	case err != nil:
		return 0, fmt.Errorf("%q is not a number (%s)", s, inputFormat)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("%q is not a finite number (%s)", s, inputFormat)
	}
	return v, nil
}

// floatName names the float of bits in messages.
func floatName(bits int) string {
	if bits == 32 {
		return "float32 (--precision single)"
	}
	return "float64"
}

func maxFloat(bits int) float64 {
	if bits == 32 {
		return math.MaxFloat32
	}
	return math.MaxFloat64
}
