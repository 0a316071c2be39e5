package main

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
)

// testGrid is the grid of the tests: coarse, so that a propagation takes a
// fraction of a second on the CPU device, and still fine enough for the
// packets of harmonicConfig and freeConfig, whose densities are below
// about 1e-8 at the box's edge and at the largest wave number π/dx ≈ 10.
const testGrid = 64

// Tolerances of the tests, against the closed form.
const (
	// testCentreTolerance bounds the error of <x>, <y>, σx and σy. Over a
	// harmonic half period in 50 steps (ω dt ≈ 0.063) the split-step
	// method, a leapfrog for the packet's centre, is off by about
	// (ω dt)²·ωt/24 of the amplitude 3 (measured: 9e-4); the free packet
	// is propagated exactly up to rounding (4e-7).
	testCentreTolerance = 5e-3
	// testWaveTolerance bounds the error of <kx> and <ky> alike (measured:
	// 1.9e-3 in the harmonic potential, 1e-7 free).
	testWaveTolerance = 5e-3
)

// halfPeriod is the harmonic propagation of the tests: half a period in
// 50 steps on the test grid.
func halfPeriod() config {
	c := harmonicConfig(testGrid, 50, 10, 20)
	c.duration /= 2
	return c
}

func TestPropagation(t *testing.T) {
	thr := cludatest.Thread(t)
	tests := []struct {
		name string
		cfg  config
	}{
		{"harmonic half period", halfPeriod()},
		{"free", freeConfig(testGrid, 20, 5, 20)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim, err := newSimulation(thr, tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer sim.release()
			var rows []row
			res, err := propagate(sim, func(r row) { rows = append(rows, r) })
			if err != nil {
				t.Fatal(err)
			}
			if want := tt.cfg.steps/tt.cfg.every + 1; len(rows) != want {
				t.Fatalf("%d observations, want %d", len(rows), want)
			}
			if math.Abs(rows[0].observation.norm-1) > 1e-6 {
				t.Errorf("initial norm %v, want 1 within 1e-6", rows[0].observation.norm)
			}
			if res.stepDrift > normTolerance {
				t.Errorf("the norm changed by %.2e per step, more than %g", res.stepDrift, normTolerance)
			}
			if res.centreError > testCentreTolerance {
				t.Errorf("centre or width off the closed form by %.2e, more than %g", res.centreError, testCentreTolerance)
			}
			if res.waveError > testWaveTolerance {
				t.Errorf("wave vector off the closed form by %.2e, more than %g", res.waveError, testWaveTolerance)
			}
			t.Logf("norm change per step %.2e, centre error %.2e, wave error %.2e", res.stepDrift, res.centreError, res.waveError)
			// The packet must have moved: the last centre is far from the first.
			first, last := rows[0].got, rows[len(rows)-1].got
			if d := math.Hypot(last.x-first.x, last.y-first.y); d < 1 {
				t.Errorf("the packet moved by %.3g only", d)
			}
		})
	}
}

func TestRunPrintsTableAndPlot(t *testing.T) {
	cludatest.Thread(t) // skips where there is no device
	cfg := halfPeriod() // compiled by TestPropagation, so found in the program cache
	file := filepath.Join(t.TempDir(), "splitstep.png")
	var out bytes.Buffer
	if err := run(&out, cfg, "", file); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	for _, want := range []string{"device:", "norm−1", "check:      OK", "plot:       " + file} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestConfigErrors(t *testing.T) {
	base := harmonicConfig(64, 10, 5, 20)
	tests := []struct {
		name   string
		change func(*config)
		want   string
	}{
		{"coarse grid", func(c *config) { c.n = 4 }, "too coarse"},
		{"huge grid", func(c *config) { c.n = 1 << 14 }, "too large"},
		{"no box", func(c *config) { c.box = 0 }, "box side"},
		{"infinite box", func(c *config) { c.box = math.Inf(1) }, "box side"},
		{"no steps", func(c *config) { c.steps = 0 }, "time steps"},
		{"every zero", func(c *config) { c.every = 0 }, "observation"},
		{"every beyond steps", func(c *config) { c.every = 11 }, "observation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := base
			tt.change(&c)
			err := c.check()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("check() = %v, want an error with %q", err, tt.want)
			}
		})
	}
}
