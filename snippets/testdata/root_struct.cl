typedef struct
{
    float x, y;
} _mod_vec_0;

WITHIN_KERNEL _mod_vec_0 _mod_scale_1(_mod_vec_0 p, float k)
{
    _mod_vec_0 r = {p.x * k, p.y * k};
    return r;
}

WITHIN_KERNEL _mod_vec_0 _mod_shift_2(_mod_vec_0 p, float d)
{
    _mod_vec_0 r = {p.x + d, p.y + d};
    return r;
}

KERNEL void move(GLOBAL_MEM _mod_vec_0 *points)
{
    const SIZE_T i = get_global_id(0);
    points[i] = _mod_shift_2(_mod_scale_1(points[i], 2.0f), 1.0f);
}
