package cluda

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

func TestParsePeerCopy(t *testing.T) {
	for _, p := range []PeerCopy{PeerCopyDefault, PeerCopyEngines, PeerCopyRead, PeerCopyWrite} {
		got, err := ParsePeerCopy(p.String())
		if err != nil || got != p {
			t.Errorf("ParsePeerCopy(%q) = %v, %v; want %v", p.String(), got, err, p)
		}
	}
	if _, err := ParsePeerCopy("dma"); err == nil {
		t.Error(`ParsePeerCopy("dma") gave no error`)
	}
	if got := PeerCopy(9).String(); got != "PeerCopy(9)" {
		t.Errorf("PeerCopy(9).String() = %q", got)
	}
	if p, err := PeerCopyDefault.resolve(); err != nil || p == PeerCopyDefault {
		t.Errorf("the default resolves to %v, %v", p, err)
	}
	if _, err := NewMultiThread([]Device{{api: OpenCL}}, MultiThreadOptions{PeerCopy: PeerCopy(-1)}); err == nil {
		t.Error("NewMultiThread took PeerCopy(-1)")
	}
}

func TestRegionCopyUnit(t *testing.T) {
	cases := []struct {
		name     string
		src, dst uint64
		from, to region
		want     int
	}{
		{"all aligned", 256, 512, region{Width: 4096, Rows: 2, RowPitch: 8192}, region{Width: 4096, Rows: 2, RowPitch: 4096}, 16},
		{"a destination of 8", 256, 520, region{Width: 4096, Rows: 2, RowPitch: 8192}, region{Width: 4096, Rows: 2, RowPitch: 4096}, 8},
		{"a width of 24", 256, 512, region{Width: 24, Rows: 2, RowPitch: 8192}, region{Width: 24, Rows: 2, RowPitch: 4096}, 8},
		// One row: its pitch does not count.
		{"one row", 256, 512, region{Width: 4096, Rows: 1, RowPitch: 12}, region{Width: 4096, Rows: 1, RowPitch: 4096}, 16},
		{"a pitch of 12", 256, 512, region{Width: 4096, Rows: 2, RowPitch: 12}, region{Width: 4096, Rows: 2, RowPitch: 4096}, 4},
		{"a slice pitch of 6", 256, 512, region{Width: 4096, Rows: 1, Slices: 2, SlicePitch: 6}, region{Width: 4096, Rows: 1, Slices: 2, SlicePitch: 32}, 2},
		{"an odd address", 3, 512, region{Width: 4096, Rows: 2, RowPitch: 8192}, region{Width: 4096, Rows: 2, RowPitch: 4096}, 1},
	}
	for _, c := range cases {
		if got := regionCopyUnit(c.src, c.dst, c.from, c.to); got != c.want {
			t.Errorf("%s: regionCopyUnit = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestRegionCopyLaunch(t *testing.T) {
	const sms = 132
	cases := []struct{ width, lines int }{
		{1, 1}, {1, 1 << 20}, {3, 1000}, {131072, 256}, {1 << 28, 1}, {64, 70000 * 4},
	}
	for _, c := range cases {
		cfg := regionCopyLaunch(c.width, c.lines, sms)
		tx, ty, gx, gy := cfg.Block[0], cfg.Block[1], cfg.Grid[0], cfg.Grid[1]
		switch {
		case tx*ty != regionCopyThreads || tx < 32:
			t.Errorf("width %d, %d lines: block %d×%d", c.width, c.lines, tx, ty)
		case gx < 1 || gy < 1 || gy > 65535 || gx*gy > sms*regionCopyBlocksPerSM && gy > 1:
			t.Errorf("width %d, %d lines: grid %d×%d for %d multiprocessors", c.width, c.lines, gx, gy, sms)
		case gx*tx < min(c.width, sms*regionCopyBlocksPerSM*tx) && gy == 1:
			t.Errorf("width %d, %d lines: %d x threads", c.width, c.lines, gx*tx)
		}
	}
}

// TestCopySplitPeerCopy runs exchanges by every way of moving blocks; on
// CUDA the kernels move them (between the GPUs of the machine, or parts
// on one GPU), and the queues and kernel flags follow the way. Elements
// of 1, 2 and 8 bytes with odd lengths give kernels of every unit.
func TestCopySplitPeerCopy(t *testing.T) {
	cases := []struct {
		dtype            dtypes.DType
		shape            []int
		fromAxis, toAxis int
	}{
		{dtypes.Complex64, []int{6, 4, 3}, 0, 1},
		{dtypes.Complex64, []int{64, 96, 33}, 0, 1},
		{dtypes.Complex64, []int{5, 7, 2}, 1, 0},
		{dtypes.Int16, []int{7, 9, 5}, 0, 1},
		{dtypes.Uint8, []int{3, 5, 4, 3}, 2, 1},
	}
	for _, way := range []PeerCopy{PeerCopyEngines, PeerCopyRead, PeerCopyWrite} {
		for _, devices := range []int{2, 3} {
			m, err := CreateMultiThread(DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, devices,
				MultiThreadOptions{Repeat: true, PeerCopy: way})
			if err != nil {
				if os.Getenv("REIKNA_REQUIRE_DEVICE") != "1" {
					t.Skip(err)
				}
				t.Fatal(err)
			}
			defer m.Release()
			for _, c := range cases {
				t.Run(fmt.Sprintf("%v/%d devices/%v %v axis %d to %d", way, devices, c.dtype, c.shape, c.fromAxis, c.toAxis), func(t *testing.T) {
					if m.PeerCopy() != way {
						t.Fatalf("PeerCopy() = %v, want %v", m.PeerCopy(), way)
					}
					n := shapeSize(c.shape)
					data := make([]byte, n*c.dtype.Size())
					for i := range data {
						data[i] = byte(i*7 + i/251)
					}
					src, err := m.EmptySplit(c.shape, c.dtype, c.fromAxis, nil)
					if err != nil {
						t.Fatal(err)
					}
					defer src.Release()
					whole, err := m.Thread(0).Empty(c.shape, c.dtype)
					if err != nil {
						t.Fatal(err)
					}
					defer whole.Release()
					if err := whole.transferBytes(data, true); err != nil {
						t.Fatal(err)
					}
					if err := src.Scatter(whole); err != nil {
						t.Fatal(err)
					}
					dst, err := m.EmptySplit(c.shape, c.dtype, c.toAxis, nil)
					if err != nil {
						t.Fatal(err)
					}
					defer dst.Release()
					for i := range devices {
						if err := dst.Part(i).Fill(165); err != nil {
							t.Fatal(err)
						}
					}
					if err := m.CopySplit(dst, src); err != nil {
						t.Fatal(err)
					}
					checkBlockQueues(t, m, dst, src)
					if err := whole.Fill(0); err != nil {
						t.Fatal(err)
					}
					if err := dst.Gather(whole); err != nil {
						t.Fatal(err)
					}
					got := make([]byte, len(data))
					if err := whole.transferBytes(got, false); err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(got, data) {
						t.Errorf("the exchange gave other bytes (first difference at %d)", firstDifference(got, data))
					}
				})
			}
		}
	}
}

// checkBlockQueues checks that every block of an exchange runs on a queue
// of its own, of the receiver or (by kernels that write) of the sender,
// and that kernels move the blocks between CUDA devices that reach each
// other unless the copy engines are asked for.
func checkBlockQueues(t *testing.T, m *MultiThread, dst, src *SplitArray) {
	t.Helper()
	copies, err := m.splitCopies(dst, src)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[backend]bool{}
	for _, c := range copies {
		e := slices.Index(m.threads, c.dst.thread)
		d := slices.Index(m.threads, c.src.thread)
		want := m.sides[e][d]
		if c.kernel && m.peerCopy == PeerCopyWrite {
			want = m.sides[d][e]
		}
		if q := c.queue(); q != want || seen[q] {
			t.Errorf("the copy from device %d to %d runs on another queue than its own", d, e)
		}
		seen[c.queue()] = true
		kernel := m.threads[e].API() == CUDA && m.peerCopy != PeerCopyEngines && (d == e || m.paths[e][d] == CopyPeer && m.paths[d][e] == CopyPeer)
		if c.kernel != kernel {
			t.Errorf("the copy from device %d to %d by a kernel: %v, want %v", d, e, c.kernel, kernel)
		}
	}
}

// firstDifference returns the first index where a and b differ.
func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
