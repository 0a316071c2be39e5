package computations

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
