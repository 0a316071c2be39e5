{{- /*
Arithmetic modules. Each template defines one C function named by the
module's prefix. The Go side passes the dtypes, and operands (V for a real
value, X and Y for the parts of a complex one) already converted to the
precision the operation works in; see functions.go.
*/ -}}

{{- define "mul" -}}
WITHIN_KERNEL INLINE {{ ctype .out }} {{ .prefix }}({{ .params }})
{
{{- range .steps }}
    const {{ ctype .Type }} {{ .Name }} =
    {{- $c := ctype .Type }}
    {{- if and .A.Complex .B.Complex }} COMPLEX_CTR({{ $c }})(
        {{ .A.X }} * {{ .B.X }} - {{ .A.Y }} * {{ .B.Y }},
        {{ .A.X }} * {{ .B.Y }} + {{ .A.Y }} * {{ .B.X }});
    {{- else if .A.Complex }} COMPLEX_CTR({{ $c }})({{ .A.X }} * {{ .B.V }}, {{ .A.Y }} * {{ .B.V }});
    {{- else if .B.Complex }} COMPLEX_CTR({{ $c }})({{ .A.V }} * {{ .B.X }}, {{ .A.V }} * {{ .B.Y }});
    {{- else if .Wrap }} ({{ $c }})(({{ .Wrap }}){{ .A.V }} * ({{ .Wrap }}){{ .B.V }});
    {{- else }} {{ .A.V }} * {{ .B.V }};
    {{- end }}
{{- end }}
    return {{ .result }};
}
{{ end -}}

{{- define "add" -}}
WITHIN_KERNEL INLINE {{ ctype .out }} {{ .prefix }}({{ .params }})
{
{{- range .steps }}
    const {{ ctype .Type }} {{ .Name }} =
    {{- $c := ctype .Type }}
    {{- if and .A.Complex .B.Complex }} COMPLEX_CTR({{ $c }})({{ .A.X }} + {{ .B.X }}, {{ .A.Y }} + {{ .B.Y }});
    {{- else if .A.Complex }} COMPLEX_CTR({{ $c }})({{ .A.X }} + {{ .B.V }}, {{ .A.Y }});
    {{- else if .B.Complex }} COMPLEX_CTR({{ $c }})({{ .A.V }} + {{ .B.X }}, {{ .B.Y }});
    {{- else if .Wrap }} ({{ $c }})(({{ .Wrap }}){{ .A.V }} + ({{ .Wrap }}){{ .B.V }});
    {{- else }} {{ .A.V }} + {{ .B.V }};
    {{- end }}
{{- end }}
    return {{ .result }};
}
{{ end -}}

{{- define "div" -}}
{{- $w := ctype .work }}{{ $r := ctype .work.Real -}}
WITHIN_KERNEL INLINE {{ ctype .out }} {{ .prefix }}({{ ctype .in1 }} a, {{ ctype .in2 }} b)
{
{{- if .B.Complex }}
    const {{ $r }} n = {{ .B.X }} * {{ .B.X }} + {{ .B.Y }} * {{ .B.Y }};
{{- end }}
{{- if and .A.Complex .B.Complex }}
    const {{ $w }} q = COMPLEX_CTR({{ $w }})(
        ({{ .A.X }} * {{ .B.X }} + {{ .A.Y }} * {{ .B.Y }}) / n,
        ({{ .A.Y }} * {{ .B.X }} - {{ .A.X }} * {{ .B.Y }}) / n);
{{- else if .A.Complex }}
    const {{ $w }} q = COMPLEX_CTR({{ $w }})({{ .A.X }} / {{ .B.V }}, {{ .A.Y }} / {{ .B.V }});
{{- else if .B.Complex }}
    const {{ $w }} q = COMPLEX_CTR({{ $w }})({{ .A.V }} * {{ .B.X }} / n, -{{ .A.V }} * {{ .B.Y }} / n);
{{- else }}
    const {{ $w }} q = {{ .A.V }} / {{ .B.V }};
{{- end }}
    return {{ .result }};
}
{{ end -}}

{{- define "conj" -}}
WITHIN_KERNEL INLINE {{ ctype .dtype }} {{ .prefix }}({{ ctype .dtype }} x)
{
{{- if .dtype.IsComplex }}
    return COMPLEX_CTR({{ ctype .dtype }})(x.x, -x.y);
{{- else }}
    return x;
{{- end }}
}
{{ end -}}

{{- define "cast" -}}
WITHIN_KERNEL INLINE {{ ctype .out }} {{ .prefix }}({{ ctype .in }} x)
{
    return {{ .result }};
}
{{ end -}}

{{- define "norm" -}}
WITHIN_KERNEL INLINE {{ ctype .out }} {{ .prefix }}({{ ctype .dtype }} x)
{
{{- if .dtype.IsComplex }}
    return x.x * x.x + x.y * x.y;
{{- else }}
    return x * x;
{{- end }}
}
{{ end -}}
