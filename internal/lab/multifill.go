package lab

import (
	"fmt"
	"math"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
)

// fillCode sets each element of out to a complex value with parts in
// [-1, 1) drawn from a hash of the element's flat index in the whole
// array, start plus its own, so that an array split along axis 0 among
// devices holds what the whole array holds on one, without a host copy
// of arrays of gigabytes.
const fillCode = `VSIZE_T flat = (VSIZE_T){{ .start }} + {{ .flat }};
uint h = (uint)flat * 2654435761u ^ (uint)((flat >> 16) >> 16) * 40503u;
h ^= h >> 16; h *= 0x7feb352du; h ^= h >> 15; h *= 0x846ca68bu; h ^= h >> 16;
uint g = h * 0x9e3779b9u + 0x632be5abu;
g ^= g >> 16; g *= 0x7feb352du; g ^= g >> 15; g *= 0x846ca68bu; g ^= g >> 16;
{{ .out.StoreSame }}(COMPLEX_CTR({{ .out.CType }})((h >> 8) * (2.0f / 16777216.0f) - 1.0f, (g >> 8) * (2.0f / 16777216.0f) - 1.0f));`

// fillComputation returns the fill of a contiguous complex array of
// shape whose first element is element start (a scalar parameter) of the
// whole array: the whole array for start 0, or a part of an array split
// along axis 0.
func fillComputation(dt dtypes.DType, shape []int) (*computations.PureParallel, error) {
	var terms []string
	stride := 1
	for d := len(shape) - 1; d >= 0; d-- {
		terms = append(terms, fmt.Sprintf("(VSIZE_T){{ index .Idxs %d }} * %d", d, stride))
		stride *= shape[d]
	}
	code := strings.Replace(fillCode, "{{ .flat }}", strings.Join(terms, " + "), 1)
	return computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(core.ArrayOf(dt, shape...))),
		core.Param("start", core.ScalarArg(dtypes.Int64)),
	}, code, computations.PureParallelOptions{Name: "fill"})
}

// poisonComplex fills a complex array with NaN, so that elements a run
// leaves unwritten fail the check that follows it.
func poisonComplex(a *cluda.Array) error {
	if err := a.Fill(complex(math.NaN(), math.NaN())); err != nil {
		return fmt.Errorf("poisoning %v: %w", a, err)
	}
	return nil
}

// fillArray fills a whole array on one device.
func fillArray(a *cluda.Array) error {
	pp, err := fillComputation(a.DType(), a.Shape())
	if err != nil {
		return err
	}
	c, err := pp.Compile(a.Thread())
	if err != nil {
		return err
	}
	defer c.Release()
	if err := c.Call(a, 0); err != nil {
		return err
	}
	return a.Thread().Synchronize()
}

// fillSplit fills an array split along axis 0 with the values fillArray
// gives the whole array: each device its part, from the flat index of the
// part's first element.
func fillSplit(s *cluda.SplitArray) error {
	if s.Axis() != 0 {
		return fmt.Errorf("the fill of %v: want an array split along axis 0", s)
	}
	shape := s.Shape()
	row := s.Size() / shape[0]
	c, err := multi.Compile(s.MultiThread(), s.Shares(), func(p multi.Part) (core.AnyComputation, error) {
		part := append([]int(nil), shape...)
		part[0] = p.Length
		return fillComputation(s.DType(), part)
	})
	if err != nil {
		return err
	}
	defer c.Release()
	for i := range s.Shares() {
		if err := c.Part(i).Call(s.Part(i), int64(s.Start(i)*row)); err != nil {
			return fmt.Errorf("device %d: %w", i, err)
		}
	}
	return s.MultiThread().Synchronize()
}
