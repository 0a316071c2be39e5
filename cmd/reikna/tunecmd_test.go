package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
)

// TestTuneCommand tunes two FFTs, exports the choices and imports them
// again, and refuses arguments that name no case.
func TestTuneCommand(t *testing.T) {
	t.Setenv(cluda.CacheDirEnv, t.TempDir())
	file := filepath.Join(t.TempDir(), "wisdom.jsonl")
	var out, errOut bytes.Buffer
	if err := run([]string{"tune", "--shape", "8,20", "--axes", "1", "--shape", "6,6", "--matmul", "24,40,16", "--export", file}, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	for _, want := range []string{"fft complex64 [8 20] axes [1]: ", "fft complex64 [6 6] axes [0 1]: ", "matmul float32 24x40x16: ", "the rules' plan", "wrote " + file} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `fft complex64 [8 20] axes [1]","choice":"`) {
		t.Errorf("the exported wisdom lacks the first case:\n%s", data)
	}
	out.Reset()
	if err := run([]string{"tune", "--import", file}, &out, &errOut); err != nil {
		t.Errorf("--import alone: %v", err)
	}
	for _, args := range [][]string{{"tune"}, {"tune", "--axes", "1"}, {"tune", "--shape", "8,x"}, {"tune", "--matmul", "8,8"}, {"tune", "--matmul", "8,8,8", "--axes", "0"}} {
		if err := run(args, &out, &errOut); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
