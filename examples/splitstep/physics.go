package main

import (
	"fmt"
	"math"
)

// Units: ħ = m = 1, so that the wave function ψ(x, y, t) of the packet
// obeys i∂ψ/∂t = −½∇²ψ + V(x, y)ψ, with V = ½ω²(x² + y²) (ω = 0: a free
// particle). Axis 1 of the arrays is x, axis 0 is y.

// config is a propagation: the grid, the time steps and the packet.
type config struct {
	n        int     // grid points along each axis
	box      float64 // side of the square box, centred on the origin
	steps    int     // time steps
	every    int     // steps between two observations
	duration float64 // total time
	omega    float64 // frequency of the harmonic potential; 0 for a free particle
	packet   packet
}

// packet is the Gaussian wave packet at t = 0: centred on (x0, y0), with
// mean wave vector (kx, ky) and the standard deviation sigma of |ψ|² along
// each axis.
type packet struct {
	x0, y0, kx, ky, sigma float64
}

// harmonicConfig is the default in a harmonic potential: one period of a
// packet narrower than the ground state, pushed sideways, so that it
// circles the centre on an ellipse and breathes twice per period.
func harmonicConfig(n, steps, every int, box float64) config {
	const omega = 1
	return config{n: n, box: box, steps: steps, every: every, duration: 2 * math.Pi / omega, omega: omega,
		packet: packet{x0: 3, y0: 0, kx: 0, ky: 1.5, sigma: 0.5}}
}

// freeConfig is the default for a free particle: a packet moving
// diagonally and spreading.
func freeConfig(n, steps, every int, box float64) config {
	return config{n: n, box: box, steps: steps, every: every, duration: 2,
		packet: packet{x0: -3, y0: -2, kx: 2, ky: 1.5, sigma: 1}}
}

// check returns an error naming the first setting that cannot give a
// propagation.
func (c config) check() error {
	switch {
	case c.n < 8:
		return fmt.Errorf("the grid of %d points per axis is too coarse (at least 8)", c.n)
	case c.n > 8192:
		return fmt.Errorf("the grid of %d points per axis is too large (at most 8192)", c.n)
	case !(c.box > 0) || math.IsInf(c.box, 0):
		return fmt.Errorf("the box side %v must be positive and finite", c.box)
	case c.steps < 1:
		return fmt.Errorf("%d time steps: at least one is needed", c.steps)
	case c.every < 1 || c.every > c.steps:
		return fmt.Errorf("an observation every %d steps: it must be between 1 and the %d steps", c.every, c.steps)
	}
	return nil
}

// dx is the grid spacing, dk the spacing of the wave numbers and dt the
// time step.
func (c config) dx() float64 { return c.box / float64(c.n) }
func (c config) dk() float64 { return 2 * math.Pi / c.box }
func (c config) dt() float64 { return c.duration / float64(c.steps) }

// coordinate returns the position of grid index i along an axis, or, for
// a spectrum after fftshift, its wave number when the spacing is dk.
func (c config) coordinate(i int, spacing float64) float64 {
	return float64(i-c.n/2) * spacing
}

// initialState returns ψ at t = 0 on the grid, row-major (y, x),
// normalised so that Σ|ψ|² dx dy = 1 in float64 before the rounding to
// complex64.
func (c config) initialState() []complex64 {
	p := c.packet
	psi := make([]complex128, c.n*c.n)
	var sum float64
	for iy := range c.n {
		y := c.coordinate(iy, c.dx())
		for ix := range c.n {
			x := c.coordinate(ix, c.dx())
			r2 := (x-p.x0)*(x-p.x0) + (y-p.y0)*(y-p.y0)
			v := complex(math.Exp(-r2/(4*p.sigma*p.sigma)), 0) * cmplxPhase(p.kx*x+p.ky*y)
			psi[iy*c.n+ix] = v
			sum += real(v)*real(v) + imag(v)*imag(v)
		}
	}
	scale := 1 / math.Sqrt(sum*c.dx()*c.dx())
	out := make([]complex64, len(psi))
	for i, v := range psi {
		out[i] = complex64(v * complex(scale, 0))
	}
	return out
}

// cmplxPhase returns e^{iθ}.
func cmplxPhase(theta float64) complex128 {
	s, c := math.Sincos(theta)
	return complex(c, s)
}

// moments are the observables of a packet at one time.
type moments struct {
	x, y   float64 // the centre, <x> and <y>
	sigmaX float64 // the standard deviation of x
	sigmaY float64 // the standard deviation of y
	kx, ky float64 // the mean wave vector
}

// exact returns the moments of the packet at time t, from the closed
// forms of a Gaussian packet: in a harmonic potential each axis turns in
// phase space with frequency ω, <x> = x0 cos ωt + (kx/ω) sin ωt,
// <kx> = kx cos ωt − ω x0 sin ωt, σx² = σ² cos² ωt + sin² ωt/(4σ²ω²);
// free, <x> = x0 + kx t, <kx> = kx and σx² = σ² + t²/(4σ²).
func (c config) exact(t float64) moments {
	p := c.packet
	var m moments
	varK := 1 / (4 * p.sigma * p.sigma) // of each wave number, constant in time when free
	if c.omega == 0 {
		m.x, m.y = p.x0+p.kx*t, p.y0+p.ky*t
		m.kx, m.ky = p.kx, p.ky
		m.sigmaX = math.Sqrt(p.sigma*p.sigma + varK*t*t)
	} else {
		w := c.omega
		s, co := math.Sincos(w * t)
		m.x, m.y = p.x0*co+p.kx/w*s, p.y0*co+p.ky/w*s
		m.kx, m.ky = p.kx*co-w*p.x0*s, p.ky*co-w*p.y0*s
		m.sigmaX = math.Sqrt(p.sigma*p.sigma*co*co + varK*s*s/(w*w))
	}
	m.sigmaY = m.sigmaX
	return m
}

// marginalMoments returns the mean and standard deviation of a
// coordinate from its marginal density on the grid (the sums of |ψ|²
// over the other axis), and the total of the density.
func (c config) marginalMoments(density []float64) (mean, sigma, total float64) {
	var s0, s1, s2 float64
	for i, d := range density {
		x := c.coordinate(i, c.dx())
		s0 += d
		s1 += d * x
		s2 += d * x * x
	}
	mean = s1 / s0
	return mean, math.Sqrt(max(s2/s0-mean*mean, 0)), s0
}

// meanWaveVector returns <kx> and <ky> of a momentum distribution on the
// grid, centred by fftshift (row-major, ky along axis 0).
func (c config) meanWaveVector(power []float32) (kx, ky float64) {
	var s0, sx, sy float64
	for iy := range c.n {
		k := c.coordinate(iy, c.dk())
		for ix := range c.n {
			p := float64(power[iy*c.n+ix])
			s0 += p
			sx += p * c.coordinate(ix, c.dk())
			sy += p * k
		}
	}
	return sx / s0, sy / s0
}
