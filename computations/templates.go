package computations

import (
	"embed"

	"github.com/reikna-go/reikna/templates"
)

//go:embed templates/*.cl
var templateFS embed.FS

// kernelTemplates holds the kernel templates of the package's
// computations, parsed once into one set: each file of templates/ is the
// template of its base name ("reduce.cl"), beside the templates it defines
// ("dht_column", "roll"), whose names are unique across the files.
var kernelTemplates = templates.MustParseFS(templateFS, "templates/*.cl")
