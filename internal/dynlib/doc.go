// Package dynlib finds and loads, once, a shared library that a binding
// opens at run time with dlopen (multi/mpi's Open MPI, multi/nccl's NCCL):
// the search that each binding runs with its own opening of a library,
// its own errors and its own directories.
//
// A Search tries the path that its environment variable names, where it
// is set, and nothing else; or else each of its names in each of its
// directories that holds it, best first; or else each bare name through
// the dynamic loader's own search. It returns the first library that
// opens. A binding's hooks sort the errors of its opening of a library:
// one that ends the search at once (a library without an entry point the
// binding needs), one that is passed over while the search goes on (an
// MPI of another ABI), and any other, which is recorded as an attempt
// that failed; a search that loads nothing returns the binding's error of
// its attempts and its hint (Message formats them).
//
// A Loader runs a search once, on first use, and keeps its outcome.
// Unique, EnvDirs, PrefixDirs and Multiarch help a binding list its
// directories.
package dynlib
