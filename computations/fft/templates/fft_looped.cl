{{- /* The looped kernel (fftLoopedBody, fftplan.Pass.Looped) of a CPU
    device: each work-item transforms the sub-transforms u to u + lanes - 1
    whole (rows, or with elements after the axis neighbouring columns),
    value n of its arrays x and y (at LOOPED_AT(n)) holding element n of every row, the
    real parts in the low half and the imaginary parts in the high half.
    It reads the rows once, runs every Stockham stage as a loop from one
    array into the other, and writes the rows once; the loads and stores
    go element by element through FFT_LOAD_ELEM and FFT_STORE_ELEM, so
    the ends' kinds (the inverse's conjugation and scale, a real
    transform's pairs and untwist) and the transformations apply as in
    every pass; a real transform's twist combines each row's outputs q
    and L - q before they are stored, and the split of a real transform's
    row pairs (realAxis.rowPairs) stores the spectra of both rows of a
    lane from them. Each line of C starts with its newline. */ -}}
{{- define "fft_looped_kernel" }}
{{- $b := .b }}{{ $g := $b.Looped }}{{ $v := $g.VType }}{{ $in := "    " }}
    VIRTUAL_SKIP_THREADS;
{{- if $g.Slots }}{{ $in = "        " }}
    // The arrays of the work-item's slot of the scratch array, and its groups of {{ $g.Lanes }} sub-transforms, {{ mul $g.Slots $g.Lanes }} apart
    GLOBAL_MEM {{ $v }} *x = (GLOBAL_MEM {{ $v }} *){{ .scratch }} + (VSIZE_T)virtual_global_id(0) * {{ mul 2 $g.Length }}, *y = x + {{ $g.Length }};
    for (unsigned int u = (unsigned int)virtual_global_id(0) * {{ $g.Lanes }}; u < {{ $b.Count }}; u += {{ mul $g.Slots $g.Lanes }})
    {
{{- else }}
    const unsigned int u = (unsigned int)virtual_global_id(0) * {{ $g.Lanes }};
    if (u >= {{ $b.Count }})
        return;
{{- end }}
{{- if eq $b.NJ 1 }}
{{ $in }}// The sub-transforms of the lanes (outer index o, inner index i), the last one again where fewer remain
{{- else }}
{{ $in }}// The sub-transforms of the lanes (outer index o, butterfly j of the pass, inner index i), the last one again where fewer remain
{{- end }}
{{- range $g.Lane }}
{{ $in }}const unsigned int s{{ .I }} = u + {{ .I }} < {{ $b.Count }} ? u + {{ .I }} : {{ $b.Count }} - 1;
{{- $t := printf "s%d" .I }}{{ if ne $b.Inner 1 }}{{ $t = printf "(s%d / %d)" .I $b.Inner }}{{ end }}
{{- if eq $b.NJ 1 }}
{{ $in }}const unsigned int o{{ .I }} = {{ if eq $b.Inner 1 }}s{{ .I }}, i{{ .I }} = 0{{ else }}s{{ .I }} / {{ $b.Inner }}, i{{ .I }} = s{{ .I }} % {{ $b.Inner }}{{ end }};
{{- else }}
{{ $in }}const unsigned int o{{ .I }} = {{ $t }} / {{ $b.NJ }}, j{{ .I }} = {{ $t }} % {{ $b.NJ }}, i{{ .I }} = {{ if eq $b.Inner 1 }}0{{ else }}s{{ .I }} % {{ $b.Inner }}{{ end }};
{{- if gt $b.NS 1 }}
{{ $in }}const unsigned int k{{ .I }} = j{{ .I }} % {{ $b.NS }};{{ end }}{{ end }}{{ end }}
{{- if not $g.Slots }}
{{ $in }}{{ $v }} x[{{ $g.Length }}], y[{{ $g.Length }}];{{ end }}
{{- if gt $b.NJ 1 }}
{{ $in }}// Element n of butterfly j lies at j + n·{{ $b.NJ }}{{ if gt $b.NS 1 }}, times the pass twiddle W_{{ mul $b.NS $b.L }}^(j mod {{ $b.NS }})·n{{ end }}
{{- end }}
{{- if $g.RowsApart }}
{{ $in }}// The spectra of the two real rows of each lane as conj(A) - i conj(B), a row at a time
{{ $in }}// (the loads of 2 x {{ len $g.Lane }} rows at once would share the cache's sets)
{{- range $row := list "A" "B" }}
{{ $in }}for (unsigned int n = 0; n < {{ $b.L }}; n++)
{{ $in }}{
{{- range $g.Lane }}{{ $at := "n" }}{{ if gt $b.NJ 1 }}{{ $at = printf "j%d + n * %d" .I $b.NJ }}{{ end }}
{{ $in }}    const {{ $b.CType }} e{{ .I }} = FFT_LOAD_ROW_{{ $row }}(o{{ .I }}, {{ $at }}, i{{ .I }});{{ end }}
{{- if eq $row "A" }}
{{ $in }}    x[LOOPED_AT(n)] = ({{ $v }})({{ range $g.Lane }}e{{ .I }}.x, {{ end }}{{ range $i, $l := $g.Lane }}{{ if $i }}, {{ end }}e{{ $l.I }}.y{{ end }});
{{- else }}
{{ $in }}    x[LOOPED_AT(n)] += ({{ $v }})({{ range $g.Lane }}e{{ .I }}.y, {{ end }}{{ range $i, $l := $g.Lane }}{{ if $i }}, {{ end }}-e{{ $l.I }}.x{{ end }});
{{- end }}
{{ $in }}}
{{- end }}
{{- else }}
{{ $in }}for (unsigned int n = 0; n < {{ $b.L }}; n++)
{{ $in }}{
{{- range $g.Lane }}{{ $at := "n" }}{{ if gt $b.NJ 1 }}{{ $at = printf "j%d + n * %d" .I $b.NJ }}{{ end }}
{{ $in }}    const {{ $b.CType }} e{{ .I }} = {{ if $b.Src.Short }}{{ $at }} >= {{ $b.Src.Length }} ? COMPLEX_CTR({{ $b.CType }})({{ $b.Zero }}, {{ $b.Zero }}) : {{ end }}
{{- if gt $b.NS 1 }}_fft_mul(FFT_LOAD_ELEM(o{{ .I }}, {{ $at }}, i{{ .I }}), {{ template "fft_pass_twiddle" (dict "b" $b "k" (printf "k%d" .I) "m" "n" "e" (printf "(k%d * n)" .I)) }}){{ else }}FFT_LOAD_ELEM(o{{ .I }}, {{ $at }}, i{{ .I }}){{ end }};{{ end }}
{{ $in }}    x[LOOPED_AT(n)] = ({{ $v }})({{ range $g.Lane }}e{{ .I }}.x, {{ end }}{{ range $i, $l := $g.Lane }}{{ if $i }}, {{ end }}e{{ $l.I }}.y{{ end }});
{{ $in }}}
{{- end }}
{{- template "fft_looped_stages" (dict "b" $b "stages" $g.Stages "in" $in) }}
{{- with $g.Product }}
{{- if gt $b.NJ 1 }}
{{ $in }}// Bluestein's turn: output n of butterfly j holds position j + n·{{ $b.NJ }} of the forward transform; its product
{{ $in }}// with the transformed kernel there, conjugated, and the first pass of the transform back on the same arrays
{{ $in }}for (unsigned int n = 0; n < {{ $b.L }}; n++)
{{ $in }}{
{{- range $g.Lane }}
{{ $in }}    const {{ $b.CType }} b{{ .I }} = KERNEL_B(j{{ .I }} + n * {{ $b.NJ }});{{ end }}
{{ $in }}    const {{ $v }} a = {{ . }}[LOOPED_AT(n)], w = ({{ $v }})({{ range $g.Lane }}b{{ .I }}.x, {{ end }}{{ range $i, $l := $g.Lane }}{{ if $i }}, {{ end }}b{{ $l.I }}.y{{ end }});
{{ $in }}    {{ . }}[LOOPED_AT(n)] = ({{ $v }})(a.lo * w.lo - a.hi * w.hi, -(a.lo * w.hi + a.hi * w.lo));
{{ $in }}}
{{- else }}
{{ $in }}// Bluestein: the product with the transformed kernel, conjugated, and the transform back on the same arrays
{{ $in }}for (unsigned int n = 0; n < {{ $b.L }}; n++)
{{ $in }}{
{{ $in }}    const {{ $v }} p = _lanes_twiddle({{ . }}[LOOPED_AT(n)], KERNEL_B(n));
{{ $in }}    {{ . }}[LOOPED_AT(n)] = ({{ $v }})(p.lo, -p.hi);
{{ $in }}}{{ end }}
{{- template "fft_looped_stages" (dict "b" $b "stages" $g.Back "in" $in) }}
{{- end }}
{{- if $b.Split }}
{{ $in }}// The spectra of the two real rows of each lane, output q of the first from
{{ $in }}// A = (Z[q] + conj Z[{{ $b.L }} - q])/2, then of the second from B = -i (Z[q] - conj Z[{{ $b.L }} - q])/2
{{ $in }}// (a row at a time: the stores of 2 x {{ len $g.Lane }} rows at once would share the cache's sets)
{{- range $row := list "A" "B" }}
{{ $in }}for (unsigned int q = 0; q <= {{ $b.Real.Half }}; q++)
{{ $in }}{
{{ $in }}    const {{ $v }} ra = {{ $g.Result }}[LOOPED_AT(q)], rc = {{ $g.Result }}[LOOPED_AT(q == 0 ? 0 : {{ $b.L }} - q)];
{{- if eq $row "A" }}
{{ $in }}    const {{ $g.HType }} sr = (ra.lo + rc.lo) * {{ $b.Real.Halve }}, si = (ra.hi - rc.hi) * {{ $b.Real.Halve }};
{{- else }}
{{ $in }}    const {{ $g.HType }} sr = (ra.hi + rc.hi) * {{ $b.Real.Halve }}, si = (rc.lo - ra.lo) * {{ $b.Real.Halve }};
{{- end }}
{{- range $g.Lane }}
{{ $in }}    if (u + {{ .I }} < {{ $b.Count }})
{{ $in }}        {{ if eq $row "A" }}FFT_STORE_ELEM{{ else }}FFT_STORE_ROW_B{{ end }}(o{{ .I }}, q, i{{ .I }}, COMPLEX_CTR({{ $b.CType }})(sr.s{{ printf "%x" .I }}, si.s{{ printf "%x" .I }}));{{ end }}
{{ $in }}}
{{- end }}
{{- else if $b.Twisted }}
{{ $in }}// The real transform's spectrum: output q of each row from its elements q and {{ $b.L }} - q,
{{ $in }}// and output {{ $b.L }} with output 0
{{ $in }}// (_rfft_twist on every lane at once: X = E + W^q O, E = (a + conj c)/2, O = -i (a - conj c)/2)
{{ $in }}for (unsigned int q = 0; q < {{ $b.L }}; q++)
{{ $in }}{
{{ $in }}    const {{ $v }} ra = {{ $g.Result }}[LOOPED_AT(q)], rc = {{ $g.Result }}[LOOPED_AT(q == 0 ? 0 : {{ $b.L }} - q)];
{{ $in }}    const {{ $b.CType }} w = RFFT_TW(q);
{{ $in }}    const {{ $g.HType }} ex = (ra.lo + rc.lo) * {{ $b.Real.Halve }}, ey = (ra.hi - rc.hi) * {{ $b.Real.Halve }};
{{ $in }}    const {{ $g.HType }} ox = (ra.hi + rc.hi) * {{ $b.Real.Halve }}, oy = (rc.lo - ra.lo) * {{ $b.Real.Halve }};
{{ $in }}    const {{ $g.HType }} xr = ex + w.x * ox - w.y * oy, xi = ey + w.x * oy + w.y * ox;
{{- range $g.Lane }}
{{ $in }}    if (u + {{ .I }} < {{ $b.Count }})
{{ $in }}        FFT_STORE_ELEM(o{{ .I }}, q, i{{ .I }}, COMPLEX_CTR({{ $b.CType }})(xr.s{{ printf "%x" .I }}, xi.s{{ printf "%x" .I }}));{{ end }}
{{ $in }}}
{{ $in }}// Output {{ $b.L }} with output 0: E = (re a, 0), O = (im a, 0)
{{ $in }}{
{{ $in }}    const {{ $v }} ra = {{ $g.Result }}[LOOPED_AT(0)];
{{ $in }}    const {{ $b.CType }} w = RFFT_TW({{ $b.L }});
{{ $in }}    const {{ $g.HType }} xr = ra.lo + w.x * ra.hi, xi = w.y * ra.hi;
{{- range $g.Lane }}
{{ $in }}    if (u + {{ .I }} < {{ $b.Count }})
{{ $in }}        FFT_STORE_ELEM(o{{ .I }}, {{ $b.L }}, i{{ .I }}, COMPLEX_CTR({{ $b.CType }})(xr.s{{ printf "%x" .I }}, xi.s{{ printf "%x" .I }}));{{ end }}
{{ $in }}}
{{- else }}
{{- if gt $b.NJ 1 }}
{{ $in }}// Output n of butterfly j goes to {{ if gt $b.StoreNS 1 }}(j - j mod {{ $b.StoreNS }})·{{ $b.L }} + j mod {{ $b.StoreNS }} + n·{{ $b.StoreNS }}{{ else }}j·{{ $b.L }} + n{{ end }}
{{- end }}
{{ $in }}for (unsigned int n = 0; n < {{ $b.L }}; n++)
{{ $in }}{
{{ $in }}    const {{ $v }} r = {{ $g.Result }}[LOOPED_AT(n)];
{{- range $g.Lane }}{{ $at := "n" }}
{{- if gt $b.NJ 1 }}{{ if gt $b.StoreNS 1 }}{{ $at = printf "(j%d - k%d) * %d + k%d + n * %d" .I .I $b.L .I $b.StoreNS }}{{ else }}{{ $at = printf "j%d * %d + n" .I $b.L }}{{ end }}{{ end }}
{{ $in }}    if (u + {{ .I }} < {{ $b.Count }}{{ if $b.Dst.Short }} && {{ $at }} < {{ $b.Dst.Length }}{{ end }})
{{ $in }}        FFT_STORE_ELEM(o{{ .I }}, {{ $at }}, i{{ .I }}, COMPLEX_CTR({{ $b.CType }})(r{{ .Re }}, r{{ .Im }}));{{ end }}
{{ $in }}}
{{- end }}
{{- if $g.Slots }}
    }{{ end }}
{{- end }}

{{- /* fft_looped_stages: the Stockham stages .stages of the looped
    kernel, each a loop over its twiddles k and its butterflies from one
    array into the other, indented by .in. */ -}}
{{- define "fft_looped_stages" }}
{{- $b := .b }}{{ $in := .in }}
{{- range .stages }}{{ $st := . }}
{{ $in }}// radix {{ .Radix }} after stages of {{ .NsIn }}: {{ .From }} to {{ .To }}
{{ $in }}for (unsigned int k = 0; k < {{ .NsIn }}; k++)
{{ $in }}{
{{- if not .Loop }}{{ range $i, $off := .Twiddles }}
{{ $in }}    const {{ $b.CType }} w{{ add $i 1 }} = TW_INNER({{ $off }} + k);{{ end }}{{ end }}
{{ $in }}    for (unsigned int g = 0; g < {{ .Groups }}; g++)
{{ $in }}    {
{{ $in }}        const unsigned int jj = g * {{ .NsIn }} + k, y0 = g * {{ mul .NsIn .Radix }} + k;
{{ $in }}        {{ $b.Looped.VType }} a[{{ .Radix }}];
{{- if .Loop }}
{{ $in }}        for (unsigned int m = 0; m < {{ .Radix }}; m++)
{{ $in }}            a[m] = {{ if .Twiddles }}m == 0 ? {{ .From }}[LOOPED_AT(jj)] : _lanes_twiddle({{ .From }}[LOOPED_AT(jj + m * {{ .Span }})], TW_INNER({{ index .Twiddles 0 }} + (m - 1) * {{ .NsIn }} + k)){{ else }}{{ .From }}[LOOPED_AT(jj + m * {{ .Span }})]{{ end }};
{{ $in }}        {{ index $b.Butterflies .Radix }}(a);
{{ $in }}        for (unsigned int m = 0; m < {{ .Radix }}; m++)
{{ $in }}            {{ .To }}[LOOPED_AT(y0 + m * {{ .NsIn }})] = a[m];
{{- else }}
{{- range .Elements }}
{{ $in }}        a[{{ . }}] = {{ if and . $st.Twiddles }}_lanes_twiddle({{ $st.From }}[LOOPED_AT(jj + {{ mul . $st.Span }})], w{{ . }}){{ else }}{{ $st.From }}[LOOPED_AT(jj + {{ mul . $st.Span }})]{{ end }};{{ end }}
{{ $in }}        {{ index $b.Butterflies .Radix }}({{ range $i, $m := .Elements }}{{ if $i }}, {{ end }}a[{{ $m }}]{{ end }});
{{- range .Elements }}
{{ $in }}        {{ $st.To }}[LOOPED_AT(y0 + {{ mul . $st.NsIn }})] = a[{{ . }}];{{ end }}{{ end }}
{{ $in }}    }
{{ $in }}}
{{- end }}
{{- end }}
