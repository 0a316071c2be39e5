{{- /* The frames of the butterfly modules (fft_butterfly_module.go); the
    straight-line statements of a DFT of a few values, .lines, are written
    by fft_butterfly.go. */ -}}

{{- /* fft_butterfly_function is a function that replaces v[0..r-1] by
    their DFT, for the local kernel. */ -}}
{{- define "fft_butterfly_function" -}}
INLINE WITHIN_KERNEL void {{ .prefix }}({{ .ctype }} *v)
{
{{- range .lines }}
{{ . }}
{{- end }}
}
{{- end }}

{{- /* fft_butterfly_macro is a block that replaces the registers it is
    given by their DFT, for the register kernel, which keeps its values in
    registers. */ -}}
{{- define "fft_butterfly_macro" -}}
#define {{ .prefix }}({{ join ", " .params }}) \
{ \
{{- range .lines }}
{{ . }} \
{{- end }}
}
{{- end }}
