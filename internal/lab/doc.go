// Package lab is the benchmark lab behind `reikna bench` and `reikna
// sweep-plot`: the sets of cases that the bench command times (the FFT over
// a list or a sweep of lengths or one N-D shape, and the sets of --algos,
// --random, --matmul, --convolve, --rfft, --dct, --half and --multi), each
// filling in the one skeleton of a set, benchSet; their checks of the
// results; the reports, as tables and JSON; and the plots. The
// command-line tool defines the bench command's flags with AddFlags and
// runs it with Bench, and draws a sweep with PlotSweep. The peers' scripts
// that the reports are compared with stay in scripts/.
package lab
