package mpi

/*
#include "mpiinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"os"
	"strconv"
)

// state is what the package knows of MPI's life in the process; only the
// MPI thread (run) reads and writes it.
var state struct {
	initialized bool  // by Init
	finalized   bool  // by Finalize
	initErr     error // the failure of Init, which stays
	world       *Comm
}

// Init loads the MPI library and initialises MPI (MPI_Init_thread) on the
// package's MPI thread, asking for MPI_THREAD_FUNNELED: every MPI call of
// the package runs on that one thread, so the program's goroutines may
// call the package at once. It makes MPI_COMM_WORLD return errors rather
// than abort the program (MPI_ERRORS_RETURN), so that every failure of a
// call comes back as an *Error. Init is the process's one initialisation
// of MPI: it refuses to run where other code has initialised MPI. Later
// calls return nil, or the error of the first; after Finalize they return
// ErrFinalized, since MPI cannot start again.
func Init() error {
	lib, err := libraryLoader.Get()
	if err != nil {
		return err
	}
	run(func() { err = initialize(lib) })
	return err
}

// initialize is Init on the MPI thread.
func initialize(lib *library) error {
	switch {
	case state.finalized:
		return fmt.Errorf("mpi: init: %w", ErrFinalized)
	case state.initialized, state.initErr != nil:
		return state.initErr
	}
	state.initErr = func() error {
		var flag C.int
		if err := lib.check("MPI_Initialized", C.reikna_MPI_Initialized(lib.fns, &flag)); err != nil {
			return fmt.Errorf("mpi: init: %w", err)
		}
		if flag != 0 {
			return errors.New("mpi: init: MPI was initialised by other code of the process; the package makes every MPI call on a thread of its own and must initialise MPI itself")
		}
		var provided C.int
		if err := lib.check("MPI_Init_thread", C.reikna_MPI_Init_thread(lib.fns, C.REIKNA_MPI_THREAD_FUNNELED, &provided)); err != nil {
			return fmt.Errorf("mpi: init: %w", err)
		}
		state.initialized = true
		if provided < C.REIKNA_MPI_THREAD_FUNNELED {
			return fmt.Errorf("mpi: init: the library gives thread level %d, below MPI_THREAD_FUNNELED", int(provided))
		}
		world := lib.entry(C.MP_ompi_mpi_comm_world)
		if err := lib.check("MPI_Comm_set_errhandler", C.reikna_MPI_Comm_set_errhandler(lib.fns, world, lib.entry(C.MP_ompi_mpi_errors_return))); err != nil {
			return fmt.Errorf("mpi: init: %w", err)
		}
		c := &Comm{lib: lib, handle: world}
		var rank, size C.int
		if err := lib.check("MPI_Comm_rank", C.reikna_MPI_Comm_rank(lib.fns, world, &rank)); err != nil {
			return fmt.Errorf("mpi: init: %w", err)
		}
		if err := lib.check("MPI_Comm_size", C.reikna_MPI_Comm_size(lib.fns, world, &size)); err != nil {
			return fmt.Errorf("mpi: init: %w", err)
		}
		c.rank, c.size = int(rank), int(size)
		state.world = c
		return nil
	}()
	return state.initErr
}

// Initialized reports whether MPI has been initialised in the process, by
// Init or by other code (MPI_Initialized); it stays true after Finalize.
func Initialized() (bool, error) {
	return flag("MPI_Initialized", func(lib *library, f *C.int) C.int { return C.reikna_MPI_Initialized(lib.fns, f) })
}

// Finalized reports whether MPI has been finalised in the process
// (MPI_Finalized).
func Finalized() (bool, error) {
	return flag("MPI_Finalized", func(lib *library, f *C.int) C.int { return C.reikna_MPI_Finalized(lib.fns, f) })
}

// flag runs a call that answers with a flag, on the MPI thread.
func flag(name string, call func(*library, *C.int) C.int) (bool, error) {
	lib, err := libraryLoader.Get()
	if err != nil {
		return false, err
	}
	var f C.int
	run(func() { err = lib.check(name, call(lib, &f)) })
	if err != nil {
		return false, err
	}
	return f != 0, nil
}

// Finalize finalises MPI (MPI_Finalize) after Init; every rank must call
// it, and it may wait for the others. Later calls of the package that need
// MPI return ErrFinalized; Finalize itself returns nil again.
func Finalize() error {
	lib, err := libraryLoader.Get()
	if err != nil {
		return err
	}
	run(func() {
		switch {
		case state.finalized:
			return
		case !state.initialized:
			err = fmt.Errorf("mpi: finalize: %w", ErrNotInitialized)
			return
		}
		if err = lib.check("MPI_Finalize", C.reikna_MPI_Finalize(lib.fns)); err != nil {
			err = fmt.Errorf("mpi: finalize: %w", err)
			return
		}
		state.finalized = true
	})
	return err
}

// World returns MPI_COMM_WORLD, the communicator of every process that
// mpirun started, after Init.
func World() (*Comm, error) {
	if _, err := libraryLoader.Get(); err != nil {
		return nil, err
	}
	var c *Comm
	var err error
	run(func() {
		if err = active(); err == nil {
			c = state.world
		}
	})
	if err != nil {
		return nil, fmt.Errorf("mpi: world: %w", err)
	}
	return c, nil
}

// active returns nil where MPI is initialised and not finalised. It runs
// on the MPI thread.
func active() error {
	switch {
	case state.finalized:
		return ErrFinalized
	case state.initErr != nil:
		return fmt.Errorf("%w: Init failed: %w", ErrNotInitialized, state.initErr)
	case !state.initialized:
		return ErrNotInitialized
	}
	return nil
}

// LocalRankEnv names the environment variable in which Open MPI's mpirun
// gives each process its rank among the processes of its host.
const LocalRankEnv = "OMPI_COMM_WORLD_LOCAL_RANK"

// LocalRank returns the process's rank among the processes that mpirun
// started on its host, by which a process picks its device of the host's,
// and false where mpirun did not start the process. It needs neither the
// library nor Init.
func LocalRank() (int, bool) {
	r, err := strconv.Atoi(os.Getenv(LocalRankEnv))
	if err != nil || r < 0 {
		return 0, false
	}
	return r, true
}
