package core

import (
	"fmt"

	"github.com/reikna-go/reikna/snippets"
)

// entryPoints are the ways a kernel or a transformation loads one of its
// parameters, or stores into it: the modules of the macros at explicit and
// at combined indices, or, for the connector of a transformation, the C
// text that stands for its value.
type entryPoints struct {
	idx      *snippets.Module // a macro of the indices (and of the value, for stores)
	combined *snippets.Module // a macro of combined indices; its parameter is the axis groups
	text     string           // what LoadSame or StoreSame prints in place of a macro

	// boundIdx and boundCombined are idx and combined as a render sees
	// them; bound says that ProcessModules has set them.
	boundIdx, boundCombined snippets.BoundModule
	bound                   bool
}

// set makes the entry points of an array of type t that target, a load or
// store macro, accesses.
func (e *entryPoints) set(target *snippets.Module, t Type, store bool) error {
	define := "combined_load"
	if store {
		define = "combined_store"
	}
	combined, err := combinedModule(define, target, t)
	if err != nil {
		return err
	}
	e.idx, e.combined = target, combined
	return nil
}

// bind binds the modules of e with process, the renderer's.
func (e *entryPoints) bind(process func(any) (any, error)) error {
	if e.idx == nil {
		return nil
	}
	for _, f := range []struct {
		m   *snippets.Module
		out *snippets.BoundModule
	}{{e.idx, &e.boundIdx}, {e.combined, &e.boundCombined}} {
		v, err := process(f.m)
		if err != nil {
			return err
		}
		b, ok := v.(snippets.BoundModule)
		if !ok {
			return fmt.Errorf("module %s is bound to a %T, not a module", f.m.Name(), v)
		}
		*f.out = b
	}
	e.bound = true
	return nil
}

// macro returns the name of the macro at explicit indices of the parameter
// called name; what says what the macro does, for errors.
func (e *entryPoints) macro(name, what string) (string, error) {
	if err := e.check(name, what); err != nil {
		return "", err
	}
	return e.boundIdx.Call()
}

// same returns what LoadSame or StoreSame prints: the text that stands
// for a connector, or the name of the macro at explicit indices followed by
// suffix.
func (e *entryPoints) same(name, what, suffix string) (string, error) {
	if e.text != "" {
		return e.text, nil
	}
	m, err := e.macro(name, what)
	if err != nil {
		return "", err
	}
	return m + suffix, nil
}

// callCombined returns the name of the macro at combined indices for the
// axis groups.
func (e *entryPoints) callCombined(name, what string, groups []int) (string, error) {
	if err := e.check(name, what); err != nil {
		return "", err
	}
	return e.boundCombined.Call(groups)
}

func (e *entryPoints) check(name, what string) error {
	switch {
	case e.idx == nil:
		return fmt.Errorf("core: parameter %s cannot be %s here", name, what)
	case !e.bound:
		return fmt.Errorf("core: parameter %s is used outside a render", name)
	}
	return nil
}
