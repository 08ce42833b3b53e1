package interp

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestHouseRulesCounted: docs/modding.md names every house rule of
// rules/house/ and counts them right.
func TestHouseRulesCounted(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "modding.md"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("..", "rules", "house", "*.lua"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range files {
		want = append(want, strings.TrimSuffix(filepath.Base(f), ".lua"))
	}
	m := regexp.MustCompile("gpw ships (\\w+) house rules in\\s+`rules/house/` \\(([^)]*)\\)").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/modding.md: no \"gpw ships N house rules in `rules/house/` (...)\"")
	}
	var got []string
	for _, n := range strings.Split(string(m[2]), ",") {
		got = append(got, strings.TrimSpace(n))
	}
	slices.Sort(got)
	numbers := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	if !slices.Equal(got, want) || len(want) >= len(numbers) || string(m[1]) != numbers[len(want)] {
		t.Errorf("docs/modding.md says %s house rules (%s); rules/house/ holds %d: %s", m[1], m[2], len(want), strings.Join(want, ", "))
	}
}
