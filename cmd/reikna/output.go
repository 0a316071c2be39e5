package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// describe says what the job computes: "forward FFT (complex64) of 1000
// values from data.txt, zero-padded to 1024".
func (j *fftPlan) describe(inverse bool, in string) string {
	dir := "forward"
	if inverse {
		dir = "inverse"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s FFT (%v)", dir, j.dtype)
	if len(j.shape) > 1 {
		fmt.Fprintf(&b, " over %s", cliutil.AxesString(j.axes))
	}
	fmt.Fprintf(&b, " of %s values from %s", cliutil.DimsString(j.shape), displayName(in))
	if !slices.Equal(j.shape, j.padded) {
		fmt.Fprintf(&b, ", zero-padded to %s", cliutil.DimsString(j.padded))
	}
	return b.String()
}

// writeResult writes the result to w, one "re im" per line with the
// digits that round-trip the precision, after a comment that says what it
// is (the input format skips it, so the file can be read back).
func writeResult[T cliutil.Complex](w io.Writer, j *fftJob[T], result []T, inverse bool, thr *cluda.Thread, in string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# reikna fft: %s, on %s\n", j.describe(inverse, in), thr.Params().Name)
	if len(j.padded) > 1 {
		fmt.Fprintf(bw, "# shape %s in row-major order, one \"re im\" per line\n", cliutil.DimsString(j.padded))
	} else {
		fmt.Fprintf(bw, "# %d values, one \"re im\" per line\n", len(result))
	}
	bits := bitSize[T]()
	buf := make([]byte, 0, 64)
	for _, v := range result {
		// +0 for -0, which reads the same and is less puzzling.
		c := complex128(v)
		re, im := real(c)+0, imag(c)+0
		buf = strconv.AppendFloat(buf[:0], re, 'g', -1, bits)
		buf = append(buf, ' ')
		buf = strconv.AppendFloat(buf, im, 'g', -1, bits)
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
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
