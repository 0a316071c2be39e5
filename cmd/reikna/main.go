// Command reikna is the command-line tool of reikna-go.
//
// Usage:
//
//	reikna <command> [options]
//
// Commands:
//
//	devices     list OpenCL platforms, CUDA devices and their properties
//	render      print the source (OpenCL or CUDA) of a computation and its transformations
//	fft         Fourier-transform numbers from a text file on the device
//	bench       time FFTs over a sweep of lengths against the CPU or of one N-D shape, or the other algorithms
//	sweep-plot  draw the ratios of a sweep of FFT lengths against cuFFT and VkFFT (scripts/gpu_compare.sh)
//	tune        time the candidate plans of FFTs on the device and keep the fastest in the wisdom
//
// Run "reikna <command> --help" for a command's options.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand of the tool.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{
	"devices":    {"list OpenCL platforms, CUDA devices and their properties", runDevices},
	"render":     {"print the source (OpenCL or CUDA) of a computation and its transformations", runRender},
	"fft":        {"Fourier-transform numbers from a text file on the device", runFFT},
	"bench":      {"time FFTs over a sweep of lengths against the CPU or of one N-D shape, or the other algorithms", runBench},
	"sweep-plot": {"draw the ratios of a sweep of FFT lengths against cuFFT and VkFFT (scripts/gpu_compare.sh)", runSweepPlot},
	"tune":       {"time the candidate plans of FFTs on the device and keep the fastest in the wisdom", runTune},
}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		printError(os.Stderr, err)
		os.Exit(2)
	}
}

// run is the tool's entry point, separate from main for tests.
func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		usage(stderr)
		return fmt.Errorf("unknown command %q", args[0])
	}
	return cmd.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "reikna: GPU computing with OpenCL, from Go.")
	fmt.Fprintln(w, "\nUsage:\n  reikna <command> [options]\n\nCommands:")
	names := make([]string, 0, len(commands))
	width := 0
	for n := range commands {
		names = append(names, n)
		width = max(width, len(n))
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun \"reikna <command> --help\" for a command's options and examples.")
}

// newFlagSet returns a flag set whose --help prints the command's usage,
// its examples and its options.
func newFlagSet(name, synopsis, examples string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: reikna %s\n\n", synopsis)
		if examples != "" {
			fmt.Fprintf(stderr, "Examples:\n%s\n\n", strings.TrimRight(examples, "\n"))
		}
		fmt.Fprintln(stderr, "Options:")
		fs.PrintDefaults()
	}
	return fs
}
