{{- /* The sampler modules (samplers.go). Each defines P_RANDOMS_PER_CALL,
    P_Value (the C type of a value), P_Result (P_RANDOMS_PER_CALL values
    in .v) and P_sample(&state), which draws from the State of the
    bijection's module, .bijection. .unit is the module of unit_interval
    for the sampler's precision, .real the dtype of a real value, .ctype
    the C type of a value. Samplers that draw a fixed number of bits take
    .blocks whole outputs of the bijection, block0, block1, ..., and read
    the 32-bit values that .draws and .pairs number across them (.upb in
    each); the others read the stream of the State. */ -}}

{{- /* unit_interval maps random bits to [0, 1) (P_half_open) and to (0, 1]
    (P_nonzero): the high 24 bits of a 32-bit value for float, the high
    53 of a 64-bit one for double. */ -}}
{{- define "unit_interval" -}}
{{- if .double -}}
INLINE WITHIN_KERNEL double {{ .prefix }}_half_open(const unsigned long bits)
{
    return (double)(bits >> 11) * 1.1102230246251565404236316680908203125e-16;
}

INLINE WITHIN_KERNEL double {{ .prefix }}_nonzero(const unsigned long bits)
{
    return (double)((bits >> 11) + 1) * 1.1102230246251565404236316680908203125e-16;
}
{{- else -}}
INLINE WITHIN_KERNEL float {{ .prefix }}_half_open(const unsigned int bits)
{
    return (float)(bits >> 8) * 5.9604644775390625e-8f;
}

INLINE WITHIN_KERNEL float {{ .prefix }}_nonzero(const unsigned int bits)
{
    return (float)((bits >> 8) + 1) * 5.9604644775390625e-8f;
}
{{- end -}}
{{- end }}

{{- define "sampler_header" -}}
#define {{ .prefix }}_RANDOMS_PER_CALL {{ .perCall }}
typedef {{ .ctype }} {{ .prefix }}_Value;
typedef struct { {{ .ctype }} v[{{ .perCall }}]; } {{ .prefix }}_Result;
{{- /* P_BITS(block, j) is the random bits of a value at 32-bit value j
    of a block: that value, or in double precision the 64-bit value it
    makes with the next one, the first one low. P_NEXT_BITS(state) is the
    next bits of a value from the State. */ -}}
{{- if .double }}
#define {{ .prefix }}_BITS(block, j) (((unsigned long){{ .bijection }}_BLOCK_UINT32(block, (j) + 1) << 32) | {{ .bijection }}_BLOCK_UINT32(block, j))
#define {{ .prefix }}_NEXT_BITS(state) {{ .bijection }}_get_next_uint64(state)
{{- else }}
#define {{ .prefix }}_BITS(block, j) {{ .bijection }}_BLOCK_UINT32(block, j)
#define {{ .prefix }}_NEXT_BITS(state) {{ .bijection }}_get_next_uint32(state)
{{- end }}
{{- end }}

{{- define "sampler_blocks" }}
{{- range $b := seq .blocks }}
    const {{ $.bijection }}_Counter block{{ $b }} = {{ $.bijection }}_get_next_block(state);
{{- end }}
{{- end }}

{{- /* bits is the bits of the value at 32-bit value .k of the blocks. */ -}}
{{- define "bits" -}}
{{ .p }}_BITS(block{{ div .k .upb }}, {{ mod .k .upb }})
{{- end }}

{{- define "uniform_float" -}}
{{ template "sampler_header" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Result {{ .prefix }}_sample({{ .bijection }}_State *state)
{
    {{ .prefix }}_Result result;
{{- template "sampler_blocks" . }}
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

{{- define "normal_bm" -}}
{{ template "sampler_header" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Result {{ .prefix }}_sample({{ .bijection }}_State *state)
{
    {{ .prefix }}_Result result;
{{- template "sampler_blocks" . }}
{{- $r := ctype .real }}
{{- range $i, $p := .pairs }}
    {
        const {{ $r }} radius = sqrt({{ literal $.real -2 }} * log({{ $.unit }}_nonzero({{ template "bits" (dict "p" $.prefix "k" (index $p 0) "upb" $.upb) }}))){{ if ne $.sigma 1.0 }} * {{ literal $.real $.sigma }}{{ end }};
{{- if $.double }}
        const double angle = 2 * {{ $.unit }}_half_open({{ template "bits" (dict "p" $.prefix "k" (index $p 1) "upb" $.upb) }});
        const double x = radius * cospi(angle), y = radius * sinpi(angle);
{{- else }}
        // An angle in [-π, π), where the native functions are accurate
        // to about 2^-21 on GPUs (cuRAND's normal uses them as well).
        const float angle = 6.2831853071795865f * {{ $.unit }}_half_open({{ template "bits" (dict "p" $.prefix "k" (index $p 1) "upb" $.upb) }}) - 3.14159265358979323f;
        const float x = radius * native_cos(angle), y = radius * native_sin(angle);
{{- end }}
{{- if $.complex }}
        result.v[{{ $i }}] = COMPLEX_CTR({{ $.ctype }})({{ if ne $.meanRe 0.0 }}{{ literal $.real $.meanRe }} + {{ end }}x, {{ if ne $.meanIm 0.0 }}{{ literal $.real $.meanIm }} + {{ end }}y);
{{- else }}
        result.v[{{ mul $i 2 }}] = {{ if ne $.meanRe 0.0 }}{{ literal $.real $.meanRe }} + {{ end }}x;
        result.v[{{ add (mul $i 2) 1 }}] = {{ if ne $.meanRe 0.0 }}{{ literal $.real $.meanRe }} + {{ end }}y;
{{- end }}
    }
{{- end }}
    return result;
}
{{- end }}

{{- define "uniform_integer" -}}
{{ template "sampler_header" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Result {{ .prefix }}_sample({{ .bijection }}_State *state)
{
    {{ .prefix }}_Result result;
    // Values below the threshold are drawn again, so that every residue
    // modulo the width is equally likely.
{{- if .wide }}
    unsigned long bits;
    do
        bits = {{ .bijection }}_get_next_uint64(state);
    while (bits < {{ .threshold }}ul);
    const unsigned long offset = bits % {{ .width }}ul;
{{- else if .full }}
    const unsigned long offset = {{ .bijection }}_get_next_uint32(state);
{{- else }}
    unsigned int bits;
    do
        bits = {{ .bijection }}_get_next_uint32(state);
    while (bits < {{ .threshold }}u);
    const unsigned long offset = bits % {{ .width }}u;
{{- end }}
    result.v[0] = ({{ .ctype }})({{ .low }}ul + offset);
    return result;
}
{{- end }}

{{- define "gamma" -}}
{{ template "sampler_header" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Result {{ .prefix }}_sample({{ .bijection }}_State *state)
{
{{- $r := ctype .real }}
    // Marsaglia and Tsang's method for the shape .d + 1/3 (at least 1).
    const {{ $r }} d = {{ literal .real .d }};
    const {{ $r }} c = {{ literal .real .c }};
    {{ $r }} x, v;
    for (;;)
    {
        do
        {
            const {{ $r }} radius = sqrt({{ literal .real -2 }} * log({{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state))));
            x = radius * cospi({{ literal .real 2 }} * {{ .unit }}_half_open({{ .prefix }}_NEXT_BITS(state)));
            v = 1 + c * x;
        } while (v <= 0);
        v = v * v * v;
        const {{ $r }} u = {{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state));
        if (u < 1 - {{ literal .real 0.0331 }} * (x * x) * (x * x))
            break;
        if (log(u) < {{ literal .real 0.5 }} * x * x + d * (1 - v + log(v)))
            break;
    }
    {{ .prefix }}_Result result;
{{- if .boost }}
    // A shape k below 1 is drawn as a sample of k + 1 times u^(1/k).
    result.v[0] = d * v * pow({{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state)), {{ literal .real .invShape }}) * {{ literal .real .scale }};
{{- else }}
    result.v[0] = d * v * {{ literal .real .scale }};
{{- end }}
    return result;
}
{{- end }}

{{- define "vonmises" -}}
{{ template "sampler_header" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Result {{ .prefix }}_sample({{ .bijection }}_State *state)
{
{{- $r := ctype .real }}
    // Best and Fisher's method; .r is their r for the concentration kappa.
    const {{ $r }} r = {{ literal .real .r }};
    const {{ $r }} kappa = {{ literal .real .kappa }};
    {{ $r }} f;
    for (;;)
    {
        const {{ $r }} z = cospi({{ .unit }}_half_open({{ .prefix }}_NEXT_BITS(state)));
        const {{ $r }} u = {{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state));
        f = (1 + r * z) / (r + z);
        const {{ $r }} c = kappa * (r - f);
        if (c * (2 - c) - u > 0)
            break;
        if (log(c / u) + 1 - c >= 0)
            break;
    }
    const {{ $r }} theta = acos(fmin(fmax(f, {{ literal .real -1 }}), {{ literal .real 1 }}));
    {{ .prefix }}_Result result;
    result.v[0] = {{ literal .real .mu }} + ({{ .unit }}_half_open({{ .prefix }}_NEXT_BITS(state)) < {{ literal .real 0.5 }} ? -theta : theta);
    return result;
}
{{- end }}
