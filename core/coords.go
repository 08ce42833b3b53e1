package core

// qr is a hex's axial coordinates, kept compact in the map's table: the
// distance searches ask for them per hex they meet, and working them out
// from an index takes two divisions.
type qr struct{ q, r int32 }

// setCoords fills the table of each index's axial coordinates.
func (m *Map) setCoords() {
	m.qr = make([]qr, len(m.OnMap))
	for i := range m.qr {
		h := Offset{i % m.W, i / m.W}.Axial()
		m.qr[i] = qr{int32(h.Q), int32(h.R)}
	}
}

// distance is the number of hex steps between a and b (Hex.Distance).
func (a qr) distance(b qr) int {
	dq, dr := a.q-b.q, a.r-b.r
	return int(abs32(dq)+abs32(dr)+abs32(dq+dr)) / 2
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
