//go:build unix

package cluda

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// trialChildEnv names the trials directory of a child test process that
// makes a marker (TestPoCLCrashMarkerClearsCache).
const trialChildEnv = "CLUDA_TEST_TRIALS"

// trialChild is the child process of TestPoCLCrashMarkerClearsCache: it
// begins a trial in the directory trialChildEnv names, says so on
// standard output, and then dies as PoCL's aborts do ("abort") or waits
// for its standard input to close and ends the trial ("live").
func trialChild(t *testing.T, how string) {
	beginPoCLTrial(os.Getenv(trialChildEnv))
	os.Stdout.WriteString("in trial\n")
	switch how {
	case "abort":
		syscall.Kill(os.Getpid(), syscall.SIGABRT)
		select {}
	case "live":
		io.Copy(io.Discard, os.Stdin)
	default:
		t.Fatalf("no child %q", how)
	}
}

// startTrialChild starts a child process that begins a trial in trials,
// and returns once it has. The child's standard input is closed by cmd's
// Wait or the test's cleanup.
func startTrialChild(t *testing.T, trials, how string) (*exec.Cmd, io.WriteCloser) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestPoCLCrashMarkerClearsCache$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CLUDA_TEST_CHILD=trial-"+how, trialChildEnv+"="+trials)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if line != "in trial\n" {
		t.Fatalf("the child did not begin its trial: %q, %v", line, err)
	}
	return cmd, stdin
}

// TestPoCLCrashMarkerClearsCache checks the trial markers of PoCL's
// builds: one left by a process that died in a build makes the next
// process remove PoCL's cache, with a warning; the marker of a live
// process's build, and a build that ended, leave it alone.
func TestPoCLCrashMarkerClearsCache(t *testing.T) {
	if how, ok := strings.CutPrefix(os.Getenv("CLUDA_TEST_CHILD"), "trial-"); ok {
		trialChild(t, how)
		return
	}
	tests := []struct {
		name    string
		trial   func(t *testing.T, trials string)
		cleared bool
		left    int // markers left
	}{
		{"process died in a build", func(t *testing.T, trials string) {
			cmd, _ := startTrialChild(t, trials, "abort")
			if err := cmd.Wait(); err == nil {
				t.Fatal("the child did not die")
			}
		}, true, 0},
		{"build under way in another process", func(t *testing.T, trials string) {
			startTrialChild(t, trials, "live")
		}, false, 1},
		{"build ended", func(t *testing.T, trials string) {
			beginPoCLTrial(trials)()
		}, false, 0},
		{"no build", func(t *testing.T, trials string) {}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			warnings := captureWarnings(t)
			cache := privateTempDir(t)
			pocl, trials := filepath.Join(cache, "pocl"), filepath.Join(cache, "pocl-trials")
			mkdirMode(t, trials, 0o700)
			mkdirMode(t, pocl, 0o700)
			entry := filepath.Join(pocl, "program.bc")
			writeFile(t, entry, []byte("a damaged entry"))
			tt.trial(t, trials)

			s := planPoCL(cache, t.TempDir())
			if s.dir != pocl || s.trials != trials || s.kernelCacheOff {
				t.Fatalf("PoCL gets %+v, want its cache in %s", s, pocl)
			}
			checkPrivateDir(t, pocl)
			_, err := os.Stat(entry)
			if cleared := err != nil; cleared != tt.cleared {
				t.Errorf("PoCL's cache cleared: %v, want %v", cleared, tt.cleared)
			}
			got := warnings.String()
			if tt.cleared != strings.Contains(got, "was removed") || tt.cleared && !strings.Contains(got, pocl) {
				t.Errorf("warnings %q; want one that %s was removed: %v", got, pocl, tt.cleared)
			}
			left, _ := filepath.Glob(filepath.Join(trials, "*"))
			if len(left) != tt.left {
				t.Errorf("the trials directory holds %v, want %d markers", left, tt.left)
			}
		})
	}
}

// TestPoCLBuildHoldsMarker checks that a build on PoCL, with PoCL's cache
// in the program cache, holds a locked marker while PoCL builds, and
// removes it afterwards.
func TestPoCLBuildHoldsMarker(t *testing.T) {
	skipUnlessPoCL(t)
	trials := privateTempDir(t)
	old := poclTrialDir.Swap(&trials)
	t.Cleanup(func() { poclTrialDir.Store(old) })
	t.Setenv(CacheDirEnv, "off")
	thr := testThread(t)
	thr.SetProgramCacheLimit(0)
	check := &trialCheckingBackend{backend: thr.be, t: t, trials: trials}
	thr.be = check
	t.Cleanup(func() { thr.be = check.backend })
	runScale(t, thr, otherKernel, "thrice", 3)
	if check.builds == 0 {
		t.Fatal("nothing was built")
	}
	if left, _ := filepath.Glob(filepath.Join(trials, "*")); len(left) != 0 {
		t.Errorf("markers left after the build: %v", left)
	}
}

// trialCheckingBackend checks, at each build, that a marker in trials is
// locked.
type trialCheckingBackend struct {
	backend
	t      *testing.T
	trials string
	builds int
}

func (b *trialCheckingBackend) checkMarker() {
	b.builds++
	markers, _ := filepath.Glob(filepath.Join(b.trials, "*"+trialSuffix))
	if len(markers) != 1 {
		b.t.Errorf("markers during a build: %v, want one", markers)
		return
	}
	f, err := os.Open(markers[0])
	if err != nil {
		b.t.Error(err)
		return
	}
	defer f.Close()
	if ok, err := tryLockFile(f); ok || err != nil {
		b.t.Errorf("the marker %s of a build under way is not locked (%v)", markers[0], err)
	}
}

func (b *trialCheckingBackend) buildSource(full, flags string) (deviceProgram, error) {
	b.checkMarker()
	return b.backend.buildSource(full, flags)
}

func (b *trialCheckingBackend) buildBinary(binary []byte, flags string) (deviceProgram, error) {
	b.checkMarker()
	return b.backend.buildBinary(binary, flags)
}

// TestPoCLDamagedCacheCostsOneProcess damages the program that PoCL's
// cache holds for a kernel, on which PoCL aborts when it builds the
// kernel's source again, and checks that only the first process to build
// it dies: the next removes PoCL's cache, warns, and runs the kernel.
func TestPoCLDamagedCacheCostsOneProcess(t *testing.T) {
	if os.Getenv("CLUDA_TEST_CHILD") == "pocl-run" {
		runScale(t, testThread(t), otherKernel, "thrice", 3)
		return
	}
	skipUnlessPoCL(t)
	cache, home := privateTempDir(t), privateTempDir(t)
	env := []string{CacheDirEnv + "=" + cache, "HOME=" + home}
	runChild(t, "^TestPoCLDamagedCacheCostsOneProcess$", "pocl-run", env...)
	programs, _ := filepath.Glob(filepath.Join(cache, "pocl", "*", "*", "program.bc"))
	if len(programs) == 0 {
		t.Fatal("PoCL cached no program")
	}
	for _, p := range programs {
		writeFile(t, p, []byte("BC\xc0\xde damaged"))
	}
	// Without the program cache's entries, the kernel is built from
	// source, which PoCL looks up in its cache.
	entries, _ := filepath.Glob(filepath.Join(cache, "*.bin"))
	for _, e := range entries {
		os.Remove(e)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPoCLDamagedCacheCostsOneProcess$", "-test.count=1")
	cmd.Env = childEnv(append(env, "CLUDA_TEST_CHILD=pocl-run")...)
	out, err := cmd.CombinedOutput()
	t.Logf("the process that builds on the damaged entry: %v\n%.2000s", err, out)
	got := runChild(t, "^TestPoCLDamagedCacheCostsOneProcess$", "pocl-run", env...)
	if err != nil && !strings.Contains(got, "was removed") {
		t.Errorf("the process after the one that died does not warn that PoCL's cache was removed:\n%s", got)
	}
}
