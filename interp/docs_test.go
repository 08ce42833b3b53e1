package interp

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

var update = flag.Bool("update", false, "rewrite the generated parts of docs/modding.md")

// TestFunctionRegistry: the gpw table holds exactly the functions of the
// registry (Functions), which docs/modding.md documents.
func TestFunctionRegistry(t *testing.T) {
	m, err := Compile("gdw", os.DirFS(".."), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := m.pool.get()
	if err != nil {
		t.Fatal(err)
	}
	defer m.pool.put(rt)
	var got []string
	rt.sb.L.GetGlobal("gpw").(*lua.LTable).ForEach(func(k, v lua.LValue) {
		if _, fn := v.(*lua.LFunction); fn {
			got = append(got, k.String())
		}
	})
	slices.Sort(got)
	want := slices.Sorted(slices.Values(FunctionNames()))
	if !slices.Equal(got, want) {
		t.Errorf("the gpw table holds %v,\nthe registry (interp/functions.go) %v", got, want)
	}
}

// TestHookTopics: gpw rules diff can say what every hook decides.
func TestHookTopics(t *testing.T) {
	for _, h := range Hooks {
		if hookTopics[h.Name] == "" {
			t.Errorf("hook %s has no topic in hookTopics (interp/diff.go)", h.Name)
		}
	}
}

// hooksDoc is the reference table of the hooks, made from the registry.
func hooksDoc() string {
	var b strings.Builder
	b.WriteString("| hook | returns | when the engine calls it, and what it sees | pure |\n|---|---|---|---|\n")
	for _, h := range Hooks {
		name := h.Name + "(" + h.Args + ")"
		switch h.Name {
		case "results":
			name = "results[CODE](b)"
		case "commands":
			name = "commands[WORD](words...)"
		}
		ret := h.Returns
		if ret == "" {
			ret = "—"
		}
		pure := ""
		if h.Pure {
			pure = "yes"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", name, cell(ret), cell(h.When), pure)
	}
	return b.String()
}

// functionsDoc is the reference table of the gpw functions.
func functionsDoc() string {
	var b strings.Builder
	b.WriteString("| function | returns | what it does, and what it sees | changes the game |\n|---|---|---|---|\n")
	for _, f := range Functions {
		ret := f.Returns
		if ret == "" {
			ret = "—"
		}
		ch := ""
		if f.Changes {
			ch = "yes"
		}
		fmt.Fprintf(&b, "| `gpw.%s(%s)` | %s | %s | %s |\n", f.Name, f.Args, cell(ret), cell(f.Doc), ch)
	}
	return b.String()
}

// cell escapes a table cell's pipes.
func cell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

// TestModdingDocs: the reference tables of docs/modding.md are the
// registries' (go test ./interp -run TestModdingDocs -update rewrites
// them), so every hook and every gpw function is documented, with its
// arguments, what it returns, when it is called and what it sees.
func TestModdingDocs(t *testing.T) {
	path := filepath.Join("..", "docs", "modding.md")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	for _, part := range []struct{ name, text string }{{"hooks", hooksDoc()}, {"functions", functionsDoc()}} {
		begin := "<!-- " + part.name + ": generated from interp/" + map[string]string{"hooks": "hooks.go", "functions": "functions.go"}[part.name] +
			" by go test ./interp -run TestModdingDocs -update -->\n"
		end := "<!-- end of " + part.name + " -->"
		i := strings.Index(doc, begin)
		j := strings.Index(doc, end)
		if i < 0 || j < i {
			t.Fatalf("docs/modding.md lacks the %q ... %q block", strings.TrimSpace(begin), end)
		}
		if got := doc[i+len(begin) : j]; got != part.text {
			if !*update {
				t.Errorf("docs/modding.md: the %s table is not the registry's: run go test ./interp -run TestModdingDocs -update", part.name)
				continue
			}
			doc = doc[:i+len(begin)] + part.text + doc[j:]
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// every hook and gpw function is named in the prose too, by the
	// worked examples or the reference
	for _, h := range Hooks {
		if !strings.Contains(doc, "`"+h.Name) {
			t.Errorf("docs/modding.md never names the hook %s", h.Name)
		}
	}
}
