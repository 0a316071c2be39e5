// Package layers keeps the imports of reikna-go's packages flowing one way.
//
// The packages stand in layers, each built on those below it: dtypes
// (element types, depending on nothing) and the guarded driver handle, the
// OpenCL and CUDA bindings cluda/cl and cluda/cu, cluda, templates, snippets, functions, core, the computations and
// transformations, and at the top the programs. A package may import only
// packages of the layers below its own: cluda renders no templates, core
// calls no OpenCL or CUDA function, and a package of one layer leans on no other of
// that layer.
//
// The package's test lists every package of the module in its layer and
// fails, naming the import, when a package or its in-package tests import
// one of its own layer or of a layer above. External test packages (those
// named like foo_test) may import anything, since they exercise a package
// through the layers above it. A new package needs a row in that table.
package layers
