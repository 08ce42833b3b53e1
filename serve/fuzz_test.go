package serve

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
)

// TestRandomLegalActions plays listed actions at random through the API
// (as Rally the Troops' rtt fuzz does): each move to a hex the reach may
// end in, each listed attack, decision option and end must be accepted,
// and the game must never wait with nothing to do.
func TestRandomLegalActions(t *testing.T) {
	for _, tc := range []struct {
		scenario, rules string
		seed            uint64
	}{{"gdw/barbarossa", "", 1}, {"gdw/barbarossa", "adc2", 2}} {
		t.Run(tc.scenario+"/"+tc.rules, func(t *testing.T) {
			s := newTestServer(t)
			defer s.Close()
			c := newClient(t, s)
			tok := c.create(NewGame{Spec: Spec{Scenario: tc.scenario, Rules: tc.rules, AutoSetup: true}, Mode: "hotseat"})["both"]
			rng := rand.New(rand.NewPCG(tc.seed, 9))
			kinds := map[string]int{}
			for n := 0; n < 250; n++ {
				v := c.view(tok)
				if v.Status.Over {
					break
				}
				a := v.Actions
				if a == nil {
					t.Fatalf("step %d: %s acts but no action is listed (%s)", n, v.Acting, v.Status.Phase)
				}
				cmd, kind := pick(t, c, tok, v, rng)
				if cmd == "" {
					t.Fatalf("step %d: nothing to do in %s: %+v", n, v.Status.Phase, a)
				}
				if code, rf := c.command(tok, cmd); code != http.StatusOK {
					t.Fatalf("step %d: the listed %s %q was refused: %v", n, kind, cmd, rf)
				}
				kinds[kind]++
			}
			if kinds["move"] == 0 || kinds["attack"] == 0 {
				t.Errorf("played %v: no move or no attack", kinds)
			}
			t.Logf("played %v", kinds)
		})
	}
}

// pick chooses a listed action at random: mostly moves and attacks, end
// one time in eight.
func pick(t *testing.T, c *client, tok string, v *View, rng *rand.Rand) (string, string) {
	a := v.Actions
	if d := a.Decision; d != nil {
		var opts []Option
		for _, o := range d.Options {
			if o.Side == v.Acting {
				opts = append(opts, o)
			}
		}
		if len(opts) == 0 {
			return "", "decision"
		}
		return opts[rng.IntN(len(opts))].Command, "decision"
	}
	for try := 0; try < 20 && (try == 0 && rng.IntN(8) > 0 || !a.End); try++ {
		if len(a.Move) > 0 {
			unit := a.Move[rng.IntN(len(a.Move))]
			var r struct {
				Hexes []struct {
					Path []string `json:"path"`
					End  bool     `json:"end"`
				} `json:"hexes"`
			}
			c.do("GET", "/api/g/"+tok+"/reach?unit="+unit, nil, &r)
			var ends []string
			for _, h := range r.Hexes {
				if h.End {
					ends = append(ends, strings.Join(h.Path, " "))
				}
			}
			if len(ends) > 0 {
				return fmt.Sprintf("move %s %s", unit, ends[rng.IntN(len(ends))]), "move"
			}
		}
		if len(a.Attack) > 0 {
			tg := a.Attack[rng.IntN(len(a.Attack))]
			// all listed attackers: the odds of the whole may still be too low
			var p struct {
				Column string `json:"column"`
			}
			if c.do("GET", "/api/g/"+tok+"/preview?hex="+tg.Hex+"&from="+strings.Join(tg.From, ","), nil, &p) == http.StatusOK {
				return fmt.Sprintf("attack %s from %s", tg.Hex, strings.Join(tg.From, " ")), "attack"
			}
		}
	}
	if a.End {
		return "end", "end"
	}
	return "", ""
}
