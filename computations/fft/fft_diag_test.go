package fft_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestFFTDiagnostics writes, for the lengths in REIKNA_DIAG_SIZES, each
// kernel's source, its build error if any, and the device binary (PTX on
// NVIDIA, for ptxas -v) into REIKNA_DIAG_DIR. It runs only when that is set.
func TestFFTDiagnostics(t *testing.T) {
	dir := os.Getenv("REIKNA_DIAG_DIR")
	if dir == "" {
		t.Skip("REIKNA_DIAG_DIR is not set")
	}
	thr := cludatest.Thread(t)
	for _, s := range strings.Split(os.Getenv("REIKNA_DIAG_SIZES"), ",") {
		n, err := strconv.Atoi(s)
		if err != nil {
			continue
		}
		batch := max((64<<20)/(n*8), 1)
		f, err := fft.NewTunedFFT(core.ArrayOf(dtypes.Complex64, batch, n), []int{1}, fft.FFTOptions{}, benchTuning())
		if err != nil {
			t.Fatal(err)
		}
		c, err := f.Compile(thr)
		if err != nil {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("n%d.error.txt", n)), []byte(err.Error()), 0o644)
			t.Logf("N=%d: %v", n, err)
			continue
		}
		for i, k := range c.Kernels() {
			base := filepath.Join(dir, fmt.Sprintf("n%d_k%d", n, i))
			os.WriteFile(base+".cl", []byte(k.Source), 0o644)
			src := k.Source
			if os.Getenv("REIKNA_DIAG_REQD") != "" {
				src = strings.Replace(src, "KERNEL void", fmt.Sprintf("__kernel __attribute__((reqd_work_group_size(%d, 1, 1))) void", k.LocalSize[0]), 1)
			}
			var opts []string
			if o := os.Getenv("REIKNA_DIAG_OPTIONS"); o != "" {
				opts = strings.Fields(o)
			}
			sk, err := thr.CompileStatic(src, k.Name, k.GlobalSize, cluda.StaticOptions{Local: k.LocalSize, CompileOptions: cluda.CompileOptions{Options: opts}})
			if err != nil {
				t.Logf("N=%d kernel %d: %v", n, i, err)
				continue
			}
			if log, err := sk.Kernel().Program().BuildLog(); err == nil && log != "" {
				t.Logf("N=%d kernel %d build log: %s", n, i, log)
			}
			if bin, err := sk.Kernel().Program().Binary(); err == nil {
				os.WriteFile(base+".ptx", bin, 0o644)
			}
			info, _ := sk.Kernel().WorkGroupInfo()
			t.Logf("N=%d kernel %d %s: global %v local %v, %+v", n, i, k.Name, k.GlobalSize, k.LocalSize, info)
		}
		c.Release()
	}
}
