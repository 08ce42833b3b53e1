package serve

import (
	"net/http"
	"strconv"

	"gpw/core"
)

// Charts are the charts of the rules module in force, for the page: the
// combat results table and the terrain effects on movement.
type Charts struct {
	Rules string     `json:"rules"`
	Book  string     `json:"book"`
	CRT   ChartTable `json:"crt"`  // rows by die, columns by odds
	Move  ChartTable `json:"move"` // rows by terrain, columns by unit class: MP to enter ("stop": ends the move, "no": may not enter)
}

// ChartTable is a table with its headings.
type ChartTable struct {
	Columns []string   `json:"columns"`
	Rows    []string   `json:"rows"`
	Cells   [][]string `json:"cells"`
}

// handleCharts answers the charts of the game's rules.
func (s *Server) handleCharts(w http.ResponseWriter, r *http.Request, l *live, role string) {
	l.mu.Lock()
	m := l.e.g.Rules.Module
	l.mu.Unlock()
	c := Charts{Rules: m.Name, Book: m.Book}
	c.CRT.Columns = m.CRTColumns
	for i, row := range m.CRT {
		c.CRT.Rows = append(c.CRT.Rows, strconv.Itoa(i+1))
		c.CRT.Cells = append(c.CRT.Cells, row)
	}
	c.Move.Columns = m.Classes
	for t := core.Terrain(0); t < core.NumTerrain; t++ {
		row := make([]string, len(m.Classes))
		for ci := range m.Classes {
			if ci >= len(m.Move.Cost) {
				continue
			}
			switch v := m.Move.Cost[ci][t]; v {
			case core.CostStop:
				row[ci] = "stop"
			case core.CostNo:
				row[ci] = "no"
			default:
				row[ci] = strconv.Itoa(int(v))
			}
		}
		c.Move.Rows = append(c.Move.Rows, t.String())
		c.Move.Cells = append(c.Move.Cells, row)
	}
	writeJSON(w, http.StatusOK, c)
}
