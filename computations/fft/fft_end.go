package fft

import "github.com/reikna-go/reikna/dtypes"

// fftEndKind is how a pass loads the elements of its source or stores
// those of its destination. The kernel reads and writes every element
// through two macros, FFT_LOAD_ELEM(_o, _n, _i) and
// FFT_STORE_ELEM(_o, _n, _i, _v), which templates/fft_ends.cl defines
// once, at the top of the kernel, by the hooks of the ends' kinds.
type fftEndKind interface {
	// LoadHook names the hook that defines FFT_LOAD_ELEM where the
	// end is a pass's source.
	LoadHook() string
	// StoreHook names the hook that defines FFT_STORE_ELEM where the
	// end is a pass's destination.
	StoreHook() string
	// StoreVariant names the way the kernel stores its outputs
	// (storeElements, storeTwist, storePaired or storeSplit).
	StoreVariant() string
}

// The hooks of the end kinds (templates/fft_ends.cl).
const (
	hookComplex = "complex" // the values as they are, conjugated for the inverse
	hookChirp   = "chirp"   // Bluestein's chirp around the values of another kind
	hookProduct = "product" // the product with Bluestein's transformed kernel
	hookReal    = "real"    // the ends of a real transform around the values of another kind
	hookRader   = "rader"   // Rader's gather and scatter around the values of a complexEnd
)

// The ways a kernel stores its outputs.
const (
	storeElements = ""       // each output where it goes, through FFT_STORE_ELEM
	storeTwist    = "twist"  // the twisted spectrum of a real transform
	storePaired   = "paired" // the twisted spectrum, the work-groups taking sub-transforms j and NS - j together
	storeSplit    = "split"  // the spectra of two real rows from one complex row's outputs k and N - k
)

// complexEnd is the end of a complex FFT: with Conj set the values are
// conjugated for the inverse (FFT_INVERSE), and the stored ones scaled by
// Scale.
type complexEnd struct {
	Conj  bool
	Scale string // literal of the scale of the inverse's stores
}

// inverseEnd returns the end of the first or last kernel of a complex
// FFT on values of dt, whose inverse conjugates the values and scales
// those it stores by scale.
func inverseEnd(dt dtypes.DType, scale float64) complexEnd {
	return complexEnd{Conj: true, Scale: dt.Real().MustLiteral(scale)}
}

func (complexEnd) LoadHook() string     { return hookComplex }
func (complexEnd) StoreHook() string    { return hookComplex }
func (complexEnd) StoreVariant() string { return storeElements }

// chirpEnd is an end of Bluestein's algorithm: the loads multiply the
// values of Then by the chirp, the stores conjugate the values and
// multiply them by the chirp before Then stores them.
type chirpEnd struct{ Then complexEnd }

func (chirpEnd) LoadHook() string     { return hookChirp }
func (chirpEnd) StoreHook() string    { return hookChirp }
func (chirpEnd) StoreVariant() string { return storeElements }

// productEnd is the end of the forward transform of Bluestein's
// algorithm: the stores multiply the values by the transformed kernel
// (KERNEL_B) and conjugate them, for the transform back. Its loads are
// those of a plain complexEnd.
type productEnd struct{ complexEnd }

func (productEnd) StoreHook() string { return hookProduct }

// raderEnd is an end of the kernel of Rader's algorithm for a prime
// length of M+1 (fftplan's rader.go): the loads gather element j of the
// convolution from the position g^-j and subtract element 0, the stores
// conjugate the values and scatter output m to g^m, and position M to 0,
// around the values of Then. Positions of Length and beyond (the half
// spectrum of a real transform is shorter) are not stored.
type raderEnd struct {
	Then   complexEnd
	M      int
	Length int
}

// Short reports whether the end holds fewer positions than the transform.
func (e raderEnd) Short() bool { return e.Length <= e.M }

func (raderEnd) LoadHook() string     { return hookRader }
func (raderEnd) StoreHook() string    { return hookRader }
func (raderEnd) StoreVariant() string { return storeElements }

// realEnd is an end of a real transform (rfft_hooks.go): Real says how
// it reads the real input or the half spectrum and writes the spectrum or
// the real output, Then the kind of the complex values it reads or writes.
type realEnd struct {
	Real *fftRealBody
	Then fftEndKind
}

func (realEnd) LoadHook() string  { return hookReal }
func (realEnd) StoreHook() string { return hookReal }

// StoreVariant returns how the twist, where the stores apply it, goes.
func (e realEnd) StoreVariant() string {
	switch {
	case e.Real.Split:
		return storeSplit
	case e.Real.Paired:
		return storePaired
	case e.Real.Twist:
		return storeTwist
	}
	return storeElements
}

// bluesteinEnds returns the ends src and dst of kernel k with the hooks of
// Bluestein's algorithm that k applies: the chirp on its loads, the
// product with the transformed kernel or the chirp on its stores. A kernel
// that is the whole convolution, or the turn of several passes, applies the
// product between its stages (fftFused) instead.
func bluesteinEnds(k *fftKernel, src, dst complexEnd) (fftEndKind, fftEndKind) {
	var in, out fftEndKind = src, dst
	if k.ChirpIn {
		in = chirpEnd{Then: src}
	}
	switch {
	case k.ChirpOut:
		out = chirpEnd{Then: dst}
	case k.KernelB && !k.Pass.Turn:
		out = productEnd{dst}
	}
	return in, out
}
