package mapgen

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZCenters(t *testing.T) {
	s, err := LoadSource(os.DirFS("../maps"), "geo")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Build(s)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for r := 12; r <= 20; r++ {
		for col := 8; col <= 15; col++ {
			i, _ := c.Map.ParseHex(fmt.Sprintf("A-%02d%02d", col, r))
			lon, lat := c.lonlat(i)
			fmt.Fprintf(&b, "A-%02d%02d %5.2f,%5.2f  ", col, r, lon, lat)
		}
		b.WriteString("\n")
	}
	t.Log("\n" + b.String())
}
