package fft

import (
	"fmt"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/dtypes"
)

// fftLoopedBody holds the numbers of the looped kernel (fftplan.Pass.Looped,
// templates/fft_looped.cl): each work-item takes Lanes neighbouring rows
// of one whole transform of L points, value n of its arrays holding
// element n of every row (the real parts in the low half of a VType, the
// imaginary parts in the high half, HType each), and runs the Stockham
// stages as loops from one array into the other.
type fftLoopedBody struct {
	Lanes int
	// Slots > 0: the arrays lie in the kernel's scratch array, a pair per
	// work-item, which takes every Slots-th group of Lanes rows
	// (fftplan.Pass.Slots).
	Slots int
	// Length is the values of each array; PadEvery > 0: value n lies at
	// n + n/PadEvery (LOOPED_AT), fftplan.Pass.Padded.
	Length       int
	PadEvery     int
	VType, HType string
	Lane         []fftLane // the lanes, in order
	Stages       []fftLoopedStage
	// Product, where set, names the array that holds the forward
	// transform of the whole of Bluestein's algorithm (fftPass.Fused):
	// the kernel multiplies it by the transformed convolution kernel,
	// conjugates it and runs the stages of Back on it.
	Product string
	Back    []fftLoopedStage
	// Result names the array that holds the transform after the last
	// stage.
	Result string
	// RowsApart: the first pass loads the two real rows of each lane of a
	// real transform's row pairs (realLoadHermitianRows) in two loops, a
	// row at a time: the loads of twice the lanes' rows at once, 16 KiB
	// apart (the inverse of 4095), took twice the time of the transform
	// of each row alone (PoCL 3.1, 2 cores, AVX-512, 8 MiB).
	RowsApart bool
}

// fftLane is lane I of a value: its real part is the component Re of the
// vector and its imaginary part Im (".s3" and ".sb" for lane 3 of 8).
type fftLane struct {
	I      int
	Re, Im string
}

// fftLoopedStage is a stage of radix Radix after stages of NsIn, from
// array From into array To: for each k < NsIn (the twiddles
// W_{NsIn·Radix}^{k·m} at table entries Twiddles[m-1] + k) and each of its
// Groups butterflies g, the butterfly jj = g·NsIn + k reads the elements
// jj + m·Span and writes output q to g·NsIn·Radix + k + q·NsIn.
type fftLoopedStage struct {
	Radix, NsIn, Groups, Span int
	From, To                  string
	Elements                  []int // 0 to Radix-1
	Twiddles                  []int // the table offsets of elements 1 to Radix-1; none where NsIn is 1
	// Loop: the stage loads, twiddles and stores its elements in loops
	// and its butterfly is a macro of the array (loopedButterflyModule),
	// for a prime radix above maxStraightPrime; the loads take element
	// m's twiddle at Twiddles[0] + (m-1)·NsIn + k, as loopedStages lays
	// them out.
	Loop bool
}

// loopedBody returns the numbers of the looped kernel of pass p on values
// of dt, whose stage i reads its twiddles from stageOffsets[i] on; with
// twice set, those of the whole of Bluestein's algorithm, whose stages
// run a second time after the product.
func loopedBody(p fftplan.Pass, dt dtypes.DType, stageOffsets []int, twice bool) *fftLoopedBody {
	lb := &fftLoopedBody{
		Lanes: p.Lanes, Slots: p.Slots, Length: p.ArrayLength(),
		VType: lanesType(dt, p.Lanes), HType: fmt.Sprintf("%s%d", dt.Real().CType(), p.Lanes),
	}
	if p.Padded {
		lb.PadEvery = fftplan.LoopedPadEvery
	}
	for i := 0; i < p.Lanes; i++ {
		lb.Lane = append(lb.Lane, fftLane{I: i, Re: fmt.Sprintf(".s%x", i), Im: fmt.Sprintf(".s%x", i+p.Lanes)})
	}
	arrays := [2]string{"x", "y"}
	lb.Stages = loopedStages(p, stageOffsets, 0)
	lb.Result = arrays[len(p.Radices)%2]
	if twice {
		lb.Product = lb.Result
		lb.Back = loopedStages(p, stageOffsets, len(p.Radices))
		lb.Result = arrays[2*len(p.Radices)%2]
	}
	return lb
}

// loopedStages returns the stages of the looped pass p, the first from
// array x where first is even and from y where it is odd, each from the
// array the one before wrote into the other.
func loopedStages(p fftplan.Pass, stageOffsets []int, first int) []fftLoopedStage {
	arrays := [2]string{"x", "y"}
	var out []fftLoopedStage
	nsIn := 1
	for si, r := range p.Radices {
		st := fftLoopedStage{Radix: r, NsIn: nsIn, Groups: p.L / (r * nsIn), Span: p.L / r,
			From: arrays[(first+si)%2], To: arrays[(first+si+1)%2], Loop: loopedPrime(r)}
		for m := 0; m < r; m++ {
			st.Elements = append(st.Elements, m)
			if nsIn > 1 && m > 0 {
				st.Twiddles = append(st.Twiddles, stageOffsets[si]+(m-1)*nsIn)
			}
		}
		out = append(out, st)
		nsIn *= r
	}
	return out
}
