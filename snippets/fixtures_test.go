package snippets

import (
	"github.com/reikna-go/reikna/dtypes"
)

// This file builds the examples of reikna's "modules and snippets" tutorial,
// translated to Go templates.

// tutorialSnippet is the tutorial's first example: an add snippet used in a
// kernel.
func tutorialSnippet() *Snippet {
	add := MustSnippet("add", []string{"varname"}, "{{ .varname }} + {{ .num }}", map[string]any{"num": 1})
	return MustSnippet("kernel", nil, `
KERNEL void test(int *arr)
{
    const SIZE_T idx = get_global_id(0);
    int a = arr[idx];
    arr[idx] = {{ .add.Call "x" }};
}
`, map[string]any{"add": add})
}

// tutorialModule is the tutorial's add module, which takes an argument
// besides the prefix.
func tutorialModule() *Snippet {
	add := MustModuleWithParams("add", []string{"arg"}, `
WITHIN_KERNEL int {{ .prefix }}(int x)
{
    return x + {{ .num }} + {{ .arg }};
}
`, map[string]any{"num": 1})
	return MustSnippet("kernel", nil, `
KERNEL void test(int *arr)
{
    const SIZE_T idx = get_global_id(0);
    int a = arr[idx];
    arr[idx] = {{ .add.Call 2 }}(x);
}
`, map[string]any{"add": add})
}

// rootStruct is the tutorial's "root" module: a structure declared once and
// used by two other modules and by the kernel.
func rootStruct() *Snippet {
	vec := MustModule("vec", `
typedef struct
{
    float x, y;
} {{ .prefix }};
`, nil)
	scale := MustModule("scale", `
WITHIN_KERNEL {{ .vec }} {{ .prefix }}({{ .vec }} p, float k)
{
    {{ .vec }} r = {p.x * k, p.y * k};
    return r;
}
`, map[string]any{"vec": vec})
	shift := MustModule("shift", `
WITHIN_KERNEL {{ .vec }} {{ .prefix }}({{ .vec }} p, float d)
{
    {{ .vec }} r = {p.x + d, p.y + d};
    return r;
}
`, map[string]any{"vec": vec})
	return MustSnippet("kernel", nil, `
KERNEL void move(GLOBAL_MEM {{ .vec }} *points)
{
    const SIZE_T i = get_global_id(0);
    points[i] = {{ .shift }}({{ .scale }}(points[i], 2.0f), 1.0f);
}
`, map[string]any{"scale": scale, "shift": shift, "vec": vec})
}

// randomTree is the tutorial's nontrivial example: uniform is used by normal
// and by gamma, gamma uses normal, and the kernel uses all three, gamma
// through a snippet.
func randomTree() *Snippet {
	dt := map[string]any{"dtype": dtypes.Float32}
	uniform := MustModule("uniform", `
WITHIN_KERNEL {{ ctype .dtype }} {{ .prefix }}(unsigned int *state)
{
    *state = *state * 1664525u + 1013904223u;
    return {{ literal .dtype 2.3283064365386963e-10 }} * (*state);
}
`, dt)
	normal := MustModule("normal", `
WITHIN_KERNEL {{ ctype .dtype }} {{ .prefix }}(unsigned int *state)
{
    const {{ ctype .dtype }} u1 = {{ .uniform }}(state);
    const {{ ctype .dtype }} u2 = {{ .uniform }}(state);
    return sqrt({{ literal .dtype -2 }} * log(u1)) * cos({{ literal .dtype 6.283185307179586 }} * u2);
}
`, map[string]any{"dtype": dt["dtype"], "uniform": uniform})
	gamma := MustModule("gamma", `
// Marsaglia and Tsang's method for shape {{ .shape }}.
WITHIN_KERNEL {{ ctype .dtype }} {{ .prefix }}(unsigned int *state)
{
    const {{ ctype .dtype }} d = {{ literal .dtype (subf .shape (divf 1 3)) }};
    const {{ ctype .dtype }} c = {{ literal .dtype 1 }} / sqrt({{ literal .dtype 9 }} * d);
    for (;;)
    {
        {{ ctype .dtype }} x, v;
        do
        {
            x = {{ .normal }}(state);
            v = {{ literal .dtype 1 }} + c * x;
        } while (v <= {{ literal .dtype 0 }});
        v = v * v * v;
        const {{ ctype .dtype }} u = {{ .uniform }}(state);
        if (log(u) < {{ literal .dtype 0.5 }} * x * x + d - d * v + d * log(v))
            return d * v;
    }
}
`, map[string]any{"dtype": dt["dtype"], "normal": normal, "uniform": uniform, "shape": 2.0})
	sample := MustSnippet("sample", []string{"dest", "state"},
		"{{ .dest }} = {{ .gamma }}(&{{ .state }})", map[string]any{"gamma": gamma})
	return MustSnippet("kernel", nil, `
KERNEL void sample(GLOBAL_MEM float *out, GLOBAL_MEM unsigned int *states)
{
    const SIZE_T i = get_global_id(0);
    unsigned int state = states[i];
    {{ .sample.Call "out[3 * i]" "state" }};
    out[3 * i + 1] = {{ .normal }}(&state);
    out[3 * i + 2] = {{ .uniform }}(&state);
    states[i] = state;
}
`, map[string]any{"sample": sample, "normal": normal, "uniform": uniform})
}

// holder lets a test build render arguments that lead back to a module made
// later, which the constructors' copy of the render arguments otherwise
// prevents.
type holder struct {
	v any
}

func (h *holder) ProcessModules(process func(any) (any, error)) (any, error) {
	return process(h.v)
}

// modulesInOrder returns the prefixes of the modules in src, in the order
// their sources appear.
func modulesInOrder(src *Source) []string {
	var prefixes []string
	for _, o := range src.Lines {
		if o.Module != "" && (len(prefixes) == 0 || prefixes[len(prefixes)-1] != o.Module) {
			prefixes = append(prefixes, o.Module)
		}
	}
	return prefixes
}
