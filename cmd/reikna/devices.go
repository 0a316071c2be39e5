package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// platformReport is what `reikna devices --json` prints for a platform.
type platformReport struct {
	Name       string             `json:"name"`
	Vendor     string             `json:"vendor"`
	Version    string             `json:"version"`
	Extensions string             `json:"extensions"`
	Devices    []cluda.DeviceInfo `json:"devices"`
	// SharedContext says, for an OpenCL platform, whether its devices
	// make one context together (a cluda.MultiThread of them shares it),
	// and SharedContextError why not.
	SharedContext      bool   `json:"shared_context,omitempty"`
	SharedContextError string `json:"shared_context_error,omitempty"`
	// KeptApart says that a MultiThread gives each device of the
	// platform a context of its own although they make one together
	// (cluda.ContextShared).
	KeptApart bool `json:"kept_apart,omitempty"`
	// PeerAccess says, for CUDA, which devices reach each other's memory
	// directly: entry i, j for device i's access to device j's.
	PeerAccess [][]bool `json:"peer_access,omitempty"`
}

func runDevices(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("devices", "devices [--api API] [--json]",
		"  reikna devices             a table of every platform and device, CUDA's among them where NVIDIA's driver loads\n  reikna devices --api cuda  the CUDA devices only (--api opencl: the OpenCL platforms only)\n  reikna devices --json      the same as JSON, for scripts", stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	apiName := fs.String("api", "", "list only the devices of `API`: opencl or cuda (default: both)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("devices: unexpected arguments %v", fs.Args())
	}
	api, err := cluda.ParseAPI(*apiName)
	if err != nil {
		return fmt.Errorf("devices: --api: %w", err)
	}
	report, err := collectDevices(api)
	if err != nil {
		return fmt.Errorf("devices: %w", err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(report)
	}
	if len(report) == 0 {
		switch api {
		case cluda.CUDA:
			fmt.Fprintln(stdout, "No CUDA driver: NVIDIA's libcuda.so.1 does not load here.")
		case cluda.OpenCL:
			fmt.Fprintln(stdout, "No OpenCL platform found. On Debian, `apt-get install pocl-opencl-icd` adds a CPU device.")
		default:
			fmt.Fprintln(stdout, "No OpenCL platform found, and no CUDA driver. On Debian, `apt-get install pocl-opencl-icd` adds a CPU device.")
		}
		return nil
	}
	for i, p := range report {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "Platform %d: %s (%s, %s)\n", i, p.Name, p.Vendor, p.Version)
		for j, d := range p.Devices {
			fmt.Fprintf(stdout, "\n  Device %d.%d: %s\n", i, j, d.Name)
			writeDeviceTable(stdout, d)
		}
		if len(p.Devices) > 0 {
			fmt.Fprintf(stdout, "\n  Several devices: %s\n", p.sharing(i))
		}
	}
	return nil
}

// sharing says how a MultiThread of the platform's devices (platform
// number i) shares memory among them.
func (p platformReport) sharing(i int) string {
	n := len(p.Devices)
	if p.PeerAccess != nil {
		var pairs []string
		for a := range n {
			for b := a + 1; b < n; b++ {
				if p.PeerAccess[a][b] && p.PeerAccess[b][a] {
					pairs = append(pairs, fmt.Sprintf("%d.%d and %d.%d", i, a, i, b))
				}
			}
		}
		switch {
		case n == 1:
			return "one CUDA device; a MultiThread may open it several times, on its primary context"
		case len(pairs) == 0:
			return "no two CUDA devices reach each other's memory; the driver stages copies between them through host memory"
		}
		return "peer access (copies device to device) between " + strings.Join(pairs, ", ") + "; the driver stages copies between the others through host memory"
	}
	switch {
	case p.SharedContextError != "":
		return "the devices do not make one context (" + p.SharedContextError + "); a MultiThread gives each its own, and copies between them go through host memory"
	case n == 1:
		return "one device; a MultiThread may open it several times (MultiThreadOptions.Repeat), one queue each in one context"
	case p.KeptApart:
		return "the devices make one context, but its runtime moves whole buffers between them through host memory; a MultiThread gives each its own, and copies between them go through host memory (the CUDA interface copies device to device)"
	}
	return fmt.Sprintf("devices %d.0 to %d.%d share one context, in which a MultiThread of them copies between them", i, i, n-1)
}

func collectDevices(api cluda.API) ([]platformReport, error) {
	report := []platformReport{}
	var platforms []cluda.Platform
	if api != cluda.CUDA {
		all, err := cluda.Platforms()
		if err != nil {
			return nil, err
		}
		for _, p := range all {
			if p.API == cluda.OpenCL {
				platforms = append(platforms, p)
			}
		}
	}
	for _, cp := range platforms {
		p := cp.CLPlatform() // the shared-context probe below is OpenCL's own
		pr := platformReport{Name: cp.Name, Vendor: cp.Vendor, Version: cp.Version, Extensions: p.Extensions()}
		devs, err := p.Devices(cl.DeviceTypeAll)
		if err != nil {
			return nil, err
		}
		for _, d := range devs {
			info, err := cluda.DeviceFromCL(d).Info()
			if err != nil {
				return nil, err
			}
			pr.Devices = append(pr.Devices, info)
		}
		pr.KeptApart = !cluda.ContextShared(cp)
		if len(devs) > 0 {
			ctx, err := cl.CreateContext(devs...)
			if err != nil {
				pr.SharedContextError = err.Error()
			} else {
				pr.SharedContext = true
				ctx.Release()
			}
		}
		report = append(report, pr)
	}
	if api == cluda.OpenCL {
		return report, nil
	}
	if cuda, ok := collectCUDADevices(); ok {
		report = append(report, cuda)
	}
	return report, nil
}

// collectCUDADevices returns the CUDA devices as a platform, with the
// properties that a CUDA Thread's computations see; ok is false where
// NVIDIA's driver does not load. A device whose properties cannot be read
// (NVRTC missing, say) is left out and the platform's version says why.
func collectCUDADevices() (platformReport, bool) {
	if _, err := cu.Devices(); errors.Is(err, cu.ErrNoDriver) {
		return platformReport{}, false
	}
	devs, err := cluda.Devices(cluda.DeviceFilter{API: cluda.CUDA})
	pr := platformReport{Name: cluda.CUDAPlatformName, Vendor: "NVIDIA Corporation", Version: "CUDA", Devices: []cluda.DeviceInfo{}}
	if v, verr := cu.DriverVersion(); verr == nil {
		pr.Version = fmt.Sprintf("CUDA %d.%d", v/1000, v%1000/10)
	}
	if err != nil {
		pr.Version += fmt.Sprintf(" (unavailable: %v)", err)
		return pr, true
	}
	var listed []cu.Device
	for i, d := range devs {
		p, err := d.Params()
		if err != nil {
			pr.Version += fmt.Sprintf(" (device %d unavailable: %v)", i, err)
			continue
		}
		pr.Devices = append(pr.Devices, p.DeviceInfo)
		h, _ := d.CUDADevice() // peer access is CUDA's own
		listed = append(listed, h)
	}
	pr.PeerAccess = make([][]bool, len(listed))
	for a, da := range listed {
		pr.PeerAccess[a] = make([]bool, len(listed))
		for b, db := range listed {
			can, err := da.CanAccessPeer(db)
			pr.PeerAccess[a][b] = a == b || err == nil && can
		}
	}
	return pr, true
}

func writeDeviceTable(w io.Writer, d cluda.DeviceInfo) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	yes := map[bool]string{true: "yes", false: "no"}
	rows := [][2]string{
		{"type", d.Type.String()},
		{"vendor", d.Vendor},
		{"version", d.Version},
		{"OpenCL C version", d.OpenCLCVersion},
		{"driver version", d.DriverVersion},
		{"compute units", fmt.Sprint(d.MaxComputeUnits)},
		{"max clock", fmt.Sprintf("%d MHz", d.MaxClockFrequencyMHz)},
		{"max work-group size", fmt.Sprint(d.MaxWorkGroupSize)},
		{"max work-item sizes", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(d.MaxWorkItemSizes)), " × "), "[]")},
		{"preferred work-group multiple", fmt.Sprint(d.PreferredWorkGroupSizeMultiple)},
		{"native float vector", fmt.Sprint(d.NativeVectorWidthFloat)},
		{"local memory", fmt.Sprintf("%s (%s)", cliutil.BytesString(d.LocalMemSize), map[bool]string{true: "dedicated", false: "in global memory"}[d.LocalMemIsDedicated])},
		{"global memory", cliutil.BytesString(d.GlobalMemSize)},
		{"global memory cache", cliutil.BytesString(d.GlobalMemCacheSize)},
		{"max allocation", cliutil.BytesString(d.MaxMemAllocSize)},
		{"max constant buffer", cliutil.BytesString(d.MaxConstantBufferSize)},
		{"address bits", fmt.Sprint(d.AddressBits)},
		{"memory base alignment", fmt.Sprintf("%d bytes", d.MemBaseAddrAlignBits/8)},
		{"double precision (fp64)", yes[d.DoubleFP]},
		{"profiling timer resolution", fmt.Sprintf("%d ns", d.ProfilingTimerResolutionNS)},
		{"available", yes[d.Available]},
		{"compiler available", yes[d.CompilerAvailable]},
		{"extensions", fmt.Sprintf("%d: %s", len(d.Extensions), strings.Join(d.Extensions, " "))},
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "    %s\t%s\n", r[0], r[1])
	}
	tw.Flush()
}
