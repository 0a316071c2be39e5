package templates

import (
	"fmt"
	"reflect"
	"slices"
)

// dict builds a map from alternating string keys and values. An odd number
// of arguments or a key that is not a string is an error.
func dict(kv ...any) (map[string]any, error) {
	if len(kv)%2 != 0 {
		return nil, fmt.Errorf("odd number of arguments (%d): want key-value pairs", len(kv))
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		k, ok := kv[i].(string)
		if !ok {
			return nil, fmt.Errorf("key %d is %#v (%T), not a string", i/2+1, kv[i], kv[i])
		}
		m[k] = kv[i+1]
	}
	return m, nil
}

// get returns m[key] for a map m with string keys. A missing key is an error;
// test for it with hasKey.
func get(m any, key string) (any, error) {
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Map || v.Type().Key().Kind() != reflect.String {
		return nil, fmt.Errorf("%T is not a map with string keys", m)
	}
	e := v.MapIndex(reflect.ValueOf(key).Convert(v.Type().Key()))
	if !e.IsValid() {
		return nil, fmt.Errorf("map has no entry for key %q", key)
	}
	return e.Interface(), nil
}

// keys returns the keys of the given maps, sorted.
func keys(ms ...map[string]any) []string {
	var ks []string
	for _, m := range ms {
		for k := range m {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}
