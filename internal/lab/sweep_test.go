package lab

import (
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

func TestLengthKind(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{2, kindSmoothShort},
		{13, kindSmoothShort},
		{2 * 3 * 5 * 7 * 11 * 13, kindSmoothLong}, // 30030
		{4096, kindSmoothShort},
		{4374, kindSmoothLong}, // 2·3^7
		{1 << 24, kindSmoothLong},
		{17, kindPrime},
		{4099, kindPrime},
		{16777213, kindPrime}, // the largest prime below 2^24
		{34, kindLargePrime},
		{16 * 1048573, kindLargePrime},
		{17 * 17, kindOther},
		{2 * 17 * 19, kindOther},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.n), func(t *testing.T) {
			if got := lengthKind(tt.n); got != tt.want {
				t.Errorf("lengthKind(%d) = %q, want %q", tt.n, got, tt.want)
			}
		})
	}
}

// kindsOf counts the lengths of ns of each kind.
func kindsOf(ns []int) map[string]int {
	out := map[string]int{}
	for _, n := range ns {
		out[lengthKind(n)]++
	}
	return out
}

// checkSortedDistinct fails the test unless ns is sorted without repeats.
func checkSortedDistinct(t *testing.T, ns []int) {
	t.Helper()
	for i := 1; i < len(ns); i++ {
		if ns[i] <= ns[i-1] {
			t.Fatalf("lengths %d and %d at %d are out of order or repeated", ns[i-1], ns[i], i)
		}
	}
}

func TestDefaultSweep(t *testing.T) {
	ns := buildSweep()
	var above []int
	for _, n := range ns {
		if n > sweepDenseMax {
			above = append(above, n)
		}
	}
	t.Run("every length to 4096", func(t *testing.T) {
		for n := 2; n <= sweepDenseMax; n++ {
			if _, ok := slices.BinarySearch(ns, n); !ok {
				t.Errorf("%d is missing", n)
			}
		}
		if ns[0] != 2 {
			t.Errorf("the sweep starts at %d, want 2", ns[0])
		}
	})
	t.Run("200 or more above 4096", func(t *testing.T) {
		if len(above) < 200 {
			t.Errorf("%d lengths above %d, want 200 or more", len(above), sweepDenseMax)
		}
		if last := ns[len(ns)-1]; last != sweepMax {
			t.Errorf("the sweep ends at %d, want %d", last, sweepMax)
		}
	})
	t.Run("every kind", func(t *testing.T) {
		all, big := kindsOf(ns), kindsOf(above)
		for _, k := range sweepKinds {
			if all[k] == 0 {
				t.Errorf("no length of the kind %q", k)
			}
		}
		for _, k := range []string{kindSmoothLong, kindPrime, kindLargePrime} {
			if big[k] < 50 {
				t.Errorf("%d lengths of the kind %q above %d, want 50 or more", big[k], k, sweepDenseMax)
			}
		}
	})
	t.Run("smooth lengths of every radix", func(t *testing.T) {
		tops := map[int]int{}
		for _, n := range above {
			tops[smoothTop(n)]++
		}
		for _, p := range smoothPrimes {
			if tops[p] < 10 {
				t.Errorf("%d smooth lengths above %d have %d as their largest factor, want 10 or more", tops[p], sweepDenseMax, p)
			}
		}
	})
	t.Run("log-uniform", func(t *testing.T) {
		// Every octave above 4096 holds about a twelfth of them.
		octaves := make([]int, 25)
		for _, n := range above {
			octaves[bits.Len(uint(n-1))]++
		}
		for k := 13; k <= 24; k++ {
			if octaves[k] < len(above)/24 || octaves[k] > len(above)/6 {
				t.Errorf("%d lengths in (2^%d, 2^%d], want about %d", octaves[k], k-1, k, len(above)/12)
			}
		}
	})
	t.Run("sorted and distinct", func(t *testing.T) { checkSortedDistinct(t, ns) })
	t.Run("deterministic", func(t *testing.T) {
		if again := buildSweep(); !slices.Equal(ns, again) {
			t.Error("a second build gave another list")
		}
		if !slices.Equal(ns, defaultSweep()) {
			t.Error("defaultSweep differs from buildSweep")
		}
	})
}

func TestSampleLengths(t *testing.T) {
	full := buildSweep()
	small := []int{3, 5, 7, 8, 17, 19, 23, 34, 38, 289, 4099, 8192}
	tests := []struct {
		name string
		ns   []int
		size int
	}{
		{"one of each kind", full, len(sweepKinds)},
		{"a few", full, 12},
		{"a run's worth", full, 300},
		{"most", full, len(full) - 1},
		{"all", full, len(full)},
		{"more than all", full, len(full) + 100},
		{"a short list", small, 6},
		{"one kind", []int{16, 32, 64, 128}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := sampleLengths(tt.ns, tt.size)
			if err != nil {
				t.Fatal(err)
			}
			if want := min(tt.size, len(tt.ns)); len(got) != want {
				t.Errorf("%d lengths, want %d", len(got), want)
			}
			checkSortedDistinct(t, got)
			for _, n := range got {
				if !slices.Contains(tt.ns, n) {
					t.Errorf("%d is not in the list", n)
				}
			}
			have, kinds := kindsOf(tt.ns), kindsOf(got)
			for k, count := range have {
				// As many of each kind, or all of a kind that has fewer.
				if want := min(count, tt.size/len(have)); kinds[k] < want {
					t.Errorf("%d of the kind %q, want %d or more", kinds[k], k, want)
				}
			}
			again, _ := sampleLengths(tt.ns, tt.size)
			if !slices.Equal(got, again) {
				t.Error("a second sample differs")
			}
		})
	}
	t.Run("spread", func(t *testing.T) {
		got, _ := sampleLengths(full, 300)
		for _, n := range []int{2, sweepDenseMax, sweepMax} {
			if !slices.Contains(got, n) {
				t.Errorf("the sample lacks %d, the end of a kind's range", n)
			}
		}
		above := 0
		for _, n := range got {
			if n > sweepDenseMax {
				above++
			}
		}
		if above < 100 {
			t.Errorf("%d of 300 lengths above %d: the sample is not spread over log N", above, sweepDenseMax)
		}
	})
	t.Run("too few for the kinds", func(t *testing.T) {
		if _, err := sampleLengths(small, 3); err == nil || !strings.Contains(err.Error(), "want at least 5") {
			t.Errorf("got %v, want an error that asks for 5", err)
		}
	})
}

func TestSpreadLog(t *testing.T) {
	pow2 := []int{1, 2, 4, 8, 16, 32, 64, 128, 256}
	tests := []struct {
		name  string
		ns    []int
		count int
		want  []int
	}{
		{"ends", pow2, 2, []int{1, 256}},
		{"middle", pow2, 1, []int{16}},
		{"thirds", pow2, 3, []int{1, 16, 256}},
		{"every other", pow2, 5, []int{1, 4, 16, 64, 256}},
		{"all", pow2, 9, pow2},
		// The steps of log N past 6 take the first lengths that leave room
		// for the steps after them.
		{"dense at one end", []int{2, 3, 4, 5, 6, 1000}, 4, []int{2, 5, 6, 1000}},
		// Every length from 1 to 256: the middle of each step, not the
		// power of two at its start.
		{"dense", seq(1, 256), 5, []int{1, 5, 20, 80, 256}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := spreadLog(tt.ns, tt.count); !slices.Equal(got, tt.want) {
				t.Errorf("spreadLog(%v, %d) = %v, want %v", tt.ns, tt.count, got, tt.want)
			}
		})
	}
}

func TestSweepList(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"given lengths, sorted, once each", []string{"--sizes", "34,17,2^4,5,17"}, "5,16,17,34"},
		{"a sample of them", []string{"--sizes", "16,17,34,64,289,4099", "--sweep-sample", "4"}, "34,64,289,4099"},
		{"ranges", []string{"--sizes", "16-128"}, "16,32,64,128"},
		{"the lengths of one kind", []string{"--sizes", "16,17,34,289,4096,4099,8192", "--sweep-kinds", "smooth-short"}, "16,4096"},
		{"of several kinds", []string{"--sizes", "16,17,34,289,4096,4099,8192", "--sweep-kinds", "prime, other,smooth-long"}, "17,289,4099,8192"},
		{"one large prime factor", []string{"--sizes", "16,17,34,289", "--sweep-kinds", "prime-factor"}, "34"},
		{"a sample of a kind", []string{"--sizes", "2-2^12", "--sweep-kinds", "smooth-short", "--sweep-sample", "3"}, "2,128,4096"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, _ := tool.OK(t, append([]string{"bench", "--sweep", "--list"}, tt.args...)...)
			if got := strings.TrimSpace(stdout); got != tt.want {
				t.Errorf("printed %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("every smooth length up to 4096", func(t *testing.T) {
		stdout, _ := tool.OK(t, "bench", "--sweep", "--sweep-kinds", "smooth-short", "--list")
		var want []int
		for n := 2; n <= sweepDenseMax; n++ {
			if smoothTop(n) > 0 {
				want = append(want, n)
			}
		}
		if got := strings.TrimSpace(stdout); got != cliutil.JoinInts(want, ",") {
			t.Errorf("printed %d bytes, not the %d smooth lengths from 2 to %d", len(got), len(want), sweepDenseMax)
		}
	})
	t.Run("the whole sweep", func(t *testing.T) {
		stdout, _ := tool.OK(t, "bench", "--sweep", "--list")
		if want := cliutil.JoinInts(defaultSweep(), ",") + "\n"; stdout != want {
			t.Errorf("printed %d bytes, not the sweep's %d lengths on one line", len(stdout), len(defaultSweep()))
		}
	})
}

func TestSweepErrors(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--sweep", "--sweep-sample", "0"}, "--sweep-sample 0: want a number of lengths, 1 or more"},
		{[]string{"bench", "--sweep", "--sweep-sample", "-5"}, "--sweep-sample -5: want a number of lengths, 1 or more"},
		{[]string{"bench", "--sweep", "--sweep-sample", "x"}, `invalid value "x" for flag -sweep-sample: want a whole number`},
		{[]string{"bench", "--sweep", "--sweep-sample", "4"}, "the lengths are of 5 kinds (want at least 5)"},
		{[]string{"bench", "--sweep", "--sizes", "-5"}, `"-5" is not a length`},
		{[]string{"bench", "--sweep", "--sizes", "1,16"}, "--sizes 1,16: the sweep's lengths are 2 or more"},
		{[]string{"bench", "--sweep", "--shape", "8,8"}, "--sweep and --shape both say what to transform"},
		{[]string{"bench", "--sweep", "--axes", "0"}, "--axes needs --shape"},
		{[]string{"bench", "--sweep", "--pipeline"}, "--sweep times the bare FFT"},
		{[]string{"bench", "--sweep", "--cpu"}, "--sweep times the device only"},
		{[]string{"bench", "--sweep-sample", "10"}, "--sweep-sample needs --sweep"},
		{[]string{"bench", "--list"}, "--list needs --sweep"},
		{[]string{"bench", "--sweep-kinds", "prime"}, "--sweep-kinds needs --sweep"},
		{[]string{"bench", "--sweep", "--sweep-kinds", "smoth"}, `--sweep-kinds smoth: "smoth" is not a kind of length (want smooth-short, smooth-long, prime, prime-factor, other)`},
		{[]string{"bench", "--sweep", "--sweep-kinds", "prime,"}, `"" is not a kind of length`},
		{[]string{"bench", "--sweep", "--sizes", "17,19", "--sweep-kinds", "smooth-short"}, "--sweep-kinds smooth-short: none of the lengths is of those kinds"},
		{[]string{"bench", "--algos", "--sweep"}, "--sweep does not apply to the algorithm cases"},
		{[]string{"bench", "--multi", "--sweep"}, "--sweep does not apply to --multi"},
	})
}

// TestBenchSweep times a short sweep on the test device: the table and the
// JSON give each length's kind, and the CPU is not timed.
func TestBenchSweep(t *testing.T) {
	thr := cludatest.Thread(t)
	dir := t.TempDir()
	jsonFile := filepath.Join(dir, "sweep.json")
	lengths := []int{5, 17, 34, 289, 4374}
	// The file as it stands after each length but the last: partial, its
	// rows so far, whole (each write replaces it at once).
	var partial []benchReport
	lengthWritten = func(file string) { partial = append(partial, decodeReport(t, file)) }
	t.Cleanup(func() { lengthWritten = nil })
	stdout, _ := tool.OK(t, "bench", "--sweep", "--sizes", cliutil.JoinInts(lengths, ","), "--mib", "0.25", "--runs", "3", "--json", jsonFile)
	if len(partial) != len(lengths)-1 {
		t.Errorf("the file was written %d times before the last length, want %d", len(partial), len(lengths)-1)
	}
	for i, p := range partial {
		if !p.Partial || len(p.Results) != i+1 || p.Results[i].N != lengths[i] || p.CopySummary != nil {
			t.Errorf("the file after N = %d: partial %v, %d rows, copy summary %v", lengths[i], p.Partial, len(p.Results), p.CopySummary)
		}
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
		t.Errorf("the directory holds %v (%v), want sweep.json alone", entries, err)
	}
	header := regexp.MustCompile(`N +batch +median ms +min ms +wall ms +GB/s +GFLOP/s +% of copy +CPU ms +speed-up +kind\n`)
	if !header.MatchString(stdout) || !strings.Contains(stdout, thr.Params().Name) || strings.Contains(stdout, "gonum") {
		t.Errorf("the output lacks the header with the kind or the device, or times the CPU:\n%s", stdout)
	}
	rep := decodeReport(t, jsonFile)
	if rep.MiB != 0.25 || rep.CPU != "" || len(rep.Results) != len(lengths) || rep.Partial {
		t.Fatalf("report: %+v", rep)
	}
	for i, r := range rep.Results {
		n := lengths[i]
		want := max((1<<18)/(8*n), 1)
		if r.N != n || r.Kind != lengthKind(n) || r.Batch != want || r.Runs != 3 || r.Skipped != "" || r.CPUMS != 0 {
			t.Errorf("result %d: %+v", i, r)
		}
		if !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.PlanMS > 0 && math.Abs(r.GBs-2*float64(r.Bytes)/(r.MedianMS/1e3)/1e9) <= rateTol*r.GBs) {
			t.Errorf("result %d has a missing or inconsistent measurement: %+v", i, r)
		}
		row := regexp.MustCompile(`\n +` + cliutil.JoinInts([]int{n, want}, " +") + ` .*  ` + regexp.QuoteMeta(r.Kind) + `\n`)
		if !row.MatchString(stdout) {
			t.Errorf("the table has no row of N = %d ending in its kind %q:\n%s", n, r.Kind, stdout)
		}
	}
	// The summary of the share of the copy: every length, then each kind
	// (the five lengths are one of each), as printed.
	if got, want := rep.CopySummary, copySummary(rep.Results); len(got) != 6 || got[0].Kind != "all" || got[0].Count != len(lengths) || !slices.Equal(got, want) {
		t.Errorf("copy_summary %+v, want the rows of copySummary %+v", got, want)
	}
	if !strings.Contains(stdout, "Share of the copy bandwidth by kind of length") || !regexp.MustCompile(`\nall +5 +`).MatchString(stdout) {
		t.Errorf("the output lacks the summary of the share of the copy:\n%s", stdout)
	}
}

// seq returns the lengths from a to b.
func seq(a, b int) []int {
	var out []int
	for n := a; n <= b; n++ {
		out = append(out, n)
	}
	return out
}
