{{- /* The vector kernel (fftVectorsBody, fftplan.Pass.Vectors) of CPU
    devices: work-item o takes the whole transforms of rows o·Rows to
    o·Rows + Rows - 1, neighbours in memory, as vectors of complex values
    with their real and imaginary parts interleaved, in the order of
    memory. Through the arrays' pointers (.src, .dst) it loads and stores
    whole vectors, conjugating the inverse's inputs and conjugating and
    scaling its outputs itself; otherwise each value goes through
    FFT_LOAD_ELEM and FFT_STORE_ELEM, which do, and so do the values of
    the last work-item where it has fewer rows than Rows (Tail), its
    missing rows zeros that it does not store. The stages in between are
    the body's lines. Each line of C starts with its newline. */ -}}
{{- define "fft_vectors_kernel" }}
{{- $b := .b }}{{ $g := .b.Vectors }}{{ $v := $g.VType }}
    VIRTUAL_SKIP_THREADS;
    const unsigned int o = (unsigned int)virtual_global_id(0);
    if (o >= {{ $g.Items }})
        return;
{{- range $g.Vectors }}
    {{ $v }} x{{ . }};
{{- end }}
{{- if $g.Pointers }}
    GLOBAL_MEM const {{ $b.RType }} *src = (GLOBAL_MEM const {{ $b.RType }} *)({{ .src }} + (VSIZE_T)o * {{ mul $g.Rows $b.L }});
    GLOBAL_MEM {{ $b.RType }} *dst = (GLOBAL_MEM {{ $b.RType }} *)({{ .dst }} + (VSIZE_T)o * {{ mul $g.Rows $b.L }});
{{- if $g.Tail }}
    if (o < {{ $g.Full }})
    {{ "{" }}{{ end }}
{{- range $g.Vectors }}
    x{{ . }} = vload{{ $g.Width }}({{ . }}, src);
{{- end }}
{{- if $b.Src.Kind.Conj }}
    if (FFT_INVERSE)
    {
{{- range $g.Vectors }}
        x{{ . }} *= {{ $g.Conj }};
{{- end }}
    }{{ end }}
{{- if $g.Tail }}
    }
    else
    {
{{- template "fft_vectors_load_elems" $b }}
    }{{ end }}
{{- else }}
{{- template "fft_vectors_load_elems" $b }}
{{- end }}
{{- range $g.Lines }}
    {{ . }}
{{- end }}
{{- if $g.Pointers }}
{{- if $g.Tail }}
    if (o < {{ $g.Full }})
    {{ "{" }}{{ end }}
{{- if $b.Dst.Kind.Conj }}
    const int conj = FFT_INVERSE;
{{- range $i, $y := $g.Outputs }}
    vstore{{ $g.Width }}(conj ? {{ $y }} * {{ $g.ConjScale }} : {{ $y }}, {{ $i }}, dst);
{{- end }}
{{- else }}
{{- range $i, $y := $g.Outputs }}
    vstore{{ $g.Width }}({{ $y }}, {{ $i }}, dst);
{{- end }}{{ end }}
{{- if $g.Tail }}
    }
    else
    {
{{- template "fft_vectors_store_elems" $b }}
    }{{ end }}
{{- else }}
{{- template "fft_vectors_store_elems" $b }}
{{- end }}
{{- end }}

{{- /* fft_vectors_load_elems loads the vectors value by value: the row
    of the work-item's value, guarded where the last work-item has fewer
    rows (Tail), and the position in it, guarded where the source is
    shorter than the transform. */ -}}
{{- define "fft_vectors_load_elems" }}
{{- $b := . }}{{ $g := .Vectors }}{{ $c := .CType }}
{{- range $g.Elems }}
    {
{{- range $i, $e := .Values }}{{ $row := "o" }}{{ if gt $g.Rows 1 }}{{ $row = printf "o * %d + %d" $g.Rows $e.Row }}{{ end }}
{{- $zero := printf "COMPLEX_CTR(%s)(%s, %s)" $c $b.Zero $b.Zero }}
{{- $load := printf "FFT_LOAD_ELEM(%s, %d, 0)" $row $e.N }}
{{- if $b.Src.Short }}{{ $load = printf "%d >= %d ? %s : %s" $e.N $b.Src.Length $zero $load }}{{ end }}
{{- if $g.Tail }}{{ $load = printf "%s >= %d ? %s : %s" $row $g.Count $zero $load }}{{ end }}
        const {{ $c }} e{{ $i }} = {{ $load }};
{{- end }}
        x{{ .V }} = ({{ $g.VType }})({{ range $i, $e := .Values }}{{ if $i }}, {{ end }}e{{ $i }}.x, e{{ $i }}.y{{ end }});
    }
{{- end }}
{{- end }}

{{- /* fft_vectors_store_elems stores the outputs value by value, the rows
    past the last and positions past a shorter destination left alone. */ -}}
{{- define "fft_vectors_store_elems" }}
{{- $b := . }}{{ $g := .Vectors }}{{ $c := .CType }}
{{- range $g.Elems }}{{ $y := index $g.Outputs .V }}
{{- range $i, $e := .Values }}{{ $row := "o" }}{{ if gt $g.Rows 1 }}{{ $row = printf "o * %d + %d" $g.Rows $e.Row }}{{ end }}
{{- $guard := "" }}
{{- if $b.Dst.Short }}{{ $guard = printf "%d < %d" $e.N $b.Dst.Length }}{{ end }}
{{- if $g.Tail }}{{ $rg := printf "%s < %d" $row $g.Count }}{{ if $guard }}{{ $guard = printf "%s && %s" $guard $rg }}{{ else }}{{ $guard = $rg }}{{ end }}{{ end }}
    {{ if $guard }}if ({{ $guard }}) {{ end }}FFT_STORE_ELEM({{ $row }}, {{ $e.N }}, 0, COMPLEX_CTR({{ $c }})({{ $y }}.s{{ printf "%x" (mul 2 $i) }}, {{ $y }}.s{{ printf "%x" (add (mul 2 $i) 1) }}));
{{- end }}
{{- end }}
{{- end }}
