package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
)

func TestDevices(t *testing.T) {
	thr := cludatest.Thread(t)
	var out, errOut bytes.Buffer
	if err := run([]string{"devices"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Platform 0:", thr.Params().Name, "max work-group size", "local memory", "double precision (fp64)", "Several devices:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("devices output lacks %q:\n%s", want, out.String())
		}
	}

	out.Reset()
	if err := run([]string{"devices", "--json"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	var report []struct {
		Name          string `json:"name"`
		SharedContext bool   `json:"shared_context"`
		PeerAccess    []any  `json:"peer_access"`
		Devices       []struct {
			Name             string `json:"name"`
			Type             string `json:"type"`
			MaxWorkGroupSize int    `json:"max_work_group_size"`
		} `json:"devices"`
	}
	if err := json.Unmarshal(out.Bytes(), &report); err != nil {
		t.Fatalf("devices --json is not JSON: %v\n%s", err, out.String())
	}
	found := false
	for _, p := range report {
		for _, d := range p.Devices {
			// An OpenCL platform's devices share a context; CUDA's say
			// which reach each other.
			if d.Name == thr.Params().Name && d.MaxWorkGroupSize > 0 && d.Type != "" && (p.SharedContext || len(p.PeerAccess) > 0) {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("devices --json does not list %q with its properties and its platform's sharing", thr.Params().Name)
	}

	// --api keeps the platforms of one interface: the Thread's own lists
	// its device, the other's lists none of its platforms.
	other := map[cluda.API]cluda.API{cluda.OpenCL: cluda.CUDA, cluda.CUDA: cluda.OpenCL}[thr.API()]
	for _, tc := range []struct {
		api  cluda.API
		want bool
	}{{thr.API(), true}, {other, false}} {
		out.Reset()
		if err := run([]string{"devices", "--api", string(tc.api), "--json"}, &out, &errOut); err != nil {
			t.Fatal(err)
		}
		report = nil
		if err := json.Unmarshal(out.Bytes(), &report); err != nil {
			t.Fatalf("devices --api %s --json is not JSON: %v\n%s", tc.api, err, out.String())
		}
		listed := false
		for _, p := range report {
			if (p.Name == cluda.CUDAPlatformName) != (tc.api == cluda.CUDA) {
				t.Errorf("devices --api %s lists the platform %q", tc.api, p.Name)
			}
			for _, d := range p.Devices {
				listed = listed || d.Name == thr.Params().Name && p.Name == thr.Params().PlatformName
			}
		}
		if listed != tc.want {
			t.Errorf("devices --api %s lists the Thread's device: %v, want %v", tc.api, listed, tc.want)
		}
	}
}

func TestCommandErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"nonsense"}, `unknown command "nonsense"`},
		{[]string{"devices", "extra"}, "unexpected arguments"},
		{[]string{"devices", "--no-such-flag"}, "flag provided but not defined"},
		{[]string{"devices", "--api", "metal"}, `devices: --api: cluda: unknown API "metal"`},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		err := run(tt.args, &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("run(%v) = %v, want an error containing %q", tt.args, err, tt.want)
		}
	}
	var out, errOut bytes.Buffer
	if err := run([]string{"devices", "--help"}, &out, &errOut); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("devices --help: %v", err)
	}
	if !strings.Contains(errOut.String(), "Examples:") || !strings.Contains(errOut.String(), "--json") {
		t.Errorf("devices --help output:\n%s", errOut.String())
	}
	out.Reset()
	if err := run(nil, &out, &errOut); err != nil || !strings.Contains(out.String(), "devices") {
		t.Errorf("usage: %v\n%s", err, out.String())
	}
}

// TestPlatformSharing checks the line that says how a MultiThread of a
// platform's devices shares memory among them.
func TestPlatformSharing(t *testing.T) {
	two := []cluda.DeviceInfo{{}, {}}
	cases := []struct {
		name string
		p    platformReport
		want string
	}{
		{"shared", platformReport{Devices: two, SharedContext: true}, "devices 1.0 to 1.1 share one context"},
		{"kept apart", platformReport{Devices: two, SharedContext: true, KeptApart: true}, "a MultiThread gives each its own"},
		{"no context", platformReport{Devices: two, SharedContextError: "refused"}, "do not make one context (refused)"},
		{"one device", platformReport{Devices: two[:1], SharedContext: true}, "one device"},
		{"cuda peers", platformReport{Devices: two, PeerAccess: [][]bool{{true, true}, {true, true}}}, "peer access (copies device to device) between 1.0 and 1.1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.p.sharing(1); !strings.Contains(got, c.want) {
				t.Errorf("sharing: %q, want it to hold %q", got, c.want)
			}
		})
	}
}
