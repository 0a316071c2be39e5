{{- /* The work-group FFT module (fft_module.go): a transform of a row of
    .N points in a local memory buffer that the calling kernel declares.
    The stages are those of the local kernel (fft_local.cl) over one
    sub-transform, drawn from the same numbers (fftLocalStage); their
    twiddles are a constant table, so that the module needs no kernel
    argument. Each line of C that a sub-template writes starts with its
    newline. */ -}}
{{- define "fft_module" -}}
{{- $p := .prefix }}{{ $b := . }}
// A work-group FFT of {{ .N }} points of {{ .CType }}, {{ if .Inverse }}inverse (divided by {{ .N }}){{ else }}forward{{ end }}.
#define {{ $p }}_LENGTH {{ .N }}
#define {{ $p }}_WORK_ITEMS {{ .WG }}
#define {{ $p }}_LOCAL_ELEMS {{ .LocalElems }}
{{- if .Twiddles }}

CONSTANT_MEM {{ .RealCType }} {{ $p }}_twiddles[2 * {{ len .Twiddles }}] = {
{{- range $i, $t := .Twiddles }}{{ if $i }},{{ end }}
    {{ $t }}
{{- end }}
};{{ end }}

INLINE WITHIN_KERNEL void {{ $p }}_store(LOCAL_MEM_ARG {{ .CType }} *buf, const unsigned int i, const {{ .CType }} v)
{
    buf[{{ template "fft_module_pad" (dict "b" . "a" "i") }}] = v;
}

INLINE WITHIN_KERNEL {{ .CType }} {{ $p }}_load(LOCAL_MEM_ARG const {{ .CType }} *buf, const unsigned int i)
{
    return buf[{{ template "fft_module_pad" (dict "b" . "a" "i") }}];
}

INLINE WITHIN_KERNEL void {{ $p }}(LOCAL_MEM_ARG {{ .CType }} *buf, const unsigned int lid)
{
{{- if .Stages }}
    const bool active = lid < {{ .WG }};{{ end }}
    LOCAL_BARRIER;
{{- range $si, $st := .Stages }}
    {
        // radix {{ .Radix }}, after stages of {{ .NsIn }}
{{- range .Items }}
        {{ $b.CType }} v{{ .Q }}[{{ $st.Radix }}];
        const unsigned int j{{ .Q }} = lid + {{ .First }};
        const bool ok{{ .Q }} = active{{ if .Guarded }} && j{{ .Q }} < {{ $st.Butterflies }}{{ end }};
{{- if gt $st.NsIn 1 }}
        const unsigned int k{{ .Q }} = j{{ .Q }} % {{ $st.NsIn }};{{ end }}
{{- end }}
{{- range $it := .Items }}
        if (ok{{ .Q }})
        {
{{- range $st.Reads }}
            v{{ $it.Q }}[{{ .M }}] = buf[{{ template "fft_module_pad" (dict "b" $b "a" (printf "j%d + %d" $it.Q .Off)) }}];
{{- if and $b.Inverse (eq $si 0) }}
            v{{ $it.Q }}[{{ .M }}] = {{ $b.conj }}(v{{ $it.Q }}[{{ .M }}]);{{ end }}
{{- end }}
{{- range $st.Twiddles }}
            v{{ $it.Q }}[{{ .M }}] = {{ $b.mul }}(v{{ $it.Q }}[{{ .M }}], COMPLEX_CTR({{ $.CType }})({{ $p }}_twiddles[2 * ({{ .Off }} + k{{ $it.Q }})], {{ $p }}_twiddles[2 * ({{ .Off }} + k{{ $it.Q }}) + 1]));{{ end }}
            {{ index $b.Butterflies $st.Radix }}(v{{ .Q }});
        }{{ end }}
        LOCAL_BARRIER;
{{- range $it := .Items }}
        if (ok{{ .Q }})
        {
{{- range $st.Writes }}
{{- $pos := printf "(j%d - k%d) * %d + k%d + %d" $it.Q $it.Q $st.Radix $it.Q .Off }}
{{- if eq $st.NsIn 1 }}{{ $pos = printf "j%d * %d + %d" $it.Q $st.Radix .Off }}{{ end }}
{{- if and $b.Inverse (eq $si $b.LastStage) }}
            buf[{{ template "fft_module_pad" (dict "b" $b "a" $pos) }}] = {{ $b.conj }}(v{{ $it.Q }}[{{ .M }}]) * {{ $b.Scale }};
{{- else }}
            buf[{{ template "fft_module_pad" (dict "b" $b "a" $pos) }}] = v{{ $it.Q }}[{{ .M }}];{{ end }}
{{- end }}
        }{{ end }}
        LOCAL_BARRIER;
    }{{ end }}
}
{{ end }}

{{- /* fft_module_pad is the position in the buffer of element .a of the
    row: padded against bank conflicts (fftplan.Pass.Plain unset), as the
    local kernel's FFT_PAD. */ -}}
{{- define "fft_module_pad" -}}
{{ if .b.Padded }}({{ .a }}) + (({{ .a }}) >> 4){{ else }}{{ .a }}{{ end }}
{{- end }}
