// Package templates sets up the template engine that renders OpenCL C
// kernels: Go's text/template with one function map and the option
// missingkey=error, so that a misspelt render argument is an error rather
// than an empty string in the generated source.
//
// # Parsing
//
// [New] returns a template with the function map installed; [Parse] and
// [ParseFS] parse a source string or a set of files with it. Kernel
// templates live as .cl files embedded with go:embed in the package that
// owns them and are parsed once, at package level:
//
//	//go:embed *.cl
//	var clFiles embed.FS
//
//	var kernels = templates.MustParseFS(clFiles, "*.cl")
//
// # The function map
//
// [FuncMap] holds what the kernel templates of this module call and what a
// template author needs beside it; the examples of FuncMap call each of its
// functions in a template.
//
// Arithmetic, in place of sprig's, which returns int64 and turns anything it
// cannot convert (a string, nil) into 0: add, sub, mul, div, mod, max and min
// take Go integers of any width, return int, and fail on anything else, on
// overflow and on division by zero. div and mod truncate toward zero, like Go
// and C (not like Python's // and %). addf, subf, mulf and divf do the same
// for float64 and accept integers and floats.
//
// Helpers for writing C source:
//
//	literal DTYPE VALUE  C literal of VALUE in DTYPE: {{ literal .dtype 1 }} gives 1.0f for float32
//	ctype DTYPE          OpenCL C type name: float2 for complex64
//	args ITEM...         comma-separated list: {{ args "a" "b" }} gives "a, b"
//	div_ceil A B         ceiling of A/B
//	log2 N               exact base-2 logarithm of a power of two
//	is_pow2 N            whether N is a positive power of two
//	pow2_ceil N          smallest power of two >= N (N >= 1)
//	pow2 K               2 to the power K (0 <= K <= 62)
//
// DTYPE is a dtypes.DType, a dtype name such as "float32", or a value with a
// DType() dtypes.DType method. Every helper returns an error on input it
// cannot handle exactly instead of guessing. args flattens lists and refuses
// numbers, whose C spelling depends on a dtype.
//
// Sequences and lists: seq returns []int for ranging, following Python's
// range with one to three arguments (sprig's seq returns a string). From
// sprig: list, first, last, rest, initial, append, concat, reverse and has.
//
// Dictionaries: dict requires an even number of arguments and string keys;
// get fails on a missing key (test with hasKey, from sprig, first); keys
// returns sorted keys, so that generated source does not depend on map
// iteration order. There is no default: with missingkey=error a missing key
// never reaches it, and sprig's default treats 0 as unset.
//
// Strings, from sprig: upper, lower, trim, trimPrefix, trimSuffix, replace,
// contains, hasPrefix, hasSuffix, repeat, join, indent and nindent.
//
// Flow control, from sprig: ternary, and fail, which stops rendering with an
// error.
//
// Where sprig has a must- variant that reports errors (mustFirst,
// mustAppend, ...), the plain name is bound to it, so that bad input fails
// instead of panicking or being swallowed.
//
// The rest of sprig is left out, among it the functions that coerce silently
// (int, int64, atoi, float64, toDecimal), its slice, which shadows the
// builtin, and everything that touches the environment, the clock or
// randomness. Also left out, though earlier versions of this package held
// them, since no template of this module called them and a kernel template
// has better ways:
//
//   - comma_join, the same as args; iota and until, the same as seq N.
//   - coalesce: with missingkey=error there is no missing value to skip.
//   - prepend, uniq, without, compact and sortAlpha: list shaping that
//     belongs in the Go code that prepares a template's arguments.
//   - merge, mergeOverwrite, set and unset, which modify their first
//     argument, a map that may be shared render data; pick and omit, since
//     dict builds the dictionary a template needs directly.
//   - title, untitle, trimAll, split, splitList, quote, squote, cat,
//     snakecase, camelcase, kebabcase and toString: quote and squote
//     escape as Go does, not as C does; printf and the kept string
//     functions cover the rest.
//   - empty, which treats 0 as empty; test with eq, not or len.
//   - typeOf, typeIs, kindOf, kindIs and deepEqual: a kernel template
//     branches on dtypes and values, which eq compares.
package templates
