WITHIN_KERNEL int _mod_add_0(int x)
{
    return x + 1 + 2;
}

KERNEL void test(int *arr)
{
    const SIZE_T idx = get_global_id(0);
    int a = arr[idx];
    arr[idx] = _mod_add_0(x);
}
