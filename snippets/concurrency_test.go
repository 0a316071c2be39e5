package snippets

import (
	"sync"
	"testing"
)

func TestConcurrentRenders(t *testing.T) {
	main := randomTree()
	want, err := Render(main)
	if err != nil {
		t.Fatal(err)
	}
	const goroutines, renders = 16, 20
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range renders {
				src, err := Render(main)
				if err != nil {
					errs <- err
					return
				}
				if src.Text != want.Text || len(src.Lines) != len(want.Lines) {
					t.Errorf("a concurrent render differs:\n%s", src.Text)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
