{{- /* The register kernel (fftRegisterBody): each work-item holds E
    elements of one sub-transform in registers, v[i] being element
    t + tt*i, where t is the work-item's place among the tt that share the
    sub-transform. A stage of radix r takes, for each of its E/r
    butterflies p, the registers p + m*E/r (the elements jj + m*l/r with
    jj = t + p*tt), and leaves output q in register p + q*E/r. Between
    stages the outputs go through local memory to their Stockham positions
    and each work-item reads back the elements t + tt*i; after the last
    stage, register i holds output t + tt*i, in natural order. Each line of
    C starts with its newline. */ -}}
{{- define "fft_register_kernel" }}
{{- $b := . }}{{ $g := .Register }}
    VIRTUAL_SKIP_THREADS;
{{- if not $g.Private }}
    LOCAL_BUFFER({{ .CType }}, buf, {{ $g.BufElems }});
    LOCAL_MEM_ARG {{ .RType }} *rbuf = (LOCAL_MEM_ARG {{ .RType }} *)buf;{{ end }}
    const unsigned int lid = virtual_local_id(0);
    const unsigned int first = (unsigned int)virtual_group_id(0) * {{ .Tile }};
{{- if $g.Private }}
    const unsigned int s = lid, t = 0;
{{- else if $g.SFast }}
    const unsigned int s = lid % {{ .Tile }}, t = lid / {{ .Tile }};
{{- else }}
    const unsigned int s = lid / {{ $g.TT }}, t = lid % {{ $g.TT }};{{ end }}
{{- if or .Src.Rows .Dst.Rows }}
    // the tile's rows lie one after the other: its element e0 is element
    // tile_at + e0 of the array, below tile_end
    const VSIZE_T tile_at = (VSIZE_T)first * {{ .L }};
    const unsigned int tile_end = {{ if .RowsGuard }}({{ .Count }} - first < {{ .Tile }} ? {{ .Count }} - first : {{ .Tile }}) * {{ .L }}{{ else }}{{ .TileElems }}{{ end }};{{ end }}
{{- template "fft_sub_transform" (dict "b" . "u" "u" "s" "s" "i" "ii" "depth" 1) }}
    {{ .CType }} v[{{ $g.E }}];
{{- if .RowLoads }}
    // the turn over rows: sub-transform j reads the row at j·{{ .L }}, which
    // the first pass left there{{ end }}
{{- if $g.StagedLoad }}{{ template "fft_register_staged_load" . }}
{{- else }}
{{- if .Src.Linear }}
    // element m of the sub-transform is element src_at + (m - t)·{{ .NJ }} of the array
    const VSIZE_T src_at = (VSIZE_T)o * {{ .Src.Length }} + j + (VSIZE_T)t * {{ .NJ }};{{ end }}
{{- range $g.LoadRegs }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}{
        const unsigned int m = t + {{ .Off }};
{{- $at := "" }}{{ if $b.Src.Linear }}{{ $at = printf "src_at + %d" (mul .Off $b.NJ) }}{{ end }}
{{- template "fft_register_load_element" (dict "b" $b "dst" (printf "v[%d]" .M) "u" "u" "at" $at) }}
    }{{ end }}
{{- end }}
{{- template "fft_register_stages" . }}
{{- with .Fused }}
{{- with .Rader }}
    // Rader: X[0] = {{ .N }}·x[0] + the first output of the forward transform
    if (t == 0 && u < {{ $b.Count }})
    {
        const {{ $b.CType }} x0 = {{ if .Conj }}_fft_conj_if(FFT_LOAD_X0(o, ii), FFT_INVERSE){{ else }}FFT_LOAD_X0(o, ii){{ end }};
        FFT_STORE_ELEM(o, {{ .M }}, ii, _fft_conj(x0 * {{ .NLit }} + v[0]));
    }{{ end }}
{{- if $g.Relayout }}{{ template "fft_register_relayout" $b }}{{ end }}
    // {{ if .Bluestein }}Bluestein: the product with the transformed kernel{{ else if .Rader }}Rader: the product with the transformed kernel{{ else }}the product with the filter's spectrum{{ end }}, conjugated,
    // and the {{ if .Turn }}first pass of the {{ end }}transform back on the same registers
{{- $turn := .Turn }}
{{- range $g.LoadRegs }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}v[{{ .M }}] = _fft_conj(_fft_mul(v[{{ .M }}], KERNEL_B({{ if $b.KernelRows }}o, {{ end }}{{ if $b.RowLoads }}j * {{ $b.L }} + t + {{ .Off }}{{ else if $turn }}j + (t + {{ .Off }}) * {{ $b.NJ }}{{ else }}t + {{ .Off }}{{ end }}{{ if $b.KernelRows }}, ii{{ end }})));{{ end }}
{{- template "fft_register_stages" $b }}
{{- end }}
{{- if .Twisted }}{{ template "rfft_register_twist_store" . }}
{{- else if $g.StagedStore }}{{ template "fft_register_staged_store" . }}
{{- else }}
{{- if .Dst.Linear }}
    // output q goes to element dst_at + (q - t)·{{ .StoreNS }} of the array
    const VSIZE_T dst_at = (VSIZE_T)o * {{ .Dst.Length }} + {{ if gt .StoreNS 1 }}(j - j % {{ .StoreNS }}) * {{ .L }} + j % {{ .StoreNS }}{{ else }}(VSIZE_T)j * {{ .L }}{{ end }} + (VSIZE_T)t * {{ .StoreNS }};{{ end }}
{{- range $g.StoreRegs }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}{
        const unsigned int q = t + {{ .Off }};
{{- $at := "" }}{{ if $b.Dst.Linear }}{{ $at = printf "dst_at + %d" (mul .Off $b.StoreNS) }}{{ end }}
{{- template "fft_register_store_element" (dict "b" $b "src" (printf "v[%d]" .M) "u" "u" "tile_guard" false "at" $at) }}
    }{{ end }}
{{- end }}
{{- end }}

{{- /* fft_register_relayout moves the outputs of the stages, which
    uneven stages leave elsewhere than the inputs were (StoreRegs), back to
    the registers of the inputs (LoadRegs) through local memory, a part at
    a time, for the transform back. */ -}}
{{- define "fft_register_relayout" }}
{{- $g := .Register }}
    // the outputs back to the registers of the inputs
{{- range $part := $g.Parts }}{{ $arr := "buf" }}{{ if $part }}{{ $arr = "rbuf" }}{{ end }}
    LOCAL_BARRIER;
{{- range $g.StoreRegs }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}{{ $arr }}[s * {{ $g.FullRow }} + FFT_PAD(t + {{ .Off }})] = v[{{ .M }}]{{ $part }};{{ end }}
    LOCAL_BARRIER;
{{- range $g.LoadRegs }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}v[{{ .M }}]{{ $part }} = {{ $arr }}[s * {{ $g.FullRow }} + FFT_PAD(t + {{ .Off }})];{{ end }}
{{- end }}
{{- end }}

{{- /* fft_register_stages: the radix stages of the transform, each
    followed by its exchange except the last. */ -}}
{{- define "fft_register_stages" }}
{{- $b := . }}{{ $g := .Register }}
{{- range $g.Stages }}
    // radix {{ .Radix }} after stages of {{ .NsIn }}
{{- template "fft_register_butterflies" (dict "b" $b "st" .) }}
{{- with .Exchange }}{{ if $g.Private }}{{ template "fft_private_exchange" (dict "b" $b "x" .) }}{{ else }}{{ template "fft_register_exchange" (dict "b" $b "x" .) }}{{ end }}{{ end }}
{{- end }}
{{- end }}

{{- /* fft_register_load_element loads element m of the sub-transform
    (o, j, ii) into .dst (FFT_LOAD_ELEM), or zero where sub-transform .u
    is past the last one or the position past the input, times the pass
    twiddle. */ -}}
{{- define "fft_register_load_element" }}
{{- $b := .b }}
{{- if .at }}
        {{ $b.CType }} e = COMPLEX_CTR({{ $b.CType }})({{ $b.Zero }}, {{ $b.Zero }});
        if ({{ .u }} < {{ $b.Count }})
            e = FFT_LOAD_ELEM(0, {{ .at }}, 0);
{{- else }}
        const unsigned int pos = {{ if $b.RowLoads }}j * {{ $b.L }} + m{{ else }}j + m * {{ $b.NJ }}{{ end }};
        {{ $b.CType }} e = COMPLEX_CTR({{ $b.CType }})({{ $b.Zero }}, {{ $b.Zero }});
        if ({{ .u }} < {{ $b.Count }}{{ if $b.Src.Short }} && pos < {{ $b.Src.Length }}{{ end }})
            e = FFT_LOAD_ELEM(o, pos, ii);{{ end }}
{{- if gt $b.NS 1 }}{{ template "fft_twiddle" (dict "b" $b "v" "e" "depth" 2) }}{{ end }}
        {{ .dst }} = e;
{{- end }}

{{- /* fft_register_store_element stores .src as output q of the
    sub-transform (o, j, ii) (FFT_STORE_ELEM), unless sub-transform .u
    is past the last one, the position past the output or, with
    .tile_guard, element e0 past the tile. One condition guards the whole
    store: PoCL 3.1 miscompiles a guard nested in another one here
    (sub-transforms came out as zeros). */ -}}
{{- define "fft_register_store_element" }}
{{- $b := .b }}
{{- if .at }}
        if ({{ .u }} < {{ $b.Count }})
            FFT_STORE_ELEM(0, {{ .at }}, 0, {{ .src }});
{{- else }}
{{- template "fft_store_position" (dict "b" $b "depth" 2) }}
        if ({{ if .tile_guard }}e0 < {{ $b.TileElems }} && {{ end }}{{ .u }} < {{ $b.Count }}{{ if $b.Dst.Short }} && pos < {{ $b.Dst.Length }}{{ end }})
            FFT_STORE_ELEM(o, pos, ii, {{ .src }});{{ end }}
{{- end }}

{{- /* fft_register_butterflies: the butterflies of the stage .st, each
    on its registers after the stage twiddles. */ -}}
{{- define "fft_register_butterflies" }}
{{- $b := .b }}{{ $st := .st }}
{{- range $st.Butterflies }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}{
        const unsigned int jj = t + {{ .First }}, k = jj % {{ $st.NsIn }};
{{- range .Twiddles }}
        v[{{ .M }}] = _fft_mul(v[{{ .M }}], TW_INNER({{ .Off }} + k));{{ end }}
        {{ index $b.Butterflies $st.Radix }}({{ range $i, $r := .Regs }}{{ if $i }}, {{ end }}v[{{ $r }}]{{ end }});
    }{{ end }}
{{- end }}

{{- /* fft_register_exchange moves the outputs of a stage to their
    Stockham positions (jj - k)*r + k + q*ns_in through local memory and
    reads back the elements t + tt*i, a round (chunk of positions and part)
    at a time. With chunks, the elements read back for one chunk would
    overwrite registers whose values later chunks still write: they are
    read into nv. */ -}}
{{- define "fft_register_exchange" }}
{{- $b := .b }}{{ $x := .x }}{{ $dst := "v" }}
{{- if $x.Chunked }}{{ $dst = "nv" }}
    {
    {{ $b.CType }} nv[{{ $x.E }}];{{ end }}
{{- range $round := $x.Rounds }}{{ $arr := "buf" }}{{ if .Part }}{{ $arr = "rbuf" }}{{ end }}
    LOCAL_BARRIER;
{{- range $x.Writes }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}{
        const unsigned int jj = t + {{ .First }}, k = jj % {{ $x.NsIn }};
        const unsigned int y0 = (jj - k) * {{ $x.Radix }} + k;
{{- range .Elems }}
{{- if $x.Chunked }}
        if (y0 + {{ .Off }} - {{ $round.Lo }} < {{ $x.ChunkLen }}) {{ $arr }}[s * {{ $x.Row }} + FFT_PAD(y0 + {{ .Off }} - {{ $round.Lo }})] = v[{{ .M }}]{{ $round.Part }};
{{- else }}
        {{ $arr }}[s * {{ $x.Row }} + FFT_PAD(y0 + {{ .Off }})] = v[{{ .M }}]{{ $round.Part }};{{ end }}
{{- end }}
    }{{ end }}
    LOCAL_BARRIER;
{{- range .Reads }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}{{ $dst }}[{{ .M }}]{{ $round.Part }} = {{ $arr }}[s * {{ $x.Row }} + FFT_PAD(t + {{ .Off }})];{{ end }}
{{- end }}
{{- if $x.Chunked }}
{{- range $b.Register.Regs }}
    v[{{ .M }}] = nv[{{ .M }}];{{ end }}
    }{{ end }}
{{- end }}

{{- /* fft_private_exchange moves the outputs of a stage to their
    Stockham positions (jj - k)*r + k + q*ns_in in an array of the
    work-item's own, which holds the whole sub-transform (t == 0), and
    reads the registers back in order: no barrier, and with every index
    known to the compiler the array can live in registers. */ -}}
{{- define "fft_private_exchange" }}
{{- $b := .b }}{{ $x := .x }}
    {
        {{ $b.CType }} x[{{ $b.Register.L }}];
{{- range $x.Writes }}
        {
            const unsigned int jj = t + {{ .First }}, k = jj % {{ $x.NsIn }};
            const unsigned int y0 = (jj - k) * {{ $x.Radix }} + k;
{{- range .Elems }}
            x[y0 + {{ .Off }}] = v[{{ .M }}];{{ end }}
        }{{ end }}
{{- range $b.Register.Regs }}
        v[{{ .M }}] = x[{{ .Off }}];{{ end }}
    }
{{- end }}

{{- /* fft_register_staged_load loads the tile's elements in the order of
    their addresses (consecutive work-items take consecutive elements of a
    row) into local memory, and each work-item reads
    its registers from there. */ -}}
{{- define "fft_register_staged_load" }}
{{- $g := .Register }}
    UNROLL_LOOP
    for (unsigned int r = 0; r < {{ .Loops }}; r++)
    {
        const unsigned int e0 = lid + r * {{ .WG }};
{{- if .LoopGuard }}
        if (e0 >= {{ .TileElems }}) break;{{ end }}
{{- if .Src.Rows }}
        {{ .CType }} val = COMPLEX_CTR({{ .CType }})({{ .Zero }}, {{ .Zero }});
        if (e0 < tile_end)
            val = FFT_LOAD_ELEM(0, tile_at + e0, 0);
        buf[{{ template "fft_register_tile_local" . }}] = val;
{{- else }}
        const unsigned int sl = e0 / {{ .L }}, m = e0 % {{ .L }};
{{- template "fft_sub_transform" (dict "b" . "u" "ul" "s" "sl" "i" "ii" "depth" 2) }}
        {{ .CType }} val;
{{- template "fft_register_load_element" (dict "b" . "dst" "val" "u" "ul" "at" "") }}
        buf[sl * {{ $g.FullRow }} + FFT_PAD(m)] = val;{{ end }}
    }
    LOCAL_BARRIER;
{{- range $g.LoadRegs }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}v[{{ .M }}] = buf[s * {{ $g.FullRow }} + FFT_PAD(t + {{ .Off }})];{{ end }}
    LOCAL_BARRIER;
{{- end }}

{{- /* fft_register_staged_store writes the registers to local memory and
    stores the tile in the order of its addresses, a part at a time: with
    ns == 1 a pass's sub-transforms (consecutive j) write consecutive rows
    of l. */ -}}
{{- define "fft_register_staged_store" }}
{{- $b := . }}{{ $g := .Register }}
    {{ .CType }} out[{{ .Loops }}];
{{- range $part := $g.Parts }}{{ $arr := "buf" }}{{ if $part }}{{ $arr = "rbuf" }}{{ end }}
    LOCAL_BARRIER;
{{- range $g.StoreRegs }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}{{ $arr }}[s * {{ $g.FullRow }} + FFT_PAD(t + {{ .Off }})] = v[{{ .M }}]{{ $part }};{{ end }}
    LOCAL_BARRIER;
{{- range $g.StoreRuns }}
    {
        const unsigned int e0 = lid + {{ .Off }};
        if (e0 < {{ $b.TileElems }}) out[{{ .M }}]{{ $part }} = {{ $arr }}[{{ template "fft_register_tile_local" $b }}];
    }{{ end }}
{{- end }}
{{- range $g.StoreRuns }}
    {
        const unsigned int e0 = lid + {{ .Off }};
{{- if $b.Dst.Rows }}
        if (e0 < tile_end)
            FFT_STORE_ELEM(0, tile_at + e0, 0, out[{{ .M }}]);
{{- else }}
        const unsigned int sl = e0 / {{ $b.L }}, q = e0 % {{ $b.L }};
{{- template "fft_sub_transform" (dict "b" $b "u" "ul" "s" "sl" "i" "ii" "depth" 2) }}
{{- template "fft_register_store_element" (dict "b" $b "src" (printf "out[%d]" .M) "u" "ul" "tile_guard" true "at" "") }}{{ end }}
    }{{ end }}
{{- end }}

{{- /* fft_register_tile_local is the place in local memory of element e0
    of the tile, in the order of addresses: e0 itself where the rows are
    L long without padding (Dense). */ -}}
{{- define "fft_register_tile_local" }}
{{- if .Register.Dense }}e0{{ else }}(e0 / {{ .L }}) * {{ .Register.FullRow }} + FFT_PAD(e0 % {{ .L }}){{ end }}
{{- end }}
