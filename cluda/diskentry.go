package cluda

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
)

// entryMagic starts every entry of the program cache; its last word is
// the format version, which is part of every entry's name too.
var entryMagic = []byte("reikna-go program cache v2\n")

// entryKey is everything that determines a program's binary. An entry
// carries its key whole and is used only where the key matches in full,
// so that a binary stored under another program's name (a copy, a
// collision, a damaged directory) is never run.
type entryKey struct {
	source   [sha256.Size]byte // of the full source, prelude included
	options  string            // the compiler options
	platform string
	device   string
	vendor   string
	version  string // the device's OpenCL version
	driver   string
}

func newEntryKey(full, options string, p *DeviceParams) entryKey {
	return entryKey{source: sha256.Sum256([]byte(full)), options: options,
		platform: p.PlatformName, device: p.Name, vendor: p.Vendor, version: p.Version, driver: p.DriverVersion}
}

// fields returns the parts of the key in the order an entry holds them.
func (k entryKey) fields() [][]byte {
	return [][]byte{k.source[:], []byte(k.options), []byte(k.platform), []byte(k.device),
		[]byte(k.vendor), []byte(k.version), []byte(k.driver)}
}

// name returns the file name of the key's entry: a hash of the format
// version and every part of the key.
func (k entryKey) name() string {
	h := sha256.New()
	h.Write(entryMagic)
	for _, f := range k.fields() {
		binary.Write(h, binary.LittleEndian, uint64(len(f)))
		h.Write(f)
	}
	return hex.EncodeToString(h.Sum(nil)) + ".bin"
}

// cacheEntry is one program of the disk cache.
type cacheEntry struct {
	key entryKey
	// kernels lists the kernels the program defines, as the driver
	// reported them for the program built from source
	// (CL_PROGRAM_KERNEL_NAMES); a program built from the binary must
	// report the same.
	kernels string
	binary  []byte
}

// An entry is the magic line, the parts of the key, the kernel names and
// the binary, each as its length (a uvarint) and its bytes, and last the
// SHA-256 of everything before it.
func encodeEntry(e cacheEntry) []byte {
	var b bytes.Buffer
	b.Write(entryMagic)
	for _, f := range append(e.key.fields(), []byte(e.kernels), e.binary) {
		b.Write(binary.AppendUvarint(nil, uint64(len(f))))
		b.Write(f)
	}
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

// errDamagedEntry is wrapped by the errors of entries that do not decode.
var errDamagedEntry = errors.New("damaged cache entry")

// decodeEntry checks an entry's format and checksum and returns its parts.
func decodeEntry(data []byte) (cacheEntry, error) {
	var e cacheEntry
	if len(data) < len(entryMagic)+sha256.Size || !bytes.HasPrefix(data, entryMagic) {
		return e, fmt.Errorf("%w: not an entry of this format", errDamagedEntry)
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return e, fmt.Errorf("%w: checksum mismatch", errDamagedEntry)
	}
	rest := body[len(entryMagic):]
	next := func() ([]byte, error) {
		n, used := binary.Uvarint(rest)
		if used <= 0 || n > uint64(len(rest)-used) {
			return nil, fmt.Errorf("%w: truncated field", errDamagedEntry)
		}
		f := rest[used : used+int(n)]
		rest = rest[used+int(n):]
		return f, nil
	}
	var parts [9][]byte
	for i := range parts {
		f, err := next()
		if err != nil {
			return e, err
		}
		parts[i] = f
	}
	if len(rest) != 0 || len(parts[0]) != sha256.Size || len(parts[8]) == 0 {
		return e, fmt.Errorf("%w: malformed", errDamagedEntry)
	}
	copy(e.key.source[:], parts[0])
	e.key.options, e.key.platform, e.key.device = string(parts[1]), string(parts[2]), string(parts[3])
	e.key.vendor, e.key.version, e.key.driver = string(parts[4]), string(parts[5]), string(parts[6])
	e.kernels, e.binary = string(parts[7]), parts[8]
	return e, nil
}
