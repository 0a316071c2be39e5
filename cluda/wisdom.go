package cluda

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// Wisdom is what tuning learned, as FFTW's wisdom is: for a computation's
// choice among its candidate plans (see core.Plan.Choose), keyed by the
// device, its platform and driver, the interface and the computation's
// parameters, the candidate that ran fastest. Thread.Wisdom gives the
// store of a Thread's device; ExportWisdom and ImportWisdom move every
// choice the process knows through a stream.
//
// The choices of a process are kept in memory and, beside the program
// cache (in its directory's wisdom subdirectory; see CacheDirEnv), on
// disk, so that later processes use them. The disk is trusted no more
// than the program cache is: an entry holds its full key and a checksum
// and is used only where both match, only regular files no larger than
// wisdomEntryBytes are read, and an entry found unsound is removed (the
// choice is then the rules' until tuning runs again).
type Wisdom struct {
	device string // the device part of every key: device, platform, driver, interface
	dir    string // the directory of the entries on disk; "" for none
}

// wisdomChoices are the choices of this process by full key.
var (
	wisdomMu      sync.Mutex
	wisdomChoices = map[string]string{}
)

// wisdomMagic starts every entry on disk; its last word is the format's
// version.
var wisdomMagic = []byte("reikna-go wisdom v1\n")

// wisdomEntryBytes bounds the size of an entry, on disk and imported.
const wisdomEntryBytes = 1 << 16

// Wisdom returns the store of choices of the Thread's device.
func (t *Thread) Wisdom() *Wisdom {
	t.wisdomOnce.Do(func() { t.wisdom = t.newWisdom() })
	return t.wisdom
}

// newWisdom makes the store of the Thread's device.
func (t *Thread) newWisdom() *Wisdom {
	p := t.params
	w := &Wisdom{device: fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%s", p.Name, p.PlatformName, p.Vendor, p.DriverVersion, t.API())}
	if t.disk != nil {
		dir := filepath.Join(t.disk.dir, "wisdom")
		if err := makePrivateDir(dir); err == nil {
			w.dir = dir
		} else {
			warnOnce("wisdom-dir:"+dir, "tuning wisdom %s is not kept on disk: %v", dir, err)
		}
	}
	return w
}

// fullKey is the key of a choice on this device.
func (w *Wisdom) fullKey(key string) string { return w.device + "\x00" + key }

// Choice returns the choice stored for key, and false where there is
// none: from this process, else from a sound entry on disk.
func (w *Wisdom) Choice(key string) (string, bool) {
	full := w.fullKey(key)
	wisdomMu.Lock()
	c, ok := wisdomChoices[full]
	wisdomMu.Unlock()
	if ok || w.dir == "" {
		return c, ok
	}
	c, ok = w.load(full)
	if ok {
		wisdomMu.Lock()
		wisdomChoices[full] = c
		wisdomMu.Unlock()
	}
	return c, ok
}

// SetChoice stores choice for key, in this process and on disk. A failure
// to write the disk only costs a later process the tuning again; it is
// warned about once (see SetWarningLogger) and returned.
func (w *Wisdom) SetChoice(key, choice string) error {
	full := w.fullKey(key)
	wisdomMu.Lock()
	wisdomChoices[full] = choice
	wisdomMu.Unlock()
	if w.dir == "" {
		return nil
	}
	err := w.store(full, choice)
	if err != nil {
		warnOnce("wisdom-write:"+w.dir, "cannot write the tuning wisdom %s (%v): tuned choices are kept in this process only", w.dir, err)
	}
	return err
}

// path returns the file of the entry of a full key: a hash of the format
// and the key.
func (w *Wisdom) path(full string) string {
	h := sha256.New()
	h.Write(wisdomMagic)
	h.Write([]byte(full))
	return filepath.Join(w.dir, hex.EncodeToString(h.Sum(nil))+".wis")
}

// An entry is the magic line, the full key and the choice, each as its
// length (a uvarint) and its bytes, and last the SHA-256 of everything
// before it.
func encodeWisdom(full, choice string) []byte {
	var b bytes.Buffer
	b.Write(wisdomMagic)
	for _, f := range []string{full, choice} {
		b.Write(binary.AppendUvarint(nil, uint64(len(f))))
		b.WriteString(f)
	}
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

// decodeWisdom checks an entry's format and checksum and returns its key
// and choice.
func decodeWisdom(data []byte) (full, choice string, err error) {
	if len(data) < len(wisdomMagic)+sha256.Size || !bytes.HasPrefix(data, wisdomMagic) {
		return "", "", errors.New("not a wisdom entry of this format")
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return "", "", errors.New("checksum mismatch")
	}
	rest := body[len(wisdomMagic):]
	var parts [2]string
	for i := range parts {
		n, used := binary.Uvarint(rest)
		if used <= 0 || n > uint64(len(rest)-used) {
			return "", "", errors.New("truncated field")
		}
		parts[i] = string(rest[used : used+int(n)])
		rest = rest[used+int(n):]
	}
	if len(rest) != 0 {
		return "", "", errors.New("malformed entry")
	}
	return parts[0], parts[1], nil
}

// load returns the choice of the entry of full on disk; an entry that is
// not a sound one of this key is removed.
func (w *Wisdom) load(full string) (string, bool) {
	path := w.path(full)
	data, err := readEntryFile(path)
	if err != nil {
		if errors.Is(err, errUnsoundFile) {
			os.Remove(path)
		}
		return "", false
	}
	if len(data) > wisdomEntryBytes {
		os.Remove(path)
		return "", false
	}
	k, c, err := decodeWisdom(data)
	if err != nil || k != full {
		os.Remove(path)
		return "", false
	}
	return c, true
}

// store writes the entry of full atomically: to a temporary file, renamed
// into place.
func (w *Wisdom) store(full, choice string) error {
	data := encodeWisdom(full, choice)
	if len(data) > wisdomEntryBytes {
		return fmt.Errorf("cluda: wisdom entry of %d bytes: longer than %d", len(data), wisdomEntryBytes)
	}
	path := w.path(full)
	tmp, err := os.CreateTemp(w.dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cluda: store wisdom: %w", err)
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("cluda: store wisdom: %w", werr)
	}
	return nil
}

// wisdomLine is one choice of an exported stream: a JSON object a line.
type wisdomLine struct {
	Key    string `json:"key"` // the full key: device, platform, vendor, driver, interface, computation
	Choice string `json:"choice"`
}

// ExportWisdom writes every choice this process knows (those it tuned,
// imported or read from disk), one JSON object a line, sorted by key, for
// ImportWisdom in another process or on another machine with the same
// devices.
func ExportWisdom(w io.Writer) error {
	wisdomMu.Lock()
	keys := make([]string, 0, len(wisdomChoices))
	for k := range wisdomChoices {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	lines := make([]wisdomLine, len(keys))
	for i, k := range keys {
		lines[i] = wisdomLine{k, wisdomChoices[k]}
	}
	wisdomMu.Unlock()
	enc := json.NewEncoder(w)
	for _, l := range lines {
		if err := enc.Encode(l); err != nil {
			return fmt.Errorf("cluda: export wisdom: %w", err)
		}
	}
	return nil
}

// ImportWisdom reads choices that ExportWisdom wrote and adds them to
// this process's, in memory only (a Thread's Wisdom then finds them). A
// line that is not such a choice is an error naming it, and nothing of
// the stream is imported.
func ImportWisdom(r io.Reader) error {
	var lines []wisdomLine
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), wisdomEntryBytes)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var l wisdomLine
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil || l.Key == "" || l.Choice == "" {
			return fmt.Errorf("cluda: import wisdom: line %d is not a choice (%v)", n, err)
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("cluda: import wisdom: %w", err)
	}
	wisdomMu.Lock()
	defer wisdomMu.Unlock()
	for _, l := range lines {
		wisdomChoices[l.Key] = l.Choice
	}
	return nil
}
