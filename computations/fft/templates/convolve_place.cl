{{- /* The filter placed in the period of the transforms, conjugated for a
    correlation and scaled by the inverse transform's normalization: the
    code of the transformation connected to the input of the filter's FFT
    (convolvePlacement). Output element (spectrum indices) q along a
    convolved axis holds filter tap j = (q + Shift) mod T, reversed
    (m-1-j) for a linear correlation, or j = -q mod T for a circular one,
    and zero where j is past the filter. */ -}}
{{- $c := .convolve }}
    {{ $c.CType }} conv_v = COMPLEX_CTR({{ $c.CType }})({{ $c.Zero }}, {{ $c.Zero }});
    int conv_in = 1;
{{- range $c.Axes }}
{{- if .Convolved }}
{{- $q := index $.Idxs .Spectrum }}
{{- if $c.CircularReverse }}
    const VSIZE_T conv_j{{ .Filter }} = {{ $q }} == 0 ? 0 : {{ .T }} - {{ $q }};
{{- else if .Shift }}
    const VSIZE_T conv_j{{ .Filter }} = {{ $q }} + {{ .Shift }} >= {{ .T }} ? {{ $q }} + {{ .Shift }} - {{ .T }} : {{ $q }} + {{ .Shift }};
{{- else }}
    const VSIZE_T conv_j{{ .Filter }} = {{ $q }};{{ end }}
    conv_in = conv_in && conv_j{{ .Filter }} < {{ .M }};{{ end }}
{{- end }}
    if (conv_in)
    {
        const {{ $c.CType }} conv_f = {{ .filter.LoadIdx }}(
{{- range $i, $a := $c.Axes }}{{ if $i }}, {{ end }}
{{- if .Convolved }}{{ if $c.Reverse }}{{ .M }} - 1 - conv_j{{ .Filter }}{{ else }}conv_j{{ .Filter }}{{ end }}
{{- else if .Broadcast }}0{{ else }}{{ index $.Idxs .Spectrum }}{{ end }}
{{- end }});
        conv_v = COMPLEX_CTR({{ $c.CType }})(conv_f.x * {{ $c.Scale }}, {{ if $c.Conj }}-{{ end }}conv_f.y * {{ $c.Scale }});
    }
    {{ .output.StoreSame }}(conv_v);
