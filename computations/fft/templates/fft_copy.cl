{{- /* The FFT over axes of length 1: a copy through the transformations. */ -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
{{- range $i, $idx := .output.Indices }}
    const VSIZE_T {{ $idx }} = virtual_global_id({{ $i }});{{ end }}
    {{ .output.StoreSame }}({{ .input.LoadSame }});
}
