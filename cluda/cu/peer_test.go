package cu

import (
	"errors"
	"testing"
)

// fakePeerDefs are entry points of a fake driver whose peer copies accept
// only the arguments TestFakePeerCopies passes: they return 0 where every
// field is as expected and CUDA_ERROR_INVALID_VALUE otherwise. The fake's
// own declaration of CUDA_MEMCPY3D_PEER follows CUDA's documented layout,
// so that the test also checks the binding's.
var fakePeerDefs = map[string]string{
	"cuInit":                "int cuInit(unsigned f) { return 0; }",
	"cuDeviceGetCount":      "int cuDeviceGetCount(int *n) { *n = 2; return 0; }",
	"cuDeviceGet":           "int cuDeviceGet(int *d, int i) { *d = i; return 0; }",
	"cuCtxCreate_v2":        "int cuCtxCreate_v2(void **c, unsigned f, int d) { *c = (void *)(16 + 16 * (unsigned long)d); return 0; }",
	"cuCtxPushCurrent_v2":   "int cuCtxPushCurrent_v2(void *c) { return 0; }",
	"cuCtxPopCurrent_v2":    "int cuCtxPopCurrent_v2(void **c) { return 0; }",
	"cuStreamCreate":        "int cuStreamCreate(void **s, unsigned f) { *s = (void *)64; return 0; }",
	"cuMemAlloc_v2":         "static unsigned long long allocs; int cuMemAlloc_v2(unsigned long long *p, unsigned long n) { *p = 0x10000 * ++allocs; return 0; }",
	"cuDeviceCanAccessPeer": "int cuDeviceCanAccessPeer(int *can, int d, int peer) { *can = d != peer; return 0; }",
	"cuCtxEnablePeerAccess": "int cuCtxEnablePeerAccess(void *peer, unsigned f) { return 704; }",
	"cuMemcpyPeerAsync": `int cuMemcpyPeerAsync(unsigned long long dst, void *dc, unsigned long long src, void *sc, unsigned long n, void *s) {
		return dst == 0x10004 && dc == (void *)16 && src == 0x2000c && sc == (void *)32 && n == 20 && s == (void *)64 ? 0 : 1;
	}`,
	"cuMemcpy3DPeerAsync": `typedef struct {
		unsigned long srcXInBytes, srcY, srcZ, srcLOD;
		int srcMemoryType;
		const void *srcHost;
		unsigned long long srcDevice;
		void *srcArray;
		void *srcContext;
		unsigned long srcPitch, srcHeight;
		unsigned long dstXInBytes, dstY, dstZ, dstLOD;
		int dstMemoryType;
		void *dstHost;
		unsigned long long dstDevice;
		void *dstArray;
		void *dstContext;
		unsigned long dstPitch, dstHeight;
		unsigned long WidthInBytes, Height, Depth;
	} peer3d;
	int cuMemcpy3DPeerAsync(const peer3d *p, void *s) {
		int src = p->srcXInBytes == 0 && p->srcY == 0 && p->srcMemoryType == 2 && p->srcDevice == 0x20008 &&
			p->srcContext == (void *)32 && p->srcPitch == 48 && p->srcHost == 0 && p->srcArray == 0;
		int dst = p->dstXInBytes == 0 && p->dstY == 0 && p->dstMemoryType == 2 && p->dstDevice == 0x10040 &&
			p->dstContext == (void *)16 && p->dstPitch == 32 && p->dstHost == 0 && p->dstArray == 0;
		int flat = p->Depth == 1 && p->srcHeight == 3 && p->dstHeight == 3;
		int sliced = p->Depth == 2 && p->srcHeight == 4 && p->dstHeight == 3;
		return src && dst && (flat || sliced) && p->WidthInBytes == 16 && p->Height == 3 && s == (void *)64 ? 0 : 1;
	}`,
}

func TestFakePeerCopies(t *testing.T) {
	useLoaders(t)
	t.Setenv(DriverLibraryEnv, fakeLibrary(t, t.TempDir(), "libcuda-peer.so", driverSpec, fakePeerDefs, 0))
	if can, err := Device(0).CanAccessPeer(1); err != nil || !can {
		t.Errorf("CanAccessPeer(0, 1): %v, %v; want true", can, err)
	}
	if can, err := Device(1).CanAccessPeer(1); err != nil || can {
		t.Errorf("CanAccessPeer(1, 1): %v, %v; want false", can, err)
	}
	ctx0, err := CreateContext(0, ContextSchedAuto)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx0.Release()
	ctx1, err := CreateContext(1, ContextSchedAuto)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx1.Release()
	if err := ctx0.EnablePeerAccess(ctx1); err != nil {
		t.Errorf("EnablePeerAccess, already enabled: %v", err)
	}
	s, err := CreateStream(ctx0, false)
	if err != nil {
		t.Fatal(err)
	}
	dst, err := Alloc(ctx0, 1024) // at 0x10000
	if err != nil {
		t.Fatal(err)
	}
	src, err := Alloc(ctx1, 1024) // at 0x20000
	if err != nil {
		t.Fatal(err)
	}
	if err := CopyPeer(s, dst, 4, src, 12, 20); err != nil {
		t.Errorf("CopyPeer: %v", err)
	}
	if err := CopyPeer(s, dst, 4, src, 12, 21); !errors.Is(err, InvalidValue) {
		t.Errorf("CopyPeer of other arguments: %v, want the fake's InvalidValue", err)
	}
	to := Region{Offset: 64, Width: 16, Rows: 3, RowPitch: 32}
	from := Region{Offset: 8, Width: 16, Rows: 3, RowPitch: 48}
	if err := CopyRegionPeer(s, dst, to, src, from); err != nil {
		t.Errorf("CopyRegionPeer of rows: %v", err)
	}
	to.Slices, to.SlicePitch = 2, 96
	from.Slices, from.SlicePitch = 2, 192
	if err := CopyRegionPeer(s, dst, to, src, from); err != nil {
		t.Errorf("CopyRegionPeer of slices: %v", err)
	}
	for _, c := range []struct {
		name     string
		to, from Region
	}{
		{"past the end", Region{Offset: 1000, Width: 16, Rows: 3, RowPitch: 32}, Region{Width: 16, Rows: 3, RowPitch: 48}},
		{"rows overlap", Region{Width: 16, Rows: 3, RowPitch: 32}, Region{Width: 16, Rows: 3, RowPitch: 8}},
		{"slice pitch not a multiple of the row pitch", Region{Width: 16, Rows: 1, Slices: 2, SlicePitch: 40}, Region{Width: 16, Rows: 1, Slices: 2, SlicePitch: 32}},
		{"different sizes", Region{Width: 8, Rows: 3, RowPitch: 32}, Region{Width: 16, Rows: 3, RowPitch: 48}},
	} {
		if err := CopyRegionPeer(s, dst, c.to, src, c.from); err == nil || errors.Is(err, InvalidValue) {
			t.Errorf("CopyRegionPeer, %s: %v, want the binding's own error", c.name, err)
		}
	}
}
