package cl

/*
#cgo CFLAGS: -DCL_TARGET_OPENCL_VERSION=120
#cgo LDFLAGS: -lOpenCL
#include "clinc.h"
*/
import "C"
