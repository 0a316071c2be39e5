//go:build unix

package cluda

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// boundedKernel scales the first n elements of x, whatever the launch's
// size and offset.
const boundedKernel = "KERNEL void bounded(GLOBAL_MEM float *x, int n) { int i = get_global_id(0); if (i < n) x[i] *= 3.0f; }"

// TestPoCLFirstLaunchHoldsMarker checks that the first launch of a kernel
// in each of PoCL's launch configurations holds a locked marker, and
// returns only once the kernel has run, and that a later launch in the
// same configuration takes none; with PoCL's cache off, no launch takes
// one.
func TestPoCLFirstLaunchHoldsMarker(t *testing.T) {
	skipUnlessPoCL(t)
	type launch struct {
		r      NDRange
		event  bool
		marker bool // a marker is held during the launch
	}
	wide := []int{1 << 16} // reaches PoCL's small-grid limit
	tests := []struct {
		name     string
		cacheOn  bool
		launches []launch
	}{
		{"PoCL's cache on", true, []launch{
			{NDRange{Global: []int{3}}, false, true},
			{NDRange{Global: []int{3}}, false, false},
			{NDRange{Global: []int{3}}, true, false},
			{NDRange{Global: []int{6}}, false, true},
			{NDRange{Global: []int{4}, Local: []int{2}}, true, true},
			{NDRange{Global: []int{4}, Local: []int{2}}, false, false},
			{NDRange{Global: []int{8}, Local: []int{2}}, false, false},
			{NDRange{Global: []int{4}, Local: []int{2}, Offset: []int{2}}, false, true},
			{NDRange{Global: []int{4}, Local: []int{2}, Offset: []int{1}}, false, false},
			{NDRange{Global: wide, Local: []int{2}}, false, true},
			{NDRange{Global: wide, Local: []int{2}}, false, false},
		}},
		{"PoCL's cache off", false, []launch{
			{NDRange{Global: []int{3}}, false, false},
			{NDRange{Global: []int{4}, Local: []int{2}}, true, false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			trials := privateTempDir(t)
			var dir *string
			if tt.cacheOn {
				dir = &trials
			}
			old := poclTrialDir.Swap(dir)
			t.Cleanup(func() { poclTrialDir.Store(old) })
			thr := testThread(t)
			check := &launchCheckingBackend{backend: thr.be, t: t, trials: trials}
			thr.be = check
			t.Cleanup(func() { thr.be = check.backend })
			p, err := thr.Compile(boundedKernel, CompileOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Release()
			k, err := p.Kernel("bounded")
			if err != nil {
				t.Fatal(err)
			}
			x, err := thr.ToDevice([]float32{1, 2, 3, 4, 5, 6, 7, 8})
			if err != nil {
				t.Fatal(err)
			}
			defer x.Release()
			for i, l := range tt.launches {
				ev, err := k.Enqueue(l.r, []any{x, int32(x.Size())}, nil, l.event)
				if err != nil {
					t.Fatalf("launch %d over %+v: %v", i, l.r, err)
				}
				if (ev != nil) != l.event {
					t.Errorf("launch %d over %+v: event %v, want one: %v", i, l.r, ev, l.event)
				}
				if ev != nil {
					if err := ev.Wait(); err != nil {
						t.Errorf("launch %d: %v", i, err)
					}
					ev.Release()
				}
				if check.held != l.marker {
					t.Errorf("launch %d over %+v: marker held %v, want %v", i, l.r, check.held, l.marker)
				}
				if left, _ := filepath.Glob(filepath.Join(trials, "*")); len(left) != 0 {
					t.Fatalf("launch %d over %+v returned with markers left: %v", i, l.r, left)
				}
			}
		})
	}
}

// launchCheckingBackend records, at each launch, whether a locked marker
// stands in trials.
type launchCheckingBackend struct {
	backend
	t      *testing.T
	trials string
	held   bool // at the last launch
}

func (b *launchCheckingBackend) launch(k deviceKernel, r NDRange, args []any, wait []deviceEvent, event bool) (deviceEvent, error) {
	b.held = false
	markers, _ := filepath.Glob(filepath.Join(b.trials, "*"+trialSuffix))
	for _, m := range markers {
		f, err := os.Open(m)
		if err != nil {
			b.t.Error(err)
			continue
		}
		if ok, err := tryLockFile(f); ok || err != nil {
			b.t.Errorf("the marker %s of a launch under way is not locked (%v)", m, err)
		} else {
			b.held = true
		}
		f.Close()
	}
	return b.backend.launch(k, r, args, wait, event)
}

// TestPoCLDamagedKernelCostsOneProcess damages the work-group functions
// that PoCL's cache holds for a kernel, shared objects that PoCL compiles
// and loads at the kernel's first launch with a local size, not when it
// builds the program: PoCL aborts the process when dlopen refuses one, and
// the process dies of a bus error on one cut short. Only the first process
// to launch the kernel may die: the next removes PoCL's cache, warns, and
// runs the kernel.
func TestPoCLDamagedKernelCostsOneProcess(t *testing.T) {
	if os.Getenv("CLUDA_TEST_CHILD") == "pocl-launch" {
		runScale(t, testThread(t), otherKernel, "thrice", 3)
		return
	}
	skipUnlessPoCL(t)
	const run = "^TestPoCLDamagedKernelCostsOneProcess$"
	tests := []struct {
		name   string
		damage func(t *testing.T, object string)
	}{
		{"not an object", func(t *testing.T, object string) {
			writeFile(t, object, []byte("\x7fELF damaged"))
		}},
		{"cut in half", func(t *testing.T, object string) {
			fi, err := os.Stat(object)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(object, fi.Size()/2); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache, home := privateTempDir(t), privateTempDir(t)
			env := []string{CacheDirEnv + "=" + cache, "HOME=" + home}
			runChild(t, run, "pocl-launch", env...)
			// PoCL keeps them as pocl/XX/HASH/thrice/3-1-1-goffs0-smallgrid/thrice.so.
			objects, _ := filepath.Glob(filepath.Join(cache, "pocl", "*", "*", "thrice", "*", "thrice.so"))
			if len(objects) == 0 {
				t.Fatal("PoCL cached no work-group function of the kernel")
			}
			for _, o := range objects {
				tt.damage(t, o)
			}
			cmd := exec.Command(os.Args[0], "-test.run="+run, "-test.count=1")
			cmd.Env = childEnv(append(env, "CLUDA_TEST_CHILD=pocl-launch")...)
			out, err := cmd.CombinedOutput()
			t.Logf("the process that launches the kernel on the damaged entry: %v\n%.2000s", err, out)
			if err == nil {
				t.Skip("PoCL survives this damage to a work-group function in its cache: nothing follows to check")
			}
			got := runChild(t, run, "pocl-launch", env...)
			if !strings.Contains(got, "was removed") {
				t.Errorf("the process after the one that died does not warn that PoCL's cache was removed:\n%s", got)
			}
		})
	}
}
