package nccl

import "testing"

// TestResultNames checks the names of NCCL's results, which errors
// print, against nccl.h's, and the name of a result it does not list.
func TestResultNames(t *testing.T) {
	for _, tt := range []struct {
		r    Result
		want string
	}{
		{Success, "ncclSuccess"},
		{UnhandledCudaError, "ncclUnhandledCudaError"},
		{SystemError, "ncclSystemError"},
		{InternalError, "ncclInternalError"},
		{InvalidArgument, "ncclInvalidArgument"},
		{InvalidUsage, "ncclInvalidUsage"},
		{RemoteError, "ncclRemoteError"},
		{InProgress, "ncclInProgress"},
		{Timeout, "ncclTimeout"},
		{Result(9), "ncclResult_t 9"},
		{Result(-1), "ncclResult_t -1"},
	} {
		if got := tt.r.Error(); got != tt.want {
			t.Errorf("Result(%d).Error() = %q, want %q", int(tt.r), got, tt.want)
		}
	}
}
