package cluda

import (
	"fmt"
)

// PoCL compiles a kernel's work-group function, and loads it with dlopen,
// not when it builds the program but when the kernel is first launched with
// a launch configuration it specializes for, possibly on a worker thread of
// its own; it caches the shared object in
// KERNEL/LX-LY-LZ[-goffs0][-smallgrid]/KERNEL.so under the program's
// directory of its cache, and aborts the process on a damaged one. The first
// launch of a kernel in each such configuration therefore runs under a trial
// marker (see beginPoCLTrial) and is waited for, so that a crash there costs
// one process, as a crash in a build does; later launches in a configuration
// already seen pay nothing more.

// poclGridWidthLimit is the grid width below which PoCL's CPU devices
// specialize a work-group function for a small grid (the "smallgrid" of the
// directory name): PoCL's grid_width_specialization_limit, USHRT_MAX.
const poclGridWidthLimit = 1<<16 - 1

// poclLaunchKey tells apart the launch configurations of a kernel for which
// PoCL compiles separate work-group functions. It is at least as fine as
// the name of PoCL's directory: a finer key costs only a wait more.
type poclLaunchKey struct {
	// local is the local size; where the launch leaves it to the driver,
	// PoCL chooses it from the global size, which global then holds.
	local, global [3]int
	// offset is set where the global offset is not zero ("goffs0" is not
	// in the directory name).
	offset bool
	// wide says which dimensions of the grid, rounded up to whole
	// work-groups, reach poclGridWidthLimit (where PoCL's directory name
	// lacks "smallgrid").
	wide [3]bool
}

// newPoCLLaunchKey returns the key of the launch configuration r.
func newPoCLLaunchKey(r NDRange) poclLaunchKey {
	var k poclLaunchKey
	for i := range min(len(r.Global), 3) {
		g, l := r.Global[i], 0
		if r.Local != nil && i < len(r.Local) {
			l = r.Local[i]
			k.local[i] = l
		} else {
			k.global[i] = g
		}
		if l > 0 {
			g = (g + l - 1) / l * l
		}
		k.wide[i] = g >= poclGridWidthLimit
		if i < len(r.Offset) && r.Offset[i] != 0 {
			k.offset = true
		}
	}
	return k
}

// poclTrials returns the directory of the trial markers of PoCL's builds
// and first launches where t's device is PoCL's and PoCL's cache is on in
// the program cache, and "" otherwise.
func (t *Thread) poclTrials() string {
	if trials := poclTrialDir.Load(); trials != nil && t.be.api() == OpenCL && isPoCL(t.params) {
		return *trials
	}
	return ""
}

// launch enqueues the kernel over r. Where the kernel's launches are
// guarded (k.poclTrials is set), the first launch in each of PoCL's launch
// configurations runs under a trial marker and is waited for: PoCL compiles
// and loads the work-group function for it by then. The caller holds k.mu,
// which guards k.poclLaunched.
func (k *Kernel) launch(r NDRange, args []any, wait []deviceEvent, event bool) (deviceEvent, error) {
	be := k.program.thread.be
	if k.poclTrials == "" {
		return be.launch(k.kernel, r, args, wait, event)
	}
	key := newPoCLLaunchKey(r)
	if k.poclLaunched[key] {
		return be.launch(k.kernel, r, args, wait, event)
	}
	restorePoCLDirs()
	end := beginPoCLTrial(k.poclTrials)
	ev, err := be.launch(k.kernel, r, args, wait, true)
	if err != nil {
		end()
		return nil, err
	}
	err = ev.wait()
	end()
	if err != nil {
		ev.release()
		return nil, fmt.Errorf("kernel %s: first launch with global size %v, local size %v: %w", k.name, r.Global, r.Local, err)
	}
	if k.poclLaunched == nil {
		k.poclLaunched = make(map[poclLaunchKey]bool)
	}
	k.poclLaunched[key] = true
	if !event {
		ev.release()
		return nil, nil
	}
	return ev, nil
}
