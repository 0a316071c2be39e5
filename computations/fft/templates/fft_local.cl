{{- /* The local kernel (fftLocalBody): the group loads its tile into
    local memory and every stage reads and writes it there. Each line of C
    starts with its newline. */ -}}
{{- define "fft_local_kernel" }}
{{- $l := .Local }}
    VIRTUAL_SKIP_THREADS;
    LOCAL_BUFFER({{ .CType }}, buf, {{ $l.BufElems }});
    const unsigned int lid = virtual_local_id(0);
    const unsigned int first = (unsigned int)virtual_group_id(0) * {{ .Tile }};
{{- template "fft_local_load" . }}
{{- $b := . }}{{ range $l.Stages }}
    {
        // radix {{ .Radix }}, after stages of {{ .NsIn }}
{{- template "fft_local_butterfly" (dict "b" $b "st" .) }}
        LOCAL_BARRIER;
{{- template "fft_local_exchange" (dict "b" $b "st" .) }}
        LOCAL_BARRIER;
    }{{ end }}
{{- if .Twisted }}{{ template "rfft_local_twist_store" . }}{{ else }}{{ template "fft_local_store" . }}{{ end }}
{{- end }}

{{- /* fft_local_round starts round r of a loop over the tile's elements:
    element e, of sub-transform s, is its element .m. */ -}}
{{- define "fft_local_round" }}
{{- $b := .b }}
    UNROLL_LOOP
    for (unsigned int r = 0; r < {{ $b.Loops }}; r++)
    {
        const unsigned int e = lid + r * {{ $b.WG }};
{{- if $b.LoopGuard }}
        if (e >= {{ $b.TileElems }}) break;{{ end }}
{{- if .contig }}
        const unsigned int s = e / {{ $b.L }}, {{ .m }} = e % {{ $b.L }};
{{- else }}
        const unsigned int s = e % {{ $b.Tile }}, {{ .m }} = e / {{ $b.Tile }};{{ end }}
{{- end }}

{{- /* fft_local_load loads the tile: element m of sub-transform s from
    position j + m*nj along the axis (FFT_LOAD_ELEM), times the pass
    twiddle. */ -}}
{{- define "fft_local_load" }}
{{- $l := .Local }}
{{- template "fft_local_round" (dict "b" . "contig" $l.LoadContig "m" "m") }}
        {{ .CType }} v = COMPLEX_CTR({{ .CType }})({{ .Zero }}, {{ .Zero }});
        if (first + s < {{ .Count }})
        {
{{- template "fft_sub_transform" (dict "b" . "u" "u" "s" "s" "i" "i" "depth" 3) }}
            const unsigned int pos = j + m * {{ .NJ }};
            {{ if .Src.Short }}if (pos < {{ .Src.Length }}) {{ end }}v = FFT_LOAD_ELEM(o, pos, i);
{{- if gt .NS 1 }}{{ template "fft_twiddle" (dict "b" . "v" "v" "depth" 3) }}{{ end }}
        }
        buf[s * {{ $l.Row }} + FFT_PAD(m)] = v;
    }
    LOCAL_BARRIER;
{{- end }}

{{- /* fft_local_butterfly: each work-item reads the elements of its
    butterflies of the stage .st, multiplies them by the stage twiddles and
    transforms them. */ -}}
{{- define "fft_local_butterfly" }}
{{- $b := .b }}{{ $st := .st }}{{ $row := $b.Local.Row }}
{{- range $st.Items }}
        {{ $b.CType }} v{{ .Q }}[{{ $st.Radix }}];{{ end }}
{{- range $it := $st.Items }}
        const unsigned int bf{{ .Q }} = lid + {{ .First }};
        const unsigned int s{{ .Q }} = bf{{ .Q }} / {{ $st.Span }}, jj{{ .Q }} = bf{{ .Q }} % {{ $st.Span }}, k{{ .Q }} = jj{{ .Q }} % {{ $st.NsIn }};
        {{ if .Guarded }}if (bf{{ .Q }} < {{ $st.Butterflies }}) {{ end }}{
{{- range $st.Reads }}
            v{{ $it.Q }}[{{ .M }}] = buf[s{{ $it.Q }} * {{ $row }} + FFT_PAD(jj{{ $it.Q }} + {{ .Off }})];{{ end }}
{{- range $st.Twiddles }}
            v{{ $it.Q }}[{{ .M }}] = _fft_mul(v{{ $it.Q }}[{{ .M }}], TW_INNER({{ .Off }} + k{{ $it.Q }}));{{ end }}
            {{ index $b.Butterflies $st.Radix }}(v{{ .Q }});
        }{{ end }}
{{- end }}

{{- /* fft_local_exchange: each work-item writes the outputs of its
    butterflies of the stage .st to their Stockham positions
    (jj - k)*r + k + q*ns_in in local memory. */ -}}
{{- define "fft_local_exchange" }}
{{- $b := .b }}{{ $st := .st }}{{ $row := $b.Local.Row }}
{{- range $it := $st.Items }}
        {{ if .Guarded }}if (bf{{ .Q }} < {{ $st.Butterflies }}) {{ end }}{
{{- range $st.Writes }}
            buf[s{{ $it.Q }} * {{ $row }} + FFT_PAD((jj{{ $it.Q }} - k{{ $it.Q }}) * {{ $st.Radix }} + k{{ $it.Q }} + {{ .Off }})] = v{{ $it.Q }}[{{ .M }}];{{ end }}
        }{{ end }}
{{- end }}

{{- /* fft_local_store stores the tile: output q of sub-transform s
    (FFT_STORE_ELEM). */ -}}
{{- define "fft_local_store" }}
{{- $l := .Local }}
{{- template "fft_local_round" (dict "b" . "contig" $l.StoreContig "m" "q") }}
        if (first + s < {{ .Count }})
        {
{{- template "fft_sub_transform" (dict "b" . "u" "u" "s" "s" "i" "i" "depth" 3) }}
{{- template "fft_store_position" (dict "b" . "depth" 3) }}
            const {{ .CType }} v = buf[s * {{ $l.Row }} + FFT_PAD(q)];
            {{ if .Dst.Short }}if (pos < {{ .Dst.Length }}) {{ end }}FFT_STORE_ELEM(o, pos, i, v);
        }
    }
{{- end }}
