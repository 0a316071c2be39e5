// Package snippets implements reikna's snippets and modules for Go
// templates, and the renderer that flattens a tree of them into one source
// file. Nothing in it knows about OpenCL.
//
// # Snippets
//
// A [Snippet] is a template with named parameters and its own render
// arguments, rendered inline where it is called, like a Mako def:
//
//	add := snippets.MustSnippet("add", []string{"varname"},
//		"{{ .varname }} + {{ .num }}", map[string]any{"num": 1})
//
// A template that has add among its render arguments calls it as
// {{ .add.Call "x" }}, which prints "x + 1". A snippet without parameters
// may also be printed directly, {{ .add }}, which equals {{ .add.Call }}.
// Inside the snippet's template, dot is a map holding its render arguments
// and its parameters.
//
// # Modules
//
// A [Module] holds complete C entities (functions, macros, structures). It
// is rendered once, at file scope, under a prefix unique in the source,
// which its template sees as .prefix and uses to name what it defines:
//
//	mul := snippets.MustModule("mul", `
//	WITHIN_KERNEL float {{ .prefix }}(float a, float b) { return a * b; }
//	`, nil)
//
// A template that refers to the module prints its prefix, so
// {{ .mul }}(a, b) calls the function. Prefixes look like _mod_mul_0: the
// module's name made into a C identifier, so that prefixes are readable in
// the source and in build errors, and a counter that makes them unique in
// one render. A module made with
// [NewModuleWithParams] takes arguments besides the prefix and is used as
// {{ .mul.Call "float2" }}; it is rendered once for each distinct list of
// arguments.
//
// # Rendering
//
// [Render] renders a main snippet (the kernel source, usually without
// parameters) into a [Source]. It walks the render arguments depth first.
// Modules are found in them directly, inside slices, arrays and maps of any
// element type, and inside user types that implement [ModuleProcessor];
// snippets and modules may hold other snippets and modules in their render
// arguments, to any depth. Each module is rendered before the code that
// uses it, the same module object only once however often it is used, and
// the main source comes last. Map keys are walked in sorted order, so the
// output never depends on map iteration order.
//
// Templates do not see the *Module and *Snippet values themselves: each
// Module becomes a [BoundModule], which prints its prefix, and each Snippet
// a [BoundSnippet], whose Call method renders it. Slices and maps that hold
// them are replaced by []any and map[K]any copies. The values passed in are
// never modified.
//
// A module whose render arguments lead back to itself is an error that names
// the chain, such as "snippets: module cycle: gamma → normal → gamma". An
// error while rendering names the chain of snippets and modules that led to
// it, and text/template's own message gives the template, line and column:
//
//	snippets: render main → module "normal" → module "uniform": template: uniform:3:12: executing "uniform" at <.foo>: map has no entry for key "foo"
//
// Templates run with missingkey=error. Calling a snippet or module with the
// wrong number of arguments, or printing one that has parameters without
// .Call, is an error such as `snippet "add" takes 1 argument (varname), got
// 2`. The renderer passes the value of every printed action through a
// function named _emit, which is where such a print fails.
//
// # Invariants
//
// Generated code relies on the following; a change to the renderer that
// breaks one of them is a change of the generated code.
//
// Prefixing. Every rendering of a module gets a prefix of its own,
// _mod_NAME_N, where NAME is the module's name made into a C identifier and
// N counts the module renderings of this render, from 0, in the order they
// happen. No two renderings in one source share a prefix. A module must
// name every C entity it defines at file scope with its prefix (the prefix
// itself, or the prefix followed by a suffix such as _func or _same); what
// it names otherwise is global to the source and may clash. Prefixes depend
// only on the render order, so equal inputs give byte-identical sources.
//
// De-duplication. Modules are told apart by identity, not by content: the
// same *Module object without parameters is rendered at most once in a
// render, however many templates hold or print it; a module with
// parameters is rendered once for each list of arguments that differs
// (reflect.DeepEqual) from those it was rendered with before. Two Module
// objects made from the same template and arguments are two modules, and
// each is rendered. Snippets are never de-duplicated: each call renders
// the snippet's text again, in place.
//
// Render order. The render arguments of main, and then of every snippet
// and module reached from them, are walked depth first, map keys in sorted
// order. A module without parameters is rendered when the walk first
// reaches it, after the modules in its own render arguments; a module with
// parameters is rendered when its Call first asks for a list of arguments,
// after any module that its rendering reaches. So every module comes after
// the modules it uses, and the main source comes last, after all of them.
// The sources of the modules and of main are separated by one blank line;
// blank lines at the start and end of each are dropped, and a module whose
// source is blank leaves nothing.
//
// References. A template sees its render arguments, its parameters and, in
// a module, .prefix; nothing else. A module is rendered at file scope, so
// its C may use the prelude and the entities of the modules it holds in its
// render arguments (rendered before it), never the variables of the code
// that calls it nor entities of the main source or of modules it does not
// hold. A snippet's text is pasted where it is called, so its C is
// compiled in the caller's scope and may use the caller's variables (the
// current indices of a kernel, for instance) by name. A snippet or module
// is found only where the walk looks (see Rendering); one reachable only
// through a struct or pointer that does not implement [ModuleProcessor] is
// an error when it is printed. A ModuleProcessor must pass every field that
// can hold a snippet or a module to process, and must not modify itself.
//
// # Line origins
//
// The renderer records where each line of the source came from: the
// template, its line, and the module ([Source.Origin]), and
// [Source.Excerpt] shows numbered lines with their origins, so that a build
// error can be traced back to a template. To do so, it writes invisible
// markers into the output of every template it runs, inline snippets
// included, and strips them from the final source. A consequence: the text
// that .Call returns holds markers, which is harmless when it is printed or
// passed to indent and nindent, but which string functions that inspect the
// text (trim, len, eq) see. The bytes \x01 and \x02 are reserved for the
// markers; template text or render arguments that hold them are an error.
//
// # Concurrency
//
// Snippets and modules are immutable once made, and all the state of a
// render lives in that render, so many goroutines may render the same
// snippets and modules at once.
package snippets
