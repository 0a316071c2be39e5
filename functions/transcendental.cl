{{- /*
Modules built on the OpenCL math library: exp, sincos, pow, hypot, atan2,
all of them the precise versions (never native_*).
*/ -}}

{{- define "polar_unit" -}}
WITHIN_KERNEL INLINE {{ ctype .out }} {{ .prefix }}({{ ctype .dtype }} theta)
{
    {{ ctype .dtype }} c;
    const {{ ctype .dtype }} s = sincos(theta, &c);
    return COMPLEX_CTR({{ ctype .out }})(c, s);
}
{{ end -}}

{{- define "polar" -}}
WITHIN_KERNEL INLINE {{ ctype .out }} {{ .prefix }}({{ ctype .dtype }} rho, {{ ctype .dtype }} theta)
{
    const {{ ctype .out }} u = {{ .polar_unit }}(theta);
    return COMPLEX_CTR({{ ctype .out }})(rho * u.x, rho * u.y);
}
{{ end -}}

{{- define "exp" -}}
WITHIN_KERNEL INLINE {{ ctype .dtype }} {{ .prefix }}({{ ctype .dtype }} x)
{
{{- if .dtype.IsComplex }}
    return {{ .polar }}(exp(x.x), x.y);
{{- else }}
    return exp(x);
{{- end }}
}
{{ end -}}

{{- define "pow" -}}
{{- $o := ctype .out -}}
WITHIN_KERNEL INLINE {{ $o }} {{ .prefix }}({{ ctype .base }} base, {{ ctype .exponent }} e)
{
    const {{ $o }} x = {{ .x }};
{{- if .exponent.IsInteger }}
{{- $u := .utype }}
{{- if .exponent.IsSigned }}
    {{ $u }} n = e < 0 ? ({{ $u }})0 - ({{ $u }})e : ({{ $u }})e;
{{- else }}
    {{ $u }} n = e;
{{- end }}
    if (n == 0)
        return {{ literal .out 1 }};

    // Binary powering: x^n is the product of the squares x^(2^k) over the
    // bits k set in n, the lowest one taken as it is.
    {{ $o }} p = x;
    while ((n & 1) == 0)
    {
        p = {{ .mul }}(p, p);
        n >>= 1;
    }
    {{ $o }} r = p;
    n >>= 1;
    while (n != 0)
    {
        p = {{ .mul }}(p, p);
        if (n & 1)
            r = {{ .mul }}(r, p);
        n >>= 1;
    }
{{- if .exponent.IsSigned }}
    if (e < 0)
{{- if .out.IsInteger }}
        // 1 / r, truncated toward zero, without dividing by a zero r.
        return (r == {{ literal .out 1 }}{{ if .out.IsSigned }} || r == {{ literal .out -1 }}{{ end }}) ? r : {{ literal .out 0 }};
{{- else }}
        return {{ .div }}({{ literal .out 1 }}, r);
{{- end }}
{{- end }}
    return r;
{{- else if .out.IsComplex }}
    const {{ ctype .out.Real }} a = {{ .e }};
    return {{ .polar }}(pow(hypot(x.x, x.y), a), atan2(x.y, x.x) * a);
{{- else }}
    return pow(x, {{ .e }});
{{- end }}
}
{{ end -}}
