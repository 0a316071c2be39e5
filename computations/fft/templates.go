package fft

import (
	"embed"

	"github.com/reikna-go/reikna/templates"
)

//go:embed templates/*.cl
var templateFS embed.FS

// kernelTemplates holds the kernel and module templates of the FFT
// family, parsed once into one set: each file of templates/ is the
// template of its base name ("fft.cl"), beside the templates it defines
// ("fft_module", the butterfly frames), whose names are unique across the
// files.
var kernelTemplates = templates.MustParseFS(templateFS, "templates/*.cl")
