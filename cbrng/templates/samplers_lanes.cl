{{- /* The lanes modules of the samplers (samplers.go): the values of .lanes
    neighbouring generators at once, from the lanes module of their
    bijection, .bijection (bijection_lanes.cl). Each defines P_Lanes
    (.perCall vectors of .lanes values, of the C type .vtype, in .v; for
    a complex dtype, .v holds the real parts and .im the imaginary ones,
    each a vector of .vtype, the real type) and
    P_sample_lanes(key, &counter), which maps the blocks of the bijection
    at counter under key, advances counter past them, and gives in each
    lane the values that the scalar module's P_sample gives that lane's
    generator, bit for bit. Exact operations (conversions of integers
    that fit the mantissa, products by powers of two, sums, products,
    fmin) run on the vectors; the library's functions (log, sqrt and the
    trigonometric ones), whose vector forms may round differently from
    the scalar ones, run lane by lane on scalars. .unit is the module of
    unit_interval_lanes, .real the real dtype of a value. */ -}}

{{- /* unit_interval_lanes is unit_interval (samplers.cl) on vectors of
    .lanes random bits. */ -}}
{{- define "unit_interval_lanes" -}}
{{- if .double -}}
INLINE WITHIN_KERNEL double{{ .lanes }} {{ .prefix }}_half_open(const ulong{{ .lanes }} bits)
{
    return convert_double{{ .lanes }}(bits >> 11) * 1.1102230246251565404236316680908203125e-16;
}

INLINE WITHIN_KERNEL double{{ .lanes }} {{ .prefix }}_nonzero(const ulong{{ .lanes }} bits)
{
    return convert_double{{ .lanes }}((bits >> 11) + 1) * 1.1102230246251565404236316680908203125e-16;
}
{{- else -}}
INLINE WITHIN_KERNEL float{{ .lanes }} {{ .prefix }}_half_open(const uint{{ .lanes }} bits)
{
    return convert_float{{ .lanes }}(bits >> 8) * 5.9604644775390625e-8f;
}

INLINE WITHIN_KERNEL float{{ .lanes }} {{ .prefix }}_nonzero(const uint{{ .lanes }} bits)
{
    return convert_float{{ .lanes }}((bits >> 8) + 1) * 5.9604644775390625e-8f;
}
{{- end -}}
{{- end }}

{{- define "sampler_lanes_header" -}}
typedef struct { {{ .vtype }} v[{{ .perCall }}];{{ if .complex }} {{ .vtype }} im[{{ .perCall }}];{{ end }} } {{ .prefix }}_Lanes;
{{- if .double }}
#define {{ .prefix }}_BITS(block, j) ((convert_ulong{{ .lanes }}({{ .bijection }}_BLOCK_UINT32(block, (j) + 1)) << 32) | convert_ulong{{ .lanes }}({{ .bijection }}_BLOCK_UINT32(block, j)))
{{- else }}
#define {{ .prefix }}_BITS(block, j) {{ .bijection }}_BLOCK_UINT32(block, j)
{{- end }}
{{- end }}

{{- define "sampler_lanes_blocks" }}
{{- range $b := seq .blocks }}
    const {{ $.bijection }}_Counter block{{ $b }} = {{ $.bijection }}_bijection(key, *counter);
    *counter = {{ $.bijection }}_next_counter(*counter);
{{- end }}
{{- end }}

{{- define "uniform_float_lanes" -}}
{{ template "sampler_lanes_header" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Lanes {{ .prefix }}_sample_lanes(const {{ .bijection }}_Key key, {{ .bijection }}_Counter *counter)
{
    {{ .prefix }}_Lanes result;
{{- template "sampler_lanes_blocks" . }}
{{- range $i, $k := .draws }}
{{- if $.scaled }}
    result.v[{{ $i }}] = fmin({{ literal $.real $.low }} + {{ literal $.real $.width }} * {{ $.unit }}_half_open({{ template "bits" (dict "p" $.prefix "k" $k "upb" $.upb) }}), {{ literal $.real $.below }});
{{- else }}
    result.v[{{ $i }}] = {{ $.unit }}_half_open({{ template "bits" (dict "p" $.prefix "k" $k "upb" $.upb) }});
{{- end }}
{{- end }}
    return result;
}
{{- end }}

{{- /* normal_bm_lanes is normal_bm. */ -}}
{{- define "normal_bm_lanes" -}}
{{ template "sampler_lanes_header" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Lanes {{ .prefix }}_sample_lanes(const {{ .bijection }}_Key key, {{ .bijection }}_Counter *counter)
{
    {{ .prefix }}_Lanes result;
{{- template "sampler_lanes_blocks" . }}
{{- $r := ctype .real }}
{{- range $i, $p := .pairs }}
    {
        const {{ $.vtype }} u = {{ $.unit }}_nonzero({{ template "bits" (dict "p" $.prefix "k" (index $p 0) "upb" $.upb) }});
{{- if $.double }}
        const {{ $.vtype }} angle = 2 * {{ $.unit }}_half_open({{ template "bits" (dict "p" $.prefix "k" (index $p 1) "upb" $.upb) }});
{{- else }}
        const {{ $.vtype }} angle = 6.2831853071795865f * {{ $.unit }}_half_open({{ template "bits" (dict "p" $.prefix "k" (index $p 1) "upb" $.upb) }}) - 3.14159265358979323f;
{{- end }}
        {{ $.vtype }} x, y;
{{- range $l := seq $.lanes }}
        {
            const {{ $r }} radius = sqrt({{ literal $.real -2 }} * log(u.s{{ $l }})){{ if ne $.sigma 1.0 }} * {{ literal $.real $.sigma }}{{ end }};
{{- if $.double }}
            x.s{{ $l }} = radius * cospi(angle.s{{ $l }});
            y.s{{ $l }} = radius * sinpi(angle.s{{ $l }});
{{- else }}
            x.s{{ $l }} = radius * native_cos(angle.s{{ $l }});
            y.s{{ $l }} = radius * native_sin(angle.s{{ $l }});
{{- end }}
        }
{{- end }}
{{- if $.complex }}
        result.v[{{ $i }}] = {{ if ne $.meanRe 0.0 }}{{ literal $.real $.meanRe }} + {{ end }}x;
        result.im[{{ $i }}] = {{ if ne $.meanIm 0.0 }}{{ literal $.real $.meanIm }} + {{ end }}y;
{{- else }}
        result.v[{{ mul $i 2 }}] = {{ if ne $.meanRe 0.0 }}{{ literal $.real $.meanRe }} + {{ end }}x;
        result.v[{{ add (mul $i 2) 1 }}] = {{ if ne $.meanRe 0.0 }}{{ literal $.real $.meanRe }} + {{ end }}y;
{{- end }}
    }
{{- end }}
    return result;
}
{{- end }}
