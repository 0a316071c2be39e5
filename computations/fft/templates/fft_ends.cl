{{- /* The ends of a pass (fftEndKind, fft_end.go): FFT_LOAD_ELEM(_o, _n, _i)
    is element _n of the source for the outer index _o and the inner index
    _i, and FFT_STORE_ELEM(_o, _n, _i, _v) stores _v as element _n of the
    destination. The hook of each end's kind defines them around the
    access .at (FFT_LOAD_AT and FFT_STORE_AT, the loads and stores of the
    arguments, or those of a real transform). Each line of C starts with
    its newline. */ -}}
{{- define "fft_ends" }}
{{- with .Src.Kind }}{{ template "fft_load_hook" (dict "e" . "b" $ "at" "FFT_LOAD_AT") }}{{ end }}
{{- with .Dst.Kind }}{{ template "fft_store_hook" (dict "e" . "b" $ "at" "FFT_STORE_AT") }}{{ end }}
{{- end }}

{{- /* fft_load_hook defines FFT_LOAD_ELEM for the end kind .e. */ -}}
{{- define "fft_load_hook" }}{{ $e := .e }}{{ $h := $e.LoadHook }}
{{- if eq $h "real" }}{{ template "rfft_load" (dict "e" $e "b" .b "then" (dict "e" $e.Then "b" .b "at" "FFT_LOAD_REAL")) }}
{{- else if eq $h "chirp" }}{{ template "fft_load_value" (dict "e" $e.Then "b" .b "v" "_fft_mul(%s, CHIRP(_n))" "at" .at) }}
{{- else if eq $h "rader" }}
// Rader's algorithm: element j of the convolution is x[g^-j] - x[0].
#define FFT_LOAD_X0(_o, _i) {{ .at }}(_o, 0, _i)
{{- $at := .at }}{{ if $e.Short }}{{ $at = "FFT_LOAD_RADER_AT" }}
#define FFT_LOAD_RADER_AT(_o, _p, _i) ((_p) < {{ $e.Length }} ? {{ .at }}(_o, _p, _i) : COMPLEX_CTR({{ .b.CType }})({{ .b.Zero }}, {{ .b.Zero }})){{ end }}
#define FFT_LOAD_RADER(_o, _n, _i) ({{ $at }}(_o, RADER_INDEX((_n) == 0 ? 0 : {{ $e.M }} - (_n)), _i) - FFT_LOAD_X0(_o, _i))
{{- template "fft_load_value" (dict "e" $e.Then "b" .b "v" "%s" "at" "FFT_LOAD_RADER") }}
{{- else }}{{ template "fft_load_value" (dict "e" $e "b" .b "v" "%s" "at" .at) }}{{ end }}
{{- end }}

{{- /* fft_load_value defines FFT_LOAD_ELEM as .v (a format of the value
    loaded) on the value .at loads, conjugated for the inverse where the
    complexEnd .e says so. */ -}}
{{- define "fft_load_value" }}{{ $c := .b.CType }}{{ $v := printf "%s(_o, _n, _i)" .at }}
{{- if .e.Conj }}{{ $v = printf "_fft_conj_if(%s, FFT_INVERSE)" $v }}

// a, conjugated where c is set: the inverse transforms conjugated values.
INLINE WITHIN_KERNEL {{ $c }} _fft_conj_if({{ $c }} a, int c)
{
    return c ? _fft_conj(a) : a;
}{{ end }}
#define FFT_LOAD_ELEM(_o, _n, _i) {{ printf .v $v }}
{{- end }}

{{- /* fft_store_hook defines FFT_STORE_ELEM for the end kind .e. */ -}}
{{- define "fft_store_hook" }}{{ $e := .e }}{{ $h := $e.StoreHook }}
{{- if eq $h "real" }}{{ template "rfft_store" (dict "e" $e "b" .b "then" (dict "e" $e.Then "b" .b "at" "FFT_STORE_REAL")) }}
{{- else if eq $h "chirp" }}{{ template "fft_store_value" (dict "e" $e.Then "b" .b "v" "_fft_mul(_fft_conj(_v), CHIRP(_n))" "at" .at) }}
{{- else if eq $h "rader" }}
// Rader's algorithm: output m goes to g^m, position {{ $e.M }} to 0{{ if $e.Short }}, where it is below {{ $e.Length }}{{ end }}.
#define RADER_SCATTER(_n) ((_n) < {{ $e.M }} ? RADER_INDEX(_n) : 0)
{{- if $e.Short }}
#define FFT_STORE_RADER(_o, _n, _i, _v) { const unsigned int _rader_p = RADER_SCATTER(_n); if (_rader_p < {{ $e.Length }}) {{ .at }}(_o, _rader_p, _i, _v); }
{{- else }}
#define FFT_STORE_RADER(_o, _n, _i, _v) {{ .at }}(_o, RADER_SCATTER(_n), _i, _v){{ end }}
{{- template "fft_store_value" (dict "e" $e.Then "b" .b "v" "_fft_conj(_v)" "at" "FFT_STORE_RADER") }}
{{- else if eq $h "product" }}{{ template "fft_store_value" (dict "e" $e "b" .b "v" "_fft_conj(_fft_mul(_v, KERNEL_B(_n)))" "at" .at) }}
{{- else }}{{ template "fft_store_value" (dict "e" $e "b" .b "v" "_v" "at" .at) }}{{ end }}
{{- end }}

{{- /* fft_store_value defines FFT_STORE_ELEM as the store by .at of .v,
    conjugated and scaled for the inverse where the complexEnd .e says
    so. */ -}}
{{- define "fft_store_value" }}{{ $c := .b.CType }}{{ $v := .v }}
{{- if .e.Conj }}{{ $v = printf "_fft_conj_scale_if(%s, FFT_INVERSE)" $v }}

// a, conjugated and scaled where c is set: the inverse's outputs.
INLINE WITHIN_KERNEL {{ $c }} _fft_conj_scale_if({{ $c }} a, int c)
{
    return c ? _fft_conj(a) * {{ .e.Scale }} : a;
}{{ end }}
#define FFT_STORE_ELEM(_o, _n, _i, _v) {{ .at }}(_o, _n, _i, {{ $v }})
{{- end }}
