// Command splitstep propagates a Gaussian wave packet in two dimensions by
// the split-step Fourier method, as reikna's users do: each time step is a
// forward FFT with the potential's half step fused into its loads and the
// kinetic step into its stores, then an inverse FFT with the other half
// step of the potential fused into its stores. Every few steps Reduce
// computations measure the norm and the marginal densities, and an FFT and
// an FFTShift the momentum distribution. It prints the packet's norm,
// centre, width and mean wave vector beside the closed-form solution,
// fails if the norm drifts or the packet strays from the solution, and
// draws |ψ|² at a few times into a PNG file.
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/reikna-go/reikna/cluda"
)

// Tolerances of the checks.
const (
	// normTolerance bounds the relative change of the norm per time step:
	// every step is unitary, and complex64 rounding moves the norm by a
	// few 1e-8 to 2e-7 (the FFT's rounding, which at some lengths does
	// not average out over a step, e.g. −9e-8 for a 256×256 transform).
	normTolerance = 1e-6
	// centreTolerance bounds the distance of <x>, <y> and the widths from
	// the closed form, in units of length: the split-step error of a
	// harmonic period at the default step, (ω dt)² times the amplitude,
	// is about 1e-3, and a free packet is propagated exactly.
	centreTolerance = 5e-3
	// waveTolerance bounds <kx> and <ky> alike, in units of wave number.
	waveTolerance = 5e-3
)

func main() {
	n := flag.Int("n", 256, "grid points along each axis")
	steps := flag.Int("steps", 200, "time steps (over one period of the harmonic potential, or the free packet's 2 time units)")
	every := flag.Int("every", 25, "steps between two rows of the table")
	box := flag.Float64("box", 20, "side of the square box")
	potential := flag.String("potential", "harmonic", "the potential: harmonic or free")
	device := flag.String("device", "", "substring of the OpenCL device's name (default: the first GPU, else the first device)")
	plotFile := flag.String("plot", "splitstep.png", "PNG file for |ψ|² at a few times (empty: none)")
	flag.Parse()
	var cfg config
	switch *potential {
	case "harmonic":
		cfg = harmonicConfig(*n, *steps, *every, *box)
	case "free":
		cfg = freeConfig(*n, *steps, *every, *box)
	default:
		fmt.Fprintf(os.Stderr, "splitstep: unknown potential %q (want harmonic or free)\n", *potential)
		os.Exit(2)
	}
	if err := run(os.Stdout, cfg, *device, *plotFile); err != nil {
		fmt.Fprintln(os.Stderr, "splitstep:", err)
		os.Exit(1)
	}
}

// run propagates the packet of cfg on the device, prints the table to w
// and draws the plot into plotFile (none where it is empty).
func run(w io.Writer, cfg config, device, plotFile string) error {
	if err := cfg.check(); err != nil {
		return err
	}
	thr, err := cluda.CreateThread(cluda.DeviceFilter{Device: device}, cluda.ThreadOptions{})
	if err != nil {
		return err
	}
	defer thr.Release()
	fmt.Fprintf(w, "device:     %v\n", thr)
	p := cfg.packet
	if cfg.omega == 0 {
		fmt.Fprintf(w, "packet:     free, from (%g, %g) with k = (%g, %g), σ = %g\n", p.x0, p.y0, p.kx, p.ky, p.sigma)
	} else {
		fmt.Fprintf(w, "packet:     in V = ½ω²r², ω = %g, from (%g, %g) with k = (%g, %g), σ = %g\n", cfg.omega, p.x0, p.y0, p.kx, p.ky, p.sigma)
	}
	fmt.Fprintf(w, "grid:       %d×%d complex64 over a box of %g; until t = %.4g in %d steps of dt = %.4g\n",
		cfg.n, cfg.n, cfg.box, cfg.duration, cfg.steps, cfg.dt())

	start := time.Now()
	sim, err := newSimulation(thr, cfg)
	if err != nil {
		return err
	}
	defer sim.release()
	fmt.Fprintf(w, "step:       FFT(ψ·e^{-iV dt/2})·e^{-ik² dt/2} → IFFT(·)·e^{-iV dt/2}: 2 calls, %d kernel(s), phases fused (compiled in %v)\n",
		sim.kernels, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(w, "observe:    Reduce of |ψ|² (square and cast to float64 fused) over both axes and each; FFT with |·|² fused, then FFTShift\n")

	printHeader(w)
	res, err := propagate(sim, func(r row) { printRow(w, r) })
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "time:       %d steps in %v (%v per step)\n", cfg.steps, res.elapsed.Round(time.Millisecond),
		(res.elapsed / time.Duration(cfg.steps)).Round(time.Microsecond))
	if plotFile != "" {
		if err := drawSnapshots(plotFile, cfg, res.snapshots); err != nil {
			return err
		}
		fmt.Fprintf(w, "plot:       %s\n", plotFile)
	}
	fmt.Fprintf(w, "largest:    norm change %.1e per step (tolerance %g), %.1e over the run\n", res.stepDrift, normTolerance, res.normDrift)
	fmt.Fprintf(w, "            distance from the closed form: %.1e in centre and width (tolerance %g), %.1e in wave vector (%g)\n",
		res.centreError, centreTolerance, res.waveError, waveTolerance)
	if err := res.check(); err != nil {
		return err
	}
	fmt.Fprintln(w, "check:      OK")
	return nil
}

// row is a line of the table: the measured moments at a time, the closed
// form and the norm's drift.
type row struct {
	step        int
	t           float64
	drift       float64
	got, exact  moments
	observation observation
}

// result is what a propagation found.
type result struct {
	normDrift   float64 // the largest |norm/norm(0) − 1|
	stepDrift   float64 // the largest change of the norm per step, relative
	centreError float64 // the largest distance of <x>, <y>, σx, σy from the closed form
	waveError   float64 // the largest distance of <kx>, <ky> from the closed form
	snapshots   []row
	elapsed     time.Duration // of the time steps alone
}

// check returns an error where a measure is beyond its tolerance.
func (r result) check() error {
	switch {
	case !(r.stepDrift <= normTolerance):
		return fmt.Errorf("the norm changed by %.2e in a step, more than %g", r.stepDrift, normTolerance)
	case !(r.centreError <= centreTolerance):
		return fmt.Errorf("the centre or width is %.2e from the closed form, more than %g", r.centreError, centreTolerance)
	case !(r.waveError <= waveTolerance):
		return fmt.Errorf("the mean wave vector is %.2e from the closed form, more than %g", r.waveError, waveTolerance)
	}
	return nil
}

// propagate runs the time steps of sim, observing the state at the start,
// every cfg.every steps and at the end; each observation goes to emit.
func propagate(sim *simulation, emit func(row)) (result, error) {
	cfg := sim.cfg
	var res result
	var norm0, prevNorm float64
	prevStep := 0
	for step := 0; ; {
		o, err := sim.observe()
		if err != nil {
			return res, err
		}
		if step == 0 {
			norm0, prevNorm = o.norm, o.norm
		}
		t := float64(step) * cfg.dt()
		r := row{step: step, t: t, drift: o.norm/norm0 - 1, got: o.m, exact: cfg.exact(t), observation: o}
		res.normDrift = math.Max(res.normDrift, math.Abs(r.drift))
		if step > prevStep {
			res.stepDrift = math.Max(res.stepDrift, math.Abs(o.norm-prevNorm)/norm0/float64(step-prevStep))
		}
		prevNorm, prevStep = o.norm, step
		for _, d := range []float64{r.got.x - r.exact.x, r.got.y - r.exact.y, r.got.sigmaX - r.exact.sigmaX, r.got.sigmaY - r.exact.sigmaY} {
			res.centreError = math.Max(res.centreError, math.Abs(d))
		}
		for _, d := range []float64{r.got.kx - r.exact.kx, r.got.ky - r.exact.ky} {
			res.waveError = math.Max(res.waveError, math.Abs(d))
		}
		res.snapshots = append(res.snapshots, r)
		emit(r)
		if step == cfg.steps {
			break
		}
		count := min(cfg.every, cfg.steps-step)
		start := time.Now()
		if err := sim.step(count); err != nil {
			return res, err
		}
		if err := sim.thr.Synchronize(); err != nil {
			return res, err
		}
		res.elapsed += time.Since(start)
		step += count
	}
	return res, nil
}

// printHeader prints the table's header.
func printHeader(w io.Writer) {
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%5s %6s %9s   %-17s %-17s %-17s %s\n", "step", "t", "norm−1", "<x> (exact)", "<y> (exact)", "σx (exact)", "<kx> (exact)")
}

// printRow prints a line of the table.
func printRow(w io.Writer, r row) {
	pair := func(got, exact float64) string { return fmt.Sprintf("%7.4f (%7.4f)", got, exact) }
	fmt.Fprintf(w, "%5d %6.3f %+9.1e   %s %s %s %s\n", r.step, r.t, r.drift,
		pair(r.got.x, r.exact.x), pair(r.got.y, r.exact.y), pair(r.got.sigmaX, r.exact.sigmaX), pair(r.got.kx, r.exact.kx))
}
