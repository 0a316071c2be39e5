{{- /* The vector kernel (fftVectorsBody, fftplan.Pass.Vectors) of CPU
    devices: work-item o takes the whole transforms of rows o·Rows to
    o·Rows + Rows - 1, neighbours in memory, as vectors of complex values with their real and imaginary parts
    interleaved, in the order of memory. Through the arrays' pointers
    (.src, .dst) it loads and stores whole vectors, conjugating the
    inverse's inputs and conjugating and scaling its outputs itself;
    otherwise each value goes through FFT_LOAD_ELEM and FFT_STORE_ELEM,
    which do. The stages in between are the body's lines. Each line of C
    starts with its newline. */ -}}
{{- define "fft_vectors_kernel" }}
{{- $b := .b }}{{ $g := .b.Vectors }}{{ $v := $g.VType }}{{ $c := $b.CType }}
    VIRTUAL_SKIP_THREADS;
    const unsigned int o = (unsigned int)virtual_global_id(0);
    if (o >= {{ $g.Items }})
        return;
{{- if $g.Pointers }}
    GLOBAL_MEM const {{ $b.RType }} *src = (GLOBAL_MEM const {{ $b.RType }} *)({{ .src }} + (VSIZE_T)o * {{ mul $g.Rows $b.L }});
    GLOBAL_MEM {{ $b.RType }} *dst = (GLOBAL_MEM {{ $b.RType }} *)({{ .dst }} + (VSIZE_T)o * {{ mul $g.Rows $b.L }});
{{- range $g.Vectors }}
    {{ $v }} x{{ . }} = vload{{ $g.Width }}({{ . }}, src);
{{- end }}
{{- if $b.Src.Kind.Conj }}
    if (FFT_INVERSE)
    {
{{- range $g.Vectors }}
        x{{ . }} *= {{ $g.Conj }};
{{- end }}
    }{{ end }}
{{- else }}
{{- range $g.Loads }}
    {{ $v }} x{{ .V }};
    {
{{- range $i, $e := .Values }}{{ $row := "o" }}{{ if gt $g.Rows 1 }}{{ $row = printf "o * %d + %d" $g.Rows $e.Row }}{{ end }}
        const {{ $c }} e{{ $i }} = {{ if $b.Src.Short }}{{ $e.N }} >= {{ $b.Src.Length }} ? COMPLEX_CTR({{ $c }})({{ $b.Zero }}, {{ $b.Zero }}) : {{ end }}FFT_LOAD_ELEM({{ $row }}, {{ $e.N }}, 0);
{{- end }}
        x{{ .V }} = ({{ $v }})({{ range $i, $e := .Values }}{{ if $i }}, {{ end }}e{{ $i }}.x, e{{ $i }}.y{{ end }});
    }
{{- end }}
{{- end }}
{{- range $g.Lines }}
    {{ . }}
{{- end }}
{{- if $g.Pointers }}
{{- if $b.Dst.Kind.Conj }}
    const int conj = FFT_INVERSE;
{{- range $i, $y := $g.Outputs }}
    vstore{{ $g.Width }}(conj ? {{ $y }} * {{ $g.ConjScale }} : {{ $y }}, {{ $i }}, dst);
{{- end }}
{{- else }}
{{- range $i, $y := $g.Outputs }}
    vstore{{ $g.Width }}({{ $y }}, {{ $i }}, dst);
{{- end }}{{ end }}
{{- else }}
{{- range $g.Stores }}{{ $y := index $g.Outputs .V }}
{{- range $i, $e := .Values }}{{ $row := "o" }}{{ if gt $g.Rows 1 }}{{ $row = printf "o * %d + %d" $g.Rows $e.Row }}{{ end }}
    {{ if $b.Dst.Short }}if ({{ $e.N }} < {{ $b.Dst.Length }}) {{ end }}FFT_STORE_ELEM({{ $row }}, {{ $e.N }}, 0, COMPLEX_CTR({{ $c }})({{ $y }}.s{{ printf "%x" (mul 2 $i) }}, {{ $y }}.s{{ printf "%x" (add (mul 2 $i) 1) }}));
{{- end }}
{{- end }}
{{- end }}
{{- end }}
