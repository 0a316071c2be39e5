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
)

// inputFormat is what a line of an input file may hold, for error
// messages.
const inputFormat = `want a real value or "re im"`

// readValues reads the numbers of a text file: one number per line, either
// a real value or a real and an imaginary part separated by blanks. Blank
// lines and everything after a # are skipped. name is "-" for standard
// input, which stdin gives. Errors name the file and line.
func readValues(name string, stdin io.Reader) ([]complex128, error) {
	r, display := stdin, "standard input"
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("%s: no such file", name)
			}
			return nil, err
		}
		defer f.Close()
		r, display = f, name
	}
	values, err := parseValues(r, display)
	if err != nil {
		return nil, err
	}
	if len(values) == 0 {
		return nil, fmt.Errorf("%s: no numbers in the file (write one number per line: a real value or \"re im\")", display)
	}
	return values, nil
}

// parseValues parses the lines of r; name is the file's name in errors.
func parseValues(r io.Reader, name string) ([]complex128, error) {
	var values []complex128
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(fields) > 2 {
			return nil, fmt.Errorf("%s:%d: %d numbers on the line %q (%s)", name, line, len(fields), strings.TrimSpace(text), inputFormat)
		}
		var parts [2]float64
		for i, f := range fields {
			v, err := strconv.ParseFloat(f, 64)
			switch {
			case err != nil && errors.Is(err, strconv.ErrRange):
				return nil, fmt.Errorf("%s:%d: %q is out of the range of float64", name, line, f)
			case err != nil:
				return nil, fmt.Errorf("%s:%d: %q is not a number (%s)", name, line, f, inputFormat)
			case math.IsNaN(v) || math.IsInf(v, 0):
				return nil, fmt.Errorf("%s:%d: %q is not a finite number (%s)", name, line, f, inputFormat)
			}
			parts[i] = v
		}
		values = append(values, complex(parts[0], parts[1]))
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s: a line is longer than 16 MiB (%s on each line)", name, inputFormat)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return values, nil
}
