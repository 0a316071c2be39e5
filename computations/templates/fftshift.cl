{{- /*
The kernels of FFTShift. .axes has an entry for every axis of the arrays
(see fftShiftAxis): whether it is shifted, its length, and half of it
rounded down (.Floor) and up (.Ceil).

fftshift_gather writes every element of the output from the input element
.Ceil positions further along each shifted axis, cyclically, or .Floor
positions further for the inverse shift (numpy's fftshift and ifftshift).

fftshift_swap runs where every shifted length is even, over the first half
of the axis marked .Halved and the whole of the others: each work-item
reads the element at its index and the one half a length away along every
shifted axis, and writes each where the other was. Both shifts are this
swap then, and as each work-item reads its two elements before writing
them, the output may be the input.
*/ -}}

{{- define "fftshift_gather" -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
{{- range $d, $a := .axes }}
    const VSIZE_T i{{ $d }} = virtual_global_id({{ $d }});
{{- if $a.Shifted }}
    const VSIZE_T h{{ $d }} = i{{ $d }} + ({{ $.inverse }} ? {{ $a.Floor }} : {{ $a.Ceil }});
    const VSIZE_T s{{ $d }} = h{{ $d }} < {{ $a.Length }} ? h{{ $d }} : h{{ $d }} - {{ $a.Length }};
{{- else }}
    const VSIZE_T s{{ $d }} = i{{ $d }};
{{- end }}
{{- end }}
    {{ .output.StoreIdx }}(
        {{- range $d, $a := .axes }}i{{ $d }}, {{ end -}}
        {{ .input.LoadIdx }}({{ range $d, $a := .axes }}{{ if $d }}, {{ end }}s{{ $d }}{{ end }}));
}
{{- end -}}

{{- define "fftshift_swap" -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
{{- range $d, $a := .axes }}
    const VSIZE_T i{{ $d }} = virtual_global_id({{ $d }});
{{- if $a.Halved }}
    const VSIZE_T p{{ $d }} = i{{ $d }} + {{ $a.Floor }};
{{- else if $a.Shifted }}
    const VSIZE_T p{{ $d }} = i{{ $d }} < {{ $a.Floor }} ? i{{ $d }} + {{ $a.Floor }} : i{{ $d }} - {{ $a.Floor }};
{{- else }}
    const VSIZE_T p{{ $d }} = i{{ $d }};
{{- end }}
{{- end }}
    const {{ .input.CType }} here = {{ .input.LoadIdx }}({{ range $d, $a := .axes }}{{ if $d }}, {{ end }}i{{ $d }}{{ end }});
    const {{ .input.CType }} there = {{ .input.LoadIdx }}({{ range $d, $a := .axes }}{{ if $d }}, {{ end }}p{{ $d }}{{ end }});
    {{ .output.StoreIdx }}({{ range $d, $a := .axes }}i{{ $d }}, {{ end }}there);
    {{ .output.StoreIdx }}({{ range $d, $a := .axes }}p{{ $d }}, {{ end }}here);
}
{{- end -}}
