{{- /* The FFT over axes of length 1: a copy through the transformations. */ -}}
{{ .kernel_declaration }}
{
    VIRTUAL_SKIP_THREADS;
{{- $n := len .output.Shape }}
{{- range $i := seq $n }}
    const VSIZE_T _idx{{ $i }} = virtual_global_id({{ $i }});
{{- end }}
    {{ .output.StoreSame }}({{ .input.LoadSame }});
}
