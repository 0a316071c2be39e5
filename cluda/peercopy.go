package cluda

import "fmt"

// PeerCopy says what moves the blocks of an exchange between the memories
// of two CUDA devices with peer access (MultiThread.CopySplit): the
// devices' copy engines, driven by the driver's peer copies, or a kernel
// whose threads read or write the other device's memory over its links.
// OpenCL devices, and CUDA devices without peer access, always copy
// through the driver (see CopyPath).
type PeerCopy int

// The ways of moving a block between two CUDA devices.
const (
	// PeerCopyDefault is the fastest way measured: PeerCopyEngines. In the
	// all-to-all of blocks among four H200 joined by NVLink, every block at
	// once, the copy engines gave each device 215 GB/s and kernels that
	// write 178; among two, 359 and 306. scripts/peer_bench.cu measured the
	// engines at 379–384 GB/s among two H200, kernels that write at 314–361
	// and kernels that read at 295–333; among four H100 the engines at 384
	// in rounds (ExchangeRounds), kernels that write at 209–354 and kernels
	// that read at 205–328 (BENCHMARKS.md, "Several GPUs of one host").
	PeerCopyDefault PeerCopy = iota
	// PeerCopyEngines copies each block with the driver's peer copy
	// (cuMemcpy3DPeerAsync), which the devices' copy engines carry out,
	// on a stream of the receiving device.
	PeerCopyEngines
	// PeerCopyRead copies each block with a kernel on the receiving
	// device that reads the sender's memory over the link.
	PeerCopyRead
	// PeerCopyWrite copies each block with a kernel on the sending device
	// that writes the receiver's memory over the link.
	PeerCopyWrite
)

// peerCopyNames are the names String returns and ParsePeerCopy reads.
var peerCopyNames = [...]string{PeerCopyDefault: "default", PeerCopyEngines: "engines", PeerCopyRead: "read", PeerCopyWrite: "write"}

// String returns the way's name: "default", "engines", "read" or
// "write".
func (p PeerCopy) String() string {
	if p >= 0 && int(p) < len(peerCopyNames) {
		return peerCopyNames[p]
	}
	return fmt.Sprintf("PeerCopy(%d)", int(p))
}

// ParsePeerCopy returns the way of moving blocks that String names.
func ParsePeerCopy(name string) (PeerCopy, error) {
	for p, n := range peerCopyNames {
		if n == name {
			return PeerCopy(p), nil
		}
	}
	return 0, fmt.Errorf("cluda: peer copy %q: want one of %v", name, peerCopyNames)
}

// resolve returns the way the default stands for, and an error for a
// value of no way.
func (p PeerCopy) resolve() (PeerCopy, error) {
	switch p {
	case PeerCopyDefault:
		return PeerCopyEngines, nil
	case PeerCopyEngines, PeerCopyRead, PeerCopyWrite:
		return p, nil
	}
	return 0, fmt.Errorf("cluda: multi-thread: %v is no way of copying between devices", p)
}
