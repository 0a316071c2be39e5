{{- /* The real transform of length 1 along its real axis: the real
    element as a complex one (forward), or the real part of the complex
    one (inverse), through the transformations. */ -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
{{- range $i, $idx := .output.Indices }}
    const VSIZE_T {{ $idx }} = virtual_global_id({{ $i }});{{ end }}
{{- if .forward }}
    {{ .output.StoreSame }}(COMPLEX_CTR({{ .output.CType }})({{ .input.LoadSame }}, {{ .zero }}));
{{- else }}
    {{ .output.StoreSame }}(({{ .input.LoadSame }}).x);{{ end }}
}
