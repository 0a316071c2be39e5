{{- /* The ends of the first and last kernels of a real transform
    (realEnd, fftRealBody, rfft_hooks.go): FFT_LOAD_REAL and FFT_STORE_REAL
    read the real input or the half spectrum and write the spectrum or the
    real output, around FFT_LOAD_AT and FFT_STORE_AT, the plain loads and
    stores of the arguments. A length N = 2M transforms z[n] = x[2n] +
    i x[2n+1] with M points; the twist combines Z[k] and Z[M - k] into X[k]
    after it, the untwist makes Z[k] from X[k] and X[M - k] before the
    inverse. The inverse runs as the forward transform of conjugated
    values. Each line of C starts with its newline. */ -}}
{{- /* rfft_load defines FFT_LOAD_REAL, the complex value that the first
    kernel of the real transform (.e, a realEnd) reads, and the load hook
    of its kind (.then) on it; a complex input is read as it is. */ -}}
{{- define "rfft_load" }}
{{- $b := .b }}{{ $r := .e.Real }}{{ $c := $b.CType }}
{{- if eq $r.Load "real" }}
#define FFT_LOAD_REAL(_o, _n, _i) COMPLEX_CTR({{ $c }})(FFT_LOAD_AT(_o, _n, _i), {{ $b.Zero }})
{{- else if and (eq $r.Load "pairs") $r.PairsAt }}
#define FFT_LOAD_REAL(_o, _n, _i) (*(GLOBAL_MEM const {{ $c }} *)&FFT_LOAD_AT(_o, 2 * (_n), _i))
{{- else if eq $r.Load "pairs" }}
#define FFT_LOAD_REAL(_o, _n, _i) COMPLEX_CTR({{ $c }})(FFT_LOAD_AT(_o, 2 * (_n), _i), FFT_LOAD_AT(_o, 2 * (_n) + 1, _i))
{{- else if eq $r.Load "untwist" }}

// a = X[k] and b = X[M - k] make 2 Z[k] = E + i O with E = a + conj(b) and
// O = (a - conj(b)) W^-k (W = exp(-2 pi i / N)); the imaginary parts of
// X[0] and X[M] do not count. The value is conjugated for the inverse.
INLINE WITHIN_KERNEL {{ $c }} _rfft_untwist({{ $c }} a, {{ $c }} b, unsigned int k, {{ $c }} w)
{
    if (k == 0)
    {
        a.y = {{ $b.Zero }};
        b.y = {{ $b.Zero }};
    }
    const {{ $c }} e = COMPLEX_CTR({{ $c }})(a.x + b.x, a.y - b.y);
    const {{ $c }} o = _fft_mul(COMPLEX_CTR({{ $c }})(a.x - b.x, a.y + b.y), _fft_conj(w));
    return COMPLEX_CTR({{ $c }})(e.x - o.y, -(e.y + o.x));
}
#define FFT_LOAD_REAL(_o, _n, _i) _rfft_untwist(FFT_LOAD_AT(_o, _n, _i), FFT_LOAD_AT(_o, {{ $r.Half }} - (_n), _i), _n, RFFT_TW(_n))
{{- else if eq $r.Load "hermitian" }}
{{ template "rfft_hermitian_function" (dict "c" $c "zero" $b.Zero "r" $r) }}
#define FFT_LOAD_REAL(_o, _n, _i) _rfft_hermitian(FFT_LOAD_AT(_o, FFT_HALF_AT(_n), _i), _n)
{{- else if eq $r.Load "rows" }}

// Rows o and o + {{ $r.PairStride }} of the real input as the real and imaginary parts of
// one complex row{{ if $r.RowsOdd }} (the second past the last row of {{ $r.Rows }} read as zeros){{ end }}.
#define FFT_LOAD_REAL(_o, _n, _i) COMPLEX_CTR({{ $c }})(FFT_LOAD_AT(_o, _n, _i), {{ if $r.RowsOdd }}{{ template "rfft_row_b_in" $r }} ? FFT_LOAD_AT((_o) + {{ $r.PairStride }}, _n, _i) : {{ $b.Zero }}{{ else }}FFT_LOAD_AT((_o) + {{ $r.PairStride }}, _n, _i){{ end }})
{{- else if eq $r.Load "hermitian-rows" }}
{{ template "rfft_hermitian_function" (dict "c" $c "zero" $b.Zero "r" $r) }}

// Element n of the whole spectra A and B of rows o and o + {{ $r.PairStride }} from their
// halves, as one spectrum A + iB, conjugated for the inverse: conj(A) - i
// conj(B){{ if $r.RowsOdd }} (B zero past the last row of {{ $r.Rows }}){{ end }}.
INLINE WITHIN_KERNEL {{ $c }} _rfft_hermitian_rows({{ $c }} a, {{ $c }} b)
{
    return COMPLEX_CTR({{ $c }})(a.x + b.y, a.y - b.x);
}
#define FFT_LOAD_ROW_A(_o, _n, _i) _rfft_hermitian(FFT_LOAD_AT(_o, FFT_HALF_AT(_n), _i), _n)
#define FFT_LOAD_ROW_B(_o, _n, _i) {{ if $r.RowsOdd }}({{ template "rfft_row_b_in" $r }} ? {{ end }}_rfft_hermitian(FFT_LOAD_AT((_o) + {{ $r.PairStride }}, FFT_HALF_AT(_n), _i), _n){{ if $r.RowsOdd }} : COMPLEX_CTR({{ $c }})({{ $b.Zero }}, {{ $b.Zero }})){{ end }}
#define FFT_LOAD_REAL(_o, _n, _i) _rfft_hermitian_rows(FFT_LOAD_ROW_A(_o, _n, _i), FFT_LOAD_ROW_B(_o, _n, _i))
{{- else }}
#define FFT_LOAD_REAL(_o, _n, _i) FFT_LOAD_AT(_o, _n, _i){{ end }}
{{- template "fft_load_hook" .then }}
{{- end }}

{{- /* rfft_store defines FFT_STORE_REAL, which stores a complex value as
    the last kernel of the real transform (.e, a realEnd) writes it, and
    the store hook of its kind (.then) around it; with the twist, the
    functions of the twisted stores. */ -}}
{{- define "rfft_store" }}
{{- $b := .b }}{{ $r := .e.Real }}
{{- if eq $r.Store "rows" }}
#define FFT_STORE_REAL(_o, _n, _i, _v) { FFT_STORE_AT(_o, _n, _i, (_v).x * {{ $r.Scale }}); {{ if $r.RowsOdd }}if ({{ template "rfft_row_b_in" $r }}) {{ end }}FFT_STORE_AT((_o) + {{ $r.PairStride }}, _n, _i, -(_v).y * {{ $r.Scale }}); }
{{- else if eq $r.Store "split" }}
// The spectra of rows o and o + {{ $r.PairStride }}, A = (Z[k] + conj Z[N-k])/2 and
// B = -i (Z[k] - conj Z[N-k])/2, each a value of its own{{ if $r.RowsOdd }} (B left out past the last row of {{ $r.Rows }}){{ end }}.
#define FFT_STORE_REAL(_o, _n, _i, _v) FFT_STORE_AT(_o, _n, _i, _v)
#define FFT_STORE_ROW_B(_o, _n, _i, _v) {{ if $r.RowsOdd }}if ({{ template "rfft_row_b_in" $r }}) {{ end }}FFT_STORE_AT((_o) + {{ $r.PairStride }}, _n, _i, _v)
{{- else if eq $r.Store "pairs" }}
#define FFT_STORE_REAL(_o, _n, _i, _v) { FFT_STORE_AT(_o, 2 * (_n), _i, (_v).x * {{ $r.Scale }}); FFT_STORE_AT(_o, 2 * (_n) + 1, _i, -(_v).y * {{ $r.Scale }}); }
{{- else if eq $r.Store "real" }}
#define FFT_STORE_REAL(_o, _n, _i, _v) FFT_STORE_AT(_o, _n, _i, (_v).x * {{ $r.Scale }})
{{- else }}
#define FFT_STORE_REAL(_o, _n, _i, _v) FFT_STORE_AT(_o, _n, _i, _v){{ end }}
{{- template "fft_store_hook" .then }}
{{- if $r.Twist }}
{{ template "rfft_twist_function" $b }}
{{- end }}
{{- if $r.Paired }}

// The sub-transform of place w in a row: each run of {{ mul 2 $r.PairRun }} places takes
// {{ $r.PairRun }} sub-transforms j and then the {{ $r.PairRun }} sub-transforms {{ $r.NS }} - j (0 goes
// with {{ div $r.NS 2 }}).
INLINE WITHIN_KERNEL unsigned int _rfft_paired(unsigned int w)
{
    const unsigned int r = w % {{ mul 2 $r.PairRun }}, low = (w / {{ mul 2 $r.PairRun }}) * {{ $r.PairRun }} + r % {{ $r.PairRun }};
    return r < {{ $r.PairRun }} ? low : (low == 0 ? {{ div $r.NS 2 }} : {{ $r.NS }} - low);
}{{ end }}
{{- end }}

{{- /* rfft_twist_function: X[k] from a = Z[k] and b = Z[M - k]. */ -}}
{{- define "rfft_twist_function" -}}
// X[k] = E + W^k O with E = (a + conj(b))/2 and O = -i (a - conj(b))/2,
// w = W^k.
INLINE WITHIN_KERNEL {{ .CType }} _rfft_twist_w({{ .CType }} a, {{ .CType }} b, {{ .CType }} w)
{
    const {{ .CType }} e = COMPLEX_CTR({{ .CType }})((a.x + b.x) * {{ .Real.Halve }}, (a.y - b.y) * {{ .Real.Halve }});
    const {{ .CType }} o = COMPLEX_CTR({{ .CType }})((a.y + b.y) * {{ .Real.Halve }}, (b.x - a.x) * {{ .Real.Halve }});
    return COMPLEX_CTR({{ .CType }})(e.x + w.x * o.x - w.y * o.y, e.y + w.x * o.y + w.y * o.x);
}
#define _rfft_twist(_a, _b, _k) _rfft_twist_w(_a, _b, RFFT_TW(_k))
{{- end }}

{{- /* rfft_local_twist_store stores the twisted spectrum of the tile the
    local kernel holds in local memory: output q of sub-transform s from
    its elements q and L - q, and output L with output 0. */ -}}
{{- define "rfft_local_twist_store" }}
{{- $l := .Local }}
{{- template "fft_local_round" (dict "b" . "contig" $l.StoreContig "m" "q") }}
        if (first + s < {{ .Count }})
        {
{{- template "fft_sub_transform" (dict "b" . "u" "u" "s" "s" "i" "i" "depth" 3) }}
            const {{ .CType }} a = buf[s * {{ $l.Row }} + FFT_PAD(q)];
            const {{ .CType }} c = buf[s * {{ $l.Row }} + FFT_PAD(q == 0 ? 0 : {{ .L }} - q)];
            FFT_STORE_ELEM(o, q, i, _rfft_twist(a, c, q));
            if (q == 0)
                FFT_STORE_ELEM(o, {{ .L }}, i, _rfft_twist(a, a, {{ .L }}));
        }
    }
{{- end }}

{{- /* rfft_register_twist_store stores the twisted spectrum from the
    registers: with a private kernel register i holds output i and its
    partner is known; otherwise the registers go to local memory and the
    tile is stored in the order of its addresses. */ -}}
{{- define "rfft_register_twist_store" }}
{{- $b := . }}{{ $g := .Register }}
{{- if .Paired }}{{ template "rfft_register_paired_store" . }}
{{- else if $g.Private }}
    if (u < {{ .Count }})
    {
{{- range .Real.Partners }}
        FFT_STORE_ELEM(o, {{ .M }}, ii, _rfft_twist(v[{{ .M }}], v[{{ .Off }}], {{ .M }}));{{ end }}
        FFT_STORE_ELEM(o, {{ .L }}, ii, _rfft_twist(v[0], v[0], {{ .L }}));
    }
{{- else }}
{{- template "rfft_register_rows" . }}
        const unsigned int sl = e0 / {{ .L }}, q = e0 % {{ .L }};
{{- template "fft_sub_transform" (dict "b" . "u" "ul" "s" "sl" "i" "ii" "depth" 2) }}
        if (ul < {{ .Count }})
        {
            const {{ .CType }} a = buf[sl * {{ $g.FullRow }} + FFT_PAD(q)];
            const {{ .CType }} c = buf[sl * {{ $g.FullRow }} + FFT_PAD(q == 0 ? 0 : {{ .L }} - q)];
            FFT_STORE_ELEM(o, q, ii, _rfft_twist(a, c, q));
            if (q == 0)
                FFT_STORE_ELEM(o, {{ .L }}, ii, _rfft_twist(a, a, {{ .L }}));
        }
    }{{ end }}
{{- end }}

{{- /* rfft_register_paired_store stores the twisted spectrum from the
    last pass of several: sub-transform j holds the outputs k = j + q*NS,
    whose partners M - k are output L - 1 - q of sub-transform NS - j
    (output (L - q) mod L of sub-transform 0 for j = 0), which the group
    holds: the registers go to local memory and consecutive work-items
    store consecutive sub-transforms. */ -}}
{{- define "rfft_register_paired_store" }}
{{- $b := . }}{{ $g := .Register }}{{ $r := .Real }}
{{- template "rfft_register_rows" . }}
        const unsigned int sl = e0 % {{ .Tile }}, q = e0 / {{ .Tile }};
{{- template "fft_sub_transform" (dict "b" . "u" "ul" "s" "sl" "i" "ii" "depth" 2) }}
        if (ul < {{ .Count }})
        {
            const unsigned int sp = (j == 0 || 2 * j == {{ $r.NS }}) ? sl : (sl % {{ mul 2 $r.PairRun }} < {{ $r.PairRun }} ? sl + {{ $r.PairRun }} : sl - {{ $r.PairRun }});
            const unsigned int qp = j == 0 ? ({{ .L }} - q) % {{ .L }} : {{ .L }} - 1 - q;
            const unsigned int k = j + q * {{ $r.NS }};
            const {{ .CType }} a = buf[sl * {{ $g.FullRow }} + FFT_PAD(q)];
            const {{ .CType }} c = buf[sp * {{ $g.FullRow }} + FFT_PAD(qp)];
            FFT_STORE_ELEM(o, k, ii, _rfft_twist(a, c, k));
            if (k == 0)
                FFT_STORE_ELEM(o, {{ $r.Half }}, ii, _rfft_twist(a, a, {{ $r.Half }}));
        }
    }
{{- end }}

{{- /* rfft_register_rows writes the registers of the tile to local
    memory, as whole rows, and opens the loop over its elements e0 in which
    the stores read them back. */ -}}
{{- define "rfft_register_rows" }}
{{- $g := .Register }}
    LOCAL_BARRIER;
{{- range $g.StoreRegs }}
    {{ if .Lim }}if (t < {{ .Lim }}) {{ end }}buf[s * {{ $g.FullRow }} + FFT_PAD(t + {{ .Off }})] = v[{{ .M }}];{{ end }}
    LOCAL_BARRIER;
    UNROLL_LOOP
    for (unsigned int r = 0; r < {{ .Loops }}; r++)
    {
        const unsigned int e0 = lid + r * {{ .WG }};
{{- if .LoopGuard }}
        if (e0 >= {{ .TileElems }}) break;{{ end }}
{{- end }}

{{- /* rfft_hermitian_function: element n of the whole spectrum from its
    half (_rfft_hermitian), read at FFT_HALF_AT(n). */ -}}
{{- define "rfft_hermitian_function" }}
// Element n of the whole spectrum from the half a read at n or N - n: the
// imaginary parts of X[0] and X[N/2] do not count. The value is conjugated
// for the inverse.
INLINE WITHIN_KERNEL {{ .c }} _rfft_hermitian({{ .c }} a, unsigned int n)
{
    if (n == 0 || 2 * n == {{ .r.N }})
        a.y = {{ .zero }};
    return n <= {{ .r.Half }} ? _fft_conj(a) : a;
}
// The position in the half of element n of the whole spectrum.
#define FFT_HALF_AT(_n) ((_n) <= {{ .r.Half }} ? (_n) : {{ .r.N }} - (_n))
{{- end }}

{{- /* rfft_row_b_in is the condition that the second row of the pair at
    row o (_o) lies within the Rows rows of the real array (.Rows odd):
    o + PairStride < Rows. */ -}}
{{- define "rfft_row_b_in" }}(_o) + {{ .PairStride }} < {{ .Rows }}{{ end }}
