package interp

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Lua 5.1 patterns for string.find, match, gmatch and gsub.
//
// gopher-lua's own matcher cannot be stopped: ".-.-b" over 1 KiB of "a"
// takes seconds inside one library call, past any deadline. This one
// follows the Lua 5.1 reference matcher (backtracking, same semantics) and
// checks the phase deadline every few thousand steps. Its recursion depth
// is bounded by the pattern length, which maxPatternLen caps.

const (
	maxCaptures   = 32
	capUnfinished = -1
	capPosition   = -2
)

// matcher matches one pattern against one subject.
type matcher struct {
	L     *lua.LState
	src   string
	pat   string
	level int // number of captures, finished or not
	caps  [maxCaptures]struct{ start, len int }
	steps int
}

// newMatcher checks the caps and returns a matcher for src and pat.
func newMatcher(L *lua.LState, fn, src, pat string) *matcher {
	if len(src) > maxStringLen {
		L.RaiseError("%s: string too long (limit %d bytes)", fn, maxStringLen)
	}
	if len(pat) > maxPatternLen {
		L.RaiseError("%s: pattern too long (limit %d bytes)", fn, maxPatternLen)
	}
	return &matcher{L: L, src: src, pat: pat}
}

// tick counts a step; every 4096 steps count as as many instructions
// against the budget, which may stop the call.
func (m *matcher) tick() {
	m.steps++
	if m.steps&0xfff == 0 {
		chargeSteps(m.L, 0x1000) // the budget counts a match's steps
	}
}

// match returns the end of a match of pat[p:] at src[s:], or -1.
func (m *matcher) match(s, p int) int {
	m.tick()
	for p < len(m.pat) {
		switch m.pat[p] {
		case '(':
			if p+1 < len(m.pat) && m.pat[p+1] == ')' {
				return m.startCapture(s, p+2, capPosition)
			}
			return m.startCapture(s, p+1, capUnfinished)
		case ')':
			return m.endCapture(s, p+1)
		case '$':
			if p+1 == len(m.pat) {
				if s == len(m.src) {
					return s
				}
				return -1
			}
		case '%':
			if p+1 < len(m.pat) {
				switch c := m.pat[p+1]; {
				case c == 'b':
					if s = m.matchBalance(s, p+2); s == -1 {
						return -1
					}
					p += 4
					continue
				case c == 'f':
					p += 2
					if p >= len(m.pat) || m.pat[p] != '[' {
						m.L.RaiseError("missing '[' after '%cf' in pattern", '%')
					}
					ep := m.classEnd(p)
					if m.matchBracket(m.at(s-1), p, ep-1) || !m.matchBracket(m.at(s), p, ep-1) {
						return -1
					}
					p = ep
					continue
				case '0' <= c && c <= '9':
					if s = m.matchCapture(s, c); s == -1 {
						return -1
					}
					p += 2
					continue
				}
			}
		}
		ep := m.classEnd(p)
		ok := s < len(m.src) && m.singleMatch(m.src[s], p, ep)
		if ep < len(m.pat) {
			switch m.pat[ep] {
			case '?':
				if ok {
					if r := m.match(s+1, ep+1); r != -1 {
						return r
					}
				}
				p = ep + 1
				continue
			case '*':
				return m.maxExpand(s, p, ep)
			case '+':
				if !ok {
					return -1
				}
				return m.maxExpand(s+1, p, ep)
			case '-':
				return m.minExpand(s, p, ep)
			}
		}
		if !ok {
			return -1
		}
		s, p = s+1, ep
	}
	return s
}

// at returns src[i], or 0 outside src (for %f).
func (m *matcher) at(i int) byte {
	if i < 0 || i >= len(m.src) {
		return 0
	}
	return m.src[i]
}

func (m *matcher) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(m.src) && m.singleMatch(m.src[s+i], p, ep) {
		i++
	}
	for ; i >= 0; i-- {
		if r := m.match(s+i, ep+1); r != -1 {
			return r
		}
	}
	return -1
}

func (m *matcher) minExpand(s, p, ep int) int {
	for {
		if r := m.match(s, ep+1); r != -1 {
			return r
		}
		if s >= len(m.src) || !m.singleMatch(m.src[s], p, ep) {
			return -1
		}
		s++
	}
}

func (m *matcher) startCapture(s, p, what int) int {
	if m.level >= maxCaptures {
		m.L.RaiseError("too many captures")
	}
	m.caps[m.level].start, m.caps[m.level].len = s, what
	m.level++
	r := m.match(s, p)
	if r == -1 {
		m.level--
	}
	return r
}

func (m *matcher) endCapture(s, p int) int {
	l := m.level - 1
	for ; l >= 0 && m.caps[l].len != capUnfinished; l-- {
	}
	if l < 0 {
		m.L.RaiseError("invalid pattern capture")
	}
	m.caps[l].len = s - m.caps[l].start
	r := m.match(s, p)
	if r == -1 {
		m.caps[l].len = capUnfinished
	}
	return r
}

// matchBalance matches %bxy, with x and y at pat[p:p+2].
func (m *matcher) matchBalance(s, p int) int {
	if p+1 >= len(m.pat) {
		m.L.RaiseError("unbalanced pattern")
	}
	if s >= len(m.src) || m.src[s] != m.pat[p] {
		return -1
	}
	b, e, depth := m.pat[p], m.pat[p+1], 1
	for i := s + 1; i < len(m.src); i++ {
		switch m.src[i] {
		case e:
			if depth--; depth == 0 {
				return i + 1
			}
		case b:
			depth++
		}
	}
	return -1
}

// matchCapture matches a back reference %1-%9.
func (m *matcher) matchCapture(s int, c byte) int {
	l := int(c - '1')
	if l < 0 || l >= m.level || m.caps[l].len < 0 {
		m.L.RaiseError("invalid capture index")
	}
	capt := m.src[m.caps[l].start : m.caps[l].start+m.caps[l].len]
	if strings.HasPrefix(m.src[s:], capt) {
		return s + len(capt)
	}
	return -1
}

// classEnd returns the end of the single-character class at pat[p].
func (m *matcher) classEnd(p int) int {
	c := m.pat[p]
	p++
	switch c {
	case '%':
		if p >= len(m.pat) {
			m.L.RaiseError("malformed pattern (ends with '%c')", '%')
		}
		return p + 1
	case '[':
		if p < len(m.pat) && m.pat[p] == '^' {
			p++
		}
		for { // the first character may be ']'
			if p >= len(m.pat) {
				m.L.RaiseError("malformed pattern (missing ']')")
			}
			c := m.pat[p]
			p++
			if c == '%' {
				p++
			}
			if p >= len(m.pat) {
				m.L.RaiseError("malformed pattern (missing ']')")
			}
			if m.pat[p] == ']' {
				return p + 1
			}
		}
	}
	return p
}

// singleMatch reports whether c matches the class pat[p:ep].
func (m *matcher) singleMatch(c byte, p, ep int) bool {
	switch m.pat[p] {
	case '.':
		return true
	case '%':
		return matchClass(c, m.pat[p+1])
	case '[':
		return m.matchBracket(c, p, ep-1)
	}
	return m.pat[p] == c
}

// matchBracket matches c against the set pat[p:ec+1], "[...]".
func (m *matcher) matchBracket(c byte, p, ec int) bool {
	sig := true
	if m.pat[p+1] == '^' {
		sig = false
		p++
	}
	for p++; p < ec; p++ {
		switch {
		case m.pat[p] == '%':
			p++
			if matchClass(c, m.pat[p]) {
				return sig
			}
		case m.pat[p+1] == '-' && p+2 < ec:
			if m.pat[p] <= c && c <= m.pat[p+2] {
				return sig
			}
			p += 2
		case m.pat[p] == c:
			return sig
		}
	}
	return !sig
}

// matchClass matches c against %a, %d, ... (C locale); other letters match themselves.
func matchClass(c, cl byte) bool {
	var res bool
	switch cl | 0x20 {
	case 'a':
		res = isAlpha(c)
	case 'c':
		res = c < 32 || c == 127
	case 'd':
		res = '0' <= c && c <= '9'
	case 'l':
		res = 'a' <= c && c <= 'z'
	case 'p':
		res = c > 32 && c < 127 && !isAlpha(c) && !('0' <= c && c <= '9')
	case 's':
		res = c == ' ' || '\t' <= c && c <= '\r'
	case 'u':
		res = 'A' <= c && c <= 'Z'
	case 'w':
		res = isAlpha(c) || '0' <= c && c <= '9'
	case 'x':
		res = '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if 'A' <= cl && cl <= 'Z' {
		return !res
	}
	return res
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// capture returns capture i (0-based) of the match src[s:e]; with no
// captures, capture 0 is the whole match.
func (m *matcher) capture(i, s, e int) lua.LValue {
	if i >= m.level {
		if i != 0 {
			m.L.RaiseError("invalid capture index")
		}
		return lua.LString(m.src[s:e])
	}
	c := m.caps[i]
	switch c.len {
	case capUnfinished:
		m.L.RaiseError("unfinished capture")
	case capPosition:
		return lua.LNumber(c.start + 1)
	}
	return lua.LString(m.src[c.start : c.start+c.len])
}

// pushCaptures pushes the captures of src[s:e] (or the whole match) and
// returns how many.
func (m *matcher) pushCaptures(s, e int) int {
	n := max(m.level, 1)
	for i := range n {
		m.L.Push(m.capture(i, s, e))
	}
	return n
}

// startIndex converts Lua's init argument to a 0-based offset in 0..n.
func startIndex(init, n int) int {
	if init < 0 {
		init += n + 1
	}
	return min(max(init-1, 0), n)
}

// strFind is string.find(s, pattern [, init [, plain]]).
func strFind(L *lua.LState) int { return findAux(L, "string.find", true) }

// strMatch is string.match(s, pattern [, init]).
func strMatch(L *lua.LState) int { return findAux(L, "string.match", false) }

func findAux(L *lua.LState, fn string, find bool) int {
	s, pat := L.CheckString(1), L.CheckString(2)
	m := newMatcher(L, fn, s, pat)
	init := startIndex(L.OptInt(3, 1), len(s))
	if find && (L.ToBool(4) || !strings.ContainsAny(pat, "^$*+?.([%-")) {
		if i := strings.Index(s[init:], pat); i >= 0 {
			L.Push(lua.LNumber(init + i + 1))
			L.Push(lua.LNumber(init + i + len(pat)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	p, anchor := 0, strings.HasPrefix(pat, "^")
	if anchor {
		p = 1
	}
	for s1 := init; s1 <= len(s); s1++ {
		m.level = 0
		if e := m.match(s1, p); e != -1 {
			if !find {
				return m.pushCaptures(s1, e)
			}
			L.Push(lua.LNumber(s1 + 1))
			L.Push(lua.LNumber(e))
			if m.level == 0 {
				return 2
			}
			return 2 + m.pushCaptures(s1, e)
		}
		if anchor {
			break
		}
	}
	L.Push(lua.LNil)
	return 1
}

// strGmatch is string.gmatch(s, pattern): an iterator over the matches.
func strGmatch(L *lua.LState) int {
	s, pat := L.CheckString(1), L.CheckString(2)
	m := newMatcher(L, "string.gmatch", s, pat)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		m.L = L
		for ; pos <= len(s); pos++ {
			m.level = 0
			if e := m.match(pos, 0); e != -1 {
				start := pos
				pos = e
				if e == start {
					pos++ // empty match: move on
				}
				return m.pushCaptures(start, e)
			}
		}
		return 0
	}))
	return 1
}

// strGsub is string.gsub(s, pattern, repl [, n]), built in one pass with
// the result length checked as it grows.
func strGsub(L *lua.LState) int {
	s, pat := L.CheckString(1), L.CheckString(2)
	L.CheckTypes(3, lua.LTString, lua.LTNumber, lua.LTTable, lua.LTFunction)
	repl := L.Get(3)
	maxN := L.OptInt(4, len(s)+1)
	m := newMatcher(L, "string.gsub", s, pat)
	var b strings.Builder
	add := func(part string) {
		if b.Len()+len(part) > maxStringLen {
			tooLong(L, "string.gsub")
		}
		b.WriteString(part)
	}
	p, anchor := 0, strings.HasPrefix(pat, "^")
	if anchor {
		p = 1
	}
	src, n := 0, 0
loop:
	for n < maxN {
		m.level = 0
		e := m.match(src, p)
		if e != -1 {
			n++
			m.addValue(src, e, repl, add)
		}
		switch {
		case e != -1 && e > src:
			src = e
		case src < len(s):
			add(s[src : src+1])
			src++
		default:
			break loop
		}
		if anchor {
			break
		}
	}
	if src < len(s) {
		add(s[src:])
	}
	built(L, b.Len())
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// addValue adds the replacement for the match src[s:e]. Replacement strings
// follow Lua 5.1: %0-%9 are captures, % followed by anything else is that
// character. A false or nil replacement keeps the match.
func (m *matcher) addValue(s, e int, repl lua.LValue, add func(string)) {
	L := m.L
	var v lua.LValue
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		news := lua.LVAsString(r)
		for {
			i := strings.IndexByte(news, '%')
			if i < 0 || i == len(news)-1 {
				add(news)
				return
			}
			add(news[:i])
			switch c := news[i+1]; {
			case c == '0':
				add(m.src[s:e])
			case '1' <= c && c <= '9':
				add(lua.LVAsString(m.capture(int(c-'1'), s, e)))
			default:
				add(news[i+1 : i+2])
			}
			news = news[i+2:]
		}
	case *lua.LTable:
		v = L.GetTable(r, m.capture(0, s, e))
	case *lua.LFunction:
		L.Push(r)
		L.Call(m.pushCaptures(s, e), 1)
		v = L.Get(-1)
		L.Pop(1)
	}
	switch v.(type) {
	case lua.LString, lua.LNumber:
		add(lua.LVAsString(v))
	default:
		if lua.LVAsBool(v) {
			L.RaiseError("invalid replacement value (a %s)", v.Type())
		}
		add(m.src[s:e])
	}
}
