{{- /* The spectra of two real rows of an odd length N on a CPU device, after
    the complex transform of rows o and o + P (P = ceil(ROWS/2)) as the
    real and imaginary parts of row o (realAxis.rowPairs): outputs k (0
    to N/2) of row o from A = (Z[k] + conj Z[N-k])/2 and of row o + P from
    B = -i (Z[k] - conj Z[N-k])/2, Z[k] and Z[N-k] (modulo N) read from the
    flat array the transform wrote (rows of N complex values). Work-item g
    takes the outputs k of run g mod RUNS of pair g / RUNS, loops over the
    real and imaginary parts read forward from k and backward from N - k
    and stored through the output's pointer, which the compiler
    vectorises; the first run also writes output 0. */ -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T g = virtual_global_id(0);
    const unsigned int run = (unsigned int)(g % {{ .runs }});
    const VSIZE_T pair = g / {{ .runs }};
    GLOBAL_MEM const {{ .rtype }} *z = (GLOBAL_MEM const {{ .rtype }} *){{ .input.Pointer }} + pair * {{ mul 2 .n }};
    GLOBAL_MEM {{ .rtype }} *a = (GLOBAL_MEM {{ .rtype }} *){{ .output.Pointer }} + pair * {{ mul 2 (add .half 1) }};
    GLOBAL_MEM {{ .rtype }} *b = a + {{ mul .stride 2 (add .half 1) }};
    const unsigned int k0 = run == 0 ? 1 : run * {{ .run }};
    const unsigned int k1 = run * {{ .run }} + {{ .run }} < {{ add .half 1 }} ? run * {{ .run }} + {{ .run }} : {{ add .half 1 }};
    for (unsigned int k = k0; k < k1; k++)
    {
        const {{ .rtype }} zx = z[2 * k], zy = z[2 * k + 1];
        const {{ .rtype }} cx = z[2 * ({{ .n }} - k)], cy = z[2 * ({{ .n }} - k) + 1];
        a[2 * k] = (zx + cx) * {{ .halve }};
        a[2 * k + 1] = (zy - cy) * {{ .halve }};
    }
{{- if mod .rows 2 }}
    if (pair + {{ .stride }} < {{ .rows }})
{{- end }}
    for (unsigned int k = k0; k < k1; k++)
    {
        const {{ .rtype }} zx = z[2 * k], zy = z[2 * k + 1];
        const {{ .rtype }} cx = z[2 * ({{ .n }} - k)], cy = z[2 * ({{ .n }} - k) + 1];
        b[2 * k] = (zy + cy) * {{ .halve }};
        b[2 * k + 1] = (cx - zx) * {{ .halve }};
    }
    if (run == 0)
    {
        // Outputs 0 of both rows: the real and imaginary parts of Z[0].
        a[0] = z[0];
        a[1] = {{ .zero }};
{{- if mod .rows 2 }}
        if (pair + {{ .stride }} < {{ .rows }})
{{- end }}
        {
            b[0] = z[1];
            b[1] = {{ .zero }};
        }
    }
}
