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
    // modulo the width is equally likely, .tries draws at most: each is
    // rejected with a probability below 1/2.
{{- if .wide }}
    unsigned long bits = {{ .bijection }}_get_next_uint64(state);
    for (int attempt = 1; attempt < {{ .tries }} && bits < {{ .threshold }}ul; attempt++)
        bits = {{ .bijection }}_get_next_uint64(state);
    const unsigned long offset = bits % {{ .width }}ul;
{{- else if .full }}
    const unsigned long offset = {{ .bijection }}_get_next_uint32(state);
{{- else }}
    unsigned int bits = {{ .bijection }}_get_next_uint32(state);
    for (int attempt = 1; attempt < {{ .tries }} && bits < {{ .threshold }}u; attempt++)
        bits = {{ .bijection }}_get_next_uint32(state);
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
    // Marsaglia and Tsang's method for the shape .d + 1/3 (at least 1),
    // .tries attempts at most, each accepted with a probability of at
    // least 0.9; v = 1 (the value d θ) where all of them fail.
    const {{ $r }} c = {{ literal .real .c }};
    {{ $r }} v = 1;
    for (int attempt = 0; attempt < {{ .tries }}; attempt++)
    {
        const {{ $r }} radius = sqrt({{ literal .real -2 }} * log({{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state))));
        const {{ $r }} x = radius * cospi({{ literal .real 2 }} * {{ .unit }}_half_open({{ .prefix }}_NEXT_BITS(state)));
        const {{ $r }} w = 1 + c * x;
        if (w <= 0)
            continue;
        const {{ $r }} w3 = w * w * w;
        const {{ $r }} u = {{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state));
        if (u < 1 - {{ literal .real 0.0331 }} * (x * x) * (x * x) ||
            log(u) < {{ literal .real 0.5 }} * x * x + {{ literal .real .d }} * (1 - w3 + log(w3)))
        {
            v = w3;
            break;
        }
    }
    {{ .prefix }}_Result result;
    // d θ is one constant, so that d v does not overflow where d v θ does
    // not.
{{- if .boost }}
    // A shape k below 1 is drawn as a sample of k + 1 times u^(1/k).
    result.v[0] = v * {{ literal .real .dScale }} * pow({{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state)), {{ literal .real .invShape }});
{{- else }}
    result.v[0] = v * {{ literal .real .dScale }};
{{- end }}
    return result;
}
{{- end }}

{{- define "vonmises" -}}
{{ template "sampler_header" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Result {{ .prefix }}_sample({{ .bijection }}_State *state)
{
{{- $r := ctype .real }}
    {{ .prefix }}_Result result;
{{- if eq .method "uniform" }}
    // A concentration so small that the distribution is uniform to the
    // precision of the values.
    result.v[0] = {{ literal .real .mu }} + ({{ literal .real 6.283185307179586 }} * {{ .unit }}_half_open({{ .prefix }}_NEXT_BITS(state)) - {{ literal .real 3.141592653589793 }});
{{- else if eq .method "normal" }}
    // A concentration so large that the distribution is the normal of the
    // deviation 1/√κ to the precision of the values, none of which is as
    // far as π from the mean.
    const {{ $r }} radius = sqrt({{ literal .real -2 }} * log({{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state))));
    result.v[0] = {{ literal .real .mu }} + {{ literal .real .sigma }} * radius * cospi({{ literal .real 2 }} * {{ .unit }}_half_open({{ .prefix }}_NEXT_BITS(state)));
{{- else }}
    // Best and Fisher's method, .tries attempts at most, each accepted
    // with a probability of at least 0.65. With z = cos(πU), their
    // f = (1 + r z) / (r + z) and c = κ (r − f) are computed as
    // 1 − f = (r − 1)(1 − z) / ((r − 1) + (1 + z)) and
    // c = κ (r − 1) + κ (1 − f), from r − 1 (.rm1), κ (r − 1) (.krm1),
    // 1 − z = 2 sin²(πU/2) and 1 + z = 2 cos²(πU/2), none of which cancels.
    const {{ $r }} rm1 = {{ literal .real .rm1 }};
    const {{ $r }} krm1 = {{ literal .real .krm1 }};
    const {{ $r }} kappa = {{ literal .real .kappa }};
    {{ $r }} omf = 1; // 1 − f of the last candidate
    for (int attempt = 0; attempt < {{ .tries }}; attempt++)
    {
        const {{ $r }} h = {{ literal .real 0.5 }} * {{ .unit }}_half_open({{ .prefix }}_NEXT_BITS(state));
        const {{ $r }} sh = sinpi(h), ch = cospi(h);
        omf = rm1 * (2 * sh * sh) / (rm1 + 2 * ch * ch);
        const {{ $r }} u = {{ .unit }}_nonzero({{ .prefix }}_NEXT_BITS(state));
        const {{ $r }} c = krm1 + kappa * omf;
        if (c * (2 - c) - u > 0)
            break;
        if (log(c / u) + 1 - c >= 0)
            break;
    }
    // θ = arccos f = 2 arcsin √((1 − f)/2), exact where f is near 1.
    const {{ $r }} theta = 2 * asin(fmin(sqrt({{ literal .real 0.5 }} * omf), {{ literal .real 1 }}));
    result.v[0] = {{ literal .real .mu }} + ({{ .unit }}_half_open({{ .prefix }}_NEXT_BITS(state)) < {{ literal .real 0.5 }} ? -theta : theta);
{{- end }}
    return result;
}
{{- end }}
