package lab

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

var (
	deviceColor   = color.RGBA{R: 31, G: 119, B: 180, A: 255}
	cpuColor      = color.RGBA{R: 214, G: 39, B: 40, A: 255}
	copyColor     = color.RGBA{R: 110, G: 110, B: 110, A: 255}
	pipelineColor = []color.Color{color.RGBA{R: 44, G: 160, B: 44, A: 255}, color.RGBA{R: 148, G: 103, B: 189, A: 255}}
)

// plot draws the report to a PNG file: on the left the time per transform
// against the length, on the right the effective bandwidth with the
// device's copy bandwidth, both on logarithmic axes, for the device (and
// the fused pipelines) and the CPU.
func (rep *benchReport) plot(file string) error {
	// Short axis labels: gonum pads a panel for a long one. The titles say
	// the rest.
	timePlot := newLogPlot("Time per transform", "time")
	bwPlot := newLogPlot("Effective bandwidth, 2 × bytes of an array / time", "GB/s")
	// The legends go under the panels, where they hide no line.
	timeLegend, bwLegend := plot.NewLegend(), plot.NewLegend()
	legends := map[*plot.Plot]*plot.Legend{timePlot: &timeLegend, bwPlot: &bwLegend}

	// Each series maps a row to its value; rows without one are left out.
	type series struct {
		name   string
		color  color.Color
		dashed bool
		time   func(r benchResult) float64 // ms per batch
	}
	all := []series{
		{"device, kernel time", deviceColor, false, func(r benchResult) float64 { return r.MedianMS }},
		{"device, wall time", deviceColor, true, func(r benchResult) float64 { return r.WallMS }},
		{"CPU, gonum float64", cpuColor, false, func(r benchResult) float64 { return r.CPUMS }},
	}
	for i, name := range rep.pipelineNames() {
		all = append(all, series{name: "fused " + name, color: pipelineColor[i%len(pipelineColor)], time: func(r benchResult) float64 {
			for _, p := range r.Pipelines {
				if p.Name == name && p.Skipped == "" {
					return p.MedianMS
				}
			}
			return 0
		}})
	}
	var nMin, nMax float64
	for _, s := range all {
		var times, bws plotter.XYs
		for _, r := range rep.Results {
			t := s.time(r)
			if r.Skipped != "" || t <= 0 {
				continue
			}
			n := float64(r.N)
			times = append(times, plotter.XY{X: n, Y: t / 1e3 / float64(r.Batch)})
			bws = append(bws, plotter.XY{X: n, Y: 2 * float64(r.Bytes) / (t / 1e3) / 1e9})
			if nMin == 0 || n < nMin {
				nMin = n
			}
			nMax = max(nMax, n)
		}
		if len(times) == 0 {
			continue
		}
		for _, panel := range []struct {
			p   *plot.Plot
			xys plotter.XYs
		}{{timePlot, times}, {bwPlot, bws}} {
			if s.dashed && panel.p == bwPlot {
				continue // the wall time's bandwidth adds nothing to read
			}
			if err := addLine(panel.p, legends[panel.p], s.name, panel.xys, s.color, s.dashed); err != nil {
				return err
			}
		}
	}
	if nMax == 0 {
		return fmt.Errorf("plot: no length was measured, so there is nothing to draw")
	}
	if rep.CopyGBs > 0 {
		xs := plotter.XYs{{X: nMin, Y: rep.CopyGBs}, {X: nMax, Y: rep.CopyGBs}}
		if err := addLine(bwPlot, &bwLegend, fmt.Sprintf("device copy, %s GB/s", num(rep.CopyGBs)), xs, copyColor, true); err != nil {
			return err
		}
	}
	timePlot.Y.Tick.Marker = plot.TickerFunc(func(min, max float64) []plot.Tick { return logTicks(min, max, secondsString) })
	bwPlot.Y.Tick.Marker = plot.TickerFunc(func(min, max float64) []plot.Tick {
		return logTicks(min, max, func(v float64) string { return fmt.Sprintf("%g", v) })
	})
	timePlot.X.Tick.Marker = plot.TickerFunc(pow2Ticks)
	bwPlot.X.Tick.Marker = plot.TickerFunc(pow2Ticks)

	head := fmt.Sprintf("reikna bench: %s FFTs on %s (%s), %s", rep.DType, rep.Device, rep.Platform, rep.Date[:10])
	return drawPanels(file, 1100, 540, head, []*plot.Plot{timePlot, bwPlot}, []*plot.Legend{&timeLegend, &bwLegend})
}

// drawPanels draws plots side by side into a PNG file of width × height
// points: the heading above them, and each plot's legend beneath it,
// where it hides no point.
func drawPanels(file string, width, height float64, heading string, panels []*plot.Plot, legends []*plot.Legend) error {
	const headHeight, legendHeight = 30, 80
	img := vgimg.New(vg.Points(width), vg.Points(height))
	dc := draw.New(img)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	// Align gives the panels data areas of the same size; the heading
	// goes above them and the legends below.
	tiles := draw.Tiles{Rows: 1, Cols: len(panels), PadX: vg.Points(30), PadTop: vg.Points(headHeight),
		PadBottom: vg.Points(legendHeight), PadLeft: vg.Points(10), PadRight: vg.Points(16)}
	canvases := plot.Align([][]*plot.Plot{panels}, tiles, dc)
	for i, p := range panels {
		c := canvases[0][i]
		p.Draw(c)
		l := legends[i]
		l.Top, l.Left = true, true
		l.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: c.Min.X + vg.Points(60), Y: dc.Min.Y + vg.Points(4)},
			Max: vg.Point{X: c.Max.X, Y: dc.Min.Y + vg.Points(legendHeight)},
		}})
	}
	head := panels[0].Title.TextStyle
	head.XAlign, head.YAlign = draw.XCenter, draw.YTop
	dc.FillText(head, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - vg.Points(8)}, heading)

	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("plot: writing %s: %w", file, err)
	}
	return f.Close()
}

// newLogPlot returns a plot with logarithmic axes and the length on x.
func newLogPlot(title, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "transform length N"
	p.Y.Label.Text = yLabel
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.Add(plotter.NewGrid())
	return p
}

// addLine adds a line with points to p, and to the legend l.
func addLine(p *plot.Plot, l *plot.Legend, name string, xys plotter.XYs, c color.Color, dashed bool) error {
	line, s, err := plotter.NewLinePoints(xys)
	if err != nil {
		return fmt.Errorf("plot: %s: %w", name, err)
	}
	line.Color, line.Width = c, vg.Points(1.5)
	s.Color, s.Radius = c, vg.Points(2)
	if dashed {
		line.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		s.Radius = 0
	}
	p.Add(line, s)
	l.Add(name, line, s)
	return nil
}

// pow2Ticks marks the powers of two in [min, max], labelled 16, 1k, 64M,
// every one where there are few and every other one otherwise. (Ticks
// outside the range would take room from the panel.)
func pow2Ticks(min, max float64) []plot.Tick {
	lo, hi := int(math.Floor(math.Log2(min))), int(math.Ceil(math.Log2(max)))
	step := 1
	if hi-lo > 10 {
		step = 2
	}
	var ticks []plot.Tick
	for k := lo; k <= hi; k++ {
		t := plot.Tick{Value: math.Ldexp(1, k)}
		if t.Value < min || t.Value > max {
			continue
		}
		if k%step == 0 {
			t.Label = binaryString(k)
		}
		ticks = append(ticks, t)
	}
	return ticks
}

// binaryString writes 2^k briefly: 16, 512, 1k, 64k, 16M.
func binaryString(k int) string {
	switch {
	case k >= 30:
		return fmt.Sprintf("%dG", 1<<(k-30))
	case k >= 20:
		return fmt.Sprintf("%dM", 1<<(k-20))
	case k >= 10:
		return fmt.Sprintf("%dk", 1<<(k-10))
	}
	return fmt.Sprint(1 << k)
}

// logTicks marks 1, 2 and 5 times the powers of ten in [min, max] where
// the range spans few decades, and the powers of ten alone otherwise,
// labelled by label.
func logTicks(min, max float64, label func(float64) string) []plot.Tick {
	lo, hi := int(math.Floor(math.Log10(min))), int(math.Ceil(math.Log10(max)))
	mults := []float64{1, 2, 5}
	if hi-lo > 3 {
		mults = []float64{1}
	}
	var ticks []plot.Tick
	for e := lo; e <= hi; e++ {
		for m := 1; m < 10; m++ {
			v := float64(m) * math.Pow10(e)
			if v < min || v > max {
				continue
			}
			t := plot.Tick{Value: v}
			for _, l := range mults {
				if float64(m) == l {
					t.Label = label(v)
				}
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// secondsString writes a time in seconds with a unit: 20 ns, 1 µs, 500 ms.
func secondsString(s float64) string {
	for _, u := range []struct {
		name  string
		scale float64
	}{{"s", 1}, {"ms", 1e-3}, {"µs", 1e-6}} {
		if s >= u.scale*0.999 {
			return strconv.FormatFloat(s/u.scale, 'g', 3, 64) + " " + u.name
		}
	}
	return strconv.FormatFloat(s/1e-9, 'g', 3, 64) + " ns"
}
