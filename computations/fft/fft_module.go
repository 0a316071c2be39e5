package fft

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/snippets"
)

// FFTModule is an FFT that a kernel of one's own calls: a module that
// transforms, in place, a row of a fixed length that the work-group holds
// in local memory, so that the kernel decides where the row comes from
// and where the result goes (a filter applied in the same kernel, a
// transform of data it computes, several transforms in one pass over
// memory).
//
// A template that gets the module as {{ .fft }} (Module, in the render
// arguments of a kernel call) sees, with N the length and T the C type
// of the dtype (float2 or double2):
//
//	{{ .fft }}_LENGTH        N
//	{{ .fft }}_WORK_ITEMS    the work-items that take part (WorkGroupSize)
//	{{ .fft }}_LOCAL_ELEMS   the elements of T of the buffer (LocalElems)
//	void {{ .fft }}_store(LOCAL_MEM_ARG T *buf, unsigned int i, T v)
//	T {{ .fft }}_load(LOCAL_MEM_ARG const T *buf, unsigned int i)
//	void {{ .fft }}(LOCAL_MEM_ARG T *buf, unsigned int lid)
//
// The kernel declares the buffer, LOCAL_MEM T buf[{{ .fft }}_LOCAL_ELEMS],
// puts element i of the row with {{ .fft }}_store (the buffer is padded
// against bank conflicts on GPUs: elements are not at buf[i]), calls
// {{ .fft }}(buf, lid) with lid its local id, and reads element k of the
// transform with {{ .fft }}_load. The forward transform computes
// sum_n x[n] exp(-2πi kn/N), the inverse one sum_n x[n] exp(2πi kn/N) / N,
// as numpy.fft.fft and ifft do.
//
// The barrier contract: every work-item of the group calls {{ .fft }},
// at the same point of uniform control flow (it holds barriers). It
// starts with a barrier, so the stores before it need none, and ends with
// one, so the loads after it need none; the group may have more
// work-items than WorkGroupSize, and those beyond it only take part in
// the barriers. Between two calls on the same buffer the kernel reads and
// writes it as it likes, with a barrier where work-items read what others
// wrote.
//
// The kernel is launched with at least WorkGroupSize work-items per
// group (core.KernelOptions.Local), and its local memory is
// LocalBytes plus its own. A forward and an inverse module of one length
// and dtype, made for one device, have the same WorkGroupSize and
// LocalElems, so that they share a buffer (see ExampleNewFFTModule).
type FFTModule struct {
	length  int
	dt      dtypes.DType
	inverse bool
	wg      int
	elems   int
	module  *snippets.Module
}

// NewFFTModule returns the work-group FFT of length points of the complex
// dtype dt (complex64 or complex128), inverse or forward, for the device
// whose parameters are given (in a computation's build function,
// plan.DeviceParams()). The length's prime factors must be at most 13
// (powers of two, 7-smooth lengths and those with factors 11 and 13),
// and its row must fit in the device's local memory; the work-group size
// is chosen within the device's limit (MaxWorkGroupSize: a copy of the
// parameters with a lower one makes a module for fewer work-items, where
// a kernel's registers allow fewer than the device).
func NewFFTModule(length int, dt dtypes.DType, inverse bool, device *cluda.DeviceParams) (*FFTModule, error) {
	if device == nil {
		return nil, fmt.Errorf("fft: FFT module: no device parameters")
	}
	if !dt.Valid() || !dt.IsComplex() {
		return nil, fmt.Errorf("fft: FFT module of %v: the dtype must be complex64 or complex128", dt)
	}
	if !device.SupportsDType(dt) {
		return nil, fmt.Errorf("fft: FFT module of %v: the device %s does not support it", dt, device.Name)
	}
	if length < 1 {
		return nil, fmt.Errorf("fft: FFT module of length %d: the length must be at least 1", length)
	}
	wp, err := fftplan.WorkGroup(length, fftLimits(device, dt, fftplan.Tuning{}))
	if err != nil {
		return nil, fmt.Errorf("fft: FFT module of %d points of %v: %w", length, dt, err)
	}
	twiddles := wp.Stages.Values()
	if bytes := int64(len(twiddles) * dt.Size()); device.MaxConstantBufferSize > 0 && bytes > device.MaxConstantBufferSize {
		return nil, fmt.Errorf("fft: FFT module of %d points of %v: its twiddles take %d bytes of constant memory, more than the device's %d",
			length, dt, bytes, device.MaxConstantBufferSize)
	}
	m := &FFTModule{length: length, dt: dt, inverse: inverse, wg: wp.Pass.WG, elems: wp.LocalElems()}
	m.module, err = m.newModule(wp, twiddles)
	if err != nil {
		return nil, fmt.Errorf("fft: FFT module of %d points of %v: %w", length, dt, err)
	}
	return m, nil
}

// newModule makes the module of the plan wp with its stage twiddles.
func (m *FFTModule) newModule(wp fftplan.WorkGroupPlan, twiddles []complex128) (*snippets.Module, error) {
	p := wp.Pass
	// The table holds real and imaginary parts as scalars: a table of
	// vector literals would need a run-time initialisation on CUDA, where
	// vectors are built by functions.
	lits := make([]string, len(twiddles))
	for i, t := range twiddles {
		lits[i] = m.dt.Real().MustLiteral(real(t)) + ", " + m.dt.Real().MustLiteral(imag(t))
	}
	butterflies := map[int]any{}
	for _, r := range p.Radices {
		butterflies[r] = butterflyModule(r, m.dt, false)
	}
	mul, err := functions.Mul(m.dt, m.dt)
	if err != nil {
		return nil, err
	}
	conj, err := functions.Conj(m.dt)
	if err != nil {
		return nil, err
	}
	stages := localBody(p, 1, wp.StageOffsets).Stages
	args := map[string]any{
		"N": m.length, "WG": m.wg, "LocalElems": m.elems, "Padded": !p.Plain,
		"CType": m.dt.CType(), "RealCType": m.dt.Real().CType(), "Inverse": m.inverse, "Scale": m.dt.Real().MustLiteral(1 / float64(m.length)),
		"Stages": stages, "LastStage": len(stages) - 1, "Twiddles": lits,
		"Butterflies": butterflies, "mul": mul, "conj": conj,
	}
	name := fmt.Sprintf("fft_module_%d_%s", m.length, m.dt)
	if m.inverse {
		name = fmt.Sprintf("ifft_module_%d_%s", m.length, m.dt)
	}
	return snippets.NamedModuleFromTemplate(name, kernelTemplates.Lookup("fft_module"), nil, args)
}

// Length returns the number of points of the transform.
func (m *FFTModule) Length() int { return m.length }

// DType returns the complex dtype of the values.
func (m *FFTModule) DType() dtypes.DType { return m.dt }

// Inverse reports whether the module computes the inverse transform.
func (m *FFTModule) Inverse() bool { return m.inverse }

// WorkGroupSize returns the number of work-items that compute the
// transform: the kernel's work-groups must have at least as many.
func (m *FFTModule) WorkGroupSize() int { return m.wg }

// LocalElems returns the number of complex values of the local memory
// buffer that holds the row ({{ .fft }}_LOCAL_ELEMS): the length, with
// padding on devices with banks of local memory.
func (m *FFTModule) LocalElems() int { return m.elems }

// LocalBytes returns the local memory the buffer takes.
func (m *FFTModule) LocalBytes() int { return m.elems * m.dt.Size() }

// Module returns the module, for the render arguments of the kernel that
// calls it.
func (m *FFTModule) Module() *snippets.Module { return m.module }
