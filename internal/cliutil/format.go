package cliutil

import (
	"fmt"
	"strconv"
	"strings"
)

// DimsString is "1000" for one axis and "64×100" for more.
func DimsString(shape []int) string { return JoinInts(shape, "×") }

// JoinInts writes the numbers in decimal, separated by sep.
func JoinInts(v []int, sep string) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}

// AxesString names the axes, such as "axis 1" or "axes 0, 1".
func AxesString(axes []int) string {
	if len(axes) == 1 {
		return fmt.Sprintf("axis %d", axes[0])
	}
	s := make([]string, len(axes))
	for i, a := range axes {
		s[i] = fmt.Sprint(a)
	}
	return "axes " + strings.Join(s, ", ")
}

// Plural returns "1 kernel" or "3 kernels".
func Plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// BytesString writes a number of bytes in B, KiB, MiB or GiB, such as
// "16 GiB" or "1.5 MiB".
func BytesString(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
