package multi

import (
	"fmt"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
)

// SlabChunks returns the number of chunks a SlabFFT of arrays of bytes
// bytes on devices devices cuts its parts into by default, where the
// devices copy their blocks themselves (cluda.CopyPeer between every
// two; through host memory the blocks run between the chunks, and a
// SlabFFT takes 1): slabChunks of them where each device holds at least
// minChunkedPartBytes, else 1. On two H200 the 1024³ transform to
// transposed slabs took 17.4 ms whole and 15.6, 15.0 and 15.0 ms in 2, 4
// and 8 chunks; 512³ 1.93 ms whole and 1.71, 1.74 and 1.92 ms in chunks
// (BENCHMARKS.md). Smaller parts were not measured: each chunk costs
// launches and a wait on the host, and their exchange is short.
func SlabChunks(bytes int64, devices int) int {
	if devices < 2 || bytes/int64(devices) < minChunkedPartBytes {
		return 1
	}
	return slabChunks
}

// slabChunks and minChunkedPartBytes set SlabChunks.
const (
	slabChunks          = 4
	minChunkedPartBytes = 256 << 20
)

// slabStage is a phase of a SlabFFT: a Callable of the whole parts, or a
// *chunkedPhase whose exchange overlaps it.
type slabStage interface {
	Release()
	Signature() core.Signature
}

// chooseChunks returns the chunks of the phases that overlap their
// exchanges: opts.Chunks, or SlabChunks where it is 0, at most the
// places of the shortest part along either split axis.
func (s *SlabFFT) chooseChunks(opts SlabFFTOptions) (int, error) {
	shortest := min(slices.Min(s.shares[0]), slices.Min(s.shares[1]))
	switch {
	case opts.Chunks < 0:
		return 0, fmt.Errorf("%d chunks: want 0 (chosen), 1 (no overlap) or more", opts.Chunks)
	case opts.Chunks > shortest:
		return 0, fmt.Errorf("%d chunks: the shortest part has %d places along a split axis", opts.Chunks, shortest)
	case opts.Chunks > 0:
		return opts.Chunks, nil
	}
	// Blocks that go through host memory run between the chunks, not
	// beside them: chunks would only add to their time.
	for i := range s.multi.Len() {
		for j := range s.multi.Len() {
			if i != j && s.multi.Path(i, j) != cluda.CopyPeer {
				return 1, nil
			}
		}
	}
	return min(SlabChunks(int64(s.typ.Size())*int64(s.typ.DType().Size()), s.multi.Len()), shortest), nil
}

// Chunks returns the number of chunks of the phases that overlap their
// exchanges (SlabFFTOptions.Chunks); 1 where none does.
func (s *SlabFFT) Chunks() int { return s.chunks }

// stage compiles the phase on arrays split along axis as phase does, in
// the SlabFFT's chunks where it has several and chunked is set.
func (s *SlabFFT) stage(axis int, chunked bool, opts fft.FFTOptions, input, output func(*fft.FFT, Part) error, work string) (slabStage, error) {
	if s.chunks > 1 && chunked {
		p, err := s.chunkedPhase(axis, s.chunks, opts, output, work)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	c, err := s.phase(axis, opts, input, output, work)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// preparedStage is a stage of a call with its arguments checked: a
// Callable's whole parts, or a chunked phase's views of them.
type preparedStage struct {
	whole     *Callable
	wholeArgs []any
	chunked   *chunkedPhase
	chunkArgs [][][]any
}

// prepareStage checks the arguments of a stage.
func prepareStage(st slabStage, args []any) (preparedStage, error) {
	switch st := st.(type) {
	case *Callable:
		_, err := st.check(args)
		return preparedStage{whole: st, wholeArgs: args}, err
	case *chunkedPhase:
		chunkArgs, err := st.args(args)
		return preparedStage{chunked: st, chunkArgs: chunkArgs}, err
	}
	return preparedStage{}, fmt.Errorf("a stage of type %T", st)
}

// runStage runs a stage, then the exchange from src into dst unless dst
// is nil, the exchange beside the stage where it is chunked, and adds
// their times to stats: for a chunked stage, the exchange's is the part
// that ran after the last chunk's transforms.
func (s *SlabFFT) runStage(p preparedStage, dst, src *cluda.SplitArray, stats *SlabStats) error {
	start := time.Now()
	if p.chunked != nil {
		tail, err := s.multi.CopySplitChunked(dst, src, len(p.chunked.chunks), p.chunked.produce(p.chunkArgs))
		if err != nil {
			return err
		}
		stats.Compute += time.Since(start) - tail
		stats.Exchange += tail
		return nil
	}
	if err := p.whole.Call(p.wholeArgs...); err != nil {
		return err
	}
	if err := s.multi.Synchronize(); err != nil {
		return err
	}
	stats.Compute += time.Since(start)
	if dst == nil {
		return nil
	}
	start = time.Now()
	if err := s.multi.CopySplit(dst, src); err != nil {
		return fmt.Errorf("exchange: %w", err)
	}
	stats.Exchange += time.Since(start)
	return nil
}

// chunkedPhase is a phase of a SlabFFT cut into chunks along the split
// axis of its arrays, so that the exchange after it overlaps it
// (cluda.MultiThread.CopySplitChunked): chunk c is, on each device d, the
// places [bounds[d][c], bounds[d][c+1]) of d's part, which a transform of
// its own takes as views of the part.
type chunkedPhase struct {
	axis   int
	bounds [][]int     // by device: cluda.ChunkBounds of its part
	chunks []*Callable // by chunk: each device's transform of its places of the chunk
}

// chunkedPhase compiles the transforms of the chunks of the phase on
// arrays split along axis, with the transformations of output connected
// (which must leave work alone).
func (s *SlabFFT) chunkedPhase(axis, chunks int, opts fft.FFTOptions, output func(*fft.FFT, Part) error, work string) (*chunkedPhase, error) {
	p := &chunkedPhase{axis: axis, bounds: make([][]int, s.multi.Len())}
	for d, share := range s.shares[axis] {
		var err error
		if p.bounds[d], err = cluda.ChunkBounds(share, chunks); err != nil {
			return nil, err
		}
	}
	for c := range chunks {
		call, err := Compile(s.multi, s.shares[axis], func(part Part) (core.AnyComputation, error) {
			b := p.bounds[part.Device]
			return slabChunk(s.typ, axis, part, b[c], b[c+1], opts, output, work)
		})
		if err != nil {
			p.Release()
			return nil, fmt.Errorf("chunk %d: %w", c, err)
		}
		p.chunks = append(p.chunks, call)
	}
	return p, nil
}

// slabChunk returns the transform of the places [lo, hi) along axis of
// part p of the phase of a slab FFT of arrays of type t on arrays split
// along axis: slabPhase's transform on a view of the part.
func slabChunk(t core.Type, axis int, p Part, lo, hi int, opts fft.FFTOptions, output func(*fft.FFT, Part) error, work string) (*fft.FFT, error) {
	shape := t.Shape()
	shape[axis] = p.Length
	part := core.ArrayOf(t.DType(), shape...)
	strides := part.Strides()
	shape[axis] = hi - lo
	view, err := core.NewArrayType(t.DType(), shape, strides, lo*strides[axis])
	if err != nil {
		return nil, err
	}
	return phaseFFT(view, axis, p, opts, nil, output, work)
}

// args returns the arguments of each chunk's transform on each device
// (args[c][d]), from those of the whole phase, split arrays of the whole
// shape: their parts' views of the chunk's places. Each is checked.
func (p *chunkedPhase) args(whole []any) ([][][]any, error) {
	out := make([][][]any, len(p.chunks))
	for c, call := range p.chunks {
		perDevice, err := call.partArgs(whole)
		if err != nil {
			return nil, err
		}
		for d, args := range perDevice {
			lo, hi := p.bounds[d][c], p.bounds[d][c+1]
			for i, q := range call.Signature() {
				if q.Role() == core.Scalar {
					continue
				}
				if args[i], err = args[i].(*cluda.Array).Slice(p.axis, lo, hi, 1); err != nil {
					return nil, fmt.Errorf("chunk %d, device %d, parameter %q: %w", c, d, q.Name, err)
				}
			}
			if err := call.Part(d).Check(args...); err != nil {
				return nil, fmt.Errorf("chunk %d, device %d: %w", c, d, err)
			}
		}
		out[c] = perDevice
	}
	return out, nil
}

// produce returns the function that enqueues chunk c's transform on every
// device, given the arguments of args.
func (p *chunkedPhase) produce(args [][][]any) func(c int) error {
	return func(c int) error {
		for d, call := range p.chunks[c].parts {
			if err := call.Call(args[c][d]...); err != nil {
				return fmt.Errorf("device %d: %w", d, err)
			}
		}
		return nil
	}
}

// Signature returns the parameters of the first chunk's transforms.
func (p *chunkedPhase) Signature() core.Signature { return p.chunks[0].Signature() }

// Release releases the transforms.
func (p *chunkedPhase) Release() {
	if p == nil {
		return
	}
	for _, c := range p.chunks {
		c.Release()
	}
}
