package cliutil

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ParseInts parses a comma-separated list of integers, such as "8,1024".
// what names the list in errors ("--shape").
func ParseInts(what, s string, min int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("%s is empty (want numbers separated by commas, such as 8,1024)", what)
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := ParseInt(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%s %s: %q is not a whole number", what, s, f)
		}
		if v < min {
			return nil, fmt.Errorf("%s %s: %d is less than %d", what, s, v, min)
		}
		out = append(out, v)
	}
	return out, nil
}

// ParseAxes parses --axes for data of rank axes: a comma-separated list
// of distinct axes from 0 to rank-1, or all of them in order where s is
// empty.
func ParseAxes(s string, rank int) ([]int, error) {
	if s == "" {
		return AllAxes(rank), nil
	}
	axes, err := ParseInts("--axes", s, 0)
	if err != nil {
		return nil, err
	}
	for i, a := range axes {
		switch {
		case a >= rank && rank == 1:
			return nil, fmt.Errorf("--axes %s: the data has one axis, 0", s)
		case a >= rank:
			return nil, fmt.Errorf("--axes %s: the data has axes 0 to %d", s, rank-1)
		}
		if slices.Contains(axes[:i], a) {
			return nil, fmt.Errorf("--axes %s: axis %d is repeated", s, a)
		}
	}
	return axes, nil
}

// AllAxes returns the axes 0 to rank-1.
func AllAxes(rank int) []int {
	axes := make([]int, rank)
	for a := range axes {
		axes[a] = a
	}
	return axes
}

// ParseInt parses a whole number, written out or as a power of two "2^k".
func ParseInt(s string) (int, error) {
	if base, exp, ok := strings.Cut(s, "^"); ok {
		k, err := strconv.Atoi(exp)
		if base != "2" || err != nil || k < 0 || k > 40 {
			return 0, fmt.Errorf("%q is not a power of two 2^k with k from 0 to 40", s)
		}
		return 1 << k, nil
	}
	return strconv.Atoi(s)
}
