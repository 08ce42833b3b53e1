package game

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCoverageTable checks that every test docs/rules-coverage.md names
// exists: a case name ("result/EX") in a table here, or a Go test
// function anywhere in the repository (a name ending in * is a prefix).
func TestCoverageTable(t *testing.T) {
	doc, err := os.ReadFile("../docs/rules-coverage.md")
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, "_test.go") {
			b, _ := os.ReadFile(p)
			src.Write(b)
		}
		return nil
	})
	all := src.String()
	examples, _ := filepath.Glob("../scenarios/rulebook/*.gpw")
	rows, named := 0, 0
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 5 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") || strings.TrimSpace(cells[1]) == "Clause" {
			continue
		}
		rows++
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cells[3], -1) {
			name := m[1]
			named++
			switch {
			case strings.HasPrefix(name, "Test"):
				fn := strings.TrimSuffix(name, "*")
				if !strings.Contains(all, "func "+fn) {
					t.Errorf("docs/rules-coverage.md names %s, which is no test", name)
				}
			case strings.Contains(name, "/") || strings.Contains(name, "-") || !strings.Contains(name, " "):
				found := strings.Contains(all, `name: "`+name+`"`)
				for _, e := range examples {
					found = found || strings.TrimSuffix(filepath.Base(e), ".gpw") == name
				}
				if !found {
					t.Errorf("docs/rules-coverage.md names the case %q, which no test has", name)
				}
			}
		}
		if strings.TrimSpace(cells[3]) == "" {
			t.Errorf("clause without a test: %s", cells[1])
		}
	}
	if rows < 60 || named < rows {
		t.Errorf("%d clauses with %d tests named: the table looks incomplete", rows, named)
	}
}
