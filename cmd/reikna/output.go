package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/dtypes"
)

// describe says what the job computes: "forward FFT (complex64) of 1000
// values from data.txt, zero-padded to 1024".
func (j *fftJob) describe(inverse bool, in string) string {
	dir := "forward"
	if inverse {
		dir = "inverse"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s FFT (%v)", dir, j.dtype)
	if len(j.shape) > 1 {
		fmt.Fprintf(&b, " over %s", axesString(j.axes))
	}
	fmt.Fprintf(&b, " of %s values from %s", dimsString(j.shape), displayName(in))
	if !slices.Equal(j.shape, j.padded) {
		fmt.Fprintf(&b, ", zero-padded to %s", dimsString(j.padded))
	}
	return b.String()
}

// dimsString is "1000" for one axis and "64×100" for more.
func dimsString(shape []int) string { return joinInts(shape, "×") }

// joinInts writes the numbers in decimal, separated by sep.
func joinInts(v []int, sep string) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}

// writeResult writes the result to out ("-": stdout), one "re im" per line
// with the digits that round-trip the precision, after a comment that says
// what it is (the input format skips it, so the file can be read back).
func writeResult(out string, stdout io.Writer, j *fftJob, result []complex128, inverse bool, thr *cluda.Thread, in string) (err error) {
	w := stdout
	if out != "-" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := f.Close(); err == nil && cerr != nil {
				err = cerr
			}
		}()
		w = f
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# reikna fft: %s, on %s\n", j.describe(inverse, in), thr.Params().Name)
	if len(j.padded) > 1 {
		fmt.Fprintf(bw, "# shape %s in row-major order, one \"re im\" per line\n", dimsString(j.padded))
	} else {
		fmt.Fprintf(bw, "# %d values, one \"re im\" per line\n", len(result))
	}
	bitSize := 64
	if j.dtype == dtypes.Complex64 {
		bitSize = 32
	}
	buf := make([]byte, 0, 64)
	for _, v := range result {
		// +0 for -0, which reads the same and is less puzzling.
		re, im := real(v)+0, imag(v)+0
		buf = strconv.AppendFloat(buf[:0], re, 'g', -1, bitSize)
		buf = append(buf, ' ')
		buf = strconv.AppendFloat(buf, im, 'g', -1, bitSize)
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", outName(out), err)
	}
	return nil
}

func displayName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

func outName(name string) string {
	if name == "-" {
		return "standard output"
	}
	return name
}
