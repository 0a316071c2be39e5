{{- /* One pass of an FFT along one axis (see fftplan.Pass), drawn from the
    description fftPass (fft_body.go): the local kernel (fft_local.cl), the
    register kernel (fft_register.cl), the lanes kernel (fft_lanes.cl) or
    the looped kernel (fft_looped.cl),
    bound here to the load and store
    entry points of the arguments and to the tables. Every element is
    loaded by FFT_LOAD_ELEM and stored by FFT_STORE_ELEM, which the kinds
    of the pass's ends define (fft_ends.cl). The butterflies are
    modules (fft_butterfly.cl), rendered before this template. Each line of
    C that a sub-template writes starts with its newline. */ -}}
INLINE WITHIN_KERNEL {{ .body.CType }} _fft_mul({{ .body.CType }} a, {{ .body.CType }} b)
{
    return COMPLEX_CTR({{ .body.CType }})(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

INLINE WITHIN_KERNEL {{ .body.CType }} _fft_conj({{ .body.CType }} a)
{
    return COMPLEX_CTR({{ .body.CType }})(a.x, -a.y);
}

{{ if .body.PadLocal }}#define FFT_PAD(_a) ((_a) + ((_a) >> 4)){{ else }}#define FFT_PAD(_a) (_a){{ end }}
#define FFT_LOAD_AT(_o, _n, _i) {{ .input.LoadIdx }}({{ template "fft_end_index" .body.Src.Index }})
#define FFT_STORE_AT(_o, _n, _i, _v) {{ .output.StoreIdx }}({{ template "fft_end_index" .body.Dst.Index }}, _v)
{{- if .inverse }}
#define FFT_INVERSE ({{ .inverse }} != 0){{ end }}
{{- if .tw_inner }}
#define TW_INNER(_e) {{ .tw_inner.LoadIdx }}(_e){{ end }}
{{- if .tw_pass_lo }}
#define TW_PASS_LO(_e) {{ .tw_pass_lo.LoadIdx }}(_e){{ end }}
{{- if .tw_pass_hi }}
#define TW_PASS_HI(_e) {{ .tw_pass_hi.LoadIdx }}(_e){{ end }}
{{- if .chirp }}
#define CHIRP(_e) {{ .chirp.LoadIdx }}(_e){{ end }}
{{- if .rader_index }}
#define RADER_INDEX(_q) {{ .rader_index.LoadIdx }}(_q){{ end }}
{{- if .real_twiddle }}
#define RFFT_TW(_k) {{ .real_twiddle.LoadIdx }}(_k){{ end }}
{{- with .kernel_b }}
{{- with $.body.KernelRows }}
#define KERNEL_B(_o, _n, _i) {{ $.kernel_b.LoadIdx }}({{ template "fft_end_index" . }})
{{- else }}
#define KERNEL_B(_e) {{ .LoadIdx }}(_e){{ end }}
{{- end }}
{{- template "fft_ends" .body }}
{{- with .body.Lanes }}

// Lanes of complex values, real parts in the low half and imaginary parts
// in the high one, multiplied lane by lane.
INLINE WITHIN_KERNEL {{ .VType }} _lanes_mul({{ .VType }} a, {{ .VType }} b)
{
    return ({{ .VType }})(a.lo * b.lo - a.hi * b.hi, a.lo * b.hi + a.hi * b.lo);
}{{ end }}
{{- with .body.Looped }}

// Value n of the looped kernel's arrays{{ if .PadEvery }}: one place left free after every {{ .PadEvery }}, so that
// strides of multiples of {{ .PadEvery }} values spread over the sets of the cache{{ end }}
#define LOOPED_AT(_n) {{ if .PadEvery }}((_n) + (_n) / {{ .PadEvery }}){{ else }}(_n){{ end }}

// Lanes of complex values times one complex value.
INLINE WITHIN_KERNEL {{ .VType }} _lanes_twiddle({{ .VType }} a, {{ $.body.CType }} w)
{
    return ({{ .VType }})(a.lo * w.x - a.hi * w.y, a.lo * w.y + a.hi * w.x);
}{{ end }}
{{- with .body.LocalBufferBytes }}
LOCAL_BUFFER_SIZE({{ . }}){{ end }}
{{ .KernelDeclaration }}
{
{{- if .body.Local }}{{ template "fft_local_kernel" .body }}
{{- else if .body.Looped }}{{ $sc := "" }}{{ with .scratch }}{{ $sc = .Pointer }}{{ end }}
{{- template "fft_looped_kernel" (dict "b" .body "scratch" $sc) }}
{{- else if .body.Vectors }}{{ $sp := "" }}{{ $dp := "" }}{{ if .body.Vectors.Pointers }}{{ $sp = .input.Pointer }}{{ $dp = .output.Pointer }}{{ end }}
{{- template "fft_vectors_kernel" (dict "b" .body "src" $sp "dst" $dp) }}
{{- else if .body.Lanes }}{{ $tw := "" }}{{ with .tw_pass_lo }}{{ $tw = .Pointer }}{{ end }}
{{- template "fft_lanes_kernel" (dict "b" .body "src" .input.Pointer "dst" .output.Pointer "tw" $tw) }}
{{- else }}{{ template "fft_register_kernel" .body }}{{ end }}
}

{{- /* fft_sub_transform splits the sub-transform u = first + s (the names
    in .u and .s) into the outer index o, the butterfly j of the pass and
    the inner index (the name in .i). */ -}}
{{- define "fft_sub_transform" }}
{{- $in := repeat .depth "    " }}{{ $b := .b }}
{{- $ui := .u }}{{ if ne $b.Inner 1 }}{{ $ui = printf "(%s / %d)" .u $b.Inner }}{{ end }}
{{ $in }}const unsigned int {{ .u }} = first + {{ .s }};
{{ $in }}const unsigned int {{ .i }} = {{ if eq $b.Inner 1 }}0{{ else }}{{ .u }} % {{ $b.Inner }}{{ end }};
{{ $in }}const unsigned int j = {{ if $b.Paired }}_rfft_paired({{ $ui }} % {{ $b.NJ }}){{ else if eq $b.NJ 1 }}0{{ else }}{{ $ui }} % {{ $b.NJ }}{{ end }};
{{ $in }}const unsigned int o = {{ if eq $b.NJ 1 }}{{ $ui }}{{ else }}({{ $ui }} / {{ $b.NJ }}){{ end }};
{{- end }}

{{- /* fft_twiddle multiplies element m of the sub-transform with
    butterfly j, in .v, by the pass twiddle W_{ns*l}^{(j mod ns)*m}. */ -}}
{{- define "fft_twiddle" }}
{{- $in := repeat .depth "    " }}{{ $v := .v }}
{{ $in }}const unsigned int kt = j % {{ .b.NS }};
{{- if gt .b.Twiddle.Shift 0 }}
{{ $in }}const unsigned int te = kt * m;{{ end }}
{{ $in }}{{ $v }} = _fft_mul({{ $v }}, {{ template "fft_pass_twiddle" (dict "b" .b "k" "kt" "m" "m" "e" "te") }});
{{- end }}

{{- /* fft_pass_twiddle is the pass twiddle W_{ns*l}^(k*m) as a C
    expression, from the tables the pass reads (fftPassTwiddle): .k and .m
    name k = j mod ns and m, and .e their product k*m, which the tables of
    exponent bits index. */ -}}
{{- define "fft_pass_twiddle" }}
{{- $t := .b.Twiddle }}
{{- if gt $t.Shift 0 -}}
_fft_mul(TW_PASS_HI({{ .e }} >> {{ $t.Shift }}), TW_PASS_LO({{ .e }} & {{ $t.Mask }}))
{{- else if $t.Split -}}
_fft_mul(TW_PASS_HI({{ .m }} * {{ $t.Rows }} + {{ .k }} / {{ $t.Block }}), TW_PASS_LO({{ .m }} * {{ $t.Block }} + {{ .k }} % {{ $t.Block }}))
{{- else -}}
TW_PASS_LO({{ .m }} * {{ .b.NS }} + {{ .k }})
{{- end }}
{{- end }}

{{- /* fft_store_position sets pos, where output q of the sub-transform
    with butterfly j goes: (j - j mod ns)*l + j mod ns + q*ns, with ns the
    stores' (StoreNS). */ -}}
{{- define "fft_store_position" }}
{{- $in := repeat .depth "    " }}{{ $b := .b }}
{{- if gt $b.StoreNS 1 }}
{{ $in }}const unsigned int kk = j % {{ $b.StoreNS }};
{{ $in }}const unsigned int pos = (j - kk) * {{ $b.L }} + kk + q * {{ $b.StoreNS }};
{{- else }}
{{ $in }}const unsigned int pos = j * {{ $b.L }} + q;{{ end }}
{{- end }}

{{- /* The index arguments of an end's load or store macro for the outer
    index _o, the position _n along the axis and the inner index _i
    (fftEndIndex). */ -}}
{{ define "fft_end_index" -}}
{{ if .Flat -}}
{{ if .OuterStride }}(VSIZE_T)(_o) * {{ .OuterStride }} + {{ end -}}
{{ if gt .Inner 1 }}(VSIZE_T)(_n) * {{ .Inner }} + (VSIZE_T)(_i){{ else }}(VSIZE_T)(_n){{ end -}}
{{ else -}}
{{ range .Outer }}{{ . }}, {{ end }}(_n){{ range .InnerIdx }}, {{ . }}{{ end -}}
{{ end -}}
{{ end -}}
