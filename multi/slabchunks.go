package multi

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
)

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
	f, err := fft.NewFFT(view, phaseAxes(len(shape), axis), opts)
	if err != nil {
		return nil, err
	}
	if output != nil {
		if err := output(f, p); err != nil {
			return nil, fmt.Errorf("output transformations: %w", err)
		}
	}
	if err := workLeft(f.Signature(), work); err != nil {
		return nil, err
	}
	return f, nil
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
