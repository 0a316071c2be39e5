package cbrng_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// katVector is one known answer of Random123: the bijection's output for a
// key and a counter.
type katVector struct {
	name                  string // such as "philox4x32"
	rounds                int
	counter, key, outputs []uint64
}

// readKATVectors reads testdata/kat_vectors.txt.
func readKATVectors(t *testing.T) []katVector {
	t.Helper()
	f, err := os.Open("testdata/kat_vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []katVector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		v := katVector{name: fields[0]}
		if v.rounds, err = strconv.Atoi(fields[1]); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		var words []uint64
		for _, h := range fields[2:] {
			w, err := strconv.ParseUint(h, 16, 64)
			if err != nil {
				t.Fatalf("%q: %v", sc.Text(), err)
			}
			words = append(words, w)
		}
		b := katBijection(t, v)
		n, k := b.CounterWords(), b.KeyWords()
		if len(words) != 2*n+k {
			t.Fatalf("%q: %d words, %v takes %d", sc.Text(), len(words), b, 2*n+k)
		}
		v.counter, v.key, v.outputs = words[:n], words[n:n+k], words[n+k:]
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 59 {
		t.Fatalf("only %d vectors in testdata/kat_vectors.txt", len(vs))
	}
	return vs
}

// katBijection returns the bijection a vector is of.
func katBijection(t *testing.T, v katVector) *cbrng.Bijection {
	t.Helper()
	cut := strings.LastIndex(v.name, "x")
	head := v.name[:max(cut, 0)]
	bits, err := strconv.Atoi(v.name[cut+1:])
	if cut < 0 || err != nil || len(head) < 2 {
		t.Fatalf("vector name %q is not FAMILYWORDSxBITS", v.name)
	}
	family, words := head[:len(head)-1], int(head[len(head)-1]-'0')
	newBijection := cbrng.Philox
	if family == "threefry" {
		newBijection = cbrng.Threefry
	}
	b, err := newBijection(bits, words, v.rounds)
	if err != nil {
		t.Fatalf("%s-%d: %v", v.name, v.rounds, err)
	}
	return b
}

func TestBijectionKATHost(t *testing.T) {
	for _, v := range readKATVectors(t) {
		t.Run(fmt.Sprintf("%s-%d/%x", v.name, v.rounds, v.key[0]), func(t *testing.T) {
			b := katBijection(t, v)
			got, err := b.Apply(v.key, v.counter)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, v.outputs) {
				t.Errorf("%v(key %x, counter %x) = %x, want %x", b, v.key, v.counter, got, v.outputs)
			}
		})
	}
}

// katKernel maps each row of counters under the key of the same row of
// keys by the bijection's module, into the row of outputs.
const katKernel = `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .b }}_Key key;
    {{ .b }}_Counter counter;
{{- range $w := seq .keyWords }}
    key.v[{{ $w }}] = {{ $.keys.LoadIdx }}(i, {{ $w }});
{{- end }}
{{- range $w := seq .counterWords }}
    counter.v[{{ $w }}] = {{ $.counters.LoadIdx }}(i, {{ $w }});
{{- end }}
    const {{ .b }}_Counter result = {{ .b }}_bijection(key, counter);
{{- range $w := seq .counterWords }}
    {{ $.outputs.StoreIdx }}(i, {{ $w }}, result.v[{{ $w }}]);
{{- end }}
}`

// runKAT returns the outputs of b's module for rows of keys and counters.
func runKAT(t *testing.T, thr *cluda.Thread, b *cbrng.Bijection, keys, counters [][]uint64) [][]uint64 {
	t.Helper()
	n, wd := len(keys), b.WordDType()
	tmpl := templates.MustParse("kat", katKernel)
	comp, err := core.NewComputation("kat", []core.Parameter{
		core.Param("outputs", core.Out(core.ArrayOf(wd, n, b.CounterWords()))),
		core.Param("keys", core.In(core.ArrayOf(wd, n, b.KeyWords()))),
		core.Param("counters", core.In(core.ArrayOf(wd, n, b.CounterWords()))),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		return plan.KernelCall(tmpl, []core.KernelArg{
			core.Bind("outputs", args["outputs"]), core.Bind("keys", args["keys"]), core.Bind("counters", args["counters"]),
		}, []int{n}, core.KernelOptions{Name: "kat", RenderArgs: map[string]any{
			"b": b.Module(), "keyWords": b.KeyWords(), "counterWords": b.CounterWords(),
		}})
	})
	if err != nil {
		t.Fatal(err)
	}
	call, err := comp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer call.Release()
	upload := func(rows [][]uint64) *cluda.Array {
		a, err := thr.ToDevice(wordsOf(wd, slices.Concat(rows...)), n, len(rows[0]))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	k, c := upload(keys), upload(counters)
	defer k.Release()
	defer c.Release()
	out, err := thr.Empty([]int{n, b.CounterWords()}, wd)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := out.Fill(wordsOf(wd, []uint64{0xDEADBEEF})); err != nil {
		t.Fatal(err)
	}
	if err := call.Call(out, k, c); err != nil {
		t.Fatal(err)
	}
	flat := readWords(t, out)
	rows := make([][]uint64, n)
	for i := range rows {
		rows[i] = flat[i*b.CounterWords() : (i+1)*b.CounterWords()]
	}
	return rows
}

// wordsOf returns ws as a slice of dtype wd (Uint32 or Uint64); a single
// word as a scalar.
func wordsOf(wd dtypes.DType, ws []uint64) any {
	if wd == dtypes.Uint64 {
		if len(ws) == 1 {
			return ws[0]
		}
		return ws
	}
	s := make([]uint32, len(ws))
	for i, w := range ws {
		s[i] = uint32(w)
	}
	if len(ws) == 1 {
		return s[0]
	}
	return s
}

// readWords returns the words of an array of Uint32 or Uint64.
func readWords(t *testing.T, a *cluda.Array) []uint64 {
	t.Helper()
	if a.DType() == dtypes.Uint64 {
		ws, err := cluda.Read[uint64](a)
		if err != nil {
			t.Fatal(err)
		}
		return ws
	}
	s, err := cluda.Read[uint32](a)
	if err != nil {
		t.Fatal(err)
	}
	ws := make([]uint64, len(s))
	for i, w := range s {
		ws[i] = uint64(w)
	}
	return ws
}

func TestBijectionKATDevice(t *testing.T) {
	thr := cludatest.Thread(t)
	type group struct {
		b       *cbrng.Bijection
		vectors []katVector
	}
	var groups []*group
	byName := map[string]*group{}
	for _, v := range readKATVectors(t) {
		key := fmt.Sprintf("%s-%d", v.name, v.rounds)
		if byName[key] == nil {
			byName[key] = &group{b: katBijection(t, v)}
			groups = append(groups, byName[key])
		}
		byName[key].vectors = append(byName[key].vectors, v)
	}
	for _, g := range groups {
		t.Run(g.b.String(), func(t *testing.T) {
			var keys, counters [][]uint64
			for _, v := range g.vectors {
				keys, counters = append(keys, v.key), append(counters, v.counter)
			}
			got := runKAT(t, thr, g.b, keys, counters)
			for i, v := range g.vectors {
				if !slices.Equal(got[i], v.outputs) {
					t.Errorf("%v(key %x, counter %x) = %x, want %x", g.b, v.key, v.counter, got[i], v.outputs)
				}
			}
		})
	}
}
