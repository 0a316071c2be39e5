package nccl

/*
#cgo LDFLAGS: -ldl
#include "ncclinc.h"
*/
import "C"
