package serve

// scenquota.go: the quotas of scenarios uploaded (Spec.Upload, POST
// /api/scenarios/check), like those of house modules (modules.go): the
// size of one upload and the new uploads one client may send an hour.

import (
	"fmt"
	"maps"
	"net/http"
	"sync"
	"time"
)

// Quotas of scenarios uploaded.
const (
	MaxScenarioSize       = 512 << 10 // bytes of one upload's files, all together
	MaxScenariosPerHour   = 20        // new uploads one client (IP address) may send in an hour
	maxScenarioClientsMem = 10_000    // clients remembered before the old entries are swept
)

// scenarioUploads counts each client's uploads of the last hour.
type scenarioUploads struct {
	mu   sync.Mutex
	sent map[string]map[string]time.Time // client → upload key → when
}

// checkSize refuses an upload whose files are too large together.
func (u *Upload) checkSize() error {
	n := len(u.File)
	for name, text := range u.Files {
		n += len(name) + len(text)
	}
	if n > MaxScenarioSize {
		return &Refusal{Msg: fmt.Sprintf("scenario upload: its files come to %d KiB; at most %d KiB", (n+1023)>>10, MaxScenarioSize>>10), code: http.StatusRequestEntityTooLarge}
	}
	return nil
}

// admitUpload checks an upload's size and counts it against client's
// hourly quota: each upload (by content) once an hour. A client of ""
// (Server.Create from Go) has no hourly quota.
func (lib *Library) admitUpload(client string, u *Upload, now time.Time) error {
	if err := u.checkSize(); err != nil {
		return err
	}
	if client == "" {
		return nil
	}
	q := &lib.uploads
	q.mu.Lock()
	defer q.mu.Unlock()
	return admitHourly(&q.sent, client, u.key(), MaxScenariosPerHour, "scenarios", now)
}

// admitHourly counts key sent by client in sent (client → key → when, the
// last hour): each key once an hour, at most limit new keys a client an
// hour, refused as "new <what>"; the entries older than an hour are swept
// when more than maxScenarioClientsMem clients are remembered. The caller
// holds the lock that guards sent.
func admitHourly(sent *map[string]map[string]time.Time, client, key string, limit int, what string, now time.Time) error {
	if *sent == nil {
		*sent = map[string]map[string]time.Time{}
	}
	old := func(_ string, t time.Time) bool { return now.Sub(t) > time.Hour }
	if len(*sent) > maxScenarioClientsMem {
		for c, keys := range *sent {
			maps.DeleteFunc(keys, old)
			if len(keys) == 0 {
				delete(*sent, c)
			}
		}
	}
	keys := (*sent)[client]
	if keys == nil {
		keys = map[string]time.Time{}
		(*sent)[client] = keys
	}
	maps.DeleteFunc(keys, old)
	if _, ok := keys[key]; ok {
		return nil
	}
	if len(keys) >= limit {
		return &Refusal{Msg: fmt.Sprintf("a client may send %d new %s an hour; try again later", limit, what), code: http.StatusTooManyRequests}
	}
	keys[key] = now
	return nil
}

// refusalCode is the HTTP status of err: a refusal's own (a quota's),
// else def.
func refusalCode(err error, def int) int {
	if rf, ok := err.(*Refusal); ok && rf.code != 0 {
		return rf.code
	}
	return def
}
