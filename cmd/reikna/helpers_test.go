package main

import (
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// tool runs command lines of the tool in tests.
var tool = clitest.Runner(run)
