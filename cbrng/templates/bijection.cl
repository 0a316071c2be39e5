{{- /* The bijection modules (bijection.go): "philox" and "threefry" define
    the types of the bijection and P_bijection, unrolled over .rounds, and
    "bijection_state" the State that reads the stream of outputs. The
    constants come from bijection_ref.go: .multipliers and .weyl of Philox,
    .parity and .rotations (eight lists of .counterWords/2) of Threefry.
    .word is the C type of a word, .suffix the suffix of its literals. */ -}}

{{- define "bijection_types" -}}
#define {{ .prefix }}_KEY_WORDS {{ .keyWords }}
#define {{ .prefix }}_COUNTER_WORDS {{ .counterWords }}
typedef {{ .word }} {{ .prefix }}_Word;
typedef struct { {{ .word }} v[{{ .keyWords }}]; } {{ .prefix }}_Key;
typedef struct { {{ .word }} v[{{ .counterWords }}]; } {{ .prefix }}_Counter;
{{- end }}

{{- define "bijection_load" }}
{{- range $i := seq .keyWords }}
    {{ $.word }} k{{ $i }} = key.v[{{ $i }}];
{{- end }}
{{- range $i := seq .counterWords }}
    {{ $.word }} x{{ $i }} = counter.v[{{ $i }}];
{{- end }}
{{- end }}

{{- define "bijection_result" }}
    {{ .prefix }}_Counter result;
{{- range $i := seq .counterWords }}
    result.v[{{ $i }}] = x{{ $i }};
{{- end }}
    return result;
{{- end }}

{{- define "philox" -}}
{{ template "philox_bijection" . }}

{{ template "bijection_state" . }}
{{- end }}

{{- /* philox_bijection is the types and P_bijection of Philox, of words
    of the C type .word: a scalar, or a vector of lanes (bijection_lanes.cl). */ -}}
{{- define "philox_bijection" -}}
{{ template "bijection_types" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Counter {{ .prefix }}_bijection(const {{ .prefix }}_Key key, const {{ .prefix }}_Counter counter)
{
{{- template "bijection_load" . }}
{{- range $i, $m := .multipliers }}
    const {{ $.word }} m{{ $i }} = {{ printf "0x%X" $m }}{{ $.suffix }};
{{- end }}
{{- range $i, $w := .weyl }}
    const {{ $.word }} w{{ $i }} = {{ printf "0x%X" $w }}{{ $.suffix }};
{{- end }}
    {{ .word }} hi0, lo0{{ if eq .counterWords 4 }}, hi1, lo1{{ end }};
{{- range $r := seq .rounds }}

    // round {{ $r }}
{{- if $r }}
{{- range $i := seq $.keyWords }}
    k{{ $i }} += w{{ $i }};
{{- end }}
{{- end }}
{{- if eq $.counterWords 2 }}
    hi0 = mul_hi(m0, x0);
    lo0 = m0 * x0;
    x0 = hi0 ^ k0 ^ x1;
    x1 = lo0;
{{- else }}
    hi0 = mul_hi(m0, x0);
    lo0 = m0 * x0;
    hi1 = mul_hi(m1, x2);
    lo1 = m1 * x2;
    x0 = hi1 ^ x1 ^ k0;
    x2 = hi0 ^ x3 ^ k1;
    x1 = lo1;
    x3 = lo0;
{{- end }}
{{- end }}
{{ template "bijection_result" . }}
}
{{- end }}

{{- define "threefry_mix" -}}
    x{{ .i }} += x{{ .j }};
    x{{ .j }} = rotate(x{{ .j }}, ({{ .word }}){{ .s }});
    x{{ .j }} ^= x{{ .i }};
{{- end }}

{{- define "threefry" -}}
{{ template "threefry_bijection" . }}

{{ template "bijection_state" . }}
{{- end }}

{{- /* threefry_bijection is the types and P_bijection of Threefry, of
    words of the C type .word: a scalar, or a vector of lanes. */ -}}
{{- define "threefry_bijection" -}}
{{ template "bijection_types" . }}

INLINE WITHIN_KERNEL {{ .prefix }}_Counter {{ .prefix }}_bijection(const {{ .prefix }}_Key key, const {{ .prefix }}_Counter counter)
{
{{- template "bijection_load" . }}
{{- $n := .counterWords }}
    const {{ .word }} k{{ $n }} = {{ printf "0x%X" .parity }}{{ .suffix }}{{ range $i := seq $n }} ^ k{{ $i }}{{ end }};
{{- range $i := seq $n }}
    x{{ $i }} += k{{ $i }};
{{- end }}
{{- range $r := seq .rounds }}

    // round {{ $r }}
{{- $rs := index $.rotations (mod $r 8) }}
{{- if eq $n 2 }}
{{ template "threefry_mix" (dict "i" 0 "j" 1 "s" (index $rs 0) "word" $.word) }}
{{- else if eq (mod $r 2) 0 }}
{{ template "threefry_mix" (dict "i" 0 "j" 1 "s" (index $rs 0) "word" $.word) }}
{{ template "threefry_mix" (dict "i" 2 "j" 3 "s" (index $rs 1) "word" $.word) }}
{{- else }}
{{ template "threefry_mix" (dict "i" 0 "j" 3 "s" (index $rs 0) "word" $.word) }}
{{ template "threefry_mix" (dict "i" 2 "j" 1 "s" (index $rs 1) "word" $.word) }}
{{- end }}
{{- if eq (mod (add $r 1) 4) 0 }}
{{- $s := div (add $r 1) 4 }}
    // key injection {{ $s }}
{{- range $i := seq $n }}
    x{{ $i }} += k{{ mod (add $s $i) (add $n 1) }};
{{- end }}
    x{{ sub $n 1 }} += {{ $s }};
{{- end }}
{{- end }}
{{ template "bijection_result" . }}
}
{{- end }}

{{- define "bijection_state" -}}
#define {{ .prefix }}_UINT32_PER_BLOCK {{ .uint32PerBlock }}
{{- if eq .bits 32 }}
#define {{ .prefix }}_BLOCK_UINT32(block, j) ((block).v[j])
{{- else }}
#define {{ .prefix }}_BLOCK_UINT32(block, j) ((unsigned int)((block).v[(j) / 2] >> (32 * ((j) % 2))))
{{- end }}

typedef struct
{
    {{ .prefix }}_Key key;
    {{ .prefix }}_Counter counter; // the next counter to map
    {{ .prefix }}_Counter block;   // the last output
    unsigned int used;             // 32-bit values of block read so far
} {{ .prefix }}_State;

INLINE WITHIN_KERNEL {{ .prefix }}_Counter {{ .prefix }}_next_counter(const {{ .prefix }}_Counter counter)
{
    {{ .prefix }}_Counter next = counter;
    for (int i = 0; i < {{ .counterWords }}; i++)
    {
        next.v[i] += 1;
        if (next.v[i] != 0)
            break;
    }
    return next;
}

INLINE WITHIN_KERNEL {{ .prefix }}_State {{ .prefix }}_make_state(const {{ .prefix }}_Key key, const {{ .prefix }}_Counter counter)
{
    {{ .prefix }}_State state;
    state.key = key;
    state.counter = counter;
    state.block = counter;
    state.used = {{ .uint32PerBlock }};
    return state;
}

INLINE WITHIN_KERNEL {{ .prefix }}_Counter {{ .prefix }}_get_next_block({{ .prefix }}_State *state)
{
    const {{ .prefix }}_Counter block = {{ .prefix }}_bijection(state->key, state->counter);
    state->counter = {{ .prefix }}_next_counter(state->counter);
    state->used = {{ .uint32PerBlock }};
    return block;
}

INLINE WITHIN_KERNEL unsigned int {{ .prefix }}_get_next_uint32({{ .prefix }}_State *state)
{
    if (state->used == {{ .uint32PerBlock }})
    {
        state->block = {{ .prefix }}_get_next_block(state);
        state->used = 0;
    }
    const unsigned int j = state->used++;
    // Selections rather than an index keep the block in registers.
    return
{{- range $j := seq (sub .uint32PerBlock 1) }}
        j == {{ $j }} ? {{ $.prefix }}_BLOCK_UINT32(state->block, {{ $j }}) :
{{- end }}
        {{ .prefix }}_BLOCK_UINT32(state->block, {{ sub .uint32PerBlock 1 }});
}

INLINE WITHIN_KERNEL unsigned long {{ .prefix }}_get_next_uint64({{ .prefix }}_State *state)
{
    const unsigned long low = {{ .prefix }}_get_next_uint32(state);
    const unsigned long high = {{ .prefix }}_get_next_uint32(state);
    return low | (high << 32);
}

INLINE WITHIN_KERNEL {{ .prefix }}_Counter {{ .prefix }}_get_next_unused_counter(const {{ .prefix }}_State state)
{
    return state.counter;
}
{{- end }}
