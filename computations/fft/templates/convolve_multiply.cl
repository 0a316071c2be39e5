{{- /* The product of the signal's spectrum with the filter's: the code of
    the transformation connected to the input of the inverse FFT
    (convolveMultiply). The filter's spectrum lacks the batch axes the
    filter serves whole; Idx lists, for each of its axes, the index of
    the product's that runs along it. */ -}}
{{- $c := .convolve }}
    {
        const {{ $c.CType }} conv_a = {{ .product.LoadSame }};
        const {{ $c.CType }} conv_b = {{ .spectrum.LoadIdx }}({{ range $i, $x := $c.Idx }}{{ if $i }}, {{ end }}{{ index $.Idxs $x }}{{ end }});
        {{ .output.StoreSame }}(COMPLEX_CTR({{ $c.CType }})(conv_a.x * conv_b.x - conv_a.y * conv_b.y, conv_a.x * conv_b.y + conv_a.y * conv_b.x));
    }
