package fft

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// maxTableHostBytes bounds the host memory that computing one table of a
// plan (twiddle factors, chirps, Bluestein's kernel) may take: the values
// are computed in complex128 before a compiled computation uploads them,
// and a table that needs more than this is refused before it is computed,
// so that a long transform fails with an error rather than exhausting the
// host's memory. Four GiB hold the tables of complex FFTs of every length
// of factors up to 13 that the kernels' 32-bit indices allow, of
// Bluestein's lengths up to about 2^25 and of real FFTs of up to 2^29
// points.
const maxTableHostBytes = 4 << 30

// complex128Bytes is the size of the host's values of a table.
const complex128Bytes = 16

// checkTable reports a table, described by what, of n values of dt whose
// computation holds hostValues complex128 values on the host, that the
// device p could not allocate or that the host would take more than
// maxTableHostBytes to compute. It runs before the table is computed.
func checkTable(p *cluda.DeviceParams, what string, n, hostValues int, dt dtypes.DType) error {
	if int64(n) > p.MaxMemAllocSize/int64(dt.Size()) {
		return fmt.Errorf("%s of %d values of %v: larger than the device's largest allocation (%d bytes)", what, n, dt, p.MaxMemAllocSize)
	}
	if hostValues > maxTableHostBytes/complex128Bytes {
		return fmt.Errorf("%s of %d values of %v: computing it takes %d complex128 values on the host, more than the %d bytes a table may take", what, n, dt, hostValues, maxTableHostBytes)
	}
	return nil
}
