package main

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// simulation holds the compiled computations of a split-step propagation
// and its device arrays. A time step is
//
//	φ = e^{−i½k²dt} · FFT(e^{−iV dt/2} · ψ)      (forward)
//	ψ = e^{−iV dt/2} · IFFT(φ)                    (inverse)
//
// two calls, each one FFT with its phase multiplies fused into its loads
// and stores as transformations. An observation reduces |ψ|² on the
// device: over both axes for the norm, over each axis for the marginal
// densities, summing in float64; and it transforms ψ into its momentum
// distribution |FFT ψ|², centred by an FFTShift.
type simulation struct {
	cfg     config
	thr     *cluda.Thread
	forward *core.Callable // (phi, psi, inverse)
	inverse *core.Callable // (psi, phi, inverse)
	norm    *core.Callable // (norm, psi): Σ|ψ|², 0-d float64
	rowSums *core.Callable // (density, psi): Σ over x, a function of y
	colSums *core.Callable // (density, psi): Σ over y, a function of x
	power   *core.Callable // (power, psi): |FFT ψ|²
	shift   *core.Callable // (output, input, inverse): fftshift

	psi, phi          *cluda.Array // complex64 n×n: the state and its spectrum
	normOut           *cluda.Array // float64, 0-d
	byY, byX          *cluda.Array // float64 n: the marginal densities
	spectrum, centred *cluda.Array // float32 n×n: |FFT ψ|², and centred
	kernels           int          // kernels enqueued by a time step
}

// newSimulation compiles the computations for cfg on thr and puts the
// initial state on the device.
func newSimulation(thr *cluda.Thread, cfg config) (_ *simulation, err error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	s := &simulation{cfg: cfg, thr: thr}
	defer func() {
		if err != nil {
			s.release()
		}
	}()
	n := cfg.n
	state := core.ArrayOf(dtypes.Complex64, n, n)
	grid := [2]float64{cfg.dx(), cfg.dx()}
	waves := [2]float64{cfg.dk(), cfg.dk()}
	dt := cfg.dt()
	potential := func() (*core.Transformation, error) {
		// e^{−i·½ω²r²·dt/2}
		return quadraticPhase("potential_half_step", state, -cfg.omega*cfg.omega*dt/4, grid, false)
	}

	// Forward: the potential's half step fused into the FFT's loads, the
	// kinetic step into its stores.
	fwd, err := fft.NewFFT(state, nil, fft.FFTOptions{})
	if err != nil {
		return nil, err
	}
	kick, err := potential()
	if err != nil {
		return nil, err
	}
	drift, err := quadraticPhase("kinetic_step", state, -dt/2, waves, true)
	if err != nil {
		return nil, err
	}
	if err := fwd.Connect("input", kick, "output", map[string]string{"input": "psi"}); err != nil {
		return nil, fmt.Errorf("the forward step: %w", err)
	}
	if err := fwd.Connect("output", drift, "input", map[string]string{"output": "phi"}); err != nil {
		return nil, fmt.Errorf("the forward step: %w", err)
	}
	if s.forward, err = compile(thr, fwd.Computation, "the forward step"); err != nil {
		return nil, err
	}

	// Inverse: the potential's other half step fused into the stores.
	inv, err := fft.NewFFT(state, nil, fft.FFTOptions{})
	if err != nil {
		return nil, err
	}
	kick, err = potential()
	if err != nil {
		return nil, err
	}
	if err := inv.Connect("output", kick, "input", map[string]string{"output": "psi"}); err != nil {
		return nil, fmt.Errorf("the inverse step: %w", err)
	}
	if s.inverse, err = compile(thr, inv.Computation, "the inverse step"); err != nil {
		return nil, err
	}
	s.kernels = len(s.forward.Kernels()) + len(s.inverse.Kernels())

	// The reductions of the density |ψ|², squared in float32 and summed
	// in float64: two library transformations fused into the loads.
	for _, r := range []struct {
		out  **core.Callable
		axes []int
		what string
	}{{&s.norm, nil, "the norm"}, {&s.rowSums, []int{1}, "the density of y"}, {&s.colSums, []int{0}, "the density of x"}} {
		if *r.out, err = densityReduction(thr, state, r.axes); err != nil {
			return nil, fmt.Errorf("%s: %w", r.what, err)
		}
	}

	// The momentum distribution: an FFT whose stores take |·|², then the
	// fftshift of the result.
	pw, err := fft.NewFFT(state, nil, fft.FFTOptions{})
	if err != nil {
		return nil, err
	}
	sq, err := transformations.NormConst(state, 2)
	if err != nil {
		return nil, err
	}
	if err := pw.Connect("output", sq, "input", map[string]string{"output": "power"}); err != nil {
		return nil, fmt.Errorf("the momentum distribution: %w", err)
	}
	if s.power, err = compile(thr, pw.Computation, "the momentum distribution"); err != nil {
		return nil, err
	}
	powerType := core.ArrayOf(dtypes.Float32, n, n)
	sh, err := computations.NewFFTShift(powerType, nil, computations.FFTShiftOptions{})
	if err != nil {
		return nil, err
	}
	if s.shift, err = compile(thr, sh.Computation, "the fftshift"); err != nil {
		return nil, err
	}

	if s.psi, err = thr.ToDevice(cfg.initialState(), n, n); err != nil {
		return nil, err
	}
	if s.phi, err = thr.EmptyLike(s.psi); err != nil {
		return nil, err
	}
	if s.normOut, err = thr.Empty([]int{}, dtypes.Float64); err != nil {
		return nil, err
	}
	if s.byY, err = thr.Empty([]int{n}, dtypes.Float64); err != nil {
		return nil, err
	}
	if s.byX, err = thr.Empty([]int{n}, dtypes.Float64); err != nil {
		return nil, err
	}
	if s.spectrum, err = thr.Empty([]int{n, n}, dtypes.Float32); err != nil {
		return nil, err
	}
	if s.centred, err = thr.Empty([]int{n, n}, dtypes.Float32); err != nil {
		return nil, err
	}
	return s, nil
}

// compile compiles a computation on thr; what names it in errors.
func compile(thr *cluda.Thread, c *core.Computation, what string) (*core.Callable, error) {
	callable, err := c.Compile(thr)
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", what, err)
	}
	return callable, nil
}

// densityReduction compiles the sum of |ψ|² over axes (nil: all) of
// arrays of type state, with the square and the cast to float64 fused
// into the reduction's loads. Its signature is (output, psi).
func densityReduction(thr *cluda.Thread, state core.Type, axes []int) (*core.Callable, error) {
	wide := state.WithDType(dtypes.Float64)
	sum, err := computations.PredicateSum(dtypes.Float64)
	if err != nil {
		return nil, err
	}
	rd, err := computations.NewReduce(wide, sum, axes, computations.ReduceOptions{})
	if err != nil {
		return nil, err
	}
	sq, err := transformations.NormConst(state, 2)
	if err != nil {
		return nil, err
	}
	cast, err := transformations.Cast(state.WithDType(dtypes.Float32), dtypes.Float64)
	if err != nil {
		return nil, err
	}
	if err := rd.Connect("input", cast, "output", map[string]string{"input": "density"}); err != nil {
		return nil, err
	}
	if err := rd.Connect("density", sq, "output", map[string]string{"input": "psi"}); err != nil {
		return nil, err
	}
	return compile(thr, rd.Computation, "a reduction")
}

// step advances ψ by count time steps.
func (s *simulation) step(count int) error {
	for range count {
		if err := s.forward.Call(s.phi, s.psi, int32(0)); err != nil {
			return fmt.Errorf("forward step: %w", err)
		}
		if err := s.inverse.Call(s.psi, s.phi, int32(1)); err != nil {
			return fmt.Errorf("inverse step: %w", err)
		}
	}
	return nil
}

// observation is what an observation measures on the device.
type observation struct {
	norm   float64   // Σ|ψ|² dx dy
	m      moments   // centre, widths and mean wave vector
	power  []float32 // the momentum distribution, centred (n×n)
	psiAbs []float32 // |ψ|² (n×n)
}

// observe measures the current state.
func (s *simulation) observe() (observation, error) {
	var o observation
	if err := s.norm.Call(s.normOut, s.psi); err != nil {
		return o, fmt.Errorf("norm: %w", err)
	}
	if err := s.rowSums.Call(s.byY, s.psi); err != nil {
		return o, fmt.Errorf("density of y: %w", err)
	}
	if err := s.colSums.Call(s.byX, s.psi); err != nil {
		return o, fmt.Errorf("density of x: %w", err)
	}
	if err := s.power.Call(s.spectrum, s.psi, int32(0)); err != nil {
		return o, fmt.Errorf("momentum distribution: %w", err)
	}
	if err := s.shift.Call(s.centred, s.spectrum, int32(0)); err != nil {
		return o, fmt.Errorf("fftshift: %w", err)
	}
	norm, err := cluda.Read[float64](s.normOut)
	if err != nil {
		return o, err
	}
	byY, err := cluda.Read[float64](s.byY)
	if err != nil {
		return o, err
	}
	byX, err := cluda.Read[float64](s.byX)
	if err != nil {
		return o, err
	}
	if o.power, err = cluda.Read[float32](s.centred); err != nil {
		return o, err
	}
	psi, err := cluda.Read[complex64](s.psi)
	if err != nil {
		return o, err
	}
	o.psiAbs = make([]float32, len(psi))
	for i, v := range psi {
		o.psiAbs[i] = real(v)*real(v) + imag(v)*imag(v)
	}
	area := s.cfg.dx() * s.cfg.dx()
	o.norm = norm[0] * area
	o.m.x, o.m.sigmaX, _ = s.cfg.marginalMoments(byX)
	o.m.y, o.m.sigmaY, _ = s.cfg.marginalMoments(byY)
	o.m.kx, o.m.ky = s.cfg.meanWaveVector(o.power)
	return o, nil
}

// release frees the callables and arrays.
func (s *simulation) release() {
	for _, c := range []*core.Callable{s.forward, s.inverse, s.norm, s.rowSums, s.colSums, s.power, s.shift} {
		if c != nil {
			c.Release()
		}
	}
	for _, a := range []*cluda.Array{s.psi, s.phi, s.normOut, s.byY, s.byX, s.spectrum, s.centred} {
		if a != nil {
			a.Release()
		}
	}
}
