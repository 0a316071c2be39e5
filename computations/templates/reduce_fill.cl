{{- /* The reduction of no elements: the empty value everywhere. */ -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
{{- $n := len .output.Shape }}
    {{ .output.StoreIdx }}({{ range $i := seq $n }}virtual_global_id({{ $i }}), {{ end }}{{ .empty }});
}
