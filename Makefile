# reikna-go: `make demo` and `make test` install what is missing, then run.

GO           ?= go
APT_PACKAGES := opencl-headers ocl-icd-opencl-dev pocl-opencl-icd
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
GOTESTFLAGS  ?= -race -timeout 30m
# Fuzz budgets are counts of executions, not durations: Go 1.26's fuzzing
# coordinator can fail a target with "context deadline exceeded" when a
# -fuzztime duration ends on a loaded machine (golang/go#75804, fixed in
# Go 1.27); a count has no deadline to race.
FUZZTIME     ?= 300000x
CI_FUZZTIME  ?= 50000x

.PHONY: all deps demo splitstep test vet bench fuzz build clean

all: test

# deps installs the OpenCL headers, the ICD loader and PoCL (the CPU device
# that tests run on where there is no GPU) when they are missing.
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
# each fuzz test for CI_FUZZTIME executions.
test: deps vet
	REIKNA_REQUIRE_DEVICE=1 $(GO) test $(GOTESTFLAGS) ./...
	$(MAKE) --no-print-directory fuzz FUZZTIME=$(CI_FUZZTIME)

# fuzz runs each fuzz test for FUZZTIME (a count of executions, or a
# duration).
fuzz: deps
	$(GO) test -run '^$$' -fuzz '^FuzzParseNumber$$' -fuzztime $(FUZZTIME) ./cmd/reikna
	$(GO) test -run '^$$' -fuzz '^FuzzShapeValidation$$' -fuzztime $(FUZZTIME) ./cluda

bench: deps
	$(GO) test -run '^$$' -bench . -benchtime 20x ./...

build: deps
	$(GO) build -buildvcs=auto -o bin/reikna ./cmd/reikna

clean:
	rm -rf bin
