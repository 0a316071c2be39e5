package cu

/*
#cgo LDFLAGS: -ldl
#include "cuinc.h"
*/
import "C"
