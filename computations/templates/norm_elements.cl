{{- /* The input transformation of EntrywiseNorm: |x|^order of each element,
    of the real dtype. .power is "square" (order 2, without a root),
    "abs" (order 1) or "scaled" (any other order: the part of the scaled
    sum of norm_scaled.cl that the element makes, of C type .part, its
    scale |x| and its sum 1, or 0 where x is 0); .complex says whether x
    is complex. */ -}}
const {{ .input.CType }} x = {{ .input.LoadSame }};
{{- if .complex }}
{{- if eq .power "square" }}
{{ .output.StoreSame }}(x.x * x.x + x.y * x.y);
{{- else if eq .power "abs" }}
{{ .output.StoreSame }}(hypot(x.x, x.y));
{{- else }}
const {{ .real }} a = hypot(x.x, x.y);
{{ .output.StoreSame }}((STRUCT_CTR({{ .part }}){a, a > 0 ? 1 : 0}));
{{- end }}
{{- else }}
{{- if eq .power "square" }}
{{ .output.StoreSame }}(x * x);
{{- else if eq .power "abs" }}
{{ .output.StoreSame }}(fabs(x));
{{- else }}
const {{ .real }} a = fabs(x);
{{ .output.StoreSame }}((STRUCT_CTR({{ .part }}){a, a > 0 ? 1 : 0}));
{{- end }}
{{- end }}
