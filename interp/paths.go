package interp

import lua "github.com/yuin/gopher-lua"

// CheckPaths calls can_move_paths(u, paths, how) once for unit k and
// all its candidate paths (hex ids, the start excluded). It returns, for
// each path, whether the module refused it; nil when it refused none or
// has no such hook.
func (r *Rules) CheckPaths(k int, paths [][]string, how string) (refused []bool, err error) {
	const name = "can_move_paths"
	if !r.hooks[name] {
		return nil, nil
	}
	rt, err := r.acquire()
	if err != nil {
		return nil, err
	}
	defer r.release(&err)
	L := rt.sb.L
	pt := L.CreateTable(len(paths), 0)
	for _, p := range paths {
		t := L.CreateTable(len(p), 0)
		for _, s := range p {
			t.Append(rt.str(s))
		}
		pt.Append(t)
	}
	u := rt.unitTable(k)
	defer rt.purity(name)()
	ret, err := rt.sb.Call(rt.fn(name), 1, u, pt, rt.str(how))
	if err != nil {
		return nil, err
	}
	switch v := ret[0].(type) {
	case *lua.LNilType:
		return nil, nil
	case *lua.LTable:
		n := v.Len()
		if n == 0 {
			return nil, nil
		}
		refused = make([]bool, len(paths))
		for i := 1; i <= n; i++ {
			x, ok := v.RawGetInt(i).(lua.LNumber)
			if !ok || float64(x) != float64(int(x)) || int(x) < 1 || int(x) > len(paths) {
				return nil, r.hookErr(name, "%s at index %d, not the index of a path (1 to %d)", v.RawGetInt(i).String(), i, len(paths))
			}
			refused[int(x)-1] = true
		}
		return refused, nil
	}
	return nil, r.hookErr(name, "a %s, not nil or an array of indices", ret[0].Type().String())
}
