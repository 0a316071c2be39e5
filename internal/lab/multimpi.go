package lab

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/multi"
	"github.com/reikna-go/reikna/multi/mpi"
	"github.com/reikna-go/reikna/multi/nccl"
)

// mpiFlags are the bench flags that --multi --mpi uses besides the common
// ones.
var mpiFlags = []string{"multi", "mpi", "nccl", "shape", "precision", "runs", "json", "device", "api"}

// mpiRow is the time of the slab FFT of one layout over the processes:
// the slowest rank's median call and its phases, and the efficiency
// against rank 0's device alone.
type mpiRow struct {
	Layout string `json:"layout"`
	// Grid is the processes' grid of a pencil decomposition, such as
	// "2x2"; empty for slabs.
	Grid string `json:"grid,omitempty"`
	// Through names what moved the blocks: "MPI" (host memory and
	// MPI_Alltoallv) or "NCCL" (device to device).
	Through    string  `json:"through"`
	MedianMS   float64 `json:"median_ms"`
	ComputeMS  float64 `json:"compute_ms"`
	ExchangeMS float64 `json:"exchange_ms"`
	StagingMS  float64 `json:"staging_ms"`
	Efficiency float64 `json:"efficiency"`
	// RelL2 is the relative L2 error of the output, every rank's part
	// together, against the transform of the input (waveInput).
	RelL2 float64 `json:"rel_l2"`
	// Wrong says why the output is wrong, where RelL2 is above the FFT's
	// bound.
	Wrong string `json:"wrong,omitempty"`
	// ExchangedBytes is what one call moves among the ranks, all of them
	// together.
	ExchangedBytes int64 `json:"exchanged_bytes"`
}

// mpiReport is what bench --multi --mpi measured.
type mpiReport struct {
	runHeader
	Procs    int        `json:"procs"`
	Devices  []string   `json:"devices"` // each rank's
	Shape    []int      `json:"shape"`
	DType    string     `json:"dtype"`
	Runs     int        `json:"runs"`
	SingleMS float64    `json:"single_ms"` // the whole transform on rank 0's device alone
	Rows     []mpiRow   `json:"rows"`
	MPI      mpiLibrary `json:"mpi"`
	Build    *buildInfo `json:"build,omitempty"`
}

// mpiLibrary names the MPI library of the run.
type mpiLibrary struct {
	Path    string `json:"path"`
	Version string `json:"version"`
}

// mpiStats is what each rank sends rank 0 of a layout: its median call
// and the phases of its last one, in milliseconds, then the sums of its
// output's check (waveInput.errorSums): Σ|error|² and Σ|reference|².
type mpiStats [6]float64

// benchMultiMPI times the slab FFT of --shape over the processes that
// mpirun started, one device each (the process's local rank picks it
// among the devices that match), to transposed slabs and back to slabs,
// against the whole transform on rank 0's device alone. Rank 0 prints the
// table and writes the JSON; the times of a layout are those of its
// slowest rank.
func benchMultiMPI(o *Options, stdout io.Writer) error {
	for f := range o.Given {
		if !slices.Contains(mpiFlags, f) {
			return fmt.Errorf("--%s does not apply to --multi --mpi", f)
		}
	}
	if o.Runs < 0 {
		return fmt.Errorf("--runs cannot be negative (0 chooses the default)")
	}
	if err := checkOutputFile("--json", o.JSON, ""); err != nil {
		return err
	}
	if err := mpi.Init(); err != nil {
		return fmt.Errorf("%w (start it with mpirun)", err)
	}
	world, err := mpi.World()
	if err != nil {
		return err
	}
	rep, err := runMultiMPI(o, world)
	if err != nil {
		// The other ranks wait in a collective that this one will not
		// reach: end them all.
		fmt.Fprintf(os.Stderr, "bench --multi --mpi: rank %d: %v\n", world.Rank(), err)
		world.Abort(1)
		return err
	}
	if world.Rank() == 0 {
		if _, err := io.WriteString(stdout, rep.table()); err != nil {
			return err
		}
		if o.JSON != "" {
			if err := writeJSONFile(o.JSON, rep); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "wrote %s\n", o.JSON)
		}
	}
	if err := mpi.Finalize(); err != nil {
		return err
	}
	return rep.wrongResults()
}

// runMultiMPI runs the transforms as world's rank and returns the report
// (complete on rank 0).
func runMultiMPI(o *Options, world *mpi.Comm) (*mpiReport, error) {
	local, _ := mpi.LocalRank()
	thr, err := multi.RankThread(cluda.DeviceFilter{Device: o.Device, API: cluda.API(o.API)}, local, cluda.ThreadOptions{Profiling: true})
	if err != nil {
		return nil, err
	}
	defer thr.Release()
	dt := o.Precision.ComplexDType()
	if err := cliutil.CheckPrecision(thr.Params(), dt); err != nil {
		return nil, err
	}
	shape, err := cliutil.ParseInts("--shape", cmp(o.Shape, multiOtherSize), 2)
	if err != nil {
		return nil, err
	}
	runs := max(o.Runs, 1)
	if !o.Given["runs"] {
		runs = 10
	}
	typ := core.ArrayOf(dt, shape...)
	rep := &mpiReport{runHeader: newRunHeader(thr, o.Args), Procs: world.Size(), Shape: shape, DType: dt.String(), Runs: runs, Build: readBuildInfo()}
	rep.MPI.Path, _ = mpi.LibraryPath()
	rep.MPI.Version, _ = mpi.LibraryVersion()
	if rep.Devices, err = gatherNames(world, thr.Params().Name); err != nil {
		return nil, err
	}
	if world.Rank() == 0 {
		if rep.SingleMS, err = timeWhole(thr, typ, runs); err != nil {
			return nil, fmt.Errorf("the transform on one device: %w", err)
		}
	}
	// record gathers the ranks' stats of a layout into a row of rank 0's.
	record := func(layout, grid, through string, stats mpiStats, exchanged int64) error {
		all, err := gatherStats(world, stats)
		if err != nil {
			return err
		}
		if world.Rank() == 0 {
			row := slowest(layout, all, rep.SingleMS, world.Size())
			row.Grid, row.Through, row.ExchangedBytes = grid, through, exchanged
			var errSq, refSq float64
			for _, a := range all {
				errSq, refSq = errSq+a[4], refSq+a[5]
			}
			row.RelL2 = math.Sqrt(errSq / refSq)
			if tol := fftCheckTolerance(dt); !(row.RelL2 <= tol) {
				row.Wrong = fmt.Sprintf("relative L2 error %.3g against the transform of the input, above %.0e", row.RelL2, tol)
			}
			rep.Rows = append(rep.Rows, row)
		}
		return nil
	}
	through, exchanger := "MPI", multi.DeviceExchanger(nil)
	if o.NCCL {
		comm, err := ncclComm(thr, world)
		if err != nil {
			return nil, err
		}
		defer comm.Destroy()
		through, exchanger = "NCCL", comm
	}
	for _, layout := range []multi.SlabLayout{multi.SlabsToTransposed, multi.TransposedToSlabs} {
		stats, exchanged, err := timeRankSlab(thr, world, typ, layout, exchanger, runs)
		if err != nil {
			return nil, fmt.Errorf("%v through %s: %w", layout, through, err)
		}
		if err := record(layout.String(), "", through, stats, exchanged); err != nil {
			return nil, err
		}
	}
	p, q := mpiGrid(world.Size())
	if q == 1 || len(shape) < 3 {
		return rep, nil // a grid of one row is a slab
	}
	rows, err := world.Split(world.Rank()/q, world.Rank())
	if err != nil {
		return nil, err
	}
	cols, err := world.Split(world.Rank()%q, world.Rank())
	if err != nil {
		return nil, err
	}
	var exchangers [2]multi.DeviceExchanger
	if o.NCCL {
		for i, c := range []*mpi.Comm{rows, cols} {
			comm, err := ncclComm(thr, c)
			if err != nil {
				return nil, fmt.Errorf("the grid's %s: %w", []string{"rows", "columns"}[i], err)
			}
			defer comm.Destroy()
			exchangers[i] = comm
		}
	}
	for _, layout := range []multi.PencilLayout{multi.PencilsToTransposed, multi.TransposedToPencils} {
		stats, exchanged, err := timeRankPencil(thr, rows, cols, typ, layout, exchangers, runs)
		if err != nil {
			return nil, fmt.Errorf("%v through %s: %w", layout, through, err)
		}
		if err := record(layout.String(), fmt.Sprintf("%dx%d", p, q), through, stats, exchanged); err != nil {
			return nil, err
		}
	}
	if err := errors.Join(rows.Free(), cols.Free()); err != nil {
		return nil, err
	}
	return rep, nil
}

// ncclComm returns the rank's NCCL communicator of world's ranks (all of
// MPI's or a grid row's or column's), on the device of thr, a CUDA
// Thread: the unique id from world's rank 0 through MPI.
func ncclComm(thr *cluda.Thread, world *mpi.Comm) (*nccl.Comm, error) {
	if thr.API() != cluda.CUDA {
		return nil, fmt.Errorf("--nccl needs CUDA devices, not %v (--api cuda)", thr.API())
	}
	id, err := nccl.BcastID(world)
	if err != nil {
		return nil, err
	}
	comm, err := nccl.NewComm(thr.CUDAContext(), id, world.Rank(), world.Size())
	if err != nil {
		return nil, fmt.Errorf("--nccl: %w", err)
	}
	return comm, nil
}

// mpiGrid returns the grid of p × q processes, p ≥ q, closest to a square
// that n processes make.
func mpiGrid(n int) (p, q int) {
	q = 1
	for d := 1; d*d <= n; d++ {
		if n%d == 0 {
			q = d
		}
	}
	return n / q, q
}

// timeRankPencil times the rank's calls of the pencil FFT of typ in layout
// on the grid of rows and cols, as timeRankSlab does the slab FFT's.
// With exchangers (the grid row's and column's) the blocks move from
// device to device.
func timeRankPencil(thr *cluda.Thread, rows, cols *mpi.Comm, typ core.Type, layout multi.PencilLayout, exchangers [2]multi.DeviceExchanger, runs int) (mpiStats, int64, error) {
	opts := multi.PencilFFTOptions{Layout: layout, RowExchanger: exchangers[0], ColumnExchanger: exchangers[1]}
	f, err := multi.NewRankPencilFFT(thr, rows, cols, typ, opts)
	if err != nil {
		return mpiStats{}, 0, err
	}
	defer f.Release()
	shape := typ.Shape()
	p, q, np, nq := cols.Rank(), rows.Rank(), cols.Size(), rows.Size()
	pencils := wholeBox(shape).split(0, np, p).split(1, nq, q)
	transposed := wholeBox(shape).split(1, np, p).split(2, nq, q)
	in, out := pencils, transposed
	if layout == multi.TransposedToPencils {
		in, out = transposed, pencils
	}
	return timeRankCalls(thr, typ, in, out, runs,
		func(out, in *cluda.Array) error { return f.Call(out, in, 0) }, f.Stats)
}

// cmp returns s, or def where s is empty.
func cmp(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// timeWhole returns the median time in milliseconds of runs calls of the
// FFT of typ over every axis on thr, after one.
func timeWhole(thr *cluda.Thread, typ core.Type, runs int) (float64, error) {
	f, err := fft.NewFFT(typ, nil, fft.FFTOptions{})
	if err != nil {
		return 0, err
	}
	c, err := f.Compile(thr)
	if err != nil {
		return 0, err
	}
	defer c.Release()
	in, err := randomArray(thr, typ.Shape(), typ, 1)
	if err != nil {
		return 0, err
	}
	defer in.Release()
	out, err := thr.EmptyLike(in)
	if err != nil {
		return 0, err
	}
	defer out.Release()
	return medianCall(thr, runs, func() error { return c.Call(out, in, int32(0)) })
}

// timeRankSlab times the rank's calls of the slab FFT of typ in layout:
// its median call and the phases of its last one, and the bytes one call
// exchanges among all the ranks.
func timeRankSlab(thr *cluda.Thread, world *mpi.Comm, typ core.Type, layout multi.SlabLayout, ex multi.DeviceExchanger, runs int) (mpiStats, int64, error) {
	f, err := multi.NewRankSlabFFT(thr, world, typ, multi.SlabFFTOptions{Layout: layout, Exchanger: ex})
	if err != nil {
		return mpiStats{}, 0, err
	}
	defer f.Release()
	inAxis, outAxis := 0, 1
	if layout == multi.TransposedToSlabs {
		inAxis = 1
	}
	if layout == multi.SlabsToSlabs || layout == multi.TransposedToSlabs {
		outAxis = 0
	}
	shape, n, r := typ.Shape(), world.Size(), world.Rank()
	return timeRankCalls(thr, typ, wholeBox(shape).split(inAxis, n, r), wholeBox(shape).split(outAxis, n, r), runs,
		func(out, in *cluda.Array) error { return f.Call(out, in, 0) }, f.Stats)
}

// timeRankCalls times call, a rank's part of a distributed FFT of typ,
// from the part inBox of the waves of newWaveInput into the part outBox of
// the output, poisoned first: its median call and the phases of its last
// one (stats), the sums of the check of its last output against the
// waves' transform, and the bytes one call exchanges among all the ranks.
func timeRankCalls(thr *cluda.Thread, typ core.Type, inBox, outBox box, runs int,
	call func(out, in *cluda.Array) error, stats func() multi.SlabStats) (mpiStats, int64, error) {
	waves := newWaveInput(typ.Shape())
	in, err := waves.waveArray(thr, inBox, typ.DType())
	if err != nil {
		return mpiStats{}, 0, err
	}
	defer in.Release()
	out, err := thr.Empty(outBox.extent, typ.DType())
	if err != nil {
		return mpiStats{}, 0, err
	}
	defer out.Release()
	if err := out.Fill(complex(math.NaN(), math.NaN())); err != nil {
		return mpiStats{}, 0, err
	}
	ms, err := medianCall(thr, runs, func() error { return call(out, in) })
	if err != nil {
		return mpiStats{}, 0, err
	}
	got, err := readComplex(out)
	if err != nil {
		return mpiStats{}, 0, err
	}
	errSq, refSq := waves.errorSums(got, outBox)
	s := stats()
	return mpiStats{ms, durationMS(s.Compute), durationMS(s.Exchange), durationMS(s.Staging), errSq, refSq}, s.ExchangedBytes, nil
}

// randomArray returns an array of shape of typ's dtype on thr holding
// random values of the seed.
func randomArray(thr *cluda.Thread, shape []int, typ core.Type, seed uint64) (*cluda.Array, error) {
	n := 1
	for _, s := range shape {
		n *= s
	}
	r := rand.New(rand.NewPCG(seed, 5))
	x := make([]complex128, n)
	for i := range x {
		x[i] = complex(2*r.Float64()-1, 2*r.Float64()-1)
	}
	if typ.DType().Size() == 16 {
		return thr.ToDevice(x, shape...)
	}
	x64 := make([]complex64, n)
	for i, v := range x {
		x64[i] = complex64(v)
	}
	return thr.ToDevice(x64, shape...)
}

// medianCall returns the median wall time in milliseconds of runs calls
// of f, each waited for, after one.
func medianCall(thr *cluda.Thread, runs int, f func() error) (float64, error) {
	times := make([]float64, runs)
	for i := -1; i < runs; i++ {
		start := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		if err := thr.Synchronize(); err != nil {
			return 0, err
		}
		if i >= 0 {
			times[i] = durationMS(time.Since(start))
		}
	}
	slices.Sort(times)
	return times[runs/2], nil
}

// durationMS returns d in milliseconds.
func durationMS(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// gatherStats sends rank 0 every rank's stats, in rank order there.
func gatherStats(world *mpi.Comm, s mpiStats) ([]mpiStats, error) {
	send := make([]byte, 8*len(s))
	for i, v := range s {
		binary.LittleEndian.PutUint64(send[8*i:], math.Float64bits(v))
	}
	recv, err := gather(world, send)
	if err != nil || world.Rank() != 0 {
		return nil, err
	}
	out := make([]mpiStats, world.Size())
	for r := range out {
		for i := range out[r] {
			out[r][i] = math.Float64frombits(binary.LittleEndian.Uint64(recv[len(send)*r+8*i:]))
		}
	}
	return out, nil
}

// mpiNameBytes is the room of a device's name in gatherNames.
const mpiNameBytes = 256

// gatherNames sends rank 0 every rank's device name, in rank order there.
func gatherNames(world *mpi.Comm, name string) ([]string, error) {
	send := make([]byte, mpiNameBytes)
	copy(send, name)
	recv, err := gather(world, send)
	if err != nil || world.Rank() != 0 {
		return nil, err
	}
	out := make([]string, world.Size())
	for r := range out {
		out[r] = strings.TrimRight(string(recv[mpiNameBytes*r:mpiNameBytes*(r+1)]), "\x00")
	}
	return out, nil
}

// gather sends rank 0 every rank's send, all of one length, one after
// the other in rank order; other ranks receive nothing.
func gather(world *mpi.Comm, send []byte) ([]byte, error) {
	n := world.Size()
	sendCounts, sendDispls := make([]int, n), make([]int, n)
	recvCounts, recvDispls := make([]int, n), make([]int, n)
	sendCounts[0] = len(send)
	var recv []byte
	if world.Rank() == 0 {
		recv = make([]byte, n*len(send))
		for r := range n {
			recvCounts[r], recvDispls[r] = len(send), r*len(send)
		}
	}
	if err := world.Alltoallv(send, sendCounts, sendDispls, recv, recvCounts, recvDispls); err != nil {
		return nil, err
	}
	return recv, nil
}

// slowest returns the row of a layout from every rank's stats: the
// slowest rank's median and phases, and the efficiency of procs
// processes against single milliseconds on one device.
func slowest(layout string, all []mpiStats, single float64, procs int) mpiRow {
	worst := slices.MaxFunc(all, func(a, b mpiStats) int { return cmpFloat(a[0], b[0]) })
	row := mpiRow{Layout: layout, MedianMS: worst[0], ComputeMS: worst[1], ExchangeMS: worst[2], StagingMS: worst[3]}
	if worst[0] > 0 {
		row.Efficiency = single / (float64(procs) * worst[0])
	}
	return row
}

// cmpFloat orders two floats.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// table returns the report as text.
func (rep *mpiReport) table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Slab and pencil FFTs of %s %s over %d processes (%s; %s), one device each: %s\n",
		rep.DType, cliutil.DimsString(rep.Shape), rep.Procs, rep.MPI.Path, firstLine(rep.MPI.Version), strings.Join(rep.Devices, ", "))
	fmt.Fprintf(&b, "Times: the slowest rank's median wall time of %d calls after one, each waited for; one device: the whole transform on rank 0's alone, %.3f ms; efficiency: that over %d × the time. rel L2: every rank's part of the output against the transform of the input, a sum of plane waves.\n\n",
		rep.Runs, rep.SingleMS, rep.Procs)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "layout\tgrid\tthrough\tmedian ms\tcompute ms\texchange ms\tstaging ms\tMB exchanged\tefficiency\trel L2\t")
	for _, r := range rep.Rows {
		grid := r.Grid
		if grid == "" {
			grid = "slabs"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.3g\t%.0f%%\t%.2g\t\n", r.Layout, grid, r.Through, num(r.MedianMS), num(r.ComputeMS), num(r.ExchangeMS),
			num(r.StagingMS), float64(r.ExchangedBytes)/1e6, 100*r.Efficiency, r.RelL2)
	}
	tw.Flush()
	for _, r := range rep.Rows {
		if r.Wrong != "" {
			fmt.Fprintf(&b, "WRONG: %s through %s: %s\n", r.Layout, r.Through, r.Wrong)
		}
	}
	return b.String()
}

// wrongResults returns an error naming the rows whose outputs are wrong,
// nil where there are none.
func (rep *mpiReport) wrongResults() error {
	var wrong []string
	for _, r := range rep.Rows {
		if r.Wrong != "" {
			wrong = append(wrong, r.Layout+" through "+r.Through)
		}
	}
	if len(wrong) > 0 {
		return fmt.Errorf("wrong results: %s", strings.Join(wrong, "; "))
	}
	return nil
}

// firstLine returns the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}
