package core

import "strconv"

// The C names that generated code shares between kernels, transformations
// and the load and store macros of their parameters. They are defined here
// and nowhere else; Go code builds names from these constants and
// templates receive the names as data. Every name starts with an
// underscore, which the names of parameters may not, so that they never
// clash with the C of a computation's or a transformation's own code.
const (
	// cIndexPrefix names the current indices, _idx0, _idx1, ...: the
	// variables that a kernel defines and that LoadSame and StoreSame use.
	cIndexPrefix = "_idx"
	// cParamPrefix names the index parameters of load and store macros,
	// _i0, _i1, ...
	cParamPrefix = "_i"
	// cCombinedPrefix names the combined-index parameters of the macros
	// that LoadCombined and StoreCombined return, _c0, _c1, ...
	cCombinedPrefix = "_c"
	// cValueParam names the value parameter of a store macro.
	cValueParam = "_v"
	// cStoredValue names, in the function of a store transformation, the
	// value stored into its connector.
	cStoredValue = "_val"
	// cResult names, in the function of a load transformation, the value
	// it returns.
	cResult = "_result"
	// cSameSuffix ends the name of the store macro at the current indices.
	cSameSuffix = "_same"
	// cFuncSuffix ends the name of the function behind a transformation's
	// load or store macro.
	cFuncSuffix       = "_func"
	cLeafPrefix       = LeafPrefix
	cTempPrefix       = TempPrefix
	cPersistentPrefix = PersistentPrefix
	cConstantPrefix   = ConstantArrayPrefix
)

// LeafPrefix, TempPrefix, PersistentPrefix and ConstantArrayPrefix start
// the names of a kernel's arguments: LeafPrefix+NAME for the computation's
// parameter NAME, the others followed by a number for its temporary,
// persistent and constant arrays. They are exported for tools that explain
// generated code.
const (
	LeafPrefix          = "_leaf_"
	TempPrefix          = "_temp"
	PersistentPrefix    = "_persistent"
	ConstantArrayPrefix = "_constant_array"
)

// IndexName returns the C name of the current index along axis: the
// variable that kernels define (as PureParallel does) and that LoadSame and
// StoreSame of a parameter use.
func IndexName(axis int) string { return cIndexPrefix + strconv.Itoa(axis) }

// IndexNames returns the C names of the current indices of an array of
// the given rank: IndexName(0), ..., IndexName(rank-1).
func IndexNames(rank int) []string { return numberedNames(cIndexPrefix, rank) }

// numberedNames returns prefix0, prefix1, ... prefix(n-1).
func numberedNames(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i)
	}
	return out
}

// cStoreAssign is what StoreSame prints for the connector of a load
// transformation: the start of the assignment of its result, which the
// transformation's code completes with (value);.
const cStoreAssign = cResult + " = "

// leafCName returns the C name of a kernel argument.
func leafCName(kind argKind, name string, index int) string {
	switch kind {
	case argTemp:
		return cTempPrefix + strconv.Itoa(index)
	case argPersistent:
		return cPersistentPrefix + strconv.Itoa(index)
	case argConstArray:
		return cConstantPrefix + strconv.Itoa(index)
	}
	return cLeafPrefix + name
}

// cNames is the naming convention as the access templates see it, under
// the key "names".
type cNames struct {
	Value, Result, Same, Func string
}

var accessNames = cNames{
	Value:  cValueParam,
	Result: cResult,
	Same:   cSameSuffix,
	Func:   cFuncSuffix,
}
