{{- /* The lanes kernel (fftLanesBody, fftplan.Pass.Lanes) of a private pass
    after the first on CPU devices: each work-item takes the
    butterflies j to j + lanes - 1 of one transform, each value v[m]
    holding element m of every lane, the real parts in its low half and
    the imaginary parts in its high half. Loads and stores move whole
    vectors through the pointers of the arrays (.src, .dst and the pass
    twiddles' table, .tw), which the compiler keeps in vector registers
    where it leaves loops over complex values alone. The first pass (NS =
    1) conjugates the inverse's inputs and stores each lane's outputs as a
    row, the lanes transposed; the last one conjugates and scales the
    inverse's outputs. Each line of C
    starts with its newline. */ -}}
{{- define "fft_lanes_kernel" }}
{{- $b := .b }}{{ $g := .b.Lanes }}{{ $v := $g.VType }}{{ $w := $g.Width }}
    VIRTUAL_SKIP_THREADS;
    const unsigned int u = (unsigned int)virtual_global_id(0) * {{ $g.Lanes }};
    if (u >= {{ $b.Count }})
        return;
    const unsigned int j = u % {{ $b.NJ }};
    const VSIZE_T row = (VSIZE_T)(u / {{ $b.NJ }}) * {{ $g.N }};
{{- if $g.SrcPairs }}
    // The real input's values x[2n], x[2n+1] are the complex values n.
    GLOBAL_MEM const {{ $b.RType }} *src = (GLOBAL_MEM const {{ $b.RType }} *){{ .src }} + 2 * row;
{{- else }}
    GLOBAL_MEM const {{ $b.RType }} *src = (GLOBAL_MEM const {{ $b.RType }} *)({{ .src }} + row);
{{- end }}
    GLOBAL_MEM {{ $b.RType }} *dst = (GLOBAL_MEM {{ $b.RType }} *)({{ .dst }} + row);
{{- with .tw }}
    GLOBAL_MEM const {{ $b.RType }} *tw = (GLOBAL_MEM const {{ $b.RType }} *){{ . }};{{ end }}
    const unsigned int kt = {{ if eq $b.NS 1 }}0{{ else }}j % {{ $b.NS }}{{ end }};
    {{ $v }} v[{{ $b.L }}];
{{- range $g.Elements }}
    {
        const {{ $v }} e = vload{{ $w }}(0, src + 2 * (j + {{ . }} * {{ $b.NJ }}));
        v[{{ . }}] = ({{ $v }})(e.even, e.odd);
{{- if $b.Src.Kind.Conj }}
        if (FFT_INVERSE)
            v[{{ . }}] = ({{ $v }})(v[{{ . }}].lo, -v[{{ . }}].hi);{{ end }}
{{- if and (gt . 0) (gt $b.NS 1) }}
{{- if $b.Twiddle.Split }}
        const {{ $v }} lo = vload{{ $w }}(0, tw + 2 * ({{ . }} * {{ $b.Twiddle.Block }} + kt % {{ $b.Twiddle.Block }}));
        const {{ $b.CType }} hi = TW_PASS_HI({{ . }} * {{ $b.Twiddle.Rows }} + kt / {{ $b.Twiddle.Block }});
        v[{{ . }}] = _lanes_mul(v[{{ . }}], _lanes_mul(({{ $v }})(lo.even, lo.odd), ({{ $v }})(({{ $g.HType }})(hi.x), ({{ $g.HType }})(hi.y))));
{{- else }}
        const {{ $v }} w = vload{{ $w }}(0, tw + 2 * ({{ . }} * {{ $b.NS }} + kt));
        v[{{ . }}] = _lanes_mul(v[{{ . }}], ({{ $v }})(w.even, w.odd));{{ end }}{{ end }}
    }
{{- end }}
    {{ index $b.Butterflies $b.L }}({{ range $i, $m := $g.Elements }}{{ if $i }}, {{ end }}v[{{ $m }}]{{ end }});
    const unsigned int pos = (j - kt) * {{ $b.L }} + kt;
{{- with $b.Dst.Kind }}{{ if .Conj }}
    // The inverse's outputs, conjugated and scaled
    if (FFT_INVERSE)
    {
{{- range $g.Elements }}
        v[{{ . }}] = ({{ $v }})(v[{{ . }}].lo, -v[{{ . }}].hi) * {{ $b.Dst.Kind.Scale }};
{{- end }}
    }{{ end }}{{ end }}
{{- if eq $b.NS 1 }}
    // Each lane's outputs are a row of {{ $b.L }}: the lanes transposed, {{ $g.Lanes }} outputs at a time.
{{- range $g.Rows }}
    vstore{{ $w }}(({{ $v }})({{ .Parts }}), 0, dst + 2 * (pos + {{ .Off }}));
{{- end }}
{{- else }}
{{- range $g.Elements }}
    vstore{{ $w }}(shuffle2(v[{{ . }}].lo, v[{{ . }}].hi, {{ $g.Interleave }}), 0, dst + 2 * (pos + {{ . }} * {{ $b.NS }}));
{{- end }}{{ end }}
{{- end }}
