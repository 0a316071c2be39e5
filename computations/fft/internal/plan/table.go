package plan

import "fmt"

// TableKind says which values a Table holds.
type TableKind int

// The kinds of tables; NoTable marks a table a kernel does not read.
const (
	NoTable TableKind = iota
	// StageTwiddles: the twiddles of the stages of a DFT with Radices
	// (stageTwiddles).
	StageTwiddles
	// RowTwiddlesLow and RowTwiddlesHigh: the pass twiddles of a pass of
	// sub-length L after NS, as rows of m, in one table (Block 0: the low
	// one) or two (passTwiddlesLow, passTwiddlesHigh).
	RowTwiddlesLow
	RowTwiddlesHigh
	// ExpTwiddlesLow and ExpTwiddlesHigh: W_Size^e by the low and high
	// bits of e, split at Shift (expTwiddlesLow, expTwiddlesHigh).
	ExpTwiddlesLow
	ExpTwiddlesHigh
	// Chirp: Bluestein's chirp of length N.
	Chirp
	// BluesteinKernel: the transform of length M of Bluestein's
	// convolution kernel for length N.
	BluesteinKernel
	// BluesteinKernelRows: the same transform in the order a turn over
	// rows reads it (Pass.RowLoads): position q·L + k holds element
	// q + k·NS, for rows q < NS of L (bluesteinKernelRows).
	BluesteinKernelRows
	// RaderKernel: the transform of length M = N-1 of Rader's convolution
	// kernel for the prime N (raderKernel).
	RaderKernel
	// RaderIndices: the powers of the primitive root modulo the prime N,
	// M = N-1 integers (raderIndices); IndexValues holds them.
	RaderIndices
)

// Table is a table of complex values that a kernel reads, described by the
// numbers it is computed from.
type Table struct {
	Kind    TableKind
	Radices []int // StageTwiddles
	NS, L   int   // RowTwiddles*, BluesteinKernelRows
	Block   int   // RowTwiddles*: k per row of the low table of two; 0 for one table
	Size    int   // ExpTwiddles*: the order of the root
	Shift   int   // ExpTwiddles*
	N, M    int   // Chirp (N), BluesteinKernel, RaderKernel and RaderIndices (N and M)
}

// Key returns a name of the table that two tables share exactly when they
// hold the same values by construction, so that a plan makes each once.
func (t Table) Key() string {
	switch t.Kind {
	case StageTwiddles:
		return fmt.Sprintf("stages/%v", t.Radices)
	case RowTwiddlesLow:
		return fmt.Sprintf("rows-lo/%d/%d/%d", t.NS, t.L, t.Block)
	case RowTwiddlesHigh:
		return fmt.Sprintf("rows-hi/%d/%d/%d", t.NS, t.L, t.Block)
	case ExpTwiddlesLow:
		return fmt.Sprintf("exp-lo/%d", t.Size)
	case ExpTwiddlesHigh:
		return fmt.Sprintf("exp-hi/%d", t.Size)
	case Chirp:
		return fmt.Sprintf("chirp/%d", t.N)
	case BluesteinKernel:
		return fmt.Sprintf("bluestein/%d/%d", t.N, t.M)
	case BluesteinKernelRows:
		return fmt.Sprintf("bluestein-rows/%d/%d/%d", t.N, t.M, t.NS)
	case RaderKernel:
		return fmt.Sprintf("rader/%d", t.N)
	case RaderIndices:
		return fmt.Sprintf("rader-indices/%d", t.N)
	}
	return ""
}

// Values returns the table's values in float64 precision; nil for NoTable
// and for a table of integers (IsIndices).
func (t Table) Values() []complex128 {
	switch t.Kind {
	case StageTwiddles:
		return stageTwiddles(t.Radices)
	case RowTwiddlesLow:
		return passTwiddlesLow(t.NS, t.L, t.Block)
	case RowTwiddlesHigh:
		return passTwiddlesHigh(t.NS, t.L, t.Block)
	case ExpTwiddlesLow:
		return expTwiddlesLow(t.Size, t.Shift)
	case ExpTwiddlesHigh:
		return expTwiddlesHigh(t.Size, t.Shift)
	case Chirp:
		return chirp(t.N)
	case BluesteinKernel:
		return bluesteinKernel(t.N, t.M, chirp(t.N))
	case BluesteinKernelRows:
		return bluesteinKernelRows(bluesteinKernel(t.N, t.M, chirp(t.N)), t.NS, t.L)
	case RaderKernel:
		return raderKernel(t.N)
	}
	return nil
}

// IsIndices reports whether the table holds integers (IndexValues) rather
// than complex values.
func (t Table) IsIndices() bool { return t.Kind == RaderIndices }

// IndexValues returns the integers of a table of indices; nil for any
// other table.
func (t Table) IndexValues() []int32 {
	if t.Kind == RaderIndices {
		return raderIndices(t.N)
	}
	return nil
}

// Len returns the number of values of the table, from the numbers it is
// computed from, without computing them; 0 for NoTable.
func (t Table) Len() int {
	switch t.Kind {
	case StageTwiddles:
		n, nsIn := 0, 1
		for _, r := range t.Radices {
			if nsIn > 1 {
				n += (r - 1) * nsIn
			}
			nsIn *= r
		}
		return n
	case RowTwiddlesLow:
		if t.Block > 0 {
			return t.L * t.Block
		}
		return t.L * t.NS
	case RowTwiddlesHigh:
		return t.L * ((t.NS + t.Block - 1) / t.Block)
	case ExpTwiddlesLow:
		return 1 << t.Shift
	case ExpTwiddlesHigh:
		return (t.Size + 1<<t.Shift - 1) >> t.Shift
	case Chirp:
		return t.N
	case BluesteinKernel, RaderKernel, RaderIndices:
		return t.M
	}
	return 0
}

// HostValues returns the number of complex128 values that Values holds at
// once while it computes the table: its length, and for Bluestein's
// kernel also the chirp, the kernel before its transform and the
// transform's work and result.
func (t Table) HostValues() int {
	switch t.Kind {
	case BluesteinKernel:
		return t.N + 4*t.M
	case RaderKernel:
		return 4 * t.M // the kernel, its indices, the transform's work and result
	}
	return t.Len()
}

// Tables are the tables a kernel reads and how it indexes them.
type Tables struct {
	// Stages holds the twiddles of the stages of the pass's DFT, those of
	// stage i from StageOffsets[i] on (none for a single stage).
	Stages       Table
	StageOffsets []int
	// PassLo and PassHi hold the pass twiddles (none where NS is 1): rows
	// of m, split in blocks of PassBlock k where two tables hold them, or,
	// with PassShift > 0, by the bits of the exponent below and from
	// PassShift.
	PassLo, PassHi Table
	PassBlock      int
	PassShift      int
	// Chirp and KernelB are Bluestein's chirp and convolution kernel, for
	// the kernels that apply them; a kernel of Rader's algorithm has
	// Rader's convolution kernel as KernelB and the indices it gathers and
	// scatters by as Indices.
	Chirp, KernelB Table
	Indices        Table
}

// tables returns the tables of a kernel of a pass p with the roles it has
// in a Bluestein transform of length n over m.
func tables(p Pass, n, m int, chirpIn, kernelB, chirpOut bool, b budget) Tables {
	t := Tables{StageOffsets: stageOffsets(p.Radices)}
	// The vector kernel's twiddles are constants of its text.
	if len(p.Radices) > 1 && p.Vectors == 0 {
		t.Stages = Table{Kind: StageTwiddles, Radices: p.Radices}
	}
	if chirpIn || chirpOut {
		t.Chirp = Table{Kind: Chirp, N: n}
	}
	if kernelB {
		t.KernelB = Table{Kind: BluesteinKernel, N: n, M: m}
		if p.RowLoads {
			// The work-items of a turn over rows take neighbouring
			// positions k of one row q: the kernel's table in the order
			// of the rows gives them neighbouring entries, where the
			// natural order lies NS apart.
			t.KernelB = Table{Kind: BluesteinKernelRows, N: n, M: m, NS: p.NS, L: p.L}
		}
	}
	if p.NS == 1 {
		return t
	}
	// Work-items of a private pass run as lanes of one loop on CPU devices
	// and take neighbouring k: rows of m give them one load of
	// neighbouring entries where tables of exponent bits give two
	// gathers. The work-items of a turn over rows take neighbouring m of
	// one k, whose entries in rows of m lie NS apart: the tables of
	// exponent bits, a few KiB that the caches hold, serve them instead.
	if b.expTwiddles && !p.Private || p.RowLoads {
		size := p.NS * p.L
		t.PassShift = expTwiddleSplit(size)
		t.PassLo = Table{Kind: ExpTwiddlesLow, Size: size, Shift: t.PassShift}
		t.PassHi = Table{Kind: ExpTwiddlesHigh, Size: size, Shift: t.PassShift}
		return t
	}
	t.PassBlock = passTwiddleBlocks(p.NS, p.L, b.passTable)
	t.PassLo = Table{Kind: RowTwiddlesLow, NS: p.NS, L: p.L, Block: t.PassBlock}
	if t.PassBlock > 0 {
		t.PassHi = Table{Kind: RowTwiddlesHigh, NS: p.NS, L: p.L, Block: t.PassBlock}
	}
	return t
}
