{{- /* The twist of a real transform of length N = 2M on a CPU device, after
    the complex transform of M points in lanes (realAxis.lanesPlan): output
    k (0 to M) of each row from elements k and M - k (modulo M) of the flat
    array the transform wrote (rows of M complex values), with
    X[k] = E + W^k O, E = (Z[k] + conj Z[M-k])/2, O = -i (Z[k] - conj Z[M-k])/2.
    Work-item g takes the outputs k of run g mod RUNS of row g / RUNS, a
    loop over real and imaginary parts read forward from k and backward
    from M - k and stored through the output's pointer, which the compiler
    vectorises; the first run also writes outputs 0 and M. */ -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T g = virtual_global_id(0);
    const unsigned int run = (unsigned int)(g % {{ .runs }});
    const VSIZE_T row = g / {{ .runs }};
    GLOBAL_MEM const {{ .rtype }} *z = (GLOBAL_MEM const {{ .rtype }} *){{ .input.Pointer }} + row * {{ mul 2 .half }};
    GLOBAL_MEM const {{ .rtype }} *w = (GLOBAL_MEM const {{ .rtype }} *){{ .real_twiddle.Pointer }};
    GLOBAL_MEM {{ .rtype }} *x = (GLOBAL_MEM {{ .rtype }} *){{ .output.Pointer }} + row * {{ mul 2 (add .half 1) }};
    const unsigned int k0 = run == 0 ? 1 : run * {{ .run }};
    const unsigned int k1 = run * {{ .run }} + {{ .run }} < {{ .half }} ? run * {{ .run }} + {{ .run }} : {{ .half }};
    for (unsigned int k = k0; k < k1; k++)
    {
        const {{ .rtype }} ax = z[2 * k], ay = z[2 * k + 1];
        const {{ .rtype }} bx = z[2 * ({{ .half }} - k)], by = z[2 * ({{ .half }} - k) + 1];
        const {{ .rtype }} ex = (ax + bx) * {{ .halve }}, ey = (ay - by) * {{ .halve }};
        const {{ .rtype }} ox = (ay + by) * {{ .halve }}, oy = (bx - ax) * {{ .halve }};
        const {{ .rtype }} wx = w[2 * k], wy = w[2 * k + 1];
        const {{ .rtype }} re = ex + wx * ox - wy * oy, im = ey + wx * oy + wy * ox;
        x[2 * k] = re;
        x[2 * k + 1] = im;
    }
    if (run == 0)
    {
        // X[0] and X[M] from Z[0] alone.
        const {{ .rtype }} ax = z[0], ay = z[1];
        x[0] = ax + ay;
        x[1] = {{ .zero }};
        x[{{ mul 2 .half }}] = ax - ay;
        x[{{ add (mul 2 .half) 1 }}] = {{ .zero }};
    }
}
