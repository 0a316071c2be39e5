{{- /* The output transformation of EntrywiseNorm: the order-th root of
    the sum. .power is as in norm_elements.cl; .inverse is 1/order; a
    scaled sum's root is its scale times the root of its sum. */ -}}
{{- if eq .power "square" }}
{{ .output.StoreSame }}(sqrt({{ .input.LoadSame }}));
{{- else if eq .power "abs" }}
{{ .output.StoreSame }}({{ .input.LoadSame }});
{{- else }}
const {{ .part }} s = {{ .input.LoadSame }};
{{ .output.StoreSame }}(s.Sum > 0 ? s.Scale * pow(s.Sum, {{ .inverse }}) : 0);
{{- end }}
