package multi_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/multi"
)

// rankCase is a RankSlabFFT that every rank of a test runs and checks.
type rankCase struct {
	shape            []int
	layout           multi.SlabLayout
	shares0, shares1 []int
	seed             uint64
	// device exchanges through a DeviceExchanger (hostExchanger) rather
	// than host memory.
	device bool
}

func (c rankCase) String() string {
	through := "host"
	if c.device {
		through = "device"
	}
	return fmt.Sprintf("%v/%v/%v %v/%s", c.shape, c.layout, c.shares0, c.shares1, through)
}

// hostExchanger is a DeviceExchanger through host memory and a
// Communicator: the device path of RankSlabFFT (the blocks grouped and
// put in place on the device) on devices without NCCL.
type hostExchanger struct{ comm multi.Communicator }

func (x hostExchanger) AllToAllArrays(send *cluda.Array, sendCounts, sendDispls []int, recv *cluda.Array, recvCounts, recvDispls []int) error {
	s, err := cluda.Read[uint8](send)
	if err != nil {
		return err
	}
	r, err := cluda.Read[uint8](recv)
	if err != nil {
		return err
	}
	if err := x.comm.Alltoallv(s, sendCounts, sendDispls, r, recvCounts, recvDispls); err != nil {
		return err
	}
	return recv.Set(r)
}

// rankCases are the transforms the rank tests run on three ranks: axis 1
// splits unevenly (4, 3, 3, or 3, 3, 4 as given), and every layout runs.
var rankCases = []rankCase{
	{[]int{6, 10, 4}, multi.SlabsToTransposed, nil, nil, 3, false},
	{[]int{6, 10, 4}, multi.TransposedToSlabs, nil, []int{3, 3, 4}, 4, false},
	{[]int{5, 3, 2, 3}, multi.SlabsToSlabs, []int{1, 2, 2}, nil, 5, false},
}

// partOf returns the part of the row-major array data of shape that holds
// the places start to start+length of axis.
func partOf[T any](data []T, shape []int, axis, start, length int) []T {
	inner := 1
	for _, n := range shape[axis+1:] {
		inner *= n
	}
	outer := len(data) / (shape[axis] * inner)
	out := make([]T, 0, outer*length*inner)
	for o := range outer {
		at := (o*shape[axis] + start) * inner
		out = append(out, data[at:at+length*inner]...)
	}
	return out
}

// runRank runs the case's transform, forward and inverse, as rank
// comm.Rank() on thr, and checks the rank's part of each output against
// the float64 reference of the whole array, which every rank computes
// from the same random input. The output is poisoned with NaN before each
// call, so that a place the transform leaves unwritten fails. It returns
// the rank's parts of the outputs, by inverse.
func runRank(thr *cluda.Thread, comm multi.Communicator, c rankCase) ([2][]complex64, error) {
	var outs [2][]complex64
	typ := core.ArrayOf(dtypes.Complex64, c.shape...)
	opts := multi.SlabFFTOptions{Layout: c.layout, Shares0: c.shares0, Shares1: c.shares1}
	if c.device {
		opts.Exchanger = hostExchanger{comm}
	}
	f, err := multi.NewRankSlabFFT(thr, comm, typ, opts)
	if err != nil {
		return outs, err
	}
	defer f.Release()
	data := to64(randomComplex(typ.Size(), c.seed))
	inAxis, outAxis := splitOf(c.layout, true), splitOf(c.layout, false)
	inPart, outPart := f.Part(inAxis), f.Part(outAxis)
	in, err := thr.ToDevice(partOf(data, c.shape, inAxis, inPart.Start, inPart.Length), f.Shape(inAxis)...)
	if err != nil {
		return outs, err
	}
	defer in.Release()
	out, err := thr.Empty(f.Shape(outAxis), dtypes.Complex64)
	if err != nil {
		return outs, err
	}
	defer out.Release()
	poison := make([]complex64, out.Size())
	for i := range poison {
		poison[i] = complex(float32(math.NaN()), float32(math.NaN()))
	}
	var mismatch error // kept until the end, so that the rank takes part in every exchange
	for dir, inverse := range []bool{false, true} {
		if err := out.Set(poison); err != nil {
			return outs, err
		}
		if err := f.Call(out, in, dir); err != nil {
			return outs, err
		}
		got, err := cluda.Read[complex64](out)
		if err != nil {
			return outs, err
		}
		want := partOf(reference.FFTN(from64(data), c.shape, nil, inverse), c.shape, outAxis, outPart.Start, outPart.Length)
		// Not e > slabTolerance, which a NaN would pass.
		if e := reference.RelativeL2(got, want); !(e <= slabTolerance) {
			mismatch = errors.Join(mismatch, fmt.Errorf("rank %d, inverse %v: relative L2 error %.3g of the rank's part, want at most %g", comm.Rank(), inverse, e, slabTolerance))
		}
		outs[dir] = got
	}
	if mismatch != nil {
		return outs, mismatch
	}
	st := f.Stats()
	wantExchanges := 1
	if c.layout == multi.SlabsToSlabs {
		wantExchanges = 2
	}
	if st.Exchanges != wantExchanges || st.ExchangedBytes <= 0 || st.Compute <= 0 || st.Exchange < st.Staging || st.Staging <= 0 {
		return outs, fmt.Errorf("rank %d: stats %+v: want %d exchanges of some bytes, and times", comm.Rank(), st, wantExchanges)
	}
	return outs, nil
}

// localWorld is the ranks of a test in one process, a goroutine each,
// whose all-to-all goes through memory. A rank that returns while others
// still exchange breaks the world: their exchanges fail rather than wait
// for it.
type localWorld struct {
	mu      sync.Mutex
	cond    *sync.Cond
	waiting int
	round   int
	left    int // ranks that have returned
	posts   []localPost
}

// localPost is a rank's send buffer and its blocks.
type localPost struct {
	send           []byte
	counts, displs []int
}

// newLocalWorld returns the communicators of n ranks.
func newLocalWorld(n int) []localComm {
	w := &localWorld{posts: make([]localPost, n)}
	w.cond = sync.NewCond(&w.mu)
	comms := make([]localComm, n)
	for r := range comms {
		comms[r] = localComm{w, r}
	}
	return comms
}

// errLeft is the error of an exchange that a rank left.
var errLeft = errors.New("a rank returned before the exchange")

// barrier returns when every rank has called it, or an error where a
// rank has returned.
func (w *localWorld) barrier() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	round := w.round
	w.waiting++
	if w.waiting == len(w.posts) {
		w.waiting, w.round = 0, w.round+1
		w.cond.Broadcast()
		return nil
	}
	for round == w.round && w.left == 0 {
		w.cond.Wait()
	}
	if round == w.round {
		return errLeft
	}
	return nil
}

// leave marks a rank as returned.
func (w *localWorld) leave() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.left++
	w.cond.Broadcast()
}

// localComm is one rank of a localWorld.
type localComm struct {
	w    *localWorld
	rank int
}

func (c localComm) Rank() int { return c.rank }
func (c localComm) Size() int { return len(c.w.posts) }

// Alltoallv posts the rank's blocks, waits for every rank's, takes its
// own from each, and waits until every rank has taken its own.
func (c localComm) Alltoallv(send []byte, sendCounts, sendDispls []int, recv []byte, recvCounts, recvDispls []int) error {
	w := c.w
	w.mu.Lock()
	w.posts[c.rank] = localPost{send, sendCounts, sendDispls}
	w.mu.Unlock()
	if err := w.barrier(); err != nil {
		return err
	}
	var err error
	for d, p := range w.posts {
		n := p.counts[c.rank]
		if n != recvCounts[d] {
			err = errors.Join(err, fmt.Errorf("rank %d sends rank %d %d bytes, which expects %d", d, c.rank, n, recvCounts[d]))
			continue
		}
		copy(recv[recvDispls[d]:][:n], p.send[p.displs[c.rank]:][:n])
	}
	return errors.Join(err, w.barrier())
}

// runRanks runs f as each rank of a localWorld of the threads, a
// goroutine each, and returns their errors by rank.
func runRanks(threads []*cluda.Thread, f func(thr *cluda.Thread, comm multi.Communicator) error) []error {
	comms := newLocalWorld(len(threads))
	errs := make([]error, len(threads))
	var wg sync.WaitGroup
	for r := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer comms[r].w.leave()
			errs[r] = f(threads[r], comms[r])
		}()
	}
	wg.Wait()
	return errs
}

// threadsOf returns the Threads of a MultiThread.
func threadsOf(m *cluda.MultiThread) []*cluda.Thread {
	out := make([]*cluda.Thread, m.Len())
	for i := range out {
		out[i] = m.Thread(i)
	}
	return slices.Clip(out)
}
