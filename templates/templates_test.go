package templates

import (
	"math"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

// testData is the data every case in this file is executed with.
var testData = map[string]any{
	"i8":    int8(-5),
	"u16":   uint16(7),
	"u64":   uint64(40),
	"huge":  uint64(math.MaxUint64),
	"maxi":  math.MaxInt,
	"mini":  math.MinInt,
	"f":     1.5,
	"s":     "a",
	"nil":   nil,
	"dt":    dtypes.Float32,
	"c64":   dtypes.Complex64,
	"typed": arrayType{dtypes.Float64},
	"names": []string{"x", "y"},
	"m":     map[string]int{"b": 2, "a": 1},
}

type arrayType struct{ d dtypes.DType }

func (a arrayType) DType() dtypes.DType { return a.d }

// funcCase is one template and what it must print, or the substring its
// error must hold.
type funcCase struct {
	name string
	src  string
	want string
	err  string
}

func execute(src string) (string, error) {
	t, err := Parse("test", src)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	err = t.Execute(&b, testData)
	return b.String(), err
}

func runCases(t *testing.T, cases []funcCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := execute(c.src)
			if c.err != "" {
				if err == nil {
					t.Fatalf("%s: got %q, want an error holding %q", c.src, got, c.err)
				}
				if !strings.Contains(err.Error(), c.err) {
					t.Fatalf("%s: error %q does not hold %q", c.src, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", c.src, err)
			}
			if got != c.want {
				t.Fatalf("%s: got %q, want %q", c.src, got, c.want)
			}
		})
	}
}

func TestIntegerArithmetic(t *testing.T) {
	runCases(t, []funcCase{
		{name: "add", src: `{{ add 1 2 }}`, want: "3"},
		{name: "add result is int", src: `{{ printf "%T" (add 1 2) }}`, want: "int"},
		{name: "add variadic", src: `{{ add 1 2 3 4 }}`, want: "10"},
		{name: "add mixed widths", src: `{{ add .i8 .u16 .u64 }}`, want: "42"},
		{name: "add string", src: `{{ add "a" 1 }}`, err: `argument 1: "a" (string) is not an integer`},
		{name: "add float", src: `{{ add 1 1.5 }}`, err: "argument 2: 1.5 (float64) is not an integer"},
		{name: "add nil", src: `{{ add .nil 1 }}`, err: "argument 1: <nil> (<nil>) is not an integer"},
		{name: "add no args", src: `{{ add }}`, err: "no arguments"},
		{name: "add overflow", src: `{{ add .maxi 1 }}`, err: "integer overflow"},
		{name: "unsigned too big", src: `{{ add .huge 0 }}`, err: "18446744073709551615 does not fit in int"},
		{name: "sub", src: `{{ sub 2 5 }}`, want: "-3"},
		{name: "sub overflow", src: `{{ sub .mini 1 }}`, err: "integer overflow"},
		{name: "mul", src: `{{ mul 2 3 .i8 }}`, want: "-30"},
		{name: "mul overflow", src: `{{ mul .maxi 2 }}`, err: "integer overflow"},
		{name: "mul min by -1", src: `{{ mul .mini -1 }}`, err: "integer overflow"},
		{name: "mul by zero", src: `{{ mul .maxi 0 }}`, want: "0"},
		{name: "div truncates", src: `{{ div 7 2 }} {{ div -7 2 }}`, want: "3 -3"},
		{name: "div by zero", src: `{{ div 1 0 }}`, err: "integer division by zero"},
		{name: "div min by -1", src: `{{ div .mini -1 }}`, err: "integer overflow"},
		{name: "mod sign of dividend", src: `{{ mod 7 3 }} {{ mod -7 3 }} {{ mod .mini -1 }}`, want: "1 -1 0"},
		{name: "mod by zero", src: `{{ mod 1 0 }}`, err: "integer division by zero"},
		{name: "max min", src: `{{ max 3 9 .i8 }} {{ min 3 9 .i8 }}`, want: "9 -5"},
		{name: "max one", src: `{{ max 4 }}`, want: "4"},
		{name: "max string", src: `{{ max 1 "2" }}`, err: "not an integer"},
	})
}

func TestFloatArithmetic(t *testing.T) {
	runCases(t, []funcCase{
		{name: "addf", src: `{{ addf 1 .f 0.25 }}`, want: "2.75"},
		{name: "addf result is float64", src: `{{ printf "%T" (addf 1 2) }}`, want: "float64"},
		{name: "subf", src: `{{ subf 1 .f }}`, want: "-0.5"},
		{name: "mulf", src: `{{ mulf .f 4 }}`, want: "6"},
		{name: "divf", src: `{{ divf 1 4 }}`, want: "0.25"},
		{name: "divf by zero", src: `{{ divf 1 0 }}`, err: "division by zero"},
		{name: "addf string", src: `{{ addf 1 "2" }}`, err: `argument 2: "2" (string) is not a real number`},
	})
}

func TestRanges(t *testing.T) {
	runCases(t, []funcCase{
		{name: "seq ranges", src: `{{ range seq 3 }}{{ . }} {{ end }}`, want: "0 1 2 "},
		{name: "seq type", src: `{{ printf "%T" (seq 2) }}`, want: "[]int"},
		{name: "seq start stop", src: `{{ seq 2 5 }}`, want: "[2 3 4]"},
		{name: "seq step", src: `{{ seq 0 10 4 }}`, want: "[0 4 8]"},
		{name: "seq negative step", src: `{{ seq 5 0 -2 }}`, want: "[5 3 1]"},
		{name: "seq empty", src: `{{ seq 5 2 }} {{ seq 0 }}`, want: "[] []"},
		{name: "seq zero step", src: `{{ seq 0 3 0 }}`, err: "step is zero"},
		{name: "seq negative count", src: `{{ seq -1 }}`, err: "negative count -1"},
		{name: "seq too many args", src: `{{ seq 1 2 3 4 }}`, err: "4 arguments"},
		{name: "seq too long", src: `{{ seq .maxi }}`, err: "more than the limit"},
		{name: "seq full int range", src: `{{ seq .mini .maxi }}`, err: "more than the limit"},
		{name: "seq float", src: `{{ seq 2.5 }}`, err: "not an integer"},
	})
}

func TestCSourceHelpers(t *testing.T) {
	runCases(t, []funcCase{
		{name: "literal float32", src: `{{ literal .dt 1 }}`, want: "1.0f"},
		{name: "literal by name", src: `{{ literal "float64" 0.5 }}`, want: "0.5"},
		{name: "literal of typed value", src: `{{ literal .typed 2 }}`, want: "2.0"},
		{name: "literal complex", src: `{{ literal .c64 1 }}`, want: "COMPLEX_CTR(float2)(1.0f, 0.0f)"},
		{name: "literal int32 of fraction", src: `{{ literal "int32" 1.5 }}`, err: "int32 cannot hold the value 1.5"},
		{name: "literal unknown dtype", src: `{{ literal "float8" 1 }}`, err: `unknown dtype "float8"`},
		{name: "literal half", src: `{{ literal "float16" 0.1 }}`, want: "0.099975586f"},
		{name: "literal not a dtype", src: `{{ literal 3 1 }}`, err: "3 (int) is not a dtype"},
		{name: "ctype", src: `{{ ctype .c64 }} {{ ctype "uint32" }}`, want: "float2 unsigned int"},
		{name: "div_ceil", src: `{{ div_ceil 7 2 }} {{ div_ceil 8 2 }} {{ div_ceil -7 2 }} {{ div_ceil -7 -2 }}`, want: "4 4 -3 4"},
		{name: "div_ceil zero", src: `{{ div_ceil 1 0 }}`, err: "integer division by zero"},
		{name: "log2", src: `{{ log2 1 }} {{ log2 1024 }}`, want: "0 10"},
		{name: "log2 not pow2", src: `{{ log2 12 }}`, err: "12 is not a power of two"},
		{name: "log2 zero", src: `{{ log2 0 }}`, err: "0 is not a power of two"},
		{name: "is_pow2", src: `{{ is_pow2 64 }} {{ is_pow2 96 }} {{ is_pow2 0 }} {{ is_pow2 -4 }}`, want: "true false false false"},
		{name: "is_pow2 string", src: `{{ is_pow2 "8" }}`, err: "not an integer"},
		{name: "pow2_ceil", src: `{{ pow2_ceil 1 }} {{ pow2_ceil 5 }} {{ pow2_ceil 8 }}`, want: "1 8 8"},
		{name: "pow2_ceil zero", src: `{{ pow2_ceil 0 }}`, err: "0 is not a positive integer"},
		{name: "pow2_ceil too big", src: `{{ pow2_ceil .maxi }}`, err: "does not fit in int"},
		{name: "pow2", src: `{{ pow2 0 }} {{ pow2 10 }}`, want: "1 1024"},
		{name: "pow2 negative", src: `{{ pow2 -1 }}`, err: "exponent -1 is outside [0, 62]"},
		{name: "pow2 too big", src: `{{ pow2 63 }}`, err: "exponent 63 is outside [0, 62]"},
		{name: "args", src: `{{ args "a" "b" }}`, want: "a, b"},
		{name: "args flattens", src: `{{ args "a" .names (list "z") }}`, want: "a, x, y, z"},
		{name: "args empty", src: `[{{ args }}]`, want: "[]"},
		{name: "args refuses numbers", src: `{{ args "a" 1 }}`, err: "1 (int) is not a string"},
		{name: "args refuses named numbers", src: `{{ args .dt }}`, err: "is a number: write it with literal"},
	})
}

func TestDictionaries(t *testing.T) {
	runCases(t, []funcCase{
		{name: "dict", src: `{{ $d := dict "a" 1 "b" "x" }}{{ $d.a }}{{ $d.b }}`, want: "1x"},
		{name: "dict odd", src: `{{ dict "a" 1 "b" }}`, err: "odd number of arguments (3)"},
		{name: "dict non-string key", src: `{{ dict 1 2 }}`, err: "key 1 is 1 (int), not a string"},
		{name: "get", src: `{{ get (dict "a" 1) "a" }} {{ get .m "b" }}`, want: "1 2"},
		{name: "get missing", src: `{{ get (dict "a" 1) "b" }}`, err: `map has no entry for key "b"`},
		{name: "get not a map", src: `{{ get .names "b" }}`, err: "[]string is not a map with string keys"},
		{name: "keys sorted", src: `{{ keys (dict "d" 1 "b" 2 "c" 3 "a" 4) }}`, want: "[a b c d]"},
		{name: "hasKey", src: `{{ hasKey (dict "a" 1) "a" }} {{ hasKey (dict "a" 1) "b" }}`, want: "true false"},
	})
}

func TestSprigPart(t *testing.T) {
	runCases(t, []funcCase{
		{name: "list first last", src: `{{ $l := list 1 2 3 }}{{ first $l }}{{ last $l }}{{ rest $l }}{{ initial $l }}`, want: "13[2 3][1 2]"},
		{name: "first of non-list", src: `{{ first 3 }}`, err: "Cannot find first on type int"},
		{name: "append concat", src: `{{ append (list 1) 2 }}{{ concat (list 1) (list 2) }}`, want: "[1 2][1 2]"},
		{name: "reverse has", src: `{{ reverse (list 1 2) }}{{ has 2 (list 1 2) }}`, want: "[2 1]true"},
		{name: "strings", src: `{{ upper "ab" }}{{ lower "CD" }}{{ trim "  x " }}{{ replace "a" "b" "aa" }}{{ repeat 2 "z" }}`, want: "ABcdxbbzz"},
		{name: "trim prefix suffix", src: `{{ trimPrefix "k_" "k_x" }}{{ trimSuffix "_t" "y_t" }}`, want: "xy"},
		{name: "join", src: `{{ join "+" .names }}`, want: "x+y"},
		{name: "contains prefix suffix", src: `{{ contains "b" "abc" }}{{ hasPrefix "a" "abc" }}{{ hasSuffix "c" "abc" }}`, want: "truetruetrue"},
		{name: "indent", src: `{{ indent 2 "a\nb" }}|{{ nindent 2 "c" }}`, want: "  a\n  b|\n  c"},
		{name: "ternary", src: `{{ ternary "y" "n" true }}{{ ternary "y" "n" false }}`, want: "yn"},
		{name: "fail", src: `{{ fail "bad size" }}`, err: "bad size"},
		{name: "builtin slice of string", src: `{{ slice "abc" 1 2 }}`, want: "b"},
		{name: "builtin slice of list", src: `{{ slice .names 1 }}`, want: "[y]"},
	})
}

func TestLeftOutAbsent(t *testing.T) {
	for _, name := range []string{
		// Sprig functions with traps, never in the map.
		"default", "int", "int64", "atoi", "float64", "toDecimal", "add1", "add1f",
		"untilStep", "biggest", "tuple", "now", "env", "randInt", "values",
		// Functions removed from the map, as the package documentation
		// lists them.
		"comma_join", "iota", "until", "coalesce",
		"prepend", "uniq", "without", "compact", "sortAlpha",
		"merge", "mergeOverwrite", "set", "unset", "pick", "omit",
		"title", "untitle", "trimAll", "split", "splitList", "quote", "squote",
		"cat", "snakecase", "camelcase", "kebabcase", "toString",
		"empty", "typeOf", "typeIs", "kindOf", "kindIs", "deepEqual",
	} {
		t.Run(name, func(t *testing.T) {
			if _, ok := FuncMap()[name]; ok {
				t.Fatalf("FuncMap holds %q", name)
			}
			_, err := Parse("test", "{{ "+name+" 1 }}")
			if err == nil || !strings.Contains(err.Error(), `function "`+name+`" not defined`) {
				t.Fatalf("parsing a call of %s: got %v, want an undefined-function error", name, err)
			}
		})
	}
}

func TestMissingKey(t *testing.T) {
	_, err := execute(`{{ .nosuchkey }}`)
	if err == nil || !strings.Contains(err.Error(), `map has no entry for key "nosuchkey"`) {
		t.Fatalf("got %v, want a missing-key error", err)
	}
}

func TestFuncMapIsACopy(t *testing.T) {
	m := FuncMap()
	delete(m, "add")
	m["extra"] = func() string { return "x" }
	if _, ok := FuncMap()["add"]; !ok {
		t.Fatal("deleting from one FuncMap removed add from the next")
	}
	if _, ok := FuncMap()["extra"]; ok {
		t.Fatal("adding to one FuncMap added to the next")
	}
}

func TestSprigNamesExist(t *testing.T) {
	// buildFuncMap panics on a missing sprig name; check every entry made it.
	m := FuncMap()
	for name := range sprigFuncs {
		if m[name] == nil {
			t.Errorf("FuncMap lacks %q", name)
		}
	}
	for name := range ownFuncs {
		if m[name] == nil {
			t.Errorf("FuncMap lacks %q", name)
		}
	}
}
