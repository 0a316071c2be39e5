{{- /* The input transformation of EntrywiseNorm: |x|^order of each element,
    of the real dtype. .power is "square" (order 2, without a root),
    "abs" (order 1) or "pow"; .complex says whether x is complex. */ -}}
const {{ .input.CType }} x = {{ .input.LoadSame }};
{{- if .complex }}
{{- if eq .power "square" }}
{{ .output.StoreSame }}(x.x * x.x + x.y * x.y);
{{- else if eq .power "abs" }}
{{ .output.StoreSame }}(hypot(x.x, x.y));
{{- else }}
{{ .output.StoreSame }}(pow(hypot(x.x, x.y), {{ .order }}));
{{- end }}
{{- else }}
{{- if eq .power "square" }}
{{ .output.StoreSame }}(x * x);
{{- else if eq .power "abs" }}
{{ .output.StoreSame }}(fabs(x));
{{- else }}
{{ .output.StoreSame }}(pow(fabs(x), {{ .order }}));
{{- end }}
{{- end }}
