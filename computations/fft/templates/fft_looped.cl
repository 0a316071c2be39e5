{{- /* The looped kernel (fftLoopedBody, fftplan.Pass.Looped) of a CPU
    device: each work-item transforms the sub-transforms u to u + lanes - 1
    whole (rows, or with elements after the axis neighbouring columns),
    value n of its arrays x and y holding element n of every row, the
    real parts in the low half and the imaginary parts in the high half.
    It reads the rows once, runs every Stockham stage as a loop from one
    array into the other, and writes the rows once; the loads and stores
    go element by element through FFT_LOAD_ELEM and FFT_STORE_ELEM, so
    the ends' kinds (the inverse's conjugation and scale, a real
    transform's pairs and untwist) and the transformations apply as in
    every pass; a real transform's twist combines each row's outputs q
    and L - q before they are stored. Each line of C starts with its
    newline. */ -}}
{{- define "fft_looped_kernel" }}
{{- $b := . }}{{ $g := .Looped }}{{ $v := $g.VType }}
    VIRTUAL_SKIP_THREADS;
    const unsigned int u = (unsigned int)virtual_global_id(0) * {{ $g.Lanes }};
    if (u >= {{ $b.Count }})
        return;
    // The sub-transforms of the lanes (outer index o, inner index i), the last one again where fewer remain
{{- range $g.Lane }}
    const unsigned int s{{ .I }} = u + {{ .I }} < {{ $b.Count }} ? u + {{ .I }} : {{ $b.Count }} - 1;
{{- if eq $b.Inner 1 }}
    const unsigned int o{{ .I }} = s{{ .I }}, i{{ .I }} = 0;
{{- else }}
    const unsigned int o{{ .I }} = s{{ .I }} / {{ $b.Inner }}, i{{ .I }} = s{{ .I }} % {{ $b.Inner }};{{ end }}{{ end }}
    {{ $v }} x[{{ $b.L }}], y[{{ $b.L }}];
    for (unsigned int n = 0; n < {{ $b.L }}; n++)
    {
{{- range $g.Lane }}
        const {{ $b.CType }} e{{ .I }} = {{ if $b.Src.Short }}n >= {{ $b.Src.Length }} ? COMPLEX_CTR({{ $b.CType }})({{ $b.Zero }}, {{ $b.Zero }}) : {{ end }}FFT_LOAD_ELEM(o{{ .I }}, n, i{{ .I }});{{ end }}
        x[n] = ({{ $v }})({{ range $g.Lane }}e{{ .I }}.x, {{ end }}{{ range $i, $l := $g.Lane }}{{ if $i }}, {{ end }}e{{ $l.I }}.y{{ end }});
    }
{{- range $g.Stages }}{{ $st := . }}
    // radix {{ .Radix }} after stages of {{ .NsIn }}: {{ .From }} to {{ .To }}
    for (unsigned int k = 0; k < {{ .NsIn }}; k++)
    {
{{- range $i, $off := .Twiddles }}
        const {{ $b.CType }} w{{ add $i 1 }} = TW_INNER({{ $off }} + k);{{ end }}
        for (unsigned int g = 0; g < {{ .Groups }}; g++)
        {
            const unsigned int jj = g * {{ .NsIn }} + k, y0 = g * {{ mul .NsIn .Radix }} + k;
            {{ $v }} a[{{ .Radix }}];
{{- range .Elements }}
            a[{{ . }}] = {{ if and . $st.Twiddles }}_lanes_twiddle({{ $st.From }}[jj + {{ mul . $st.Span }}], w{{ . }}){{ else }}{{ $st.From }}[jj + {{ mul . $st.Span }}]{{ end }};{{ end }}
            {{ index $b.Butterflies .Radix }}({{ range $i, $m := .Elements }}{{ if $i }}, {{ end }}a[{{ $m }}]{{ end }});
{{- range .Elements }}
            {{ $st.To }}[y0 + {{ mul . $st.NsIn }}] = a[{{ . }}];{{ end }}
        }
    }
{{- end }}
{{- if $b.Twisted }}
    // The real transform's spectrum: output q of each row from its elements q and {{ $b.L }} - q,
    // and output {{ $b.L }} with output 0
    for (unsigned int q = 0; q < {{ $b.L }}; q++)
    {
        const {{ $v }} ra = {{ $g.Result }}[q], rc = {{ $g.Result }}[q == 0 ? 0 : {{ $b.L }} - q];
{{- range $g.Lane }}
        if (u + {{ .I }} < {{ $b.Count }})
        {
            const {{ $b.CType }} a = COMPLEX_CTR({{ $b.CType }})(ra{{ .Re }}, ra{{ .Im }}), c = COMPLEX_CTR({{ $b.CType }})(rc{{ .Re }}, rc{{ .Im }});
            FFT_STORE_ELEM(o{{ .I }}, q, i{{ .I }}, _rfft_twist(a, c, q));
            if (q == 0)
                FFT_STORE_ELEM(o{{ .I }}, {{ $b.L }}, i{{ .I }}, _rfft_twist(a, a, {{ $b.L }}));
        }{{ end }}
    }
{{- else }}
    for (unsigned int n = 0; n < {{ $b.L }}; n++)
    {
        const {{ $v }} r = {{ $g.Result }}[n];
{{- range $g.Lane }}
        if (u + {{ .I }} < {{ $b.Count }}{{ if $b.Dst.Short }} && n < {{ $b.Dst.Length }}{{ end }})
            FFT_STORE_ELEM(o{{ .I }}, n, i{{ .I }}, COMPLEX_CTR({{ $b.CType }})(r{{ .Re }}, r{{ .Im }}));{{ end }}
    }
{{- end }}
{{- end }}
