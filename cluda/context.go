package cluda

import (
	"context"
	"fmt"
	"reflect"
)

// The Context variants of the calls that block return when their context
// is done, as Go's context-aware calls do (net.Dialer.DialContext,
// database/sql's QueryContext). A device cannot take back a command it has
// begun: the commands enqueued still run, the wait for them goes on in the
// background until they complete, and a read that is given up leaves the
// caller's memory untouched.

// awaitContext runs wait in a goroutine and returns its error, or ctx's
// error where ctx is done first.
func awaitContext(ctx context.Context, wait func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- wait() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// SynchronizeContext is Synchronize that returns ctx.Err() where ctx is
// done before every command enqueued so far has completed.
func (t *Thread) SynchronizeContext(ctx context.Context) error {
	if err := awaitContext(ctx, t.Synchronize); err != nil {
		return fmt.Errorf("cluda: synchronize: %w", err)
	}
	return nil
}

// SynchronizeContext is Synchronize that returns ctx.Err() where ctx is
// done before every device's commands have completed.
func (m *MultiThread) SynchronizeContext(ctx context.Context) error {
	if err := awaitContext(ctx, m.Synchronize); err != nil {
		return fmt.Errorf("cluda: synchronize: %w", err)
	}
	return nil
}

// WaitContext is Wait that returns ctx.Err() where ctx is done before the
// command has completed.
func (e *Event) WaitContext(ctx context.Context) error {
	if err := awaitContext(ctx, e.Wait); err != nil {
		return fmt.Errorf("cluda: wait for event: %w", err)
	}
	return nil
}

// GetContext is Get that returns ctx.Err() where ctx is done before the
// copy has completed. The values land in data only where it returns nil:
// the copy goes to memory of its own first.
func (a *Array) GetContext(ctx context.Context, data any) error {
	if _, _, err := a.checkSlice(data); err != nil {
		return fmt.Errorf("cluda: get: %w", err)
	}
	dst := reflect.ValueOf(data)
	own := reflect.MakeSlice(dst.Type(), dst.Len(), dst.Len())
	if err := awaitContext(ctx, func() error { return a.Get(own.Interface()) }); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("cluda: get: %w", err)
		}
		return err
	}
	reflect.Copy(dst, own)
	return nil
}

// ReadContext is Read that returns ctx.Err() where ctx is done before the
// copy has completed.
func ReadContext[T any](ctx context.Context, a *Array) ([]T, error) {
	if a == nil {
		return nil, fmt.Errorf("cluda: read: nil *Array")
	}
	var out []T
	err := awaitContext(ctx, func() error {
		v, err := Read[T](a)
		out = v
		return err
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("cluda: read: %w", err)
		}
		return nil, err
	}
	return out, nil
}
