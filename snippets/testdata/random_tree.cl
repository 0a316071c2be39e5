WITHIN_KERNEL float _mod_uniform_0(unsigned int *state)
{
    *state = *state * 1664525u + 1013904223u;
    return 2.3283064e-10f * (*state);
}

WITHIN_KERNEL float _mod_normal_1(unsigned int *state)
{
    const float u1 = _mod_uniform_0(state);
    const float u2 = _mod_uniform_0(state);
    return sqrt((-2.0f) * log(u1)) * cos(6.2831855f * u2);
}

// Marsaglia and Tsang's method for shape 2.
WITHIN_KERNEL float _mod_gamma_2(unsigned int *state)
{
    const float d = 1.6666666f;
    const float c = 1.0f / sqrt(9.0f * d);
    for (;;)
    {
        float x, v;
        do
        {
            x = _mod_normal_1(state);
            v = 1.0f + c * x;
        } while (v <= 0.0f);
        v = v * v * v;
        const float u = _mod_uniform_0(state);
        if (log(u) < 0.5f * x * x + d - d * v + d * log(v))
            return d * v;
    }
}

KERNEL void sample(GLOBAL_MEM float *out, GLOBAL_MEM unsigned int *states)
{
    const SIZE_T i = get_global_id(0);
    unsigned int state = states[i];
    out[3 * i] = _mod_gamma_2(&state);
    out[3 * i + 1] = _mod_normal_1(&state);
    out[3 * i + 2] = _mod_uniform_0(&state);
    states[i] = state;
}
