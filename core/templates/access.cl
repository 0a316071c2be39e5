{{- /* The loads and stores of kernel arguments and of the parameters of
    transformations, and the declarations of kernel arguments. Each
    template below but the declarations is a module: it sees its prefix,
    the naming convention as .names (see cnames.go) and its data as .a. */ -}}

{{- define "declaration" -}}
{{ if .Scalar }}{{ .CType }} {{ .CName }}{{ else if .Constant }}CONSTANT_MEM {{ .CType }} *{{ .CName }}{{ else }}GLOBAL_MEM {{ .CType }} *{{ .CName }}{{ end }}
{{- end -}}

{{- define "declarations" -}}
{{ range $i, $d := . }}{{ if $i }}, {{ end }}{{ template "declaration" $d }}{{ end }}
{{- end -}}

{{- define "KernelDeclaration" -}}
KERNEL void {{ .Name }}({{ template "declarations" .Leaves }})
{{- end -}}

{{- /* The offset of an element from the start of its array, in elements
    where the array is aligned, in bytes otherwise. */ -}}
{{- define "element_offset" -}}
{{ $first := true }}
{{- if .Offset }}{{ .Offset }}{{ $first = false }}{{ end }}
{{- range .Terms }}{{ if not $first }} + {{ end }}{{ $first = false }}(VSIZE_T)({{ .Index }}){{ if ne .Stride 1 }} * {{ .Stride }}{{ end }}{{ end }}
{{- if $first }}0{{ end }}
{{- end -}}

{{- define "element" -}}
{{ if .Aligned }}{{ .Array }}[{{ template "element_offset" . }}]
{{- else }}*((GLOBAL_MEM {{ .CType }} *)((GLOBAL_MEM char *){{ .Array }} + {{ template "element_offset" . }})){{ end }}
{{- end -}}

{{- /* The arguments (offset, pointer) of vload_halfn and vstore_halfn
    that address an element of an array of halves. */ -}}
{{- define "half_address" -}}
{{ if .Aligned }}{{ template "element_offset" . }}, {{ .Array }}
{{- else }}0, (GLOBAL_MEM half *)((GLOBAL_MEM char *){{ .Array }} + {{ template "element_offset" . }}){{ end }}
{{- end -}}

{{- /* vloada_half2 and vstorea_half2 move a whole complex32 element as
    one aligned 4-byte word where the layout keeps elements aligned;
    vload_half2 and vstore_half2 assume 2-byte alignment only, and
    compilers split them into two 2-byte accesses. */ -}}
{{- define "half_aligned" -}}
{{ if and .Aligned (eq .HalfWidth "2") }}a{{ end }}
{{- end -}}

{{- define "leaf_load" -}}
{{ if .a.Element.Half -}}
#define {{ .prefix }}({{ args .a.Params }}) (vload{{ template "half_aligned" .a.Element }}_half{{ .a.Element.HalfWidth }}({{ template "half_address" .a.Element }}))
{{- else -}}
#define {{ .prefix }}({{ args .a.Params }}) ({{ template "element" .a.Element }})
{{- end }}
{{- end -}}

{{- define "leaf_store" -}}
{{ if .a.Element.Half -}}
#define {{ .prefix }}({{ args .a.Params .names.Value }}) (vstore{{ template "half_aligned" .a.Element }}_half{{ .a.Element.HalfWidth }}_rte(({{ .names.Value }}), {{ template "half_address" .a.Element }}))
{{- else -}}
#define {{ .prefix }}({{ args .a.Params .names.Value }}) ({{ template "element" .a.Element }} = ({{ .names.Value }}))
{{- end }}
#define {{ .prefix }}{{ .names.Same }}({{ .names.Value }}) {{ .prefix }}({{ args .a.Same .names.Value }})
{{- end -}}

{{- define "trf_load" -}}
// {{ .a.Trf }}: {{ .a.Node }} from its input transformation
INLINE WITHIN_KERNEL {{ .a.CType }} {{ .prefix }}{{ .names.Func }}({{ template "declarations" .a.FuncParams }})
{
    {{ .a.CType }} {{ .names.Result }};
    {{ .code }}
    return {{ .names.Result }};
}
#define {{ .prefix }}({{ args .a.Params }}) {{ .prefix }}{{ .names.Func }}({{ args .a.CallArgs }})
{{- end -}}

{{- define "trf_store" -}}
// {{ .a.Trf }}: {{ .a.Node }} into its output transformation
INLINE WITHIN_KERNEL void {{ .prefix }}{{ .names.Func }}({{ template "declarations" .a.FuncParams }})
{
    {{ .code }}
}
#define {{ .prefix }}({{ args .a.Params .names.Value }}) {{ .prefix }}{{ .names.Func }}({{ args .a.CallArgs .names.Value }})
#define {{ .prefix }}{{ .names.Same }}({{ .names.Value }}) {{ .prefix }}({{ args .a.Same .names.Value }})
{{- end -}}

{{- define "combined_load" -}}
{{ $c := call .split .groups -}}
#define {{ .prefix }}({{ args $c.Params }}) {{ .target }}({{ args $c.Indices }})
{{- end -}}

{{- define "combined_store" -}}
{{ $c := call .split .groups -}}
#define {{ .prefix }}({{ args $c.Params .names.Value }}) {{ .target }}({{ args $c.Indices .names.Value }})
{{- end -}}
