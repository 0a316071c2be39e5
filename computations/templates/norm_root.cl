{{- /* The output transformation of EntrywiseNorm: the order-th root of
    the sum. .power is as in norm_elements.cl; .inverse is 1/order. */ -}}
{{- if eq .power "square" }}
{{ .output.StoreSame }}(sqrt({{ .input.LoadSame }}));
{{- else if eq .power "abs" }}
{{ .output.StoreSame }}({{ .input.LoadSame }});
{{- else }}
{{ .output.StoreSame }}(pow({{ .input.LoadSame }}, {{ .inverse }}));
{{- end }}
