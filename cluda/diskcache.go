package cluda

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
)

// diskCache keeps built program binaries in a directory, so that a second
// process skips the OpenCL compiler. An entry is keyed by everything that
// determines the binary (the full source, the compiler options, the
// platform, device and driver); it holds a checksum of the binary and is
// written to a temporary file and renamed into place, so a reader sees a
// whole entry or none. An entry whose checksum does not match, or that the
// driver refuses, is removed and built again from source.
type diskCache struct {
	dir          string
	hits, misses atomic.Int64 // programs built from an entry, and from source
}

// CacheDirEnv names the environment variable that sets the directory of the
// program cache; "off" disables it. By default the cache lives in
// reikna-go/programs under the user's cache directory.
const CacheDirEnv = "REIKNA_CACHE_DIR"

var cacheMagic = []byte("reikna-go program cache v1\n")

// newDiskCache returns the cache for the directory the environment
// chooses, or nil if it is disabled or cannot be created.
func newDiskCache() *diskCache {
	dir := os.Getenv(CacheDirEnv)
	switch dir {
	case "off":
		return nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "reikna-go", "programs")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil
	}
	return &diskCache{dir: dir}
}

// key returns the entry name of a program.
func (c *diskCache) key(full, flags string, p *DeviceParams) string {
	h := sha256.New()
	for _, part := range []string{full, flags, p.PlatformName, p.Name, p.Vendor, p.Version, p.DriverVersion} {
		fmt.Fprintf(h, "%d:%s\n", len(part), part)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (c *diskCache) path(key string) string { return filepath.Join(c.dir, key+".bin") }

// load returns the binary stored under key, if there is a sound one; a
// damaged entry is removed.
func (c *diskCache) load(key string) ([]byte, bool) {
	data, err := os.ReadFile(c.path(key))
	if err != nil {
		return nil, false
	}
	bin, ok := decodeEntry(data)
	if !ok {
		os.Remove(c.path(key))
	}
	return bin, ok
}

// drop removes an entry that the driver refused.
func (c *diskCache) drop(key string) { os.Remove(c.path(key)) }

// store writes an entry atomically. Failures only cost a later rebuild.
func (c *diskCache) store(key string, bin []byte) {
	tmp, err := os.CreateTemp(c.dir, key+".*.tmp")
	if err != nil {
		return
	}
	_, werr := tmp.Write(encodeEntry(bin))
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), c.path(key)); err != nil {
		os.Remove(tmp.Name())
	}
}

// An entry is the magic line, the binary's length (8 bytes, little endian),
// its SHA-256, and the binary.
func encodeEntry(bin []byte) []byte {
	var b bytes.Buffer
	b.Write(cacheMagic)
	binary.Write(&b, binary.LittleEndian, uint64(len(bin)))
	sum := sha256.Sum256(bin)
	b.Write(sum[:])
	b.Write(bin)
	return b.Bytes()
}

func decodeEntry(data []byte) ([]byte, bool) {
	head := len(cacheMagic) + 8 + sha256.Size
	if len(data) < head || !bytes.Equal(data[:len(cacheMagic)], cacheMagic) {
		return nil, false
	}
	n := binary.LittleEndian.Uint64(data[len(cacheMagic):])
	bin := data[head:]
	if uint64(len(bin)) != n || n == 0 {
		return nil, false
	}
	sum := sha256.Sum256(bin)
	if !bytes.Equal(sum[:], data[len(cacheMagic)+8:head]) {
		return nil, false
	}
	return bin, true
}
