package templates

import (
	"maps"
	"text/template"

	"github.com/Masterminds/sprig/v3"
)

// funcs is the function map shared by every template made by this package.
// It is built once and never modified; text/template copies it into each
// template.
var funcs = buildFuncMap()

// FuncMap returns a copy of the function map that [New] installs. The copy
// may be modified freely.
func FuncMap() template.FuncMap {
	return maps.Clone(funcs)
}

// sprigFuncs maps the names template authors use to the sprig functions
// behind them. Where sprig has a must- variant that returns an error, the
// plain name is bound to it. The package documentation says why the other
// sprig functions are left out.
var sprigFuncs = map[string]string{
	// Lists.
	"list":    "list",
	"first":   "mustFirst",
	"last":    "mustLast",
	"rest":    "mustRest",
	"initial": "mustInitial",
	"append":  "mustAppend",
	"concat":  "concat",
	"reverse": "mustReverse",
	"has":     "mustHas",

	// Dictionaries.
	"hasKey": "hasKey",

	// Strings.
	"upper":      "upper",
	"lower":      "lower",
	"trim":       "trim",
	"trimPrefix": "trimPrefix",
	"trimSuffix": "trimSuffix",
	"replace":    "replace",
	"contains":   "contains",
	"hasPrefix":  "hasPrefix",
	"hasSuffix":  "hasSuffix",
	"repeat":     "repeat",
	"join":       "join",
	"indent":     "indent",
	"nindent":    "nindent",

	// Flow control.
	"fail":    "fail",
	"ternary": "ternary",
}

// ownFuncs are the functions this package defines: replacements for sprig
// functions with traps, and the C source helpers.
var ownFuncs = template.FuncMap{
	// Dictionaries.
	"dict": dict,
	"get":  get,
	"keys": keys,

	// Integer and float arithmetic.
	"add":  add,
	"sub":  sub,
	"mul":  mul,
	"div":  div,
	"mod":  mod,
	"max":  maxInt,
	"min":  minInt,
	"addf": addf,
	"subf": subf,
	"mulf": mulf,
	"divf": divf,

	// Ranges.
	"seq": seq,

	// C source.
	"literal":   literal,
	"ctype":     ctype,
	"div_ceil":  divCeil,
	"log2":      log2,
	"is_pow2":   isPow2,
	"pow2_ceil": pow2Ceil,
	"pow2":      pow2,
	"args":      commaJoin,
}

func buildFuncMap() template.FuncMap {
	all := sprig.HermeticTxtFuncMap()
	m := make(template.FuncMap, len(sprigFuncs)+len(ownFuncs))
	for name, sprigName := range sprigFuncs {
		f, ok := all[sprigName]
		if !ok {
			// The sprig version is pinned in go.mod; a missing name is a
			// programming error caught by the tests.
			panic("templates: sprig has no function " + sprigName)
		}
		m[name] = f
	}
	maps.Copy(m, ownFuncs)
	return m
}
