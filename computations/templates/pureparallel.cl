{{- /* The kernel of a PureParallel: one work-item per index of the guiding
    shape, its indices in the variables named by .Idxs, which the code
    snippet receives first, then every parameter in the order of the
    signature (.param_names). */ -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
{{- range $i, $name := .Idxs }}
    const VSIZE_T {{ $name }} = virtual_global_id({{ $i }});
{{- end }}
{{- $args := list .Idxs }}
{{- range .param_names }}{{ $args = append $args (index $ .) }}{{ end }}

    {{ .code.CallList $args }}
}
