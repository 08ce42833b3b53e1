package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// testIO returns streams over buffers: input in, output out.
func testIO(in string) (*ioStreams, *bytes.Buffer) {
	var out bytes.Buffer
	return &ioStreams{In: strings.NewReader(in), Out: &out, Err: &out}, &out
}

// gdwCRT is the CRT printed in rules/base.lua (GDW: Combat Results Table).
var gdwCRT = crtTable{
	Columns: []string{"1:1", "2:1", "3:1", "4:1", "5:1", "6:1"},
	Rows: [][]string{
		{"DR", "DR", "DR", "DR", "DR", "DRL"},
		{"EX", "DR", "DR", "DR", "DRL", "DRL"},
		{"EX", "EX", "DR", "EX", "DRL", "DE"},
		{"NE", "EX", "EX", "DRL", "DRL", "DE"},
		{"NE", "NE", "EX", "DRL", "DE", "DE"},
		{"AL", "NE", "DRL", "DE", "DE", "DE"},
	},
}

func TestCrtRun(t *testing.T) {
	house := filepath.Join(t.TempDir(), "house.lua")
	err := os.WriteFile(house, []byte("local R = require(\"base\")\nR.id = \"house\"\nR.crt.rows[6][1] = \"NE\"\nreturn R\n"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	houseCRT := crtTable{Columns: gdwCRT.Columns, Rows: append([][]string{}, gdwCRT.Rows...)}
	houseCRT.Rows[5] = []string{"NE", "NE", "DRL", "DE", "DE", "DE"}
	tests := []struct {
		name  string
		rules string
		json  bool
		want  []string  // lines of the text output
		table *crtTable // the JSON output
		err   string
	}{
		{name: "default text", want: []string{"Combat Results Table, GDW 1988 (gdw): odds columns, one row per die roll",
			"die  1:1  2:1  3:1  4:1  5:1  6:1", "1    DR   DR   DR   DR   DR   DRL", "6    AL   NE   DRL  DE   DE   DE"}},
		{name: "gdw json", rules: "gdw", json: true, table: &gdwCRT},
		{name: "house rule", rules: house, json: true, table: &houseCRT},
		{name: "house text", rules: house, want: []string{"GDW 1988 (house)", "6    NE   NE   DRL  DE   DE   DE"}},
		{name: "unknown", rules: "nosuch", err: "unknown rules \"nosuch\""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ios, out := testIO("")
			err := crtRun(&crtOptions{IO: ios, Rules: tc.rules, JSON: tc.json})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.table != nil {
				var got crtTable
				if err := json.Unmarshal(out.Bytes(), &got); err != nil {
					t.Fatalf("%v: %s", err, out)
				}
				if !reflect.DeepEqual(got, *tc.table) {
					t.Errorf("got %+v, want %+v", got, *tc.table)
				}
				return
			}
			lines := strings.Split(out.String(), "\n")
			for _, w := range tc.want {
				found := false
				for _, l := range lines {
					found = found || strings.Contains(l, w)
				}
				if !found {
					t.Errorf("no line %q in:\n%s", w, out)
				}
			}
		})
	}
}
