package lab

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// The sweep of bench --sweep: every length from 2 to sweepDenseMax, then
// lengths of three kinds up to sweepMax, each kind at targets spread
// log-uniformly over (sweepDenseMax, sweepMax]. The rule is fixed, so that
// every program of a run, and every run, sees the same list.
const (
	sweepDenseMax = 4096
	sweepMax      = 1 << 24
	// The number of targets of each kind above sweepDenseMax. Targets
	// that land on the same length count once, and the powers of two
	// come on top of the smooth lengths.
	sweepSmoothTargets     = 100
	sweepPrimeTargets      = 60
	sweepLargePrimeTargets = 60
)

// The kinds of length, as reports name them.
const (
	kindSmoothShort = "smooth up to 4096"
	kindSmoothLong  = "smooth above 4096"
	kindPrime       = "prime"
	kindLargePrime  = "one large prime factor"
	kindOther       = "other"
)

// kindNames are the kinds of length in the order reports list them, each
// with the name that --sweep-kinds takes.
var kindNames = []struct{ name, kind string }{
	{"smooth-short", kindSmoothShort},
	{"smooth-long", kindSmoothLong},
	{"prime", kindPrime},
	{"prime-factor", kindLargePrime},
	{"other", kindOther},
}

// sweepKinds are the kinds of length in the order reports list them, and
// sweepKindNames their names for --sweep-kinds (kindNames).
var sweepKinds, sweepKindNames = func() (kinds, names []string) {
	for _, k := range kindNames {
		kinds, names = append(kinds, k.kind), append(names, k.name)
	}
	return kinds, names
}()

// parseKinds returns the kinds that list names (--sweep-kinds), each
// once.
func parseKinds(list string) (map[string]bool, error) {
	kinds := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		i := slices.Index(sweepKindNames, strings.TrimSpace(name))
		if i < 0 {
			return nil, fmt.Errorf("--sweep-kinds %s: %q is not a kind of length (want %s)", list, strings.TrimSpace(name), strings.Join(sweepKindNames, ", "))
		}
		kinds[sweepKinds[i]] = true
	}
	return kinds, nil
}

// smoothPrimes are the prime factors of smooth lengths.
var smoothPrimes = []int{2, 3, 5, 7, 11, 13}

// The largest factor of the smooth lengths above sweepDenseMax cycles
// through sweepSmoothTops, so that every radix has its share; the
// multiplier of the lengths with one large prime factor cycles through
// sweepMultipliers.
var (
	sweepSmoothTops  = []int{3, 5, 7, 11, 13}
	sweepMultipliers = []int{2, 3, 4, 5, 6, 7, 8, 10, 12, 16}
)

// roughFactors returns how many prime factors of n are above 13, counted
// with multiplicity, and whether n has a factor of 13 or less.
func roughFactors(n int) (rough int, hasSmooth bool) {
	for _, p := range smoothPrimes {
		for n%p == 0 {
			n /= p
			hasSmooth = true
		}
	}
	for d := 17; d*d <= n; d += 2 {
		for n%d == 0 {
			n /= d
			rough++
		}
	}
	if n > 1 {
		rough++
	}
	return rough, hasSmooth
}

// smoothTop returns the largest prime factor of n where n has none above
// 13 (1 for n = 1), and 0 otherwise.
func smoothTop(n int) int {
	top := 1
	for _, p := range smoothPrimes {
		if n%p == 0 {
			top = p
		}
		for n%p == 0 {
			n /= p
		}
	}
	if n != 1 {
		return 0
	}
	return top
}

// isPrime reports whether n is a prime.
func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

// lengthKind returns the kind of the length n: smooth (no prime factor
// above 13) up to sweepDenseMax or above it, a prime above 13, one prime
// factor above 13 times a smooth one, or other (two or more prime factors
// above 13).
func lengthKind(n int) string {
	rough, hasSmooth := roughFactors(n)
	switch {
	case rough == 0 && n <= sweepDenseMax:
		return kindSmoothShort
	case rough == 0:
		return kindSmoothLong
	case rough == 1 && !hasSmooth:
		return kindPrime
	case rough == 1:
		return kindLargePrime
	}
	return kindOther
}

// sweepTargets returns count points spread log-uniformly over
// (sweepDenseMax, sweepMax), the midpoints of equal steps of log N.
func sweepTargets(count int) []float64 {
	out := make([]float64, count)
	for i := range out {
		out[i] = sweepDenseMax * math.Pow(sweepMax/sweepDenseMax, (float64(i)+0.5)/float64(count))
	}
	return out
}

// lengthNear returns the smallest length from x to sweepMax that ok
// accepts, or else the largest one below x and above sweepDenseMax (0
// where there is none).
func lengthNear(x float64, ok func(int) bool) int {
	start := max(int(math.Ceil(x)), sweepDenseMax+1)
	for n := start; n <= sweepMax; n++ {
		if ok(n) {
			return n
		}
	}
	for n := start - 1; n > sweepDenseMax; n-- {
		if ok(n) {
			return n
		}
	}
	return 0
}

// defaultSweep returns the lengths of bench --sweep, sorted: every length
// from 2 to sweepDenseMax, the powers of two above it to sweepMax, and at
// targets spread log-uniformly above it, the nearest smooth lengths (their
// largest factor cycling through sweepSmoothTops), primes, and primes
// times a smooth multiplier (cycling through sweepMultipliers).
var defaultSweep = sync.OnceValue(buildSweep)

// buildSweep makes the lengths of defaultSweep.
func buildSweep() []int {
	var ns []int
	for n := 2; n <= sweepDenseMax; n++ {
		ns = append(ns, n)
	}
	for n := 2 * sweepDenseMax; n <= sweepMax; n *= 2 {
		ns = append(ns, n)
	}
	for i, x := range sweepTargets(sweepSmoothTargets) {
		top := sweepSmoothTops[i%len(sweepSmoothTops)]
		ns = append(ns, lengthNear(x, func(n int) bool { return smoothTop(n) == top }))
	}
	for _, x := range sweepTargets(sweepPrimeTargets) {
		ns = append(ns, lengthNear(x, isPrime))
	}
	for i, x := range sweepTargets(sweepLargePrimeTargets) {
		m := sweepMultipliers[i%len(sweepMultipliers)]
		ns = append(ns, lengthNear(x, func(n int) bool { return n%m == 0 && isPrime(n/m) }))
	}
	slices.Sort(ns)
	return slices.Compact(ns)
}

// sampleLengths returns size of the lengths ns (sorted and distinct): the
// same number of each kind of length, or all of a kind that has fewer,
// each kind's spread evenly over log N from its shortest length to its
// longest. A size of len(ns) or more keeps them all; one below the number
// of kinds among ns is an error, as the sample keeps every kind.
func sampleLengths(ns []int, size int) ([]int, error) {
	byKind := map[string][]int{}
	for _, n := range ns {
		k := lengthKind(n)
		byKind[k] = append(byKind[k], n)
	}
	var kinds []string
	for _, k := range sweepKinds {
		if len(byKind[k]) > 0 {
			kinds = append(kinds, k)
		}
	}
	if size < len(kinds) {
		return nil, fmt.Errorf("--sweep-sample %d: the sample keeps every kind of length, and the lengths are of %s (want at least %d)",
			size, cliutil.Plural(len(kinds), "kind"), len(kinds))
	}
	if size >= len(ns) {
		return ns, nil
	}
	// Share the sample out equally among the kinds that have room left,
	// until it is all given.
	quota := map[string]int{}
	for left, open := size, kinds; left > 0; {
		var still []string
		given := 0
		for i, k := range open {
			share := left / len(open)
			if i < left%len(open) {
				share++
			}
			give := min(share, len(byKind[k])-quota[k])
			quota[k] += give
			given += give
			if quota[k] < len(byKind[k]) {
				still = append(still, k)
			}
		}
		left, open = left-given, still
	}
	var out []int
	for _, k := range kinds {
		out = append(out, spreadLog(byKind[k], quota[k])...)
	}
	slices.Sort(out)
	return out, nil
}

// spreadLog returns count of the sorted lengths ns, spread evenly over log
// N: the shortest and the longest, and between them one length from each
// of count-2 equal steps of log N around the points that divide it
// evenly: the middle one of the step's lengths (so that a kind as dense
// as the smooth lengths is not sampled at its powers of two alone), or,
// where a step has none, the first length after the one taken before. A
// count of one takes the first length at or after the middle.
func spreadLog(ns []int, count int) []int {
	if count >= len(ns) {
		return ns
	}
	lo, hi := math.Log(float64(ns[0])), math.Log(float64(ns[len(ns)-1]))
	logOf := func(k int) float64 { return math.Log(float64(ns[k])) }
	if count == 1 {
		k := 0
		for k < len(ns)-1 && logOf(k) < (lo+hi)/2 {
			k++
		}
		return []int{ns[k]}
	}
	out := []int{ns[0]}
	next := 1
	step := (hi - lo) / float64(count-1)
	for j := 1; j < count-1; j++ {
		// The step's lengths, leaving room for the count-j-1 still to
		// take.
		last := len(ns) - count + j
		a := next
		for a < last && logOf(a) < lo+step*(float64(j)-0.5) {
			a++
		}
		b := a
		for b < last && logOf(b+1) < lo+step*(float64(j)+0.5) {
			b++
		}
		k := a + (b-a+1)/2
		out = append(out, ns[k])
		next = k + 1
	}
	return append(out, ns[len(ns)-1])
}

// sweepLengths returns the lengths of bench --sweep: those of --sizes
// where given, else defaultSweep, sorted and without repeats, those of
// the kinds --sweep-kinds names, and the sample of them that
// --sweep-sample asks for. It returns an error where
// other options that the sweep does not take are given, and turns the CPU
// comparison off.
func (o *Options) sweepLengths() ([]int, error) {
	err := o.deviceOnly([]flagConflict{
		{"shape", "--sweep and --shape both say what to transform; give one of them"},
		{"axes", "--axes needs --shape, which a sweep of 1-D lengths does not take"},
		{"pipeline", "--sweep times the bare FFT; time the fused pipelines with --pipeline and --sizes"},
	}, "--sweep times the device only: gonum's CPU FFTs of its primes up to 2^24 would take hours; leave --cpu out")
	if err != nil {
		return nil, err
	}
	ns := defaultSweep()
	if o.Given["sizes"] {
		if ns, err = parseSizes(o.Sizes); err != nil {
			return nil, err
		}
		ns = slices.Clone(ns)
		slices.Sort(ns)
		ns = slices.Compact(ns)
		if ns[0] < 2 {
			return nil, fmt.Errorf("--sizes %s: the sweep's lengths are 2 or more", o.Sizes)
		}
	}
	if o.Given["sweep-kinds"] {
		kinds, err := parseKinds(o.SweepKinds)
		if err != nil {
			return nil, err
		}
		ns = slices.DeleteFunc(slices.Clone(ns), func(n int) bool { return !kinds[lengthKind(n)] })
		if len(ns) == 0 {
			return nil, fmt.Errorf("--sweep-kinds %s: none of the lengths is of those kinds", o.SweepKinds)
		}
	}
	if !o.Given["sweep-sample"] {
		return ns, nil
	}
	if o.SweepSample < 1 {
		return nil, fmt.Errorf("--sweep-sample %d: want a number of lengths, 1 or more", o.SweepSample)
	}
	return sampleLengths(ns, o.SweepSample)
}
