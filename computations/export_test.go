package computations

import "fmt"

// SetFFTTuning makes f plan as if the device had localBytes of local memory
// per work-group, and with only the local kernel if noRegisters is set.
func SetFFTTuning(f *FFT, localBytes int, noRegisters bool) {
	f.tuning.localBytes = localBytes
	f.tuning.noRegisters = noRegisters
}

// SetFFTPassTable limits the entries of one-level pass twiddle tables, so
// that small transforms use the two-level tables of large ones.
func SetFFTPassTable(f *FFT, entries int) { f.tuning.passTable = entries }

// SetFFTMaxWorkGroup limits the work-group size of the register kernel, and
// SetFFTOptions sets compiler options for the kernels.
func SetFFTMaxWorkGroup(f *FFT, wg int)       { f.tuning.maxRegWG = wg }
func SetFFTOptions(f *FFT, options ...string) { f.tuning.options = options }

// SetFFTMaxElements limits the elements per work-item of the register
// kernel.
func SetFFTMaxElements(f *FFT, e int) { f.tuning.maxRegE = e }

// FFTPlan describes the passes of each transformed axis, for debugging.
func FFTPlan(f *FFT, localBytes int) []string {
	var out []string
	shape := f.typ.Shape()
	lim := fftLimits{localElems: localBytes / f.typ.DType().Size(), localBytes: localBytes, itemSize: f.typ.DType().Size(), maxWG: 256, maxRegWG: 512, maxRegE: 16, registers: true}
	for _, a := range f.axes {
		ax := planAxis(a, shape[a], 1, 1, lim)
		for _, p := range ax.passes {
			out = append(out, fmt.Sprintf("m=%d %+v", ax.m, p))
		}
	}
	return out
}
