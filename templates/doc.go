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
// [FuncMap] holds three groups of functions.
//
// The hermetic part of sprig v3 that is useful for generating C source:
// lists (list, first, last, rest, initial, append, prepend, concat, reverse,
// uniq, has, without, compact, sortAlpha), dictionaries (hasKey, pick, omit,
// merge, mergeOverwrite, set, unset), strings (upper, lower, title, untitle,
// trim, trimAll, trimPrefix, trimSuffix, replace, contains, hasPrefix,
// hasSuffix, repeat, join, split, splitList, quote, squote, indent, nindent,
// cat, snakecase, camelcase, kebabcase, toString), fail, ternary, empty, and
// reflection (typeOf, typeIs, kindOf, kindIs, deepEqual). Where sprig has a
// must- variant that reports errors (mustFirst, mustMerge, ...), the plain
// name is bound to it, so that bad input fails instead of panicking or being
// swallowed.
//
// Replacements for sprig functions with known traps. Sprig's arithmetic
// returns int64 and turns anything it cannot convert (a string, nil) into 0;
// here add, sub, mul, div, mod, max and min take Go integers of any width,
// return int, and fail on anything else, on overflow and on division by
// zero. div and mod truncate toward zero, like Go and C (not like Python's //
// and %). addf, subf, mulf and divf do the same for float64 and accept
// integers and floats. seq, iota and until return []int for ranging (sprig's
// seq returns a string): seq follows Python's range with one to three
// arguments, iota and until count from 0 to n-1. dict requires an even number
// of arguments and string keys; get fails on a missing key (test with hasKey
// first); keys returns sorted keys, so that generated source does not depend
// on map iteration order; coalesce returns its first non-nil argument (sprig
// skips zeros too). There is no default: with missingkey=error a missing key
// never reaches it, and sprig's default treats 0 as unset. Sprig's int,
// int64, atoi, float64 and toDecimal, which coerce silently, and its slice,
// which shadows the builtin, are left out.
//
// Helpers for writing C source:
//
//	literal DTYPE VALUE  C literal of VALUE in DTYPE: {{ literal .dtype 1 }} gives 1.0f for float32
//	ctype DTYPE          OpenCL C type name: float2 for complex64
//	div_ceil A B         ceiling of A/B
//	log2 N               exact base-2 logarithm of a power of two
//	is_pow2 N            whether N is a positive power of two
//	pow2_ceil N          smallest power of two >= N (N >= 1)
//	pow2 K               2 to the power K (0 <= K <= 62)
//	args ITEM...         comma-separated list: {{ args "a" "b" }} gives "a, b"
//	comma_join ITEM...   the same as args
//
// DTYPE is a dtypes.DType, a dtype name such as "float32", or a value with a
// DType() dtypes.DType method. Every helper returns an error on input it
// cannot handle exactly instead of guessing.
package templates
