{{- define "leaf_load" -}}
#define {{ .prefix }}({{ .params }}) ({{ .access }})
{{- end -}}

{{- define "leaf_store" -}}
#define {{ .prefix }}({{ .params }}{{ .sep }}_v) ({{ .access }} = (_v))
#define {{ .prefix }}_same(_v) {{ .prefix }}({{ .same }}{{ .sep }}_v)
{{- end -}}

{{- define "trf_load" -}}
// {{ .trf }}: {{ .node }} from its input transformation
INLINE WITHIN_KERNEL {{ .ctype }} {{ .prefix }}_func({{ .funcParams }})
{
    {{ .ctype }} _result;
    {{ .code }}
    return _result;
}
#define {{ .prefix }}({{ .params }}) {{ .prefix }}_func({{ .callArgs }})
{{- end -}}

{{- define "trf_store" -}}
// {{ .trf }}: {{ .node }} into its output transformation
INLINE WITHIN_KERNEL void {{ .prefix }}_func({{ .funcParams }})
{
    {{ .code }}
}
#define {{ .prefix }}({{ .params }}{{ .sep }}_v) {{ .prefix }}_func({{ .callArgs }})
#define {{ .prefix }}_same(_v) {{ .prefix }}({{ .same }}{{ .sep }}_v)
{{- end -}}

{{- define "combined_load" -}}
#define {{ .prefix }}({{ call .params .groups }}) {{ .target }}({{ call .expand .groups }})
{{- end -}}

{{- define "combined_store" -}}
#define {{ .prefix }}({{ call .params .groups }}, _v) {{ .target }}({{ call .expand .groups }}, _v)
{{- end -}}

{{- define "same" -}}
{{ .target }}{{ .suffix }}
{{- end -}}
