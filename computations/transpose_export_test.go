package computations

// SetTransposeTiles makes tr transpose in tiled passes with tiles of at
// most the given side on any device, so that tests run the plans of GPUs
// on a CPU.
func SetTransposeTiles(tr *Transpose, side int) { tr.tiles = side }

// SetTransposeCPU makes tr run the CPU's kernel in passes on any OpenCL
// device and at any size, so that tests run it on small arrays.
func SetTransposeCPU(tr *Transpose) { tr.cpuPlan = true }
