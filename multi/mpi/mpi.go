package mpi

/*
#cgo LDFLAGS: -ldl
#include "mpiinc.h"
*/
import "C"
