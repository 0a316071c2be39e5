{{- /* The twist of a real transform of length N = 2M as a kernel of its
    own, after a complex transform of M points in several passes: output k
    (0 to M) from elements k and M - k (modulo M) of the flat array the
    transform wrote (outer, M, inner). */ -}}
#define RFFT_TW(_k) {{ .real_twiddle.LoadIdx }}(_k)
{{ template "rfft_twist_function" .body }}

{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T g = virtual_global_id(0);
    const VSIZE_T _i = g % {{ .inner }};
    const unsigned int _n = (unsigned int)((g / {{ .inner }}) % {{ .outputs }});
    const VSIZE_T _o = g / {{ mul .inner .outputs }};
    const VSIZE_T row = _o * {{ mul .inner .half }} + _i;
    const unsigned int k0 = _n == {{ .half }} ? 0 : _n;
    const unsigned int k1 = k0 == 0 ? 0 : {{ .half }} - k0;
    const {{ .body.CType }} a = {{ .input.LoadIdx }}(row + (VSIZE_T)k0 * {{ .inner }});
    const {{ .body.CType }} b = {{ .input.LoadIdx }}(row + (VSIZE_T)k1 * {{ .inner }});
    {{ .output.StoreIdx }}({{ template "fft_end_index" .body.Dst.Index }}, _rfft_twist(a, b, _n));
}
