package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sweepRatiosFile is the file of a run's directory that sweep-plot draws:
// every length's ratio, as scripts/sweep_summary.py --ratios writes it.
const sweepRatiosFile = "sweep_ratios.json"

// sweepRatios is what scripts/sweep_summary.py --ratios writes: the ratio
// of reikna's time to the faster peer's at each length of a sweep.
type sweepRatios struct {
	Reikna  string   `json:"reikna"` // how the tables name reikna, such as "reikna (OpenCL)"
	Device  string   `json:"device"`
	Date    string   `json:"date"`
	Peers   []string `json:"peers"`
	Lengths []struct {
		N     int     `json:"n"`
		Kind  string  `json:"kind"`
		Ratio float64 `json:"ratio"`
		Peer  string  `json:"peer"` // the faster peer at N
	} `json:"lengths"`
}

// The colours and the marks of the kinds of length, in the order of
// sweepKinds; a kind not listed there takes the last.
var (
	kindColors = []color.Color{
		color.RGBA{R: 31, G: 119, B: 180, A: 255}, color.RGBA{R: 23, G: 190, B: 207, A: 255},
		color.RGBA{R: 214, G: 39, B: 40, A: 255}, color.RGBA{R: 255, G: 127, B: 14, A: 255},
		color.RGBA{R: 148, G: 103, B: 189, A: 255}, color.RGBA{R: 127, G: 127, B: 127, A: 255},
	}
	kindGlyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.RingGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}
)

// PlotSweep draws the ratios of the sweep of the run in dir, which
// scripts/sweep_summary.py --ratios writes to dir/sweep_ratios.json, into
// the PNG file: each length's time of reikna over the faster peer's.
func PlotSweep(dir, file string) error {
	if err := checkOutputFile("--out", file, ".png"); err != nil {
		return err
	}
	ratios, err := readSweepRatios(dir)
	if err != nil {
		return err
	}
	return ratios.plot(file)
}

// readSweepRatios reads the ratios of the sweep of the run in dir.
func readSweepRatios(dir string) (*sweepRatios, error) {
	file := filepath.Join(dir, sweepRatiosFile)
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s does not exist: scripts/sweep_summary.py --ratios %s %s writes it", file, file, dir)
	}
	if err != nil {
		return nil, err
	}
	var s sweepRatios
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(s.Lengths) == 0 {
		return nil, fmt.Errorf("%s holds no ratio: no peer measured the lengths of the sweep", file)
	}
	for _, l := range s.Lengths {
		if l.N < 1 || !(l.Ratio > 0) {
			return nil, fmt.Errorf("%s: the length %d has the ratio %g; want a length and a ratio above 0", file, l.N, l.Ratio)
		}
	}
	return &s, nil
}

// plot draws the ratio against the length, both on logarithmic axes, each
// kind of length in a colour and mark of its own, with a line at 1.0,
// where reikna is as fast as the faster peer, into a PNG file.
func (s *sweepRatios) plot(file string) error {
	p := newLogPlot("Below the dashed line at 1.0, reikna is faster", "time ratio")
	legend := plot.NewLegend()
	kinds := slices.Clone(sweepKinds)
	// The axes leave a margin around the points, and take in 1.0.
	var nMin, nMax float64
	rMin, rMax := 1.0, 1.0
	for _, l := range s.Lengths {
		if !slices.Contains(kinds, l.Kind) {
			kinds = append(kinds, l.Kind)
		}
		n := float64(l.N)
		if nMin == 0 || n < nMin {
			nMin = n
		}
		nMax = max(nMax, n)
		rMin, rMax = min(rMin, l.Ratio), max(rMax, l.Ratio)
	}
	p.X.Min, p.X.Max = nMin/1.2, nMax*1.2
	p.Y.Min, p.Y.Max = rMin/1.1, rMax*1.1
	// The legend lists the kinds in order; the most numerous are drawn
	// first, so that they hide the fewer points of the others the least.
	var scatters []*plotter.Scatter
	for i, k := range kinds {
		var xys plotter.XYs
		for _, l := range s.Lengths {
			if l.Kind == k {
				xys = append(xys, plotter.XY{X: float64(l.N), Y: l.Ratio})
			}
		}
		if len(xys) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(xys)
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		i = min(i, len(kindColors)-1)
		sc.GlyphStyle = draw.GlyphStyle{Color: kindColors[i], Radius: vg.Points(2), Shape: kindGlyphs[i]}
		legend.Add(fmt.Sprintf("%s (%d)", k, len(xys)), sc)
		scatters = append(scatters, sc)
	}
	slices.SortStableFunc(scatters, func(a, b *plotter.Scatter) int { return b.Len() - a.Len() })
	for _, sc := range scatters {
		p.Add(sc)
	}
	par, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: 1}, {X: p.X.Max, Y: 1}})
	if err != nil {
		return err
	}
	par.Color, par.Width, par.Dashes = copyColor, vg.Points(1), []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(par)
	p.X.Tick.Marker = plot.TickerFunc(pow2Ticks)
	p.Y.Tick.Marker = plot.TickerFunc(func(min, max float64) []plot.Tick {
		return logTicks(min, max, func(v float64) string { return fmt.Sprintf("%g", v) })
	})
	date, _, _ := strings.Cut(s.Date, "T")
	heading := fmt.Sprintf("Time of %s over the faster of %s at each length, on %s, %s", s.Reikna, strings.Join(s.Peers, " and "), s.Device, date)
	return drawPanels(file, 1000, 560, heading, []*plot.Plot{p}, []*plot.Legend{&legend})
}
