{{- /* The lanes module of a bijection (bijection.go): the bijection of
    .lanes neighbouring generators at once, each word a vector of .lanes
    words (.word, such as uint8), one generator in each lane. It defines
    the types and P_bijection of bijection.cl on those words, and:

        P_LANES                  the lanes of a word
        P_next_counter(counter)  the next counter of each lane, as the
                                 scalar module's next_counter makes it
        P_BLOCK_UINT32(block, j) the 32-bit values j of the lanes of an
                                 output, as a vector of unsigned int

    .family names the bijection's template. */ -}}

{{- define "bijection_lanes" -}}
{{- if eq .family "philox" }}
{{- template "philox_bijection" . }}
{{- else }}
{{- template "threefry_bijection" . }}
{{- end }}

#define {{ .prefix }}_LANES {{ .lanes }}
{{- if eq .bits 32 }}
#define {{ .prefix }}_BLOCK_UINT32(block, j) ((block).v[j])
{{- else }}
#define {{ .prefix }}_BLOCK_UINT32(block, j) convert_uint{{ .lanes }}((block).v[(j) / 2] >> (32 * ((j) % 2)))
{{- end }}

// Each lane adds 1 to word 0 and carries into the words after it, where
// the words before have wrapped to 0.
INLINE WITHIN_KERNEL {{ .prefix }}_Counter {{ .prefix }}_next_counter(const {{ .prefix }}_Counter counter)
{
    {{ .prefix }}_Counter next = counter;
    {{ .word }} carry = ({{ .word }})(1);
{{- range $i := seq .counterWords }}
    next.v[{{ $i }}] += carry;
{{- if lt (add $i 1) $.counterWords }}
    carry &= as_{{ $.word }}(next.v[{{ $i }}] == ({{ $.word }})(0));
{{- end }}
{{- end }}
    return next;
}
{{- end }}
