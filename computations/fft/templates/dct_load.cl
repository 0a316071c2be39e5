{{- /* The load of a real-to-real transform's FFT (dct_plan.go): the code of
    the transformation connected to the FFT's input, which gathers element
    n of the complex FFT along the transformed axis from the real input x
    as the axis's r2rMode says. */ -}}
{{- $r := .r2r }}
{{- define "r2r_load_at" }}{{ range $i, $x := .Idxs }}{{ if $i }}, {{ end }}{{ if eq $i $.Axis }}{{ $.At }}{{ else }}{{ $x }}{{ end }}{{ end }}{{ end }}
    const VSIZE_T r2r_n = {{ index .Idxs $r.Axis }};
    {{ $r.RType }} r2r_re = {{ $r.Zero }}, r2r_im = {{ $r.Zero }};
{{- if eq $r.Mode "makhoul" }}
    const VSIZE_T r2r_src = r2r_n < {{ $r.HalfRoundUp }} ? 2 * r2r_n : 2 * ({{ $r.N }} - 1 - r2r_n) + 1;
    r2r_re = {{ .input.LoadIdx }}({{ template "r2r_load_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_src") }}){{ if $r.Sine }} * ((r2r_src & 1) ? -1 : 1){{ end }}{{ template "r2r_load_pre" (dict "r" $r "At" "r2r_src") }};
{{- else if eq $r.Mode "makhoulInverse" }}
    {{ $r.RType }} r2r_a = {{ .input.LoadIdx }}({{ template "r2r_load_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" (print $r.Rev "r2r_n")) }}){{ template "r2r_load_pre" (dict "r" $r "At" (print $r.Rev "r2r_n")) }};
    {{ $r.RType }} r2r_b = {{ $r.Zero }};
    if (r2r_n > 0)
        r2r_b = {{ .input.LoadIdx }}({{ template "r2r_load_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" (print $r.Rev "(" $r.N " - r2r_n)")) }}){{ template "r2r_load_pre" (dict "r" $r "At" (print $r.Rev "(" $r.N " - r2r_n)")) }};
    const {{ $r.CType }} r2r_w = {{ .w_load.LoadIdx }}(r2r_n);
    const {{ $r.RType }} r2r_c = r2r_w.x, r2r_s = r2r_w.y;
    r2r_re = r2r_a * r2r_c + r2r_b * r2r_s;
    r2r_im = r2r_a * r2r_s - r2r_b * r2r_c;
{{- else if eq $r.Mode "twiddlePad" }}
    if (r2r_n < {{ $r.N }})
    {
        const VSIZE_T r2r_src = r2r_n;
        const {{ $r.RType }} r2r_x = {{ .input.LoadIdx }}({{ template "r2r_load_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_src") }});
        const {{ $r.CType }} r2r_w = {{ .w_load.LoadIdx }}(r2r_n);
        r2r_re = r2r_x * r2r_w.x;
        r2r_im = -r2r_x * r2r_w.y;
    }
{{- else if eq $r.Mode "halfComplex" }}
    const {{ $r.RType }} r2r_a = {{ .input.LoadIdx }}({{ template "r2r_load_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" (print $r.HalfFirst "2 * r2r_n")) }});
    const {{ $r.RType }} r2r_b = {{ .input.LoadIdx }}({{ template "r2r_load_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" (print $r.HalfSecond "2 * r2r_n")) }});
    const {{ $r.CType }} r2r_w = {{ .w_load.LoadIdx }}(r2r_n);
    r2r_re = r2r_a * r2r_w.x + r2r_b * r2r_w.y;
    r2r_im = r2r_b * r2r_w.x - r2r_a * r2r_w.y;
{{- else if eq $r.Mode "evenExtension" }}
    const VSIZE_T r2r_src = r2r_n < {{ $r.N }} ? r2r_n : {{ $r.L }} - r2r_n;
    r2r_re = {{ .input.LoadIdx }}({{ template "r2r_load_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_src") }}){{ template "r2r_load_pre" (dict "r" $r "At" "r2r_src") }};
{{- else if eq $r.Mode "oddExtension" }}
    if (r2r_n != 0 && r2r_n != {{ $r.N }} + 1)
    {
        const VSIZE_T r2r_src = r2r_n <= {{ $r.N }} ? r2r_n - 1 : {{ $r.L }} - 1 - r2r_n;
        r2r_re = {{ .input.LoadIdx }}({{ template "r2r_load_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_src") }});
        if (r2r_n > {{ $r.N }})
            r2r_re = -r2r_re;
    }
{{- end }}
    {{ .output.StoreSame }}(COMPLEX_CTR({{ $r.CType }})(r2r_re, r2r_im));
{{- define "r2r_load_pre" }}{{ range .r.PreAt }} * ({{ $.At }} == {{ . }} ? {{ $.r.Pre }} : 1){{ end }}{{ end }}
