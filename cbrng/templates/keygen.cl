{{- /* The key generator module (keygen.go): P_key_from_int(id) is the key
    of generator id, the words of .base with id in the low 32 bits of the
    last word, or'ed in where .reserve keeps those bits for it and added
    otherwise. .bijection is the bijection's module. */ -}}

{{- define "keygen" -}}
INLINE WITHIN_KERNEL {{ .bijection }}_Key {{ .prefix }}_key_from_int(const unsigned int id)
{
    {{ .bijection }}_Key key;
{{- range $i, $w := .base }}
    key.v[{{ $i }}] = {{ printf "0x%X" $w }}{{ $.suffix }};
{{- end }}
    key.v[{{ sub (len .base) 1 }}] {{ if .reserve }}|={{ else }}+={{ end }} id;
    return key;
}
{{- end }}
