package mpi_test

import (
	"fmt"
	"log"

	"github.com/reikna-go/reikna/multi/mpi"
)

// Every rank of a program started by mpirun sends one byte to each rank,
// its own among them, in one all-to-all exchange: rank r receives from
// rank s the byte 10s + r. Run it as
//
//	mpirun -np 4 ./program
//
// (as a single process, without mpirun, it is a world of one rank).
func ExampleComm_Alltoallv() {
	if err := mpi.Init(); err != nil {
		log.Fatal(err) // wraps mpi.ErrNoMPI where no Open MPI is installed
	}
	defer mpi.Finalize()
	world, err := mpi.World()
	if err != nil {
		log.Fatal(err)
	}
	n, me := world.Size(), world.Rank()
	send := make([]byte, n)
	counts, displs := make([]int, n), make([]int, n)
	for r := range n {
		send[r] = byte(10*me + r)
		counts[r], displs[r] = 1, r
	}
	recv := make([]byte, n)
	if err := world.Alltoallv(send, counts, displs, recv, counts, displs); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("rank %d of %d received %v\n", me, n, recv)
}

// Split makes a communicator per row of a grid of ranks, as the pencil
// FFT's exchanges within rows and columns need.
func ExampleComm_Split() {
	if err := mpi.Init(); err != nil {
		log.Fatal(err)
	}
	defer mpi.Finalize()
	world, err := mpi.World()
	if err != nil {
		log.Fatal(err)
	}
	const columns = 2
	row, err := world.Split(world.Rank()/columns, world.Rank())
	if err != nil {
		log.Fatal(err)
	}
	defer row.Free()
	fmt.Printf("world rank %d is rank %d of %d in row %d\n", world.Rank(), row.Rank(), row.Size(), world.Rank()/columns)
}
