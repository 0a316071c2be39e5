{{- /* One pass of an FFT along one axis; see fftPass. The body is generated
    in Go (fft_kernel.go); this template binds it to the load and store
    entry points of the arguments and to the tables. */ -}}
INLINE WITHIN_KERNEL {{ .ctype }} _fft_mul({{ .ctype }} a, {{ .ctype }} b)
{
    return COMPLEX_CTR({{ .ctype }})(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

INLINE WITHIN_KERNEL {{ .ctype }} _fft_conj({{ .ctype }} a)
{
    return COMPLEX_CTR({{ .ctype }})(a.x, -a.y);
}

{{ range .butterflies }}{{ . }}
{{ end -}}

{{ if .pad_local }}#define FFT_PAD(_a) ((_a) + ((_a) >> 4)){{ else }}#define FFT_PAD(_a) (_a){{ end }}
#define FFT_LOAD(_o, _n, _i) {{ .input.LoadIdx }}({{ .load_index }})
#define FFT_STORE(_o, _n, _i, _v) {{ .output.StoreIdx }}({{ .store_index }}, _v)
{{- if .inverse }}
#define FFT_INVERSE ({{ .inverse }} != 0)
{{- end }}
{{- if .tw_inner }}
#define TW_INNER(_e) {{ .tw_inner.LoadIdx }}(_e)
{{- end }}
{{- if .tw_pass_lo }}
#define TW_PASS_LO(_e) {{ .tw_pass_lo.LoadIdx }}(_e)
{{- end }}
{{- if .tw_pass_hi }}
#define TW_PASS_HI(_e) {{ .tw_pass_hi.LoadIdx }}(_e)
{{- end }}
{{- if .chirp }}
#define CHIRP(_e) {{ .chirp.LoadIdx }}(_e)
{{- end }}
{{- if .kernel_b }}
#define KERNEL_B(_e) {{ .kernel_b.LoadIdx }}(_e)
{{- end }}

{{ .kernel_declaration }}
{
{{ .body -}}
}
