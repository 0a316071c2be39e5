package main

import (
	"bytes"
	"fmt"
	"image/color"
	"os"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// densityGrid is a density on the grid as gonum's heat map reads it:
// column c is x, row r is y, at the given spacing around the origin (the
// grid index n/2). It shows the points first to first+m−1 of each axis.
type densityGrid struct {
	n        int
	spacing  float64
	values   []float32 // row-major (y, x), n×n
	first, m int
}

// newDensityGrid returns the whole grid of values.
func newDensityGrid(n int, spacing float64, values []float32) densityGrid {
	return densityGrid{n: n, spacing: spacing, values: values, m: n}
}

// cropped returns g reduced to the smallest square around the origin that
// holds every value above fraction of the largest, with at least 8 points
// either side.
func (g densityGrid) cropped(fraction float64) densityGrid {
	var top float32
	for _, v := range g.values {
		top = max(top, v)
	}
	half := 8
	for i, v := range g.values {
		if float64(v) > fraction*float64(top) {
			half = max(half, abs(i/g.n-g.n/2)+2, abs(i%g.n-g.n/2)+2)
		}
	}
	half = min(half, g.n/2)
	g.first, g.m = g.n/2-half, 2*half
	return g
}

// abs returns |i|.
func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

func (g densityGrid) Dims() (c, r int)   { return g.m, g.m }
func (g densityGrid) Z(c, r int) float64 { return float64(g.values[(r+g.first)*g.n+c+g.first]) }
func (g densityGrid) X(c int) float64    { return float64(g.first+c-g.n/2) * g.spacing }
func (g densityGrid) Y(r int) float64    { return float64(g.first+r-g.n/2) * g.spacing }

const (
	// snapshotCount is how many times of the propagation the plot shows.
	snapshotCount = 5
	// momentumShown is the smallest density, relative to the largest,
	// that the momentum panel shows: it is cropped to the wave numbers
	// that hold the packet.
	momentumShown = 1e-6
)

// drawSnapshots draws |ψ|² at snapshotCount times spread over rows, the
// closed-form centre marked on each, and the momentum distribution at the
// last time, into a PNG file.
func drawSnapshots(file string, cfg config, rows []row) error {
	if len(rows) == 0 {
		return fmt.Errorf("plot: no observation to draw")
	}
	var picked []row
	for i := range snapshotCount {
		r := rows[i*(len(rows)-1)/(snapshotCount-1)]
		if len(picked) == 0 || picked[len(picked)-1].step != r.step {
			picked = append(picked, r)
		}
	}
	pal := moreland.ExtendedBlackBody().Palette(255)
	var plots []*plot.Plot
	for _, r := range picked {
		p, err := heatPlot(newDensityGrid(cfg.n, cfg.dx(), r.observation.psiAbs), pal,
			fmt.Sprintf("|ψ|² at t = %.3g", r.t), "x", "y")
		if err != nil {
			return err
		}
		centre, err := plotter.NewScatter(plotter.XYs{{X: r.exact.x, Y: r.exact.y}})
		if err != nil {
			return fmt.Errorf("plot: %w", err)
		}
		centre.Color, centre.Radius = color.RGBA{G: 200, B: 255, A: 255}, vg.Points(3)
		p.Add(centre)
		plots = append(plots, p)
	}
	last := rows[len(rows)-1]
	p, err := heatPlot(newDensityGrid(cfg.n, cfg.dk(), last.observation.power).cropped(momentumShown), pal,
		fmt.Sprintf("|ψ(k)|² at t = %.3g (fftshift)", last.t), "kx", "ky")
	if err != nil {
		return err
	}
	plots = append(plots, p)

	const cols, tile = 3, 300
	rowsN := (len(plots) + cols - 1) / cols
	img := vgimg.New(vg.Points(cols*tile), vg.Points(float64(rowsN*tile)))
	dc := draw.New(img)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	grid := make([][]*plot.Plot, rowsN)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	for i, p := range plots {
		grid[i/cols][i%cols] = p
	}
	tiles := draw.Tiles{Rows: rowsN, Cols: cols, PadX: vg.Points(12), PadY: vg.Points(12),
		PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(6)}
	canvases := plot.Align(grid, tiles, dc)
	for i, p := range plots {
		p.Draw(canvases[i/cols][i%cols])
	}
	var png bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&png); err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	if err := os.WriteFile(file, png.Bytes(), 0o644); err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	return nil
}

// heatPlot returns a plot of the heat map of g.
func heatPlot(g densityGrid, pal palette.Palette, title, xLabel, yLabel string) (*plot.Plot, error) {
	var top float64
	for _, v := range g.values {
		top = max(top, float64(v))
	}
	if !(top > 0) {
		return nil, fmt.Errorf("plot: %s: the density is nowhere positive", title)
	}
	h := plotter.NewHeatMap(g, pal)
	h.Min, h.Max, h.Rasterized = 0, top, true
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	p.Add(h)
	return p, nil
}
