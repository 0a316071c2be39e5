package lab

import "runtime/debug"

// buildInfo is what the binary knows of its own build: the Go version and,
// where it was built in a git checkout, the commit and whether the tree had
// changes beyond it.
type buildInfo struct {
	Go       string `json:"go"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"commit_time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
}

// readBuildInfo returns the binary's build information, or nil where it
// carries none.
func readBuildInfo() *buildInfo {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	info := &buildInfo{Go: bi.GoVersion}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Revision = s.Value
		case "vcs.time":
			info.Time = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}
