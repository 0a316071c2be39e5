package lab

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
)

// gpuCompareScript is scripts/gpu_compare.sh, from this package's
// directory.
const gpuCompareScript = "../../scripts/gpu_compare.sh"

// fakeReikna is a stand-in for the reikna binary: it logs the API of each
// command it runs (REIKNA_API) and its arguments to $FAKE_LOG, prints
// $FAKE_DEVICES for `devices --json` and $FAKE_SWEEP for `bench --sweep
// --list`, copies $FAKE_SWEEP_JSON to the --json file of `bench --sweep`,
// and measures nothing.
const fakeReikna = `#!/bin/sh
echo "${REIKNA_API:-unset} $*" >>"$FAKE_LOG"
if [ "$1 $2" = "devices --json" ]; then
	cat "$FAKE_DEVICES"
fi
case " $* " in
*" --list "*)
	echo "$FAKE_SWEEP"
	;;
*" --sweep "*)
	while [ $# -gt 1 ] && [ "$1" != --json ]; do shift; done
	cp "$FAKE_SWEEP_JSON" "$2"
	;;
esac
`

// The platforms of `reikna devices --json` that the fake binary lists.
const (
	openCLPlatform   = `{"name": "NVIDIA CUDA", "version": "OpenCL 3.0 CUDA", "devices": [{"name": "NVIDIA H200"}]}`
	cudaPlatform     = `{"name": "` + cluda.CUDAPlatformName + `", "version": "CUDA 12.8", "devices": [{"name": "NVIDIA H200"}]}`
	cudaNoDevicePlat = `{"name": "` + cluda.CUDAPlatformName + `", "version": "CUDA 12.8 (unavailable: NVRTC not found)", "devices": []}`
)

// lookGPUCompare returns the path of bash, and skips the test where bash
// or python3, which scripts/gpu_compare.sh needs, is missing.
func lookGPUCompare(t *testing.T) string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to run scripts/gpu_compare.sh")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3 for scripts/gpu_compare.sh")
	}
	return bash
}

// fakeRun writes the fake reikna binary, and the file of the platforms
// that it lists, into a new directory, and returns their paths, that of
// the binary's log and that of the output directory of a run.
func fakeRun(t *testing.T, platforms []string) (binary, devices, log, out string) {
	t.Helper()
	dir := t.TempDir()
	binary, devices, log, out = filepath.Join(dir, "reikna"), filepath.Join(dir, "devices.json"), filepath.Join(dir, "log"), filepath.Join(dir, "out")
	if err := os.WriteFile(binary, []byte(fakeReikna), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(devices, []byte("["+strings.Join(platforms, ", ")+"]"), 0o644); err != nil {
		t.Fatal(err)
	}
	return binary, devices, log, out
}

// TestGPUCompareAPI checks gpu_compare.sh --api: every reikna command runs
// with REIKNA_API set to the API chosen, api.txt names it, and a run stops
// with status 2 and a clear message on an unknown API or where there is
// no device of the API.
func TestGPUCompareAPI(t *testing.T) {
	bash := lookGPUCompare(t)
	tests := []struct {
		name      string
		args      []string // the options; the fake binary and the output directory follow, but after a lone --api
		env       string   // REIKNA_API in the environment
		platforms []string
		wantAPI   string // the API of every command, "" where the run must fail
		wantOut   string
	}{
		{"cuda", []string{"--api", "cuda"}, "", []string{openCLPlatform, cudaPlatform}, "cuda", "cuda devices: NVIDIA H200"},
		{"default", nil, "cuda", []string{openCLPlatform, cudaPlatform}, "opencl", "REIKNA_API=cuda of the environment is not used"},
		{"no CUDA", []string{"--api=CUDA"}, "", []string{openCLPlatform}, "", "lists no CUDA platform"},
		{"no CUDA device", []string{"--api", "cuda"}, "", []string{openCLPlatform, cudaNoDevicePlat}, "", "unavailable: NVRTC not found"},
		{"no OpenCL", []string{"--api", "opencl"}, "", []string{cudaPlatform}, "", "no OpenCL platform with a device"},
		{"unknown API", []string{"--api", "vulkan"}, "", nil, "", `unknown API "vulkan"`},
		{"no API", []string{"--api"}, "", nil, "", "--api needs an API"},
		{"unknown option", []string{"--apis", "cuda"}, "", nil, "", `unknown option "--apis"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			binary, devices, log, out := fakeRun(t, tt.platforms)
			args := append([]string{gpuCompareScript}, tt.args...)
			if !slices.Equal(tt.args, []string{"--api"}) {
				args = append(args, binary, out)
			}
			cmd := exec.Command(bash, args...)
			cmd.Env = append(os.Environ(), "FAKE_LOG="+log, "FAKE_DEVICES="+devices, "SETS=startup", "REIKNA_API="+tt.env)
			output, err := cmd.CombinedOutput()
			if !strings.Contains(string(output), tt.wantOut) {
				t.Errorf("the output lacks %q:\n%s", tt.wantOut, output)
			}
			if tt.wantAPI == "" {
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 2 {
					t.Errorf("gpu_compare.sh %s: %v, want exit status 2\n%s", strings.Join(tt.args, " "), err, output)
				}
				return
			}
			if err != nil {
				t.Fatalf("gpu_compare.sh %s: %v\n%s", strings.Join(tt.args, " "), err, output)
			}
			logged, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(string(logged)), "\n")
			if len(lines) < 4 { // devices, devices --json, two benches
				t.Errorf("reikna ran %d commands, want 4 or more:\n%s", len(lines), logged)
			}
			for _, l := range lines {
				if api, _, _ := strings.Cut(l, " "); api != tt.wantAPI {
					t.Errorf("reikna ran %q on API %q, want %q", l, api, tt.wantAPI)
				}
			}
			if got, err := os.ReadFile(filepath.Join(out, "api.txt")); err != nil || string(got) != tt.wantAPI+"\n" {
				t.Errorf("api.txt holds %q (%v), want %q", got, err, tt.wantAPI)
			}
		})
	}
}

// TestGPUCompareSweep checks the set sweep of gpu_compare.sh: the lengths
// come from reikna bench --sweep --list, with SWEEP and SWEEP_SAMPLE, and
// reikna times exactly those; the summary is written to sweep.txt,
// sweep.md and sweep_ratios.json; a list of no lengths stops the run with
// status 2.
func TestGPUCompareSweep(t *testing.T) {
	bash := lookGPUCompare(t)
	sweepJSON := filepath.Join(writeSweepFixture(t, map[int][3]float64{17: {1, 0, 0}, 4099: {2, 0, 0}}, nil), "sweep.json")
	tests := []struct {
		name      string
		env       []string
		list      string // what reikna bench --sweep --list prints
		wantList  string // the arguments of the --list command
		wantBench string // the arguments of the timed command, before --json
	}{
		{"whole", nil, "17,4099", "bench --sweep --list", "bench --sweep --sizes 17,4099"},
		{"sample", []string{"SWEEP_SAMPLE=2", "MIB=1"}, "17,4099", "bench --sweep --sweep-sample 2 --list", "bench --sweep --mib 1 --sizes 17,4099"},
		{"given", []string{"SWEEP=4099,17,2^4", "SWEEP_SAMPLE=2"}, "17,4099", "bench --sweep --sizes 4099,17,2^4 --sweep-sample 2 --list", "bench --sweep --sizes 17,4099"},
		{"no lengths", []string{"SWEEP_SAMPLE=0"}, "", "bench --sweep --sweep-sample 0 --list", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			binary, devices, log, out := fakeRun(t, []string{openCLPlatform})
			cmd := exec.Command(bash, gpuCompareScript, binary, out)
			// No VkFFT header and no CUDA device for PyTorch: the peers are
			// left out wherever the test runs, a GPU machine too.
			cmd.Env = append(os.Environ(), "FAKE_LOG="+log, "FAKE_DEVICES="+devices, "FAKE_SWEEP="+tt.list, "FAKE_SWEEP_JSON="+sweepJSON,
				"SETS=sweep", "VKFFT_INCLUDE="+t.TempDir(), "SWEEP=", "SWEEP_SAMPLE=", "MIB=", "CUDA_VISIBLE_DEVICES=")
			cmd.Env = append(cmd.Env, tt.env...)
			output, err := cmd.CombinedOutput()
			logged, _ := os.ReadFile(log)
			if !strings.Contains(string(logged), "opencl "+tt.wantList+"\n") {
				t.Errorf("reikna did not run %q:\n%s", tt.wantList, logged)
			}
			if tt.wantBench == "" {
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(output), "gave no lengths") {
					t.Errorf("gpu_compare.sh: %v, want exit status 2 and a message\n%s", err, output)
				}
				return
			}
			if err != nil {
				t.Fatalf("gpu_compare.sh: %v\n%s", err, output)
			}
			if want := "opencl " + tt.wantBench + " --json " + filepath.Join(out, "sweep.json") + "\n"; !strings.Contains(string(logged), want) {
				t.Errorf("reikna did not run %q:\n%s", want, logged)
			}
			if got, err := os.ReadFile(filepath.Join(out, "sweep_lengths.txt")); err != nil || string(got) != tt.list+"\n" {
				t.Errorf("sweep_lengths.txt holds %q (%v), want %q", got, err, tt.list)
			}
			for file, want := range map[string]string{
				"sweep.txt":         "Sweep of FFT lengths: reikna (OpenCL) against the faster peer",
				"sweep.md":          "## Every length",
				"sweep_ratios.json": `"peers": []`,
			} {
				if got, err := os.ReadFile(filepath.Join(out, file)); err != nil || !strings.Contains(string(got), want) {
					t.Errorf("%s lacks %q (%v):\n%s", file, want, err, got)
				}
			}
			if !strings.Contains(string(output), "no length has a ratio") {
				t.Errorf("the output lacks the summary:\n%s", output)
			}
		})
	}
}

// TestGPUComparePeersFrom checks that PEERS_FROM takes the peers' figures
// of another run's directory in place of running the peers, so that the
// summary of the sweep compares with them, and that a directory that does
// not exist is refused.
func TestGPUComparePeersFrom(t *testing.T) {
	bash := lookGPUCompare(t)
	peers := writeSweepFixture(t, map[int][3]float64{17: {1, 0.5, 2}, 4099: {2, 4, 1}}, nil)
	tests := []struct {
		name, from string
		wantErr    bool
	}{
		{"copied", peers, false},
		{"missing", filepath.Join(peers, "none"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			binary, devices, log, out := fakeRun(t, []string{openCLPlatform})
			cmd := exec.Command(bash, gpuCompareScript, binary, out)
			cmd.Env = append(os.Environ(), "FAKE_LOG="+log, "FAKE_DEVICES="+devices, "FAKE_SWEEP=17,4099",
				"FAKE_SWEEP_JSON="+filepath.Join(peers, "sweep.json"), "SETS=sweep", "VKFFT_INCLUDE="+t.TempDir(),
				"SWEEP=", "SWEEP_SAMPLE=", "MIB=", "PEERS_FROM="+tt.from)
			output, err := cmd.CombinedOutput()
			if tt.wantErr {
				if err == nil || !strings.Contains(string(output), "PEERS_FROM") {
					t.Errorf("gpu_compare.sh: %v, want a refusal naming PEERS_FROM\n%s", err, output)
				}
				return
			}
			if err != nil {
				t.Fatalf("gpu_compare.sh: %v\n%s", err, output)
			}
			for _, f := range []string{"cufft_sweep.json", "vkfft_sweep.json"} {
				if _, err := os.Stat(filepath.Join(out, f)); err != nil {
					t.Errorf("%s not copied: %v", f, err)
				}
			}
			got, err := os.ReadFile(filepath.Join(out, "sweep_ratios.json"))
			if err != nil || !strings.Contains(string(got), "cuFFT") || !strings.Contains(string(got), "VkFFT") {
				t.Errorf("sweep_ratios.json does not compare with both peers (%v):\n%s", err, got)
			}
		})
	}
}

// TestGPUCompareResume checks DEADLINE_S and RESUME: a run past its
// deadline starts no step and exits with status 3, a run that resumes a
// whole one takes its figures rather than running reikna again, and a
// directory of another API's run, or none, is refused.
func TestGPUCompareResume(t *testing.T) {
	bash := lookGPUCompare(t)
	sweepJSON := filepath.Join(writeSweepFixture(t, map[int][3]float64{17: {1, 0, 0}, 4099: {2, 0, 0}}, nil), "sweep.json")
	// run runs the script on the sweep's set, through the API of the fake
	// binary's one platform, with env added, and returns its output
	// directory, its exit status, its output and what reikna ran.
	run := func(t *testing.T, platform string, args, env []string) (out string, status int, output, logged string) {
		t.Helper()
		binary, devices, log, out := fakeRun(t, []string{platform})
		cmd := exec.Command(bash, append(append([]string{gpuCompareScript}, args...), binary, out)...)
		cmd.Env = append(os.Environ(), "FAKE_LOG="+log, "FAKE_DEVICES="+devices, "FAKE_SWEEP=17,4099", "FAKE_SWEEP_JSON="+sweepJSON,
			"SETS=sweep", "VKFFT_INCLUDE="+t.TempDir(), "SWEEP=", "SWEEP_SAMPLE=", "MIB=", "CUDA_VISIBLE_DEVICES=", "RESUME=", "DEADLINE_S=")
		cmd.Env = append(cmd.Env, env...)
		b, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			status = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("gpu_compare.sh: %v", err)
		}
		l, _ := os.ReadFile(log)
		return out, status, string(b), string(l)
	}
	const timed = "bench --sweep --sizes 17,4099 --json"
	whole, status, output, logged := run(t, openCLPlatform, nil, nil)
	if status != 0 || !strings.Contains(logged, timed) {
		t.Fatalf("the whole run: status %d, reikna ran:\n%s\noutput:\n%s", status, logged, output)
	}

	t.Run("past the deadline", func(t *testing.T) {
		out, status, output, logged := run(t, openCLPlatform, nil, []string{"DEADLINE_S=0"})
		if status != 3 || strings.Contains(logged, timed) || !strings.Contains(output, "not run, past DEADLINE_S=0") {
			t.Errorf("status %d, want 3 and no timed command; reikna ran:\n%s\noutput:\n%s", status, logged, output)
		}
		if _, err := os.Stat(filepath.Join(out, "table.txt")); err != nil {
			t.Errorf("no table of what ran: %v", err)
		}
		if !strings.Contains(output, "no sweep.json: reikna's sweep did not run") {
			t.Errorf("the output does not say that the sweep did not run:\n%s", output)
		}
	})
	t.Run("resumed", func(t *testing.T) {
		out, status, output, logged := run(t, openCLPlatform, nil, []string{"RESUME=" + whole})
		if status != 0 || strings.Contains(logged, timed) || !strings.Contains(output, "= sweep.json from "+whole) {
			t.Errorf("status %d, want 0 and the sweep taken from %s; reikna ran:\n%s\noutput:\n%s", status, whole, logged, output)
		}
		want, _ := os.ReadFile(filepath.Join(whole, "sweep.json"))
		if got, err := os.ReadFile(filepath.Join(out, "sweep.json")); err != nil || string(got) != string(want) {
			t.Errorf("sweep.json is not the resumed run's (%v)", err)
		}
	})
	for _, tt := range []struct {
		name, platform, resume, want string
		args                         []string
	}{
		{"another API", cudaPlatform, whole, "ran on opencl, this run on cuda", []string{"--api", "cuda"}},
		{"no directory", openCLPlatform, filepath.Join(whole, "none"), "is not a directory", nil},
		{"not a run", openCLPlatform, t.TempDir(), "is not the output directory of a run", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, status, output, _ := run(t, tt.platform, tt.args, []string{"RESUME=" + tt.resume})
			if status != 2 || !strings.Contains(output, tt.want) {
				t.Errorf("status %d, want 2 and %q:\n%s", status, tt.want, output)
			}
		})
	}
	t.Run("deadline not a number", func(t *testing.T) {
		_, status, output, _ := run(t, openCLPlatform, nil, []string{"DEADLINE_S=soon"})
		if status != 2 || !strings.Contains(output, "DEADLINE_S") {
			t.Errorf("status %d, want 2 and a message naming DEADLINE_S:\n%s", status, output)
		}
	})
}

// fakePython is a stand-in for python3 that answers the check for
// PyTorch with CUDA, logs each run of a peer's script to $FAKE_LOG and
// measures nothing, and hands every other command (compare.py, the
// summaries) to the real python3 at $REAL_PYTHON.
const fakePython = `#!/bin/sh
case "$*" in
*"import torch"*) exit 0 ;;
*cufft_bench.py*|*torch_*_bench.py*) echo "python3 $*" >>"$FAKE_LOG"; exit 0 ;;
esac
exec "$REAL_PYTHON" "$@"
`

// TestGPUComparePeerOrder checks the order of the peers' steps: the 1-D
// cases of cuFFT and of VkFFT before the pipelines and PyTorch's sets,
// and those before the N-D cases, so that a run cut by its deadline keeps
// the comparison of the 1-D sets whole.
func TestGPUComparePeerOrder(t *testing.T) {
	bash := lookGPUCompare(t)
	realPython, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	binary, devices, log, out := fakeRun(t, []string{openCLPlatform})
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "python3"), []byte(fakePython), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, gpuCompareScript, binary, out)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "REAL_PYTHON="+realPython,
		"FAKE_LOG="+log, "FAKE_DEVICES="+devices, "SETS=pow2 nd rfft", "VKFFT_INCLUDE="+t.TempDir(),
		"SWEEP=", "SWEEP_SAMPLE=", "MIB=", "RESUME=", "DEADLINE_S=", "PEERS_FROM=")
	output, _ := cmd.CombinedOutput()
	// The order of the steps as the script prints them ("+ COMMAND").
	var steps []string
	for _, line := range strings.Split(string(output), "\n") {
		switch {
		case strings.HasPrefix(line, "+ python3 ") && strings.Contains(line, "cufft_bench.py") && strings.Contains(line, "--shape"):
			steps = append(steps, "cufft N-D")
		case strings.HasPrefix(line, "+ python3 ") && strings.Contains(line, "cufft_bench.py"):
			steps = append(steps, "cufft 1-D")
		case strings.HasPrefix(line, "+ python3 ") && strings.Contains(line, "torch_rfft_bench.py"):
			steps = append(steps, "torch rfft")
		case strings.HasPrefix(line, "+ vkfft_bench ") && strings.Contains(line, "--shape"):
			steps = append(steps, "vkfft N-D")
		case strings.HasPrefix(line, "+ vkfft_bench "):
			steps = append(steps, "vkfft 1-D")
		}
	}
	steps = slices.Compact(steps)
	want := []string{"cufft 1-D", "vkfft 1-D", "torch rfft", "cufft N-D", "vkfft N-D"}
	if !slices.Equal(steps, want) {
		t.Errorf("the peers' steps ran in the order %v, want %v\n%s", steps, want, output)
	}
}
