# reikna-go: `make demo` and `make test` install what is missing, then run.

GO           ?= go
APT_PACKAGES := opencl-headers ocl-icd-opencl-dev pocl-opencl-icd libopenmpi-dev openmpi-bin
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
GOTESTFLAGS  ?= -race -timeout 30m
# Fuzz budgets are counts of executions, not durations: Go 1.26's fuzzing
# coordinator can fail a target with "context deadline exceeded" when a
# -fuzztime duration ends on a loaded machine (golang/go#75804, fixed in
# Go 1.27); a count has no deadline to race.
#
# FUZZ_TARGETS lists the fuzz targets as package:name:count, where count is
# the target's budget in `make test` (CI): the pure ones run 50000 inputs
# in seconds, while those of computations and computations/fft compile and
# run on the device the small arrays they accept, up to a second each, and
# get a few hundred (about a minute in all on a machine of two cores, with
# an empty program cache); the constructors of transformations compile few
# kernels, a dozen seconds for 4000. Adding a target is adding a line.
FUZZ_TARGETS := \
	./cmd/reikna:FuzzParseNumber:50000x \
	./cluda:FuzzShapeValidation:50000x \
	./computations/fft:FuzzFFTOptions:200x \
	./computations/fft:FuzzConvolveOptions:80x \
	./computations:FuzzMovementOptions:200x \
	./computations:FuzzReductionOptions:150x \
	./computations:FuzzMatrixMulOptions:100x \
	./computations:FuzzDHTOptions:20000x \
	./cbrng:FuzzSamplerParams:1000x \
	./transformations:FuzzConstructors:4000x
# FUZZTIME, where set, is every target's budget in `make fuzz` (a count of
# executions, or a duration); unset, each runs FUZZ_SCALE times its CI
# count.
FUZZTIME     ?=
FUZZ_SCALE   ?= 6

.PHONY: all deps demo splitstep test vet bench fuzz build clean

all: test

# deps installs the OpenCL headers, the ICD loader and PoCL (the CPU device
# that tests run on where there is no GPU), and Open MPI (the library that
# package multi/mpi loads and the mpirun that the tests of several
# processes run under) when they are missing.
deps:
	@command -v $(GO) >/dev/null || { echo "Go is not installed: get Go 1.24 or newer from https://go.dev/dl/"; exit 1; }
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	fi

demo: deps
	$(GO) run ./examples/demo

# splitstep propagates a wave packet by the split-step Fourier method and
# draws it into splitstep.png.
splitstep: deps
	$(GO) run ./examples/splitstep

vet: deps
	$(GO) vet ./...

# test runs the suite (fuzz tests over their seed corpora among it), then
# each fuzz target of FUZZ_TARGETS for its CI count. A missing device, or a
# missing mpirun or MPI library, fails the tests that need them rather
# than skipping them.
test: deps vet
	REIKNA_REQUIRE_DEVICE=1 REIKNA_REQUIRE_MPI=1 $(GO) test $(GOTESTFLAGS) ./...
	$(MAKE) --no-print-directory fuzz FUZZ_SCALE=1

# fuzz runs each target of FUZZ_TARGETS for FUZZTIME, or FUZZ_SCALE times
# its CI count.
fuzz: deps
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; rest=$${t#*:}; name=$${rest%%:*}; count=$${rest#*:}; \
		budget="$(FUZZTIME)"; [ -n "$$budget" ] || budget=$$(( $(FUZZ_SCALE) * $${count%x} ))x; \
		echo "$(GO) test -run '^$$' -fuzz '^$$name\$$' -fuzztime $$budget $$pkg"; \
		REIKNA_REQUIRE_DEVICE=1 $(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $$budget $$pkg; \
	done

bench: deps
	$(GO) test -run '^$$' -bench . -benchtime 20x ./...

build: deps
	$(GO) build -buildvcs=auto -o bin/reikna ./cmd/reikna

clean:
	rm -rf bin
